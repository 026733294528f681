import Foundation

/// Rebuilds the test program without starting SwiftPM when all that changed since SwiftPM's last build of
/// the same plan is the contents of one module's source files — a learner's edit of a section.
///
/// It runs that module's compile command from SwiftPM's own plan (``SwiftPMBuildPlan``), then every
/// command the change reaches, in the plan's order, as SwiftPM's build engine would: the modules whose
/// inputs changed (the swift driver recompiles only what the edit affects) and the link. That skips
/// SwiftPM's start and its check of every file of the build, about a second of each grade. Everything
/// else is left to SwiftPM: a file added or removed, the manifest or the resolved dependencies changed,
/// another plan since (a build with other course variables), a command only SwiftPM can run (test
/// discovery when a test module changed), a command that fails (SwiftPM then prints its diagnostics).
///
/// What the test program was built from is kept in `.build/coach/direct-rebuild.json`: the build's course
/// variables, the stamps (size, modification and change times) of the package's files when SwiftPM's
/// build started, its plan's and its program's stamps. SwiftPM's own records are not touched: its next
/// build runs the commands again, and finds them done.
struct DirectRebuild {
    /// The package's root folder.
    var root: URL
    /// The course variables of the build (``BuildRequest/environment``).
    var environment: [String: String]
    /// Where each command's output goes.
    var log: URL
    /// Folders inside hidden ones, relative to the root, whose files are sources of the build too: the
    /// section folders its course variables put in place of the package's (``BuildRequest/overrides``),
    /// such as verify's build folders for variants.
    var extraFolders: [String] = []
    /// How many commands that do not depend on each other may run at a time.
    var jobs = 1
    /// Folders (relative to the root) of the sources a learner edits, such as the track's section folders:
    /// the version of each of their Swift files a build compiled is kept (``BuiltSources``), so that the
    /// next edit's importers compile again only if they can see it (``ImporterReach``).
    var editedFolders: [String] = []

    /// A file's size and times, enough to notice any write.
    struct Stamp: Codable, Equatable, Sendable {
        var size: Int64
        var modified: Int64
        var changed: Int64

        /// The stamp of the file at `path`, or `nil` when there is none.
        init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            self.init(status)
        }

        init(_ status: stat) {
            size = Int64(status.st_size)
            modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
            changed = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
        }

