import Foundation
import Synchronization

/// Measures how well each hidden suite tells a correct solution from a wrong one: it makes mutants of the
/// reference solution (small plausible mistakes), builds them all at once, runs the section's suite
/// against each, and reports which mutants every check let through.
///
/// One build holds every section's mutants as *mutant schemata* (each mutated body is a `switch` over
/// `COACH_MUTANT`), and each run starts the test binary directly and stops at the first failing check,
/// so a whole course takes minutes.
public struct MutationTester: Sendable {
    /// The workbench whose solutions are mutated.
    public var workbench: Workbench
    /// How many suites run at the same time.
    public var jobs: Int
    /// The longest one check may run against a mutant; a mutant that makes a check hang is killed.
    public var timeLimitPerCheck: Duration

    /// A tester for `workbench`.
    public init(
        workbench: Workbench, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        timeLimitPerCheck: Duration = .seconds(30)
    ) {
        self.workbench = workbench
        self.jobs = max(1, jobs)
        self.timeLimitPerCheck = timeLimitPerCheck
    }

    /// Builds and runs the mutants of `sections`, reporting progress through `progress`.
    ///
    /// - Returns: One result per section, or the problems that kept the mutants from being tested.
    /// - Throws: `CoachError.cannotLaunch` when `swift` cannot be started.
    public func run(_ sections: [Course.Section], progress: (String) -> Void) throws -> Result<
        [SectionMutationResult], MutationProblems
    > {
        switch try build(sections, progress: progress) {
        case .failure(let problems): return .failure(problems)
        case .success(let built): return .success(try results(of: built, progress: progress))
        }
    }

    /// A build of every section's schemata: what it holds, and the test program it made.
    struct Built: Sendable {
        /// Each section as staged, with the mutants and variants that compiled.
        var staged: [MutantStage.Staged]
        /// Mutants and variants left out because their copies did not compile, by section target.
        var excluded: [String: Set<Int>]
        /// The test program.
        var binary: URL
        /// The build's course variables: every later build of the sections' folders uses them, and so
        /// SwiftPM's plan.
        var request: BuildRequest
        /// Each section's checks as they ran with no mutant or variant selected, all passing.
        var baseline: [TestOutcome]
    }

    /// What a run of a mutant or a switched-in variant adds to its environment: a crash ends the process
    /// without the Swift runtime's backtrace, which symbolicates the whole test program (about a second of
    /// CPU) for a report nobody reads; the crash kills the mutant all the same.
    static let quietCrashes = ["SWIFT_BACKTRACE": "enable=no"]

    /// How many times the schemata are compiled, each time without the mutants and variants whose copies
    /// did not compile the time before, before they count as not building.
    static let schemataRounds = 6

    /// The course variables of a build of `sections` from their variant build folders.
    static func request(for sections: [Course.Section]) -> BuildRequest {
        var request = BuildRequest(
            track: .solutions, sections: sections.map(\.target),
            overrides: sections.map { .init(target: $0.target, folder: MutantStage.buildFolder(of: $0)) }
        )
        request.learnerTests = .leftOut
        // Most variants built apart declare the reference's public interface: their rounds then compile only
        // the section's module and link (``PublicInterfaceFile``).
        request.resilientSections = true
        return request
    }

