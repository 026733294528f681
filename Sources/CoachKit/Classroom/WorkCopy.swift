import Foundation

/// One of the `--jobs` places submissions are graded in, one submission at a time: its own `.build`
/// (a copy of the instructor's warm build, kept from one submission and one run to the next so that each
/// builds only what differs), the submission's `Exercises/`, and private folders made anew for every
/// submission (`HOME`, XDG folders, `TMPDIR`).
///
/// Work copies live in `.build/coach/grading/slot-N` of the instructor's checkout.
struct WorkCopy: Sendable {
    /// The work copy's folder.
    let slot: URL
    /// Whether it is used inside a sandbox (which shows it at the instructor's paths) or as a plain copy.
    let sandboxed: Bool
    /// The instructor's checkout.
    let workbench: Workbench
    /// The parts of the checkout its manifest builds from: what a plain work copy copies.
    let layout: PackageLayout

    /// Work copy number `number` of `workbench`.
    init(number: Int, workbench: Workbench, layout: PackageLayout, sandboxed: Bool) {
        self.slot = workbench.root.appending(path: ".build/coach/grading/slot-\(number)")
        self.sandboxed = sandboxed
        self.workbench = workbench
        self.layout = layout
    }

    /// The folder commands run in and compile-error paths are relative to: the instructor's own path in a
    /// sandbox, the work copy's checkout otherwise.
    var root: URL { sandboxed ? workbench.root : slot.appending(path: "workbench") }
    /// The work copy's build folder (seen as `<root>/.build`).
    var buildFolder: URL { sandboxed ? slot.appending(path: "build") : root.appending(path: ".build") }
    /// The work copy's `Exercises/` (seen as `<root>/Exercises`).
    var exercisesFolder: URL {
        sandboxed ? slot.appending(path: "exercises") : root.appending(path: CourseTrack.exercises.folder)
    }
    /// `HOME`, XDG folders and `TMPDIR`, emptied before each submission.
    var privateFolder: URL { slot.appending(path: "private") }
    /// The logs and event streams of the submission being graded.
    var logFolder: URL { slot.appending(path: "logs") }

    /// The variables that give a submission its own home, XDG folders and temporary folder.
    var privateEnvironment: [String: String] {
        let home = privateFolder.appending(path: "home").path
        return [
            "HOME": home,
            "XDG_CONFIG_HOME": home + "/.config",
            "XDG_DATA_HOME": home + "/.local/share",
            "XDG_CACHE_HOME": home + "/.cache",
            "XDG_STATE_HOME": home + "/.local/state",
            "XDG_RUNTIME_DIR": privateFolder.appending(path: "run").path,
            "TMPDIR": privateFolder.appending(path: "tmp").path,
        ]
    }

    /// Makes the work copy when it does not exist yet: copies the instructor's build (and, without a
    /// sandbox, the parts of the checkout its manifest builds from) into it. A copy cut short is never
    /// used: it is made under another name and renamed once complete. A work copy made for another
    /// layout (a target added to the manifest since) is made again.
    func prepare() throws {
        let files = FileManager.default
        if isReady { return }
        let marker = slot.appending(path: "ready")
        try? files.removeItem(at: slot)
        let partial = slot.deletingLastPathComponent().appending(path: slot.lastPathComponent + ".partial")
        try? files.removeItem(at: partial)
        try files.createDirectory(at: partial, withIntermediateDirectories: true)
        let log = slot.deletingLastPathComponent().appending(path: slot.lastPathComponent + "-copy.log")
        let relativeBuild = sandboxed ? "build" : "workbench/.build"
        try Self.copyBuild(
            from: workbench.root.appending(path: ".build"), to: partial.appending(path: relativeBuild), log: log)
        if !sandboxed {
            let copy = partial.appending(path: "workbench")
            for entry in layout.paths where files.fileExists(atPath: workbench.root.appending(path: entry).path) {
                let destination = copy.appending(path: entry).deletingLastPathComponent()
                try Self.copy([workbench.root.appending(path: entry).path], into: destination, log: log)
            }
        }
        // In the sandbox, `.build/coach` is where the private folders are mounted: it must exist even when
        // the build folder is read-only.
        try files.createDirectory(
            at: partial.appending(path: relativeBuild).appending(path: "coach"), withIntermediateDirectories: true)
        try files.moveItem(at: partial, to: slot)
        _ = files.createFile(atPath: marker.path, contents: layoutRecord)
    }