        init(size: Int64, modified: Int64, changed: Int64) {
            self.size = size
            self.modified = modified
            self.changed = changed
        }
    }

    /// What the test program was last built from.
    struct Record: Codable, Equatable {
        var environment: [String: String]
        var plan: Stamp
        var program: Stamp
        /// One line per file, `size modified changed path`: read before every grade, and a thousand JSON
        /// objects take coach's debug build a tenth of a second to decode.
        var fileLines: String

        var files: [String: Stamp] {
            get {
                var files: [String: Stamp] = [:]
                for line in fileLines.split(separator: "\n") {
                    let fields = line.split(separator: " ", maxSplits: 3)
                    guard fields.count == 4, let size = Int64(fields[0]), let modified = Int64(fields[1]),
                        let changed = Int64(fields[2])
                    else { continue }
                    files[String(fields[3])] = Stamp(size: size, modified: modified, changed: changed)
                }
                return files
            }
            set {
                fileLines = newValue.map { "\($0.value.size) \($0.value.modified) \($0.value.changed) \($0.key)" }
                    .joined(separator: "\n")
            }
        }

        init(environment: [String: String], plan: Stamp, program: Stamp, files: [String: Stamp]) {
            self.environment = environment
            self.plan = plan
            self.program = program
            self.fileLines = ""
            self.files = files
        }
    }

    /// How a rebuild ended.
    enum Outcome: Equatable {
        /// The test program is up to date, rebuilt by running `commands` (none when nothing changed).
        case rebuilt(commands: Int)
        /// SwiftPM has to build, for `reason`.
        case needsSwiftPM(reason: String)
    }

    var planFile: URL { root.appending(path: ".build/debug.yaml") }
    var recordFile: URL { root.appending(path: ".build/coach/direct-rebuild.json") }

    /// The package's files as they are now, by path relative to the root: every file outside hidden folders,
    /// and every file of ``extraFolders``.
    func filesNow() -> [String: Stamp] {
        var files: [String: Stamp] = [:]
        // readdir and stat rather than FileManager's enumerator: this runs before every grade, and coach
        // is usually a debug build, where the enumerator takes a third of a second for the workbench.
        var folders = [""] + extraFolders
        while let folder = folders.popLast() {
            let folderPath = folder.isEmpty ? root.path : root.path + "/" + folder
            guard let directory = opendir(folderPath) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard !name.hasPrefix(".") else { continue }
                let relative = folder.isEmpty ? name : folder + "/" + name
                var status = stat()
                guard lstat(folderPath + "/" + name, &status) == 0 else { continue }
                switch status.st_mode & S_IFMT {
                case S_IFDIR: folders.append(relative)
                case S_IFREG: files[relative] = Stamp(status)
                default: continue
                }
            }
        }
        return files
    }

    /// Moves the modification time of each file edited within the same second as the version last built
    /// to the start of the next second, and updates `files` to match.
    ///
    /// The swift driver tells an edited file by its modification time to the whole second: a file saved
    /// again within the second its previous version was saved in looks unchanged, and that version's
    /// object would be graded (SwiftPM runs the same driver). A learner who fixes a line and saves again
    /// at once, graded in under a second, does that. The file's contents are not touched.
    func distinguishSameSecondEdits(in files: inout [String: Stamp]) {
        guard let data = try? Data(contentsOf: recordFile),
            let record = try? JSONDecoder().decode(Record.self, from: data)
        else { return }
        let built = record.files
        for (path, stamp) in files {
            guard let previous = built[path], previous != stamp,
                stamp.modified / 1_000_000_000 == previous.modified / 1_000_000_000
            else { continue }
            let fullPath = root.appending(path: path).path
            // The access time is left as it is: UTIME_OMIT, ((1 << 30) - 2) in Linux's headers, a macro
            // Swift does not import.
            let omit = (1 << 30) - 2
            var times = [
                timespec(tv_sec: 0, tv_nsec: omit),
                timespec(tv_sec: Int(previous.modified / 1_000_000_000) + 1, tv_nsec: 0),
            ]
            guard utimensat(AT_FDCWD, fullPath, &times, 0) == 0, let moved = Stamp(path: fullPath) else { continue }
            files[path] = moved
        }
    }

    var builtSources: BuiltSources { BuiltSources(root: root) }

    /// Whether the file at `path` (relative to the root) lies in one of ``editedFolders``.
    func isEdited(_ path: String) -> Bool {
        editedFolders.contains { path.hasPrefix($0 + "/") }
    }

    /// Remembers that SwiftPM built the test program from `files` (read before its build started).
    func recordSwiftPMBuild(of files: [String: Stamp], program: String) {
        guard let plan = Stamp(path: planFile.path), let programStamp = Stamp(path: program) else { return forget() }
        builtSources.forgetAll()
        builtSources.keepBuilt(files, where: isEdited)
        save(Record(environment: environment, plan: plan, program: programStamp, files: files))
    }

    /// Forgets what the test program was built from (after a build that failed).
    func forget() {
        try? FileManager.default.removeItem(at: recordFile)
        builtSources.forgetAll()
    }

    /// Brings the test program at `program` up to date without SwiftPM if it can.
    ///
    /// - Parameters:
    ///   - files: The package's files as ``filesNow()`` read them before this build.
    ///   - timeline: Receives "checking what changed" (from `start`, with the reason when SwiftPM has to
    ///     build), "compiling" and "linking".
    func rebuild(
        program: String, files: [String: Stamp], since start: ContinuousClock.Instant, timeline: GradingTimeline?
    ) throws -> Outcome {
        var checked = false
        let outcome = try rebuild(program: program, files: files, timeline: timeline) {
            timeline?.record("checking what changed", from: start, to: .now)
            checked = true
        }
        if !checked {
            let phase =
                if case .needsSwiftPM(let reason) = outcome { "checking what changed (SwiftPM builds: \(reason))" } else
                { "checking what changed" }
            timeline?.record(phase, from: start, to: .now)
        }
        return outcome
    }

    private func rebuild(
        program: String, files: [String: Stamp], timeline: GradingTimeline?, checked: () -> Void
    ) throws -> Outcome {
        guard let data = try? Data(contentsOf: recordFile),
            let record = try? JSONDecoder().decode(Record.self, from: data)
        else {
            return .needsSwiftPM(reason: "no earlier build to start from")
        }
        guard record.environment == environment else {
            return .needsSwiftPM(reason: "the last build had other course variables")
        }
        guard Stamp(path: planFile.path) == record.plan else {
            return .needsSwiftPM(reason: "SwiftPM planned another build since")
        }
        guard Stamp(path: program) == record.program else {
            return .needsSwiftPM(reason: "the test program changed since")
        }
        let built = record.files
        guard Set(files.keys) == Set(built.keys) else { return .needsSwiftPM(reason: "a file was added or removed") }
        let changed = files.filter { built[$0.key] != $0.value }.map(\.key).sorted()
        if let manifest = changed.first(where: { ["Package.swift", "Package.resolved"].contains($0) }) {
            return .needsSwiftPM(reason: "\(manifest) changed")
        }
        if changed.isEmpty { return .rebuilt(commands: 0) }

        let packageRoot = root.resolvingSymlinksInPath()
        let changedPaths = changed.map { packageRoot.appending(path: $0).standardizedFileURL.path }
        let reached: [SwiftPMBuildPlan.Command]
        switch try commands(reachedBy: changedPaths, plan: record.plan, program: program) {
        case .success(let commands): reached = commands
        case .failure(let reason): return .needsSwiftPM(reason: reason.description)
        }
        checked()
        let reach = ImporterReach(packageRoot: packageRoot, builtSources: builtSources, stamps: files)
        let leavesImporters: @Sendable (SwiftPMBuildPlan.Command, [SwiftPMBuildPlan.Command]) -> Bool = {
            module, importers in
            let start = ContinuousClock.now
            defer { timeline?.record("reading what the importers spell", from: start, to: .now) }
            return reach.leavesImportersAsCompiled(
                moduleSources: module.inputs.filter { $0.hasSuffix(".swift") },
                edited: changedPaths.filter(module.inputs.contains),
                importerSources: importers.flatMap(\.inputs).filter { $0.hasSuffix(".swift") })
        }
        let outcome = try PlanRun.execute(
            reached, changed: changedPaths, jobs: jobs, leavesImporters: leavesImporters
        ) {
            [root, environment, log] command, slot in
            let start = ContinuousClock.now
            let logFile =
                slot == 0 ? log : log.deletingPathExtension().appendingPathExtension("\(slot + 1).log")
            var process = ChildProcess(command.arguments, in: root, environment: environment, logFile: logFile)
            process.marksItsProcesses = false
            let termination = try process.run()
            timeline?.record(command.outputs.contains(program) ? "linking" : "compiling", from: start, to: .now)
            timeline?.noteCommand(command.outputs.contains(program) ? "link" : Self.moduleName(of: command))
            return termination.succeeded
        }
        if case .rebuilt = outcome {
            var updated = record
            for path in changed { updated.files[path] = files[path] }
            builtSources.keepBuilt(files.filter { changed.contains($0.key) }, where: isEdited)
            guard let programStamp = Stamp(path: program) else {
                return .needsSwiftPM(reason: "the link left no test program")
            }
            updated.program = programStamp
            save(updated)
        }
        return outcome
    }

    /// Why SwiftPM has to build, found while reading its plan.
    struct PlanProblem: Error, CustomStringConvertible {
        var description: String
    }

    /// The commands of SwiftPM's plan that `changed` files reach on the way to `program`, in order: read
    /// from the plan once for a set of changed files (a learner edits the same file again and again), and
    /// kept in `.build/coach/direct-rebuild-commands.json` while the plan stays the same.
    private func commands(
        reachedBy changed: [String], plan planStamp: Stamp, program: String
    ) throws -> Result<[SwiftPMBuildPlan.Command], PlanProblem> {
        struct Reached: Codable {
            var plan: Stamp
            var changed: [String]
            var commands: [SwiftPMBuildPlan.Command]
        }
        let cacheFile = root.appending(path: ".build/coach/direct-rebuild-commands.json")
        if let data = try? Data(contentsOf: cacheFile),
            let cached = try? JSONDecoder().decode(Reached.self, from: data),
            cached.plan == planStamp, cached.changed == changed
        {
            return .success(cached.commands)
        }
        // A plan this reader cannot follow (another SwiftPM's format) is SwiftPM's to build, not an error.
        let plan: SwiftPMBuildPlan
        do {
            plan = try SwiftPMBuildPlan.read(from: planFile)
        } catch {
            return .failure(PlanProblem(description: "\(error)"))
        }
        // A source file no command reads means the plan names the package's files otherwise (another
        // path to the same folder): building without it would grade the edit's previous version.
        let read = Set(plan.commands.flatMap(\.inputs))
        if let unread = changed.first(where: { Self.isSource($0) && !read.contains($0) }) {
            return .failure(PlanProblem(description: "SwiftPM's plan does not read \(unread)"))
        }
        guard let reached = PlanRun.commands(reachedBy: changed, in: plan, program: program) else {
            return .failure(PlanProblem(description: "SwiftPM's plan does not build \(program)"))
        }
        if let data = try? JSONEncoder().encode(Reached(plan: planStamp, changed: changed, commands: reached)) {
            try? data.write(to: cacheFile, options: .atomic)
        }
        return .success(reached)
    }

    /// The module a command of SwiftPM's plan compiles, from its name (`C.Section4Models-x86_64-…-debug.module`),
    /// or the command's first output's file name for any other step.
    static func moduleName(of command: SwiftPMBuildPlan.Command) -> String {
        if command.name.hasPrefix("C.") {
            let base = command.name.dropFirst(2).prefix { $0 != "-" }
            return String(base.hasSuffix(".module") ? base.dropLast(".module".count) : base)
        }
        return command.outputs.first.map { URL(filePath: $0).lastPathComponent } ?? command.name
    }

    /// Whether the file at `path` is compiled (Swift or C family), judged by its extension.
    static func isSource(_ path: String) -> Bool {
        ["swift", "c", "cc", "cpp", "h", "hpp", "m", "mm", "s", "S"].contains(URL(filePath: path).pathExtension)
    }

    private func save(_ record: Record) {
        try? FileManager.default.createDirectory(
            at: recordFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        if let data = try? JSONEncoder().encode(record) {
            try? data.write(to: recordFile, options: .atomic)
        }
    }
}

