import Foundation

/// A checkout of the workbench: its root folder and the course it holds.
public struct Workbench: Sendable {
    /// The folder that holds `Package.swift` and `course/course.json`.
    public let root: URL
    /// The course metadata read from `course/course.json`.
    public let course: Course

    /// Opens the workbench at `root`.
    ///
    /// - Parameter validating: Whether course metadata that breaks the course's rules is refused.
    /// - Throws: `CoachError.unreadableCourse` when the course metadata cannot be read, and
    ///   `CoachError.invalidCourse` when it breaks the rules (see ``Course/problems``).
    public init(root: URL, validating: Bool = true) throws {
        self.root = root.standardizedFileURL
        self.course = try Course.load(fromWorkbenchAt: root, validating: validating)
    }

    /// A workbench at `root` holding `course`, already read (a work copy of another checkout).
    init(root: URL, course: Course) {
        self.root = root.standardizedFileURL
        self.course = course
    }

    /// Opens the workbench that contains `folder`, looking upwards for `Package.swift` beside `course/course.json`.
    ///
    /// - Parameter validating: Whether course metadata that breaks the course's rules is refused.
    /// - Throws: `CoachError.notInWorkbench` when no enclosing folder is a workbench, and the errors of
    ///   ``init(root:validating:)``.
    public static func enclosing(_ folder: URL, validating: Bool = true) throws -> Workbench {
        var candidate = folder.standardizedFileURL
        while true {
            let manifest = candidate.appending(path: "Package.swift").path
            let metadata = candidate.appending(path: Course.metadataPath).path
            if FileManager.default.fileExists(atPath: manifest), FileManager.default.fileExists(atPath: metadata) {
                return try Workbench(root: candidate, validating: validating)
            }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path { throw CoachError.notInWorkbench(folder.path) }
            candidate = parent
        }
    }

    /// The folder that holds a section's sources on a track.
    public func sourceFolder(of section: Course.Section, on track: CourseTrack) -> URL {
        root.appending(path: track.folder).appending(path: section.target)
    }

    /// The folder of a known mistake's replacement files.
    public func fixtureFolder(of mistake: Course.KnownMistake, in section: Course.Section) -> URL {
        fixtureFolder(of: .mistake(mistake), in: section)
    }

    /// The folder of a solution variant's files: `course/<mistakes|alternatives>/<target>/<id>`.
    func fixtureFolder(of variant: SolutionVariant, in section: Course.Section) -> URL {
        root.appending(path: "course").appending(path: variant.kind.rawValue).appending(path: section.target).appending(
            path: variant.id)
    }

    /// The path of `url` relative to the workbench root, or the full path when it lies outside.
    public func relativePath(of url: URL) -> String {
        relativePath(url.standardizedFileURL.path)
    }

    /// `path` relative to the workbench root, or unchanged when it lies outside.
    public func relativePath(_ path: String) -> String {
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// Where coach keeps the logs of the builds and test runs it starts.
    public var logFolder: URL { root.appending(path: ".build/coach") }
}
