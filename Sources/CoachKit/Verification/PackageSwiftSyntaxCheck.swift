import Foundation

/// Proves the other swift-syntax path: the model macros compile on the package's swift-syntax
/// (`COURSE_SWIFT_SYNTAX=package`), the path a toolchain without its own takes, and `coach mutate`'s
/// generator finds its modules there, while every other build of a verification uses the toolchain's.
///
/// It builds in a copy of the checkout (`.build/coach/package-swift-syntax`), since that path pins
/// swift-syntax in `Package.resolved` and needs a build folder of its own, and it runs beside the rest of
/// the verification at the lowest CPU priority (`chrt --idle`), so that the rest's processes always come
/// first and it mostly uses the minutes the cores would otherwise wait (a test waiting for a time limit, a
/// link, SwiftPM planning).
struct PackageSwiftSyntaxCheck: Sendable {
    /// The checkout whose macros are built.
    let workbench: Workbench

    /// One step of the check: a target of the copy, prepared by SwiftPM, compiled outside it, or both.
    struct Step: Sendable {
        /// The target.
        var target: String
        /// Whether SwiftPM prepares the target's module, as SourceKit-LSP does (`swift build
        /// --experimental-prepare-for-indexing`): its imports resolved, and its module emitted without function
        /// bodies against its dependencies' modules emitted alike.
        var prepares: Bool
        /// Whether the target's sources are then compiled whole, every body to an object, against the prepared
        /// modules, with the flags SwiftPM planned for ``compileTemplate``
        /// (``compileArguments(template:target:sources:object:)``).
        var compiles: Bool
    }

    /// The steps on the package's swift-syntax, in order. The mutant generator's code is the same on both paths,
    /// and every other build of a verification compiles it whole; what differs is the manifest's wiring, which
    /// preparing its module proves (its imports find the package's modules). The macro plugin's code differs
    /// by path (`#if canImport(SwiftCompilerPlugin)`), so it and its support library are compiled whole against
    /// prepared modules: a SwiftPM build of the plugin would compile swift-syntax whole for the host first,
    /// about 290 CPU-seconds, where preparing its modules and compiling both take about 40. Nothing is linked.
    static let steps = [
        Step(target: "MutantSchemata", prepares: true, compiles: false),
        Step(target: "SwiftCompilerPlugin", prepares: true, compiles: false),
        Step(target: "PersistenceMacrosSupport", prepares: true, compiles: true),
        Step(target: "PersistenceMacros", prepares: false, compiles: true),
    ]

    /// The module whose planned command gives the compiled steps their flags: a library of the package that
    /// imports swift-syntax, as the plugin does, and is planned as a module of its own (the plugin, a macro,
    /// is planned only for the host).
    static let compileTemplate = "PersistenceMacrosSupport"

    /// Where the copy of the checkout is built; its `.build` is kept between verifications.
    var copy: URL { workbench.logFolder.appending(path: "package-swift-syntax", directoryHint: .isDirectory) }

    /// What the check found.
    struct Report: Sendable {
        /// What did not build, with the compiler's first errors.
        var problems: [VerificationProblem]
        /// The swift-syntax version the copy resolved, when it did.
        var version: String?
        /// How long the check ran, beside the rest of the verification.
        var seconds: Double
    }

    /// Starts the check on a thread of its own and returns at once.
    func start() -> BackgroundWork<Report> {
        BackgroundWork { [self] in run() }
    }