extension DirectRebuild {
    /// The direct rebuilds of the test program SwiftPM builds for `request` in `workbench`: the sources of
    /// the track and of every overriding folder are the ones edited, and where sections stand in other
    /// folders (verify's rounds of variants) two modules compile side by side.
    init(building request: BuildRequest, in workbench: Workbench) {
        self.init(
            root: workbench.root, environment: request.environment,
            log: workbench.logFolder.appending(path: "direct-rebuild.log"),
            extraFolders: request.overrides.map(\.folder),
            jobs: request.overrides.isEmpty ? 1 : ProcessInfo.processInfo.activeProcessorCount,
            editedFolders: [request.track.folder] + request.overrides.map(\.folder))
    }
}

/// Runs the commands of a plan that a set of changed files reaches, in the plan's order, as far as the
/// test program: a small part of what SwiftPM's build engine does, for the part of a build a source
/// edit needs.
enum PlanRun {
    /// Auxiliary files whose contents depend on which files a module has, never on what is in them: a
    /// change to a file's contents leaves them as they are.
    static let fileLists: Set<String> = ["sources", "Objects.LinkFileList"]

    /// The commands of `plan` that lead to `program` and read one of `changed` or, in turn, what such a
    /// command writes, each after the commands that write its inputs; `nil` when no command writes
    /// `program`.
    static func commands(reachedBy changed: [String], in plan: SwiftPMBuildPlan, program: String) -> [SwiftPMBuildPlan
        .Command]?
    {
        let producer = Dictionary(
            plan.commands.indices.flatMap { index in plan.commands[index].outputs.map { ($0, index) } },
            uniquingKeysWith: { first, _ in first }
        )
        guard let link = producer[program] else { return nil }
        let order = order(leadingTo: link, in: plan, producer: producer)
        var readers: [String: [Int]] = [:]
        for index in order.keys {
            for input in plan.commands[index].inputs { readers[input, default: []].append(index) }
        }
        var reached: Set<Int> = []
        var files = changed
        while let file = files.popLast() {
            for reader in readers[file] ?? [] where reached.insert(reader).inserted {
                files.append(contentsOf: plan.commands[reader].outputs)
            }
        }
        return reached.sorted { order[$0]! < order[$1]! }.map { plan.commands[$0] }
    }

