import Foundation

/// Puts a section's starter files back as git has them, first copying the learner's versions aside.
public struct StarterReset: Sendable {
    /// The workbench whose starters are restored.
    public var workbench: Workbench

    /// A reset for `workbench`.
    public init(workbench: Workbench) {
        self.workbench = workbench
    }

    /// The exercise files of `section` in `Exercises/`, and the files of the learner's own tests when it
    /// has them, relative to the workbench root.
    public func files(of section: Course.Section) -> [String] {
        section.learnerFiles.map { "\(CourseTrack.exercises.folder)/\($0.target)/\($0.file)" }
    }

    /// Copies the learner's files to `.coach/backups/<target>-<time>/` and restores each from `revision`.
    ///
    /// - Returns: The backup folder, relative to the workbench root.
    /// - Throws: `CoachError.invalidCourse` when an exercise file's path leads outside the section's
    ///   folder (nothing is read or written then); `StarterResetError` when git cannot provide a file or a
    ///   copy cannot be written; files already restored stay restored and the backup keeps every original.
    public func reset(_ section: Course.Section, from revision: String = "HEAD", at date: Date = Date()) throws
        -> String
    {
        let stamp = ISO8601DateFormatter().string(from: date).replacingOccurrences(of: ":", with: "-")
        let backup = ".coach/backups/\(section.target)-\(stamp)"
        let files = FileManager.default
        for name in section.exercise.files { _ = try workbench.exerciseFile(name, of: section, on: .exercises) }
        var starters: [String: Data] = [:]
        for path in self.files(of: section) {
            starters[path] = try starterContents(of: path, at: revision)
        }
        for path in self.files(of: section) {
            let current = workbench.root.appending(path: path)
            let copy = workbench.root.appending(path: backup).appending(path: (path as NSString).lastPathComponent)
            try files.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            if files.fileExists(atPath: current.path) {
                try files.copyItem(at: current, to: copy)
            }
        }
        for (path, contents) in starters {
            try contents.write(to: workbench.root.appending(path: path), options: .atomic)
        }
        return backup
    }

    private func starterContents(of path: String, at revision: String) throws -> Data {
        let log = workbench.logFolder.appending(path: "git-show.log")
        let output = workbench.logFolder.appending(path: "starter.out")
        let termination = try ChildProcess(
            ["sh", "-c", "git show \"$0\" > \"$1\"", "\(revision):\(path)", output.path],
            in: workbench.root, logFile: log
        ).run()
        guard termination.succeeded, let data = try? Data(contentsOf: output) else {
            let reason =
                (try? String(contentsOf: log, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            throw StarterResetError(
                path: path, revision: revision, reason: reason.isEmpty ? "git could not read it" : reason)
        }
        return data
    }
}

/// A starter file git could not provide.
public struct StarterResetError: Error, CustomStringConvertible {
    /// The file, relative to the workbench root.
    public var path: String
    /// The git revision asked for.
    public var revision: String
    /// What git said.
    public var reason: String

    public var description: String {
        let message =
            "Cannot restore \(path): \(reason) — while reading it from git revision \(revision). Nothing was changed; pass `--from <revision>` to restore from another commit."
        return message.escapedForTerminal(keepingLineBreaks: true)
    }
}
