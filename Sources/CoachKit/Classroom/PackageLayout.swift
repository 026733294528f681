import Foundation

/// The parts of the instructor's checkout that building the package reads, as its manifest declares them:
/// the manifest and its resolved versions, the folder of every target (sources, tests, plugins, the
/// playground, whatever the manifest names next), and `course/course.json`. The exercises are not among
/// them: each submission brings its own.
///
/// It is read from SwiftPM itself (`swift package describe`), never kept by hand, so a target added to
/// `Package.swift` is seen by every submission's sandbox and copied into every plain work copy without a
/// change here. Nothing else of the checkout is: not `Solutions/`, the rest of `course/`, or `.git`.
///
/// ```swift
/// let layout = try PackageLayout.read(workbench: workbench, request: .submission(sections: nil), log: log)
/// layout.paths   // ["Package.resolved", "Package.swift", "Playground", "Sources/CoachKit", …]
/// ```
struct PackageLayout: Sendable, Equatable {
    /// Paths relative to the checkout's root, sorted, none inside another.
    var paths: [String]

    /// Why the manifest's layout cannot be used for grading.
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// The folders of the checkout that no submission may see, even when a target's path would include them.
    static let hiddenFolders = [CourseTrack.solutions.folder, "course", ".git", ".build"]

    /// The layout of `workbench`'s package as built for `request`, read with `swift package describe`.
    ///
    /// - Throws: `Problem` when SwiftPM cannot describe the package or a target's folder would show what
    ///   submissions must not see; `CoachError.cannotLaunch` when `swift` cannot be started.
    static func read(workbench: Workbench, request: BuildRequest, log: URL) throws -> PackageLayout {
        let termination = try ChildProcess(
            ["swift", "package", "describe", "--type", "json"], in: workbench.root, environment: request.environment,
            logFile: log
        ).run()
        let output = (try? Data(contentsOf: log)) ?? Data()
        guard termination.succeeded else {
            let first = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isNewline).first {
                $0.contains("error")
            }
            throw Problem(
                description:
                    "SwiftPM cannot describe the package\(first.map { ": \($0)" } ?? "") (see \(workbench.relativePath(of: log)))"
            )
        }
        let files = FileManager.default.contentsOfDirectory(atPathOrEmpty: workbench.root.path)
        return try PackageLayout(description: output, rootFiles: files)
    }

    /// A layout of these paths (relative to the checkout's root).
    init(paths: [String]) {
        self.paths = paths.sorted()
    }

    /// The layout described by `description`, the output of `swift package describe --type json` (which
    /// may follow lines SwiftPM prints first), for a checkout whose top folder holds `rootFiles`.
    init(description: Data, rootFiles: [String]) throws {
        struct Described: Decodable {
            struct Target: Decodable {
                var name: String
                var path: String
            }
            var targets: [Target]
        }
        let start = description.indices.first { index in
            description[index] == UInt8(ascii: "{")
                && (index == description.startIndex || description[index - 1] == UInt8(ascii: "\n"))
        }
        guard let start, let described = try? JSONDecoder().decode(Described.self, from: description[start...]) else {
            throw Problem(description: "SwiftPM's description of the package is not the JSON expected")
        }
        var paths: Set<String> = [Course.metadataPath]
        for file in rootFiles
        where file == "Package.swift" || file == "Package.resolved"
            || (file.hasPrefix("Package@swift-") && file.hasSuffix(".swift"))
        {
            paths.insert(file)
        }
        for target in described.targets {
            let path = try Self.checked(target.path, of: target.name)
            // Each submission brings its own exercises, in place of the instructor's.
            if path == CourseTrack.exercises.folder || path.hasPrefix(CourseTrack.exercises.folder + "/") { continue }
            paths.insert(path)
        }
        let sorted = paths.sorted()
        self.paths = sorted.filter { path in !sorted.contains { path != $0 && path.hasPrefix($0 + "/") } }
    }

    /// `path`, normalized, when it names a folder inside the checkout that shows nothing submissions must
    /// not see.
    private static func checked(_ path: String, of target: String) throws -> String {
        let components = path.split(separator: "/").filter { $0 != "." }.map(String.init)
        guard !path.hasPrefix("/"), !components.isEmpty, !components.contains("..") else {
            throw Problem(
                description:
                    "target '\(target)' builds from '\(path)', which is not a folder of its own inside the checkout; "
                    + "give it one (`path:` in Package.swift), so a sandbox can show it without the rest of the checkout"
            )
        }
        let normalized = components.joined(separator: "/")
        if let hidden = hiddenFolders.first(where: { normalized == $0 || normalized.hasPrefix($0 + "/") }) {
            throw Problem(
                description:
                    "target '\(target)' builds from '\(normalized)', inside \(hidden)/, which submissions must not see; "
                    + "move it out of \(hidden)/ (the grading build uses the exercises track)")
        }
        return normalized
    }
}

extension FileManager {
    /// The names in the folder at `path`, or none when it cannot be read.
    func contentsOfDirectory(atPathOrEmpty path: String) -> [String] {
        (try? contentsOfDirectory(atPath: path)) ?? []
    }
}