    /// Runs each of `commands` that reads a changed file or an output an earlier one changed, in order; the
    /// commands that do not depend on each other (the modules of two sections, say) side by side, as many
    /// at a time as `jobs` (the machine's cores). `run` runs one and says whether it succeeded; it is given a
    /// slot (`0..<jobs`) no other command running then has, to keep their logs apart.
    ///
    /// When a module's interface file changes in more than fingerprints, `leavesImporters` is asked, with the
    /// module's command and the commands that read the file, whether those can compile differently; when it
    /// says no, they are not run and the new file stays (their objects match it as they are).
    static func execute(
        _ commands: [SwiftPMBuildPlan.Command], changed: [String],
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        leavesImporters:
            @Sendable (_ module: SwiftPMBuildPlan.Command, _ importers: [SwiftPMBuildPlan.Command]) ->
            Bool = { _, _ in false },
        run: @Sendable (SwiftPMBuildPlan.Command, _ slot: Int) throws -> Bool
    ) throws -> DirectRebuild.Outcome {
        if let reason = discoveryReason(commands, changed: changed) { return .needsSwiftPM(reason: reason) }
        var dirty = Set(changed)
        var commandsRun = 0
        var compiled: [SwiftPMBuildPlan.Command] = []
        for level in levels(of: commands) {
            var shell: [SwiftPMBuildPlan.Command] = []
            for command in level where command.inputs.contains(where: dirty.contains) {
                switch command.tool {
                case "phony":
                    dirty.formUnion(command.outputs)
                case "write-auxiliary-file":
                    guard let output = command.outputs.first,
                        fileLists.contains(URL(filePath: output).lastPathComponent)
                    else {
                        return .needsSwiftPM(reason: "SwiftPM writes \(command.outputs.first ?? command.name) again")
                    }
                case "test-discovery-tool", "test-entry-point-tool":
                    // What discovery would find is unchanged: checked before anything ran (``discoveryReason``).
                    break
                case "shell":
                    shell.append(command)
                default:
                    return .needsSwiftPM(reason: "SwiftPM's \(command.tool) would run (\(command.name))")
                }
            }
            // Commands that run side by side compile each module's files in one job, as the cores are taken;
            // a command alone keeps the driver's parallel jobs.
            let sideBySide = min(jobs, shell.count) > 1
            let changedOutputs = try ParallelWork.map(shell, jobs: jobs) { command, slot in
                let importers = { (interface: String) in
                    commands.filter { $0.tool == "shell" && $0.inputs.contains(interface) }
                }
                return try runNoting(
                    command, run: { try run(sideBySide ? $0.withOneCompileJob : $0, slot) },
                    importerSources: { interface in
                        importers(interface).flatMap(\.inputs).filter { $0.hasSuffix(".swift") }
                    },
                    leavesImporters: { interface in leavesImporters(command, importers(interface)) })
            }
            compiled += shell
            if let failed = zip(shell, changedOutputs).first(where: { $0.1 == nil }) {
                // An importer that failed may keep objects of an earlier interface: the public interfaces just
                // written must not vouch for them next time.
                for command in compiled {
                    for output in command.outputs where PublicInterfaceFile(modulePath: output, of: command) != nil {
                        try? FileManager.default.removeItem(
                            atPath: PublicInterfaceFile.interfacePath(ofModuleAt: output))
                    }
                }
                return .needsSwiftPM(reason: "\(failed.0.name) failed")
            }
            commandsRun += shell.count
            for outputs in changedOutputs { dirty.formUnion(outputs ?? []) }
        }
        return .rebuilt(commands: commandsRun)
    }