    /// Copies the checkout and runs ``steps`` in it, one after the other.
    func run() -> Report {
        let start = ContinuousClock.now
        var problems: [VerificationProblem] = []
        do {
            try stageCopy()
            // The dependencies are resolved first at the normal priority: resolving takes the lock of the
            // user's shared repository cache, and a process at the lowest priority, which the other builds
            // leave no processor, would hold it, and every other SwiftPM start would wait for it.
            problems += try run(
                ["swift", "package", "--package-path", copy.path] + Self.ownManifestCache + ["resolve"],
                failure: "its dependencies do not resolve", log: log(of: "resolve"))
            let priority = lowPriority()
            for step in Self.steps where problems.isEmpty {
                if step.prepares { problems += try prepare(step.target, prefix: priority) }
                if step.compiles && problems.isEmpty { problems += try compile(step.target, prefix: priority) }
            }
        } catch {
            problems.append(VerificationProblem(Self.area, "cannot build the copy in \(relative(copy)): \(error)"))
        }
        return Report(problems: problems, version: resolvedVersion(), seconds: (ContinuousClock.now - start).seconds)
    }

    static let area = "package swift-syntax"

    /// Keeps the copy's manifests in its own build folder: SwiftPM locks the user's shared manifest cache
    /// while it reads a manifest, and a build at the lowest priority must never hold a lock the others wait
    /// for.
    static let ownManifestCache = ["--manifest-cache", "local"]

    /// The commands' low-priority prefix: `chrt --idle 0` (util-linux) where it runs here, else `nice -n 19`.
    func lowPriority() -> [String] {
        let idle = ["chrt", "--idle", "0"]
        let probe = try? ChildProcess(
            idle + ["true"], in: workbench.root,
            logFile: workbench.logFolder.appending(path: "build-package-swift-syntax-priority.log")
        ).run()
        return probe?.succeeded == true ? idle : ["nice", "-n", "19"]
    }

    /// The log of `target`'s build.
    func log(of target: String) -> URL {
        workbench.logFolder.appending(path: "build-package-swift-syntax-\(target).log")
    }