    /// Stages the schemata of `sections` (with `variants`, by section target, switched in where they can
    /// be) into their build folders and builds them all at once, leaving out the mutants and variants
    /// whose copies do not compile, then runs every suite with none selected: each check must pass.
    ///
    /// - Throws: `CoachError.cannotLaunch` when `swift` cannot be started.
    func build(
        _ sections: [Course.Section], variants: [String: [MutantStage.Variant]] = [:], progress: (String) -> Void
    ) throws -> Result<Built, MutationProblems> {
        let request = Self.request(for: sections)
        let plain = MutantStage(workbench: workbench, generator: URL(filePath: "/"))
        do {
            for section in sections { try plain.prepareFolder(of: section) }
        } catch {
            return .failure(
                MutationProblems(["cannot prepare the sections' build folders: \(error.localizedDescription)"]))
        }
        let generatorLog = workbench.logFolder.appending(path: "build-mutant-schemata.log")
        guard
            try ChildProcess(
                ["swift", "build", "--product", "mutant-schemata"], in: workbench.root,
                environment: request.environment, logFile: generatorLog
            ).run().succeeded,
            let binFolder = try binaryFolder(environment: request.environment)
        else {
            return .failure(
                MutationProblems([
                    "the mutant generator does not build; see \(workbench.relativePath(of: generatorLog))"
                ]))
        }
        let stage = MutantStage(workbench: workbench, generator: binFolder.appending(path: "mutant-schemata"))
        // The generator's build planned the whole package with the schemata's variables, so the first round
        // compiles the sections' modules directly too.
        var planned = try? SwiftPMBuildPlan.read(from: workbench.root.appending(path: ".build/debug.yaml"))

        var excluded: [String: Set<Int>] = [:]
        var staged: [MutantStage.Staged] = []
        let buildLog = workbench.logFolder.appending(path: "build-mutants.log")
        // The build that succeeds is recorded, so that verify's variants built apart rebuild from it
        // directly, without a SwiftPM start and its check of every file.
        let direct = DirectRebuild(building: request, in: workbench)
        var filesBeforeBuild: [String: DirectRebuild.Stamp] = [:]
        // Each round compiles the sections' modules directly from SwiftPM's plan, all of them to the end,
        // until none has an error; then SwiftPM builds the rest, and finds the modules and their suites done
        // (``SchemaCompile``).
        let compile = SchemaCompile(
            root: workbench.root, environment: request.environment, logFolder: workbench.logFolder)
        // Only the sections with something newly left out are staged again: the generator takes about half a
        // second a section.
        var restaged = Set(sections.map(\.target))
        for round in 1...Self.schemataRounds {
            do {
                staged = try sections.enumerated().map { index, section in
                    guard restaged.contains(section.target) || index >= staged.count else { return staged[index] }
                    return try stage.stage(
                        section, excluding: excluded[section.target] ?? [], variants: variants[section.target] ?? [])
                }
            } catch {
                return .failure(MutationProblems([error.localizedDescription]))
            }
            let mutantCount = staged.reduce(0) { $0 + $1.mutants.count }
            let variantCount = staged.reduce(0) { $0 + Set($1.variants.map(\.id)).count }
            let variantsNote = variantCount == 0 ? "" : " and \(variantCount) mistakes, alternatives and starters"
            progress(
                "building \(mutantCount) mutants\(variantsNote) of \(sections.count) section(s) as one build"
                    + (round > 1 ? " (round \(round), without those that do not compile)…" : "…"))
            var errors: [CompilerDiagnostic] = []
            var log = buildLog
            if let plan = planned {
                errors = try compile.compile(
                    sections.map(\.target),
                    from: Dictionary(
                        staged.map { ($0.section.target, workbench.root.appending(path: $0.folder)) },
                        uniquingKeysWith: { first, _ in first }),
                    in: plan, workbench: workbench
                ).errors
                log = workbench.logFolder
            }
            if errors.isEmpty {
                filesBeforeBuild = direct.filesNow()
                let build = try ChildProcess(
                    TestProgram.buildArguments(forPackageAt: workbench.root), in: workbench.root,
                    environment: request.environment, logFile: buildLog
                ).run()
                if build.succeeded { break }
                direct.forget()
                errors = CompilerDiagnostic.errors(in: (try? String(contentsOf: buildLog, encoding: .utf8)) ?? "").map {
                    $0.relative(to: workbench)
                }
                log = buildLog
                planned = try? SwiftPMBuildPlan.read(from: workbench.root.appending(path: ".build/debug.yaml"))
            }
            let (culprits, unexplained) = MutantStage.culprits(of: errors, in: staged)
            guard unexplained.isEmpty, !culprits.isEmpty, round < Self.schemataRounds else {
                let shown = (unexplained.isEmpty ? errors : unexplained).prefix(5).map { "\n    \($0)" }.joined()
                return .failure(
                    MutationProblems([
                        "the mutant schemata do not build (see \(workbench.relativePath(of: log)))\(shown)"
                    ]))
            }
            for (target, ids) in culprits { excluded[target, default: []].formUnion(ids) }
            restaged = Set(culprits.keys)
        }

        guard let binary = try? testBinary(in: binFolder) else {
            return .failure(
                MutationProblems(["no test binary in \(workbench.relativePath(of: binFolder)) after the mutants' build"]
                ))
        }
        direct.recordSwiftPMBuild(of: filesBeforeBuild, program: binary.path)
        let (baseline, problem) = try self.baseline(of: sections, binary: binary)
        if let problem { return .failure(MutationProblems([problem])) }
        return .success(Built(staged: staged, excluded: excluded, binary: binary, request: request, baseline: baseline))
    }

