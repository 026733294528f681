import Foundation

/// `swift format lint` over the workbench's own code, with the committed `.swift-format`.
///
/// The Swift files of `Sources/` and `Tests/` are linted; `Exercises/` and `Solutions/` are not, since the
/// course's diffs (known mistakes, alternatives) are written against their text as it is. The files
/// `.swift-format-pending` lists are not linted yet either: each line is a file written before the format
/// was adopted, removed from the list once `swift format format --in-place <file>` has formatted it. A
/// listed file that no longer exists is a problem, so the list only shrinks.
public enum FormatLint {
    /// The folders linted, relative to the workbench.
    public static let folders = ["Sources", "Tests"]

    /// The list of files not linted yet, relative to the workbench.
    public static let pendingListPath = ".swift-format-pending"

    /// The command `coach verify` runs on `files`; `format --in-place` in place of `lint --strict` applies
    /// the fixes.
    public static func command(linting files: [String]) -> [String] {
        ["swift", "format", "lint", "--strict", "--parallel"] + files
    }

    /// One finding: `path:line:column: warning: [Rule] message`.
    public struct Finding: Equatable, Sendable {
        public var location: String
        public var rule: String
        public var message: String
    }

    /// The findings in `output`, swift-format's diagnostics.
    public static func findings(in output: String) -> [Finding] {
        output.split(separator: "\n").compactMap { line in
            guard let warning = line.range(of: ": warning: [") ?? line.range(of: ": error: [") else { return nil }
            let rest = line[warning.upperBound...]
            guard let close = rest.firstIndex(of: "]") else { return nil }
            return Finding(
                location: String(line[..<warning.lowerBound]),
                rule: String(rest[..<close]),
                message: rest[rest.index(after: close)...].trimmingCharacters(in: .whitespaces)
            )
        }
    }

    /// The paths `text` (the pending list) names: one a line, blank lines and `#` comments ignored.
    public static func pendingPaths(in text: String) -> Set<String> {
        Set(
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        )
    }

    /// The Swift files of `folders` under `root`, relative to it, sorted.
    static func swiftFiles(under root: URL) -> [String] {
        folders.flatMap { folder -> [String] in
            let enumerator = FileManager.default.enumerator(atPath: root.appending(path: folder).path)
            return (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
                .map { "\(folder)/\($0)" }
        }.sorted()
    }

    /// The files linted and the pending list's problems: the Swift files of `folders` that the list does not
    /// name, and a problem for each listed path that is not such a file.
    static func filesToLint(workbench: Workbench) -> (files: [String], problems: [VerificationProblem]) {
        let files = swiftFiles(under: workbench.root)
        let listURL = workbench.root.appending(path: pendingListPath)
        let pending = pendingPaths(in: (try? String(contentsOf: listURL, encoding: .utf8)) ?? "")
        let stale = pending.subtracting(files).sorted()
        let problems = stale.map {
            VerificationProblem(
                "format",
                "\(pendingListPath) lists \($0), which is not a Swift file of Sources or Tests; remove its line")
        }
        return (files.filter { !pending.contains($0) }, problems)
    }

    /// Lints the workbench and returns every problem: none when the files linted are formatted as configured.
    ///
    /// - Throws: `CoachError.cannotLaunch` when `swift` cannot be started.
    public static func check(workbench: Workbench) throws -> [VerificationProblem] {
        let area = "format"
        let log = workbench.logFolder.appending(path: "format-lint.log")
        try? FileManager.default.createDirectory(at: workbench.logFolder, withIntermediateDirectories: true)
        guard FileManager.default.fileExists(atPath: workbench.root.appending(path: ".swift-format").path) else {
            return [VerificationProblem(area, ".swift-format is missing: the configuration the code is formatted with")]
        }
        let (files, listProblems) = filesToLint(workbench: workbench)
        guard !files.isEmpty else { return listProblems }
        let command = command(linting: files)
        let termination = try ChildProcess(command, in: workbench.root, logFile: log).run()
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let findings = findings(in: output)
        if termination.succeeded && findings.isEmpty { return listProblems }
        guard !findings.isEmpty else {
            return listProblems + [
                VerificationProblem(area, "`swift format lint --strict` failed; see \(workbench.relativePath(of: log))")
            ]
        }
        let findingFiles = Set(findings.map { $0.location.split(separator: ":").first.map(String.init) ?? $0.location })
        let shown = findings.prefix(10).map { "\n    \($0.location): [\($0.rule)] \($0.message)" }.joined()
        return listProblems + [
            VerificationProblem(
                area,
                "\(findings.count) finding(s) in \(findingFiles.count) file(s) (all in \(workbench.relativePath(of: log))); "
                    + "`swift format format --in-place <file>` fixes the layout, and long lines need a break by hand:"
                    + shown
            )
        ]
    }
}