    /// What a complete work copy's `ready` marker holds: nothing in a sandbox, which shows the checkout's
    /// own folders; the layout it copied otherwise.
    private var layoutRecord: Data {
        sandboxed ? Data() : Data(layout.paths.joined(separator: "\n").utf8)
    }

    /// Whether the work copy is complete and was made for this layout.
    var isReady: Bool {
        (try? Data(contentsOf: slot.appending(path: "ready"))) == layoutRecord
    }

    /// Copies a build folder without coach's own files and release builds, which grading never uses.
    static func copyBuild(from source: URL, to destination: URL, log: URL) throws {
        let files = FileManager.default
        try files.createDirectory(at: destination, withIntermediateDirectories: true)
        let skipped: Set<String> = ["coach", "release", "release.yaml", ".lock"]
        var entries: [String] = []
        for name in try files.contentsOfDirectory(atPath: source.path) where !skipped.contains(name) {
            let url = source.appending(path: name)
            var isFolder: ObjCBool = false
            let isLink = (try? files.destinationOfSymbolicLink(atPath: url.path)) != nil
            if !isLink, files.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue,
                files.fileExists(atPath: url.appending(path: "debug").path)
            {
                // The platform folder (x86_64-unknown-linux-gnu): its debug build only.
                try copy(
                    try files.contentsOfDirectory(atPath: url.path).filter { $0 != "release" }.map {
                        url.appending(path: $0).path
                    },
                    into: destination.appending(path: name), log: log)
            } else {
                entries.append(url.path)
            }
        }
        try copy(entries, into: destination, log: log)
    }

    /// `cp -a --reflink=auto` of `paths` into `folder`: a copy-on-write clone where the file system can make
    /// one, a plain copy elsewhere.
    static func copy(_ paths: [String], into folder: URL, log: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard !paths.isEmpty else { return }
        let termination = try ChildProcess(
            ["cp", "-a", "--reflink=auto"] + paths + [folder.path], in: folder, logFile: log
        ).run()
        guard termination.succeeded else {
            throw SubmissionUnpacker.Failure(
                description:
                    "copying the warm build into \(folder.path) failed (see \(log.path)); check the free disk space")
        }
    }

    /// Empties the private folders and the logs, and puts the exercise files in place: the submission's
    /// where it has them, the starter's where not, and the instructor's contract files beside them. A
    /// file whose contents did not change since the last submission keeps its date, so it is not recompiled.
    func place(_ intake: SubmissionIntake) throws {
        let files = FileManager.default
        for folder in [privateFolder, logFolder] {
            try? files.removeItem(at: folder)
            try files.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        for path in privateEnvironment.values {
            try files.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        for section in workbench.course.sections {
            // By target folder: the section's, and its learner tests' when it has them.
            var wanted: [String: [String: Data]] = [section.target: [:]]
            for (target, name) in section.learnerFiles {
                wanted[target, default: [:]][CoursePath.normalized(name) ?? name] =
                    try intake.exerciseFiles[target]?[name]
                    ?? starterContents(of: name, in: target)
            }
            for name in section.exercise.givenFiles {
                wanted[section.target, default: [:]][CoursePath.normalized(name) ?? name] = try starterContents(
                    of: name, in: section.target)
            }
            for (target, contents) in wanted {
                let folder = exercisesFolder.appending(path: target)
                try files.createDirectory(at: folder, withIntermediateDirectories: true)
                try Self.mirror(contents, into: folder)
            }
        }
    }

    /// The instructor's starter copy of `name` in `Exercises/<target>/`.
    private func starterContents(of name: String, in target: String) throws -> Data {
        try Data(
            contentsOf: workbench.root.appending(
                path: "\(CourseTrack.exercises.folder)/\(target)/\(CoursePath.normalized(name) ?? name)"))
    }

    /// Makes `folder` hold exactly `wanted` (relative path → contents), rewriting only what differs.
    static func mirror(_ wanted: [String: Data], into folder: URL) throws {
        let files = FileManager.default
        let present = SubmissionIntake.listing(under: folder, relativeTo: folder, prefix: ".")
            .keys.map { String($0.dropFirst(2)) }
        for path in present where wanted[path] == nil {
            try files.removeItem(at: folder.appending(path: path))
        }
        for (path, contents) in wanted {
            let url = folder.appending(path: path)
            if (try? Data(contentsOf: url)) == contents { continue }
            try files.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? files.removeItem(at: url)
            try contents.write(to: url)
        }
    }
}
