import Foundation

/// A file of a submission that grading does not use because only the instructor's copy counts: a hidden
/// suite, a contract file, the manifest, the core or the course, changed, added or removed by the learner.
public struct TamperedFile: Codable, Equatable, Sendable, CustomStringConvertible {
    /// How the learner's copy differs from the instructor's.
    public enum Change: String, Codable, Sendable {
        /// The file differs from the instructor's.
        case changed
        /// The instructor's checkout has no such file.
        case added
        /// The instructor's file is missing from a folder the submission does have.
        case removed
        /// The file is a symbolic link, which grading never follows.
        case symbolicLink = "symbolic link"
    }

    /// The path relative to the workbench root.
    public var path: String
    /// How it differs.
    public var change: Change

    /// "Tests/Section1StrategyTests/Checks.swift (changed)".
    public var description: String { "\(path) (\(change.rawValue))" }
}

/// What grading takes from one submission: the exercise files of each section, and nothing else.
///
/// Every other file under the folders grading builds from (`Package.swift`, `Sources/`, `Tests/`,
/// `course/`, `Solutions/`, `.ci/`, and the contract and extra files in `Exercises/`) is compared with the
/// instructor's checkout; each difference is reported as tampering and left out.
public struct SubmissionIntake: Sendable {
    /// The exercise files found, by section target (or learner test target), then by file name as
    /// course.json lists it.
    public var exerciseFiles: [String: [String: Data]]
    /// Exercise files course.json lists that the submission lacks (`Exercises/<target>/<file>`): their
    /// sections are graded with the starter's copy.
    public var missingFiles: [String]
    /// Files that differ from the instructor's and are not exercise files.
    public var tampering: [TamperedFile]
    /// The numbers of the sections whose every exercise file (and learner test file) is missing or the
    /// same as the starter in the instructor's `Exercises/`: sections the learner has not started.
    public var untouchedSections: [Int]

    /// The folders and files of a workbench whose every file grading takes from the instructor.
    static let protectedPaths = ["Package.swift", "Sources", "Tests", "course", "Solutions", "Exercises", ".ci"]
    /// Names never compared: build products, local state and version control.
    static let ignoredNames: Set<String> = [".build", ".swiftpm", ".coach", ".git", "Package.resolved", ".DS_Store"]

    /// Reads the submission unpacked in `folder` against the instructor's `workbench`.
    ///
    /// The submission's workbench is `folder` itself, or the one folder inside it that holds `Exercises/`
    /// (an archive of the whole checkout usually has one top-level folder).
    ///
    /// - Throws: `SubmissionUnpacker.Failure` when no `Exercises/` folder is found.
    init(folder: URL, workbench: Workbench) throws {
        let root = try Self.workbenchRoot(in: folder)
        var files: [String: [String: Data]] = [:]
        var missing: [String] = []
        var tampering: [TamperedFile] = []
        var exercisePaths: Set<String> = []
        var untouched: [Int] = []
        for section in workbench.course.sections {
            var started = false
            // The learner's own tests are filed under their test target, beside the sections' targets.
            for (target, name) in section.learnerFiles {
                guard let normalized = CoursePath.normalized(name) else { continue }
                let path = "\(CourseTrack.exercises.folder)/\(target)/\(normalized)"
                exercisePaths.insert(path)
                let url = root.appending(path: path)
                switch Self.fileType(at: url) {
                case .regular:
                    files[target, default: [:]][name] = try? Data(contentsOf: url)
                    if files[target]?[name] == nil { missing.append(path) }
                case .symbolicLink:
                    tampering.append(TamperedFile(path: path, change: .symbolicLink))
                    missing.append(path)
                case .none, .other:
                    missing.append(path)
                }
                let starter = try? Data(contentsOf: workbench.root.appending(path: path))
                if let handedIn = files[target]?[name], handedIn != starter { started = true }
            }
            if !started { untouched.append(section.number) }
        }
        tampering += Self.differences(between: root, and: workbench.root, skipping: exercisePaths)
        self.exerciseFiles = files
        self.missingFiles = missing
        self.tampering = tampering.sorted { $0.path < $1.path }
        self.untouchedSections = untouched
    }

    /// A submission that hands in nothing: every section graded as its starter. The instructor's own
    /// checkout, as every submission's build starts from it.
    static let starters = SubmissionIntake(exerciseFiles: [:], missingFiles: [], tampering: [])