    /// Why SwiftPM's test discovery has to run for `changed`, or `nil` when what it would find is unchanged.
    ///
    /// The tests a test module holds, and the program's entry point that runs them, follow from the test
    /// modules' own sources: a test module compiled again because a library it imports changed holds the
    /// same tests. A test module's own edited source needs SwiftPM's discovery, unless the module holds no
    /// XCTest case before the edit or after it (Swift Testing finds its tests as the program runs): then
    /// discovery would write the same empty list again. Asked before any command runs, so that an edit
    /// SwiftPM has to build anyway is not compiled twice.
    static func discoveryReason(_ commands: [SwiftPMBuildPlan.Command], changed: [String]) -> String? {
        for discovery in commands where ["test-discovery-tool", "test-entry-point-tool"].contains(discovery.tool) {
            let testModules = commands.filter { !Set($0.outputs).isDisjoint(with: discovery.inputs) }
            for module in testModules {
                guard let edited = changed.first(where: module.inputs.contains) else { continue }
                if discovery.tool != "test-discovery-tool" || !holdsNoXCTest(module, discoveredBy: discovery) {
                    return
                        "a test module's source changed (\(URL(filePath: edited).lastPathComponent)): SwiftPM finds its tests"
                }
            }
        }
        return nil
    }

    /// Whether the test module `module` compiles holds no XCTest case, as SwiftPM's discovery `discovery` last
    /// found it (its list for the module is empty) and as its sources are now (none of them names XCTest,
    /// which a test case's class must import to inherit from `XCTestCase`).
    static func holdsNoXCTest(_ module: SwiftPMBuildPlan.Command, discoveredBy discovery: SwiftPMBuildPlan.Command)
        -> Bool
    {
        let name = DirectRebuild.moduleName(of: module)
        guard !name.isEmpty,
            let list = discovery.outputs.first(where: { URL(filePath: $0).lastPathComponent == "\(name).swift" }),
            let listed = try? Data(contentsOf: URL(filePath: list)), listed.isEmpty
        else { return false }
        return module.inputs.filter { $0.hasSuffix(".swift") }.allSatisfy { source in
            guard let text = try? Data(contentsOf: URL(filePath: source)) else { return false }
            return text.range(of: Data("XCTest".utf8)) == nil
        }
    }