    /// Runs each section's suite against each of its mutants and sums up how the suite fared.
    func results(of built: Built, progress: (String) -> Void) throws -> [SectionMutationResult] {
        var results: [SectionMutationResult] = []
        for section in built.staged {
            let outcomes = try runMutants(section.mutants, of: section.section, binary: built.binary)
            let notCompiled = (built.excluded[section.section.target] ?? []).filter { !VariantID.isVariant($0) }
                .sorted()
            let result = SectionMutationResult(section: section.section, outcomes: outcomes, notCompiled: notCompiled)
            results.append(result)
            progress(result.summaryLine)
        }
        return results
    }

    /// Builds the `mutant-schemata` program with the learner's default course variables and returns it,
    /// or nil when it does not build.
    ///
    /// - Throws: `CoachError.cannotLaunch` when `swift` cannot be started.
    func generator() throws -> URL? {
        let environment = BuildRequest(track: .exercises).environment
        let log = workbench.logFolder.appending(path: "build-mutant-schemata.log")
        guard
            try ChildProcess(
                ["swift", "build", "--product", "mutant-schemata"], in: workbench.root, environment: environment,
                logFile: log
            )
            .run().succeeded,
            let folder = try binaryFolder(environment: environment)
        else { return nil }
        return folder.appending(path: "mutant-schemata")
    }

    /// The build's binary folder, as `swift build --show-bin-path` names it.
    func binaryFolder(environment: [String: String]) throws -> URL? {
        let log = workbench.logFolder.appending(path: "bin-path.log")
        guard
            try ChildProcess(
                ["swift", "build", "--show-bin-path"], in: workbench.root, environment: environment, logFile: log
            ).run().succeeded,
            let path = (try? String(contentsOf: log, encoding: .utf8))?.split(whereSeparator: \.isNewline).last
        else { return nil }
        return URL(filePath: String(path).trimmingCharacters(in: .whitespaces), directoryHint: .isDirectory)
    }

    /// The package's test binary in `folder`: `<Package>PackageTests.xctest`.
    private func testBinary(in folder: URL) throws -> URL? {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .first { $0.hasSuffix("PackageTests.xctest") }
            .map { folder.appending(path: $0) }
    }

    /// Every section's checks with no mutant selected, and why they do not count when they do not all
    /// pass: schemata must behave exactly as the reference they were made from.
    private func baseline(of sections: [Course.Section], binary: URL) throws -> ([TestOutcome], String?) {
        let (outcomes, _) = try runSuite(
            binary: binary, filter: "^(" + sections.map(\.testTarget).joined(separator: "|") + ")\\.", mutant: nil,
            slot: 0)
        let failing = outcomes.filter { $0.result != .passed && $0.result != .skipped }
        guard outcomes.isEmpty || !failing.isEmpty else { return (outcomes, nil) }
        let named = failing.prefix(3).map { "\"\($0.displayName)\" \($0.result.rawValue)" }.joined(separator: ", ")
        return (
            outcomes,
            outcomes.isEmpty
                ? "the suites ran no check on the mutant build; see \(workbench.relativePath(of: workbench.logFolder))"
                : "the mutant build fails the reference's own checks with no mutant selected: \(named)"
        )
    }

    /// Runs the section's suite against each mutant, `jobs` at a time.
    private func runMutants(_ mutants: [MutantRecord], of section: Course.Section, binary: URL) throws
        -> [MutantOutcome]
    {
        let suspects = MutantSuspects()
        return try ParallelWork.map(mutants, jobs: jobs) { mutant, slot in
            try run(mutant, of: section, binary: binary, slot: slot + 1, suspects: suspects)
        }
    }