    private init(exerciseFiles: [String: [String: Data]], missingFiles: [String], tampering: [TamperedFile]) {
        self.exerciseFiles = exerciseFiles
        self.missingFiles = missingFiles
        self.tampering = tampering
        self.untouchedSections = []
    }

    /// The submission's workbench folder inside `folder`.
    static func workbenchRoot(in folder: URL) throws -> URL {
        let files = FileManager.default
        if files.fileExists(atPath: folder.appending(path: CourseTrack.exercises.folder).path) { return folder }
        let children = ((try? files.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
            .filter { !ignoredNames.contains($0.lastPathComponent) && !$0.lastPathComponent.hasPrefix("__MACOSX") }
        let candidates = children.filter {
            files.fileExists(atPath: $0.appending(path: CourseTrack.exercises.folder).path)
        }
        if candidates.count == 1 { return candidates[0] }
        throw SubmissionUnpacker.Failure(
            description:
                "no \(CourseTrack.exercises.folder)/ folder at the top of the submission or one folder below it")
    }

    /// Every protected file that differs between the submission at `submission` and the instructor's
    /// checkout at `instructor`, apart from the exercise files in `skipping`.
    static func differences(between submission: URL, and instructor: URL, skipping: Set<String>) -> [TamperedFile] {
        var found: [TamperedFile] = []
        for top in protectedPaths {
            let theirs = submission.appending(path: top)
            guard fileType(at: theirs) != nil else { continue }
            let learnerFiles = listing(under: theirs, relativeTo: submission, prefix: top)
            let instructorFiles = listing(under: instructor.appending(path: top), relativeTo: instructor, prefix: top)
            for (path, type) in learnerFiles.sorted(by: { $0.key < $1.key }) where !skipping.contains(path) {
                if type == .symbolicLink {
                    found.append(TamperedFile(path: path, change: .symbolicLink))
                } else if instructorFiles[path] == nil {
                    found.append(TamperedFile(path: path, change: .added))
                } else if !sameContents(submission.appending(path: path), instructor.appending(path: path)) {
                    found.append(TamperedFile(path: path, change: .changed))
                }
            }
            // A file removed counts only where the submission holds the folder it lay in (a submission of
            // `Exercises/` alone removed nothing), and never in `Exercises/`: a learner may hand in the
            // exercise files alone, without the contract files beside them.
            guard top != CourseTrack.exercises.folder else { continue }
            for path in instructorFiles.keys.sorted() where learnerFiles[path] == nil && !skipping.contains(path) {
                let folder = (path as NSString).deletingLastPathComponent
                if folder.isEmpty || fileType(at: submission.appending(path: folder)) == .other {
                    found.append(TamperedFile(path: path, change: .removed))
                }
            }
        }
        return found
    }

    enum FileType { case regular, symbolicLink, other }

    /// What is at `url`, without following a symbolic link; `nil` when nothing is.
    static func fileType(at url: URL) -> FileType? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return nil }
        switch attributes[.type] as? FileAttributeType {
        case .typeRegular: return .regular
        case .typeSymbolicLink: return .symbolicLink
        default: return .other
        }
    }

    /// Regular files and symbolic links under `folder` (or `folder` itself when it is a file), by path
    /// relative to `root`; ignored names are skipped and symbolic links are never followed.
    static func listing(under folder: URL, relativeTo root: URL, prefix: String) -> [String: FileType] {
        guard let type = fileType(at: folder) else { return [:] }
        if type != .other { return [prefix: type] }
        var result: [String: FileType] = [:]
        var pending = [(folder, prefix)]
        while let (current, relative) = pending.popLast() {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: current.path)) ?? []
            for name in names where !ignoredNames.contains(name) {
                let url = current.appending(path: name)
                let path = relative + "/" + name
                switch fileType(at: url) {
                case .regular: result[path] = .regular
                case .symbolicLink: result[path] = .symbolicLink
                case .other: pending.append((url, path))
                case nil: break
                }
            }
        }
        return result
    }

    private static func sameContents(_ first: URL, _ second: URL) -> Bool {
        guard let one = try? Data(contentsOf: first), let other = try? Data(contentsOf: second) else { return false }
        return one == other
    }
}