    /// Runs `command` with `run`; the outputs it changed, or `nil` when it failed.
    private static func runNoting(
        _ command: SwiftPMBuildPlan.Command, run: (SwiftPMBuildPlan.Command) throws -> Bool,
        importerSources: (_ interface: String) -> [String],
        leavesImporters: (_ interface: String) -> Bool
    ) throws -> [String]? {
        let before = command.outputs.map { DirectRebuild.Stamp(path: $0) }
        let interfaces = command.outputs.compactMap(KeptModuleInterface.init(path:))
        let publicInterfaces = command.outputs.compactMap { PublicInterfaceFile(modulePath: $0, of: command) }
        guard try run(command) else { return nil }
        for publicInterface in publicInterfaces {
            PublicInterfaceFile.vouchForCompile(ofModuleAt: publicInterface.modulePath)
        }
        var changed: [String] = []
        for (output, stamp) in zip(command.outputs, before) where DirectRebuild.Stamp(path: output) != stamp {
            // A module whose interface declares what it did before leaves its importers' objects as they
            // are: only its own objects, and so the link, changed.
            if let kept = interfaces.first(where: { $0.path == output }), kept.restoreIfSameDeclarations() {
                continue
            }
            // So does a module built with library evolution whose public interface reads as it did, for
            // importers that reach it only through that interface.
            if let kept = interfaces.first(where: { $0.path == output }),
                let publicInterface = publicInterfaces.first(where: { $0.modulePath == output }),
                publicInterface.isUnchanged(importerSources: importerSources(output)), kept.restore()
            {
                continue
            }
            // A module whose edit changed only what its importers never spell leaves their objects as
            // they are too, though its interface file changed.
            if output.hasSuffix(".swiftmodule"), leavesImporters(output) { continue }
            changed.append(output)
        }
        return changed
    }

    /// `commands`, in order, cut into levels: each command in the level after the last one that holds a
    /// command writing one of its inputs, so the commands of a level never depend on each other.
    static func levels(of commands: [SwiftPMBuildPlan.Command]) -> [[SwiftPMBuildPlan.Command]] {
        var levelOfOutput: [String: Int] = [:]
        var levels: [[SwiftPMBuildPlan.Command]] = []
        for command in commands {
            let level = command.inputs.compactMap { levelOfOutput[$0] }.max().map { $0 + 1 } ?? 0
            for output in command.outputs { levelOfOutput[output] = level }
            if level == levels.count { levels.append([]) }
            levels[level].append(command)
        }
        return levels
    }

    /// The commands `target` needs, each with its place in an order where a command comes after every
    /// command that writes one of its inputs.
    static func order(leadingTo target: Int, in plan: SwiftPMBuildPlan, producer: [String: Int]) -> [Int: Int] {
        var place: [Int: Int] = [:]
        var visiting: Set<Int> = []
        // Depth first without recursion: the plan's chains of modules are long.
        var stack: [(command: Int, expanded: Bool)] = [(target, false)]
        while let (command, expanded) = stack.popLast() {
            if expanded {
                visiting.remove(command)
                if place[command] == nil { place[command] = place.count }
                continue
            }
            guard place[command] == nil, visiting.insert(command).inserted else { continue }
            stack.append((command, true))
            for input in plan.commands[command].inputs {
                if let writer = producer[input], place[writer] == nil, !visiting.contains(writer) {
                    stack.append((writer, false))
                }
            }
        }
        return place
    }
}
