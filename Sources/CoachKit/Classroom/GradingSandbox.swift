import Foundation

/// How submissions are kept apart while they build and run: in a bubblewrap sandbox when `bwrap` works
/// here, otherwise in plain work copies.
///
/// In the sandbox every submission sees the instructor's checkout, read-only, at the instructor's own path,
/// with only its work copy's `Exercises/` and `.build/` in place of the instructor's. Because every path
/// is the same as in the instructor's warm build, SwiftPM recompiles only the sections' files: no
/// submission compiles the dependencies again. The reference solutions, the other learners' work, `/tmp`
/// and the network are out of its reach, and it gets its own `HOME`, XDG folders and `TMPDIR`.
///
/// Without bubblewrap each work copy is a full copy of the checkout at its own path, whose first build
/// compiles everything once (several minutes); later submissions in the same work copy build only what
/// changed. Nothing stops a learner's code there from reading other files of the machine.
public enum GradingSandbox: Equatable, Sendable {
    /// bubblewrap at this path.
    case bubblewrap(String)
    /// No sandbox, and why.
    case none(reason: String)

    /// bubblewrap when `bwrap` is on `PATH` and can start a sandbox here, else no sandbox with the reason.
    ///
    /// - Parameter allowed: Whether a sandbox may be used at all (`--no-sandbox` says no).
    public static func detect(allowed: Bool = true, logFolder: URL) -> GradingSandbox {
        guard allowed else { return .none(reason: "--no-sandbox was given") }
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/bwrap" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else {
            return .none(reason: "bubblewrap (bwrap) is not installed; install it with `apt-get install bubblewrap`")
        }
        let probe = (try? ChildProcess(
            [path, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--unshare-pid", "--unshare-net", "--", "true"],
            in: URL(filePath: "/"), logFile: logFolder.appending(path: "sandbox-probe.log")
        ).run()) ?? .exited(-1)
        guard termination(probe) else {
            let output = (try? String(contentsOf: logFolder.appending(path: "sandbox-probe.log"), encoding: .utf8)) ?? ""
            let detail = output.split(whereSeparator: \.isNewline).first.map { ": \($0)" } ?? ""
            return .none(reason: "bwrap cannot start a sandbox here\(detail.escapedForTerminal()) (user namespaces may be turned off)")
        }
        return .bubblewrap(path)
    }

    private static func termination(_ value: ProcessTermination) -> Bool { value.succeeded }

    /// Whether submissions run in a sandbox.
    public var isSandboxed: Bool {
        if case .bubblewrap = self { return true }
        return false
    }

    /// One sentence for the grading log: which isolation is in force.
    public var summary: String {
        switch self {
        case .bubblewrap(let path): "each submission builds and runs in a bubblewrap sandbox (\(path))"
        case .none(let reason): "no sandbox: \(reason); each work copy builds the dependencies once"
        }
    }

    /// The command that runs `arguments` in `copy`'s sandbox, or `arguments` unchanged without one.
    ///
    /// - Parameters:
    ///   - workbench: The instructor's checkout, seen read-only at its own path.
    ///   - buildWritable: Whether `.build` may be written (while building); the tests run with it read-only,
    ///     so a learner's code cannot leave anything behind for the next submission's build.
    func command(_ arguments: [String], in copy: WorkCopy, workbench: Workbench, buildWritable: Bool) -> [String] {
        guard case .bubblewrap(let bwrap) = self else { return arguments }
        let root = workbench.root.path
        var command = [
            bwrap, "--die-with-parent", "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts",
            "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
            // A fresh /tmp and an empty home for the instructor; the checkout is bound again below them.
            "--tmpfs", "/tmp",
        ]
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        if home != "/" { command += ["--tmpfs", home] }
        command += [
            "--ro-bind", root, root,
            "--tmpfs", workbench.root.appending(path: CourseTrack.solutions.folder).path,
            "--tmpfs", workbench.root.appending(path: "course").path,
            buildWritable ? "--bind" : "--ro-bind", copy.buildFolder.path, workbench.root.appending(path: ".build").path,
            "--ro-bind", copy.exercisesFolder.path, workbench.root.appending(path: CourseTrack.exercises.folder).path,
            // The work copies lie in `.build/coach/grading/`, which the work copy's own build folder (with an
            // empty `coach` folder) already hides; a tmpfs there holds this one's private folders.
            "--tmpfs", workbench.root.appending(path: ".build/coach").path,
            "--bind", copy.privateFolder.path, copy.privateFolder.path,
            "--bind", copy.logFolder.path, copy.logFolder.path,
            "--chdir", root,
            "--",
        ]
        return command + arguments
    }
}
