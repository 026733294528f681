import Foundation

/// Brings a submission's files into a folder coach can read: a folder is read where it is, a git
/// repository's branch or tag is exported with `git archive`, an archive is unpacked with `tar` or `unzip`.
struct SubmissionUnpacker {
    /// What a submission's source is.
    enum Kind: Equatable {
        case folder
        case gitRepository
        case tarArchive
        case zipArchive
    }

    /// Why a submission could not be unpacked; the learner's row shows it.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The kind of `submission`'s source, or a failure when it is none of them.
    static func kind(of submission: Submission) throws(Failure) -> Kind {
        let path = submission.source
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw Failure(description: "\(path) does not exist")
        }
        let lowercased = path.lowercased()
        if isFolder.boolValue {
            let files = FileManager.default
            let isRepository =
                files.fileExists(atPath: path + "/.git")
                || (files.fileExists(atPath: path + "/HEAD") && files.fileExists(atPath: path + "/objects"))
            if let ref = submission.ref {
                guard isRepository else {
                    throw Failure(
                        description: "\(path) is a folder, not a git repository, so the ref \(ref) cannot be graded")
                }
                // `git archive` would read such a ref as one of its options (`--output=…` writes a file).
                guard !ref.hasPrefix("-") else {
                    throw Failure(
                        description:
                            "the ref \(ref) of \(path) starts with '-', which git reads as an option; name a branch, tag or commit"
                    )
                }
            }
            return isRepository && (submission.ref != nil || !files.fileExists(atPath: path + "/Exercises"))
                ? .gitRepository : .folder
        }
        if lowercased.hasSuffix(".tar.gz") || lowercased.hasSuffix(".tgz") { return .tarArchive }
        if lowercased.hasSuffix(".zip") { return .zipArchive }
        throw Failure(description: "\(path) is neither a folder, a git repository, a .tar.gz nor a .zip archive")
    }

    /// The folder holding `submission`'s files: the source itself for a folder, else `destination`, filled.
    ///
    /// - Parameter log: Where the output of `git`, `tar` or `unzip` goes.
    /// - Throws: `Failure` when the source cannot be read or unpacked.
    static func unpack(_ submission: Submission, into destination: URL, log: URL) throws -> URL {
        let kind = try kind(of: submission)
        if kind == .folder { return URL(filePath: submission.source, directoryHint: .isDirectory) }
        try? FileManager.default.removeItem(at: destination)
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        let command: [String]
        switch kind {
        case .folder:
            return destination
        case .gitRepository:
            // `git archive` exports the committed tree of the ref; `safe.directory` lets root read a
            // repository another user owns.
            command = [
                "bash", "-c",
                #"set -o pipefail; git -c safe.directory='*' -C "$1" archive --format=tar "$2" | tar -x -C "$3""#,
                "bash", submission.source, submission.ref ?? "HEAD", destination.path,
            ]
        case .tarArchive:
            command = [
                "tar", "-xzf", submission.source, "-C", destination.path, "--no-same-owner", "--no-same-permissions",
            ]
        case .zipArchive:
            command = ["unzip", "-q", "-o", submission.source, "-d", destination.path]
        }
        let termination = try ChildProcess(command, in: destination, logFile: log).run()
        guard termination.succeeded else {
            let output = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(whereSeparator: \.isNewline)
                .suffix(2).joined(separator: " ")
            let what =
                kind == .gitRepository
                ? "git archive \(submission.ref ?? "HEAD")" : (kind == .tarArchive ? "tar" : "unzip")
            throw Failure(description: "\(what) failed on \(submission.source): \(output.escapedForTerminal())")
        }
        return destination
    }
}