    /// Replaces the copy's files with the checkout's (modification times kept), leaving its build folder.
    private func stageCopy() throws {
        let files = FileManager.default
        try files.createDirectory(at: copy, withIntermediateDirectories: true)
        for name in try files.contentsOfDirectory(atPath: copy.path) where name != ".build" {
            try files.removeItem(at: copy.appending(path: name))
        }
        let left = [".build", ".git", ".swiftpm"]
        let entries = try files.contentsOfDirectory(atPath: workbench.root.path).filter {
            !left.contains($0) && !$0.hasPrefix(".build-")
        }.sorted()
        let copied = try ChildProcess(
            ["cp", "-a"] + entries.map { workbench.root.appending(path: $0).path } + [copy.path],
            in: workbench.root, logFile: workbench.logFolder.appending(path: "copy-package-swift-syntax.log")
        ).run()
        guard copied.succeeded else {
            throw CocoaError(
                .fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cp -a ended with \(copied)"])
        }
    }

    /// Prepares `target`'s module in the copy after `prefix` (the low priority).
    private func prepare(_ target: String, prefix: [String]) throws -> [VerificationProblem] {
        try run(
            prefix + ["swift", "build", "--package-path", copy.path, "--target", target] + Self.ownManifestCache
                + ["--experimental-prepare-for-indexing"],
            failure: "\(target)'s module cannot be prepared", log: log(of: target))
    }

    /// Compiles `target`'s sources in the copy whole against the prepared modules, after `prefix` (the low
    /// priority), to an object in the copy's build folder.
    private func compile(_ target: String, prefix: [String]) throws -> [VerificationProblem] {
        let log = log(of: target)
        guard let plan = try? SwiftPMBuildPlan.read(from: copy.appending(path: ".build/debug.yaml")),
            let template = PlannedCompile(module: Self.compileTemplate, in: plan)
        else {
            return [
                VerificationProblem(
                    Self.area,
                    "\(target) cannot be compiled on the package's swift-syntax: the copy's plan "
                        + "(\(relative(copy.appending(path: ".build/debug.yaml")))) has no command for "
                        + "\(Self.compileTemplate) to take the flags from")
            ]
        }
        let folder = copy.appending(path: "Sources/\(target)")
        let sources =
            (FileManager.default.subpaths(atPath: folder.path) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
            .map { folder.appending(path: $0).path }
        let objects = copy.appending(path: ".build/compiled", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: objects, withIntermediateDirectories: true)
        return try run(
            prefix
                + Self.compileArguments(
                    template: template, target: target, sources: sources,
                    object: objects.appending(path: "\(target).o").path),
            failure: "\(target) does not compile", log: log)
    }

    /// Flags of a prepared module's command that `-Xfrontend` passes on: they skip bodies and let a module
    /// with errors be emitted, which a whole compile must not.
    static let preparingFlags: Set<String> = [
        "-experimental-lazy-typecheck", "-experimental-skip-all-function-bodies",
        "-experimental-allow-module-with-compiler-errors", "-empty-abi-descriptor",
    ]

    /// The command that compiles `sources` as the module `target`, whole, to `object`, with the flags of
    /// `template` (search paths, language mode, defines) without those that prepare a module.
    static func compileArguments(template: PlannedCompile, target: String, sources: [String], object: String)
        -> [String]
    {
        var kept: [String] = []
        for argument in template.kept {
            if preparingFlags.contains(argument) {
                if kept.last == "-Xfrontend" { kept.removeLast() }
            } else {
                kept.append(argument)
            }
        }
        return kept + ["-module-name", target, "-parse-as-library", "-wmo", "-c"] + sources + ["-o", object]
    }

    /// Runs `command` on the copy with the package's swift-syntax; when it fails, a problem saying `failure`
    /// with the first errors of its log (naming the checkout's files, not the copy's).
    private func run(_ command: [String], failure: String, log: URL) throws -> [VerificationProblem] {
        var environment = BuildRequest(track: .exercises).environment
        environment["COURSE_SWIFT_SYNTAX"] = "package"
        environment["COURSE_LESSON_EXAMPLES"] = ""
        let termination = try ChildProcess(command, in: workbench.root, environment: environment, logFile: log).run()
        guard !termination.succeeded else { return [] }
        let text = ((try? String(contentsOf: log, encoding: .utf8)) ?? "")
            .replacingOccurrences(of: copy.path + "/", with: "")
        // The compiler's first errors, or else the log's first lines that say "error" (a fetch that failed,
        // the manifest's own), or else its last lines.
        let lines = text.split(separator: "\n").map(String.init)
        let errorLines = lines.filter { $0.localizedCaseInsensitiveContains("error") }
        let diagnostics = CompilerDiagnostic.errors(in: text).prefix(5).map(\.description)
        let shown =
            !diagnostics.isEmpty ? diagnostics : !errorLines.isEmpty ? Array(errorLines.prefix(3)) : lines.suffix(3)
        let errors = shown.map { "\n    " + $0.escapedForTerminal() }.joined()
        return [
            VerificationProblem(
                Self.area,
                "\(failure) on the package's swift-syntax (COURSE_SWIFT_SYNTAX=package), which a toolchain without "
                    + "its own uses: `\(Self.shown(command))` ended with "
                    + "\(termination); see \(relative(log))\(errors)")
        ]
    }

    /// How a problem names `command`: `swift build` or `swift package`, or the compiler's name.
    static func shown(_ command: [String]) -> String {
        let swift = command.drop { $0 != "swift" }.prefix(2)
        return swift.isEmpty
            ? (command.first { $0.hasSuffix("swiftc") }.map { URL(filePath: $0).lastPathComponent } ?? "")
            : swift.joined(separator: " ")
    }

    /// The swift-syntax version in the copy's `Package.resolved`.
    private func resolvedVersion() -> String? {
        guard let data = try? Data(contentsOf: copy.appending(path: "Package.resolved")),
            let resolved = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let pins = resolved["pins"] as? [[String: Any]],
            let pin = pins.first(where: { ($0["identity"] as? String) == "swift-syntax" })
        else { return nil }
        return (pin["state"] as? [String: Any])?["version"] as? String
    }

    private func relative(_ url: URL) -> String { workbench.relativePath(of: url) }
}