    /// Runs the section's suite against one mutant, stopping at its first failing check: first only the
    /// checks that killed its neighbours (``MutantSuspects``), then, unless one of them failed, every check.
    private func run(
        _ mutant: MutantRecord, of section: Course.Section, binary: URL, slot: Int, suspects: MutantSuspects
    ) throws -> MutantOutcome {
        let isKill = { (outcome: TestOutcome) in [.failed, .crashed, .timedOut].contains(outcome.result) }
        let likely = suspects.suspects(for: mutant)
        if !likely.isEmpty {
            let filter = likely.map(SwiftPackageTester.pattern(matching:)).joined(separator: "|")
            let start = ContinuousClock.now
            let (outcomes, termination) = try runSuite(
                binary: binary, filter: filter, mutant: mutant.id, slot: slot)
            // An issue a check recorded (the run stops at the first, so its check may not have ended) kills
            // the mutant here as in the whole suite's run, and so does a check stopped at its time limit
            // (the stop with no issue recorded; the check reads as never ended). A crash is left to the
            // whole suite's run.
            let issue = outcomes.first { !$0.issues.isEmpty && [.failed, .crashed].contains($0.result) }
            let pastLimit = issue == nil && termination == .timedOut ? outcomes.first { $0.result == .crashed } : nil
            // A run stopped at the time limit says nothing about what suspects usually cost.
            if pastLimit == nil {
                suspects.recordSuspectsRun(seconds: (ContinuousClock.now - start).seconds, killed: issue != nil)
            }
            if let failing = issue ?? pastLimit {
                suspects.record(mutant, killedBy: failing.id)
                return MutantOutcome(mutant: mutant, result: .killed(by: failing.displayName))
            }
        }
        let start = ContinuousClock.now
        let (outcomes, termination) = try runSuite(
            binary: binary, filter: "^\(section.testTarget)\\.", mutant: mutant.id, slot: slot)
        if termination != .timedOut || outcomes.contains(where: { !$0.issues.isEmpty }) {
            suspects.recordSuiteRun(seconds: (ContinuousClock.now - start).seconds)
        }
        // The run stops at the first issue, so a check still running then reads as crashed: the check that
        // recorded the issue is the one that killed the mutant.
        if let failing = outcomes.first(where: { !$0.issues.isEmpty && isKill($0) }) ?? outcomes.first(where: isKill) {
            suspects.record(mutant, killedBy: failing.id)
            return MutantOutcome(mutant: mutant, result: .killed(by: failing.displayName))
        }
        if !termination.succeeded || outcomes.isEmpty {
            return MutantOutcome(mutant: mutant, result: .killed(by: "the test process (\(termination))"))
        }
        return MutantOutcome(mutant: mutant, result: .survived)
    }

    /// Runs the test binary on the checks `filter` selects, with `COACH_MUTANT` set to `mutant` when given.
    private func runSuite(binary: URL, filter: String, mutant: Int?, slot: Int) throws -> (
        [TestOutcome], ProcessTermination
    ) {
        let events = workbench.logFolder.appending(path: "mutant-run-\(slot).jsonl")
        try? FileManager.default.removeItem(at: events)
        let arguments = [
            binary.path, "--testing-library", "swift-testing",
            "--experimental-event-stream-output", events.path, "--experimental-event-stream-version", "0",
            "--filter", filter,
        ]
        let temporary = try RunTemporaryFolder(slot: slot, named: "mutant-run")
        defer { temporary.remove() }
        let termination = try ChildProcess(
            arguments, in: workbench.root,
            environment: temporary.environment(
                adding: Self.quietCrashes.merging(["COACH_MUTANT": mutant.map(String.init) ?? ""]) { $1 }),
            logFile: workbench.logFolder.appending(path: "mutant-run-\(slot).log"),
            watchdog: MutantRunWatchdog(events: events, limit: timeLimitPerCheck)
        ).run()
        let outcomes = TestEventStream.outcomes(fromJSONLines: (try? String(contentsOf: events, encoding: .utf8)) ?? "")
        return (outcomes, termination)
    }
}

/// What kept a section's mutants from being tested.
public struct MutationProblems: Error, Sendable {
    /// One sentence each.
    public var messages: [String]

    init(_ messages: [String]) {
        self.messages = messages
    }
}

/// The `mutant-schemata` program, built the first time it is asked for and the same one given after.
///
/// Each build of it is a SwiftPM start with the learner's course variables: after a build with others (a
/// section's learner tests), SwiftPM plans the package anew, and the next build with those plans again.
/// `coach verify` stages a section's mistakes eight times, so it builds the program once.
final class MutantGeneratorBuild: Sendable {
    let workbench: Workbench
    private let built = Mutex<URL??>(nil)

    init(workbench: Workbench) {
        self.workbench = workbench
    }

    /// The program, or `nil` when it does not build.
    ///
    /// - Throws: `CoachError.cannotLaunch` when `swift` cannot be started.
    func program() throws -> URL? {
        try built.withLock { built in
            if let built { return built }
            let program = try MutationTester(workbench: workbench).generator()
            built = .some(program)
            return program
        }
    }
}
