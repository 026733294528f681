import Foundation

/// How submissions are kept apart while they build and run: in a bubblewrap sandbox when `bwrap` works
/// here, otherwise in plain work copies.
///
/// The sandbox starts empty and shows only what building and testing need (``mounts(in:workbench:buildWritable:)``):
/// the system's programs and libraries (`/usr` and what links into it), the few files of `/etc` that the
/// dynamic linker and the C library read, the Swift toolchain, the parts of the instructor's checkout its
/// manifest builds from (``PackageLayout``) read-only at the instructor's own path, and the work copy's `Exercises/` and
/// `.build/` in place of the instructor's. Because every path is the same as in the instructor's warm
/// build, SwiftPM recompiles only the sections' files: no submission compiles the dependencies again.
/// Nothing else of the machine is there: not the checkout's `Solutions/`, `course/` (but its `course.json`)
/// or `.git`, not another checkout, not the other learners' work, not a home folder. It has no network, no
/// capabilities, its own process, IPC and host name namespaces, and its own `HOME`, XDG folders and `TMPDIR`.
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
        let probe =
            (try? ChildProcess(
                [
                    path, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--unshare-pid", "--unshare-net",
                    "--", "true",
                ],
                in: URL(filePath: "/"), logFile: logFolder.appending(path: "sandbox-probe.log")
            ).run()) ?? .exited(-1)
        guard termination(probe) else {
            let output =
                (try? String(contentsOf: logFolder.appending(path: "sandbox-probe.log"), encoding: .utf8)) ?? ""
            let detail = output.split(whereSeparator: \.isNewline).first.map { ": \($0)" } ?? ""
            return .none(
                reason:
                    "bwrap cannot start a sandbox here\(detail.escapedForTerminal()) (user namespaces may be turned off)"
            )
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
    ///   - workbench: The instructor's checkout, whose sources are seen read-only at their own path.
    ///   - buildWritable: Whether `.build` may be written (while building); the tests run with it read-only,
    ///     so a learner's code cannot leave anything behind for the next submission's build.
    ///   - layout: The parts of the checkout the manifest builds from.
    func command(
        _ arguments: [String], in copy: WorkCopy, workbench: Workbench, layout: PackageLayout, buildWritable: Bool
    ) -> [String] {
        guard case .bubblewrap(let bwrap) = self else { return arguments }
        let isolation = [
            bwrap, "--die-with-parent", "--new-session", "--unshare-pid", "--unshare-net", "--unshare-ipc",
            "--unshare-uts",
            "--unshare-cgroup-try", "--cap-drop", "ALL",
        ]
        return isolation + Self.mounts(in: copy, workbench: workbench, layout: layout, buildWritable: buildWritable)
            + ["--chdir", workbench.root.path, "--"] + arguments
    }

    /// The folders of the system a build and its tests need, bound read-only at their own paths: the system's
    /// programs and libraries, the files of `/etc` the dynamic linker and the C library read, and the Swift
    /// toolchain wherever it is installed.
    static func systemMounts(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        let files = FileManager.default
        var mounts = ["--ro-bind", "/usr", "/usr"]
        for top in ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"] {
            if let target = try? files.destinationOfSymbolicLink(atPath: top) {
                mounts += ["--symlink", target, top]
            } else if files.fileExists(atPath: top) {
                mounts += ["--ro-bind", top, top]
            }
        }
        for file in [
            "ld.so.cache", "ld.so.conf", "ld.so.conf.d", "passwd", "group", "nsswitch.conf", "localtime",
            "alternatives", "os-release",
        ] {
            mounts += ["--ro-bind-try", "/etc/\(file)", "/etc/\(file)"]
        }
        for root in toolchainRoots(environment: environment) {
            mounts += ["--ro-bind", root, root]
        }
        // The number of processors, which the C library reads here.
        mounts += ["--ro-bind-try", "/sys/devices/system/cpu", "/sys/devices/system/cpu"]
        return mounts + ["--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"]
    }

    /// The installation folders of the `swift` found on `PATH` (`/opt/swift` for `/opt/swift/usr/bin/swift`),
    /// both as found and with symbolic links resolved; none for a toolchain installed in `/usr`.
    static func toolchainRoots(environment: [String: String]) -> [String] {
        let files = FileManager.default
        let found = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/swift" }
            .first { files.isExecutableFile(atPath: $0) }
        guard let found else { return [] }
        let resolved = URL(filePath: found).resolvingSymlinksInPath().path
        var roots: [String] = []
        for path in [found, resolved] {
            let bin = (path as NSString).deletingLastPathComponent
            guard bin.hasSuffix("/usr/bin") else { continue }
            let root = String(bin.dropLast("/usr/bin".count))
            guard !root.isEmpty, !roots.contains(root) else { continue }
            roots.append(root)
        }
        return roots
    }

    /// Everything a sandbox shows: the system's folders, the parts of the instructor's checkout its manifest
    /// builds from, and `copy`'s own folders in place of the checkout's.
    static func mounts(in copy: WorkCopy, workbench: Workbench, layout: PackageLayout, buildWritable: Bool) -> [String]
    {
        let root = workbench.root
        var mounts = systemMounts()
        for entry in layout.paths {
            let path = root.appending(path: entry).path
            mounts += ["--ro-bind-try", path, path]
        }
        mounts += [
            buildWritable ? "--bind" : "--ro-bind", copy.buildFolder.path, root.appending(path: ".build").path,
            "--ro-bind", copy.exercisesFolder.path, root.appending(path: CourseTrack.exercises.folder).path,
            // The work copies lie in `.build/coach/grading/`, which the work copy's own build folder (with an
            // empty `coach` folder) already hides; a tmpfs there holds this one's private folders.
            "--tmpfs", root.appending(path: ".build/coach").path,
            "--bind", copy.privateFolder.path, copy.privateFolder.path,
            "--bind", copy.logFolder.path, copy.logFolder.path,
        ]
        return mounts
    }
}
