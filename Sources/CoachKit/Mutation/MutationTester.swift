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
    public init(workbench: Workbench, jobs: Int = ProcessInfo.processInfo.activeProcessorCount, timeLimitPerCheck: Duration = .seconds(30)) {
        self.workbench = workbench
        self.jobs = max(1, jobs)
        self.timeLimitPerCheck = timeLimitPerCheck
    }

    /// Builds and runs the mutants of `sections`, reporting progress through `progress`.
    ///
    /// - Returns: One result per section, or the problems that kept the mutants from being tested.
    /// - Throws: `CoachError.cannotLaunch` when `swift` cannot be started.
    public func run(_ sections: [Course.Section], progress: (String) -> Void) throws -> Result<[SectionMutationResult], MutationProblems> {
        let environment = BuildRequest(track: .solutions).environment
        let generatorLog = workbench.logFolder.appending(path: "build-mutant-schemata.log")
        guard try ChildProcess(["swift", "build", "--product", "mutant-schemata"], in: workbench.root, environment: environment, logFile: generatorLog).run().succeeded,
              let binFolder = try binaryFolder(environment: environment)
        else {
            return .failure(MutationProblems(["the mutant generator does not build; see \(workbench.relativePath(of: generatorLog))"]))
        }
        let stage = MutantStage(workbench: workbench, generator: binFolder.appending(path: "mutant-schemata"))

        var excluded: [String: Set<Int>] = [:]
        var staged: [MutantStage.Staged] = []
        let buildLog = workbench.logFolder.appending(path: "build-mutants.log")
        for round in 1...6 {
            do {
                staged = try sections.map { try stage.stage($0, excluding: excluded[$0.target] ?? []) }
            } catch {
                return .failure(MutationProblems([error.localizedDescription]))
            }
            let mutantCount = staged.reduce(0) { $0 + $1.mutants.count }
            progress("building \(mutantCount) mutants of \(sections.count) section(s) as one build" + (round > 1 ? " (round \(round), without those that do not compile)…" : "…"))
            let request = BuildRequest(
                track: .solutions, sections: sections.map(\.target),
                overrides: staged.map { .init(target: $0.section.target, folder: $0.folder) }
            )
            let build = try ChildProcess(["swift", "build", "--build-tests"], in: workbench.root, environment: request.environment, logFile: buildLog).run()
            if build.succeeded { break }
            let errors = CompilerDiagnostic.errors(in: (try? String(contentsOf: buildLog, encoding: .utf8)) ?? "").map { $0.relative(to: workbench) }
            let (culprits, unexplained) = MutantStage.culprits(of: errors, in: staged)
            guard unexplained.isEmpty, !culprits.isEmpty, round < 6 else {
                let shown = (unexplained.isEmpty ? errors : unexplained).prefix(5).map { "\n    \($0)" }.joined()
                return .failure(MutationProblems(["the mutant schemata do not build (see \(workbench.relativePath(of: buildLog)))\(shown)"]))
            }
            for (target, ids) in culprits { excluded[target, default: []].formUnion(ids) }
        }

        guard let binary = try? testBinary(in: binFolder) else {
            return .failure(MutationProblems(["no test binary in \(workbench.relativePath(of: binFolder)) after the mutants' build"]))
        }
        if let problem = try baselineProblem(of: sections, binary: binary) {
            return .failure(MutationProblems([problem]))
        }

        var results: [SectionMutationResult] = []
        for section in staged {
            let outcomes = try runMutants(section.mutants, of: section.section, binary: binary)
            let notCompiled = (excluded[section.section.target] ?? []).sorted()
            let result = SectionMutationResult(section: section.section, outcomes: outcomes, notCompiled: notCompiled)
            results.append(result)
            progress(result.summaryLine)
        }
        return .success(results)
    }

    /// The build's binary folder, as `swift build --show-bin-path` names it.
    private func binaryFolder(environment: [String: String]) throws -> URL? {
        let log = workbench.logFolder.appending(path: "bin-path.log")
        guard try ChildProcess(["swift", "build", "--show-bin-path"], in: workbench.root, environment: environment, logFile: log).run().succeeded,
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

    /// Why the suites fail with no mutant selected, or nil when every check passes: schemata must behave
    /// exactly as the reference they were made from.
    private func baselineProblem(of sections: [Course.Section], binary: URL) throws -> String? {
        let (outcomes, _) = try runSuite(binary: binary, filter: "^(" + sections.map(\.testTarget).joined(separator: "|") + ")\\.", mutant: nil, slot: 0)
        let failing = outcomes.filter { $0.result != .passed && $0.result != .skipped }
        guard outcomes.isEmpty || !failing.isEmpty else { return nil }
        let named = failing.prefix(3).map { "\"\($0.displayName)\" \($0.result.rawValue)" }.joined(separator: ", ")
        return outcomes.isEmpty
            ? "the suites ran no check on the mutant build; see \(workbench.relativePath(of: workbench.logFolder))"
            : "the mutant build fails the reference's own checks with no mutant selected: \(named)"
    }

    /// Runs the section's suite against each mutant, `jobs` at a time.
    private func runMutants(_ mutants: [MutantRecord], of section: Course.Section, binary: URL) throws -> [MutantOutcome] {
        let next = Mutex(0)
        let results = Mutex([Int: MutantOutcome]())
        let failure = Mutex<(any Error)?>(nil)
        DispatchQueue.concurrentPerform(iterations: min(jobs, max(1, mutants.count))) { slot in
            while true {
                let index = next.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard index < mutants.count, failure.withLock({ $0 == nil }) else { return }
                do {
                    let outcome = try run(mutants[index], of: section, binary: binary, slot: slot + 1)
                    results.withLock { $0[index] = outcome }
                } catch {
                    failure.withLock { $0 = error }
                }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return results.withLock { found in mutants.indices.compactMap { found[$0] } }
    }

    /// Runs the section's suite against one mutant, stopping at its first failing check.
    private func run(_ mutant: MutantRecord, of section: Course.Section, binary: URL, slot: Int) throws -> MutantOutcome {
        let (outcomes, termination) = try runSuite(binary: binary, filter: "^\(section.testTarget)\\.", mutant: mutant.id, slot: slot)
        if let failing = outcomes.first(where: { [.failed, .crashed, .timedOut].contains($0.result) }) {
            return MutantOutcome(mutant: mutant, result: .killed(by: failing.displayName))
        }
        if !termination.succeeded || outcomes.isEmpty {
            return MutantOutcome(mutant: mutant, result: .killed(by: "the test process (\(termination))"))
        }
        return MutantOutcome(mutant: mutant, result: .survived)
    }

    /// Runs the test binary on the checks `filter` selects, with `COACH_MUTANT` set to `mutant` when given.
    private func runSuite(binary: URL, filter: String, mutant: Int?, slot: Int) throws -> ([TestOutcome], ProcessTermination) {
        let events = workbench.logFolder.appending(path: "mutant-run-\(slot).jsonl")
        try? FileManager.default.removeItem(at: events)
        let arguments = [
            binary.path, "--testing-library", "swift-testing",
            "--experimental-event-stream-output", events.path, "--experimental-event-stream-version", "0",
            "--filter", filter,
        ]
        let termination = try ChildProcess(
            arguments, in: workbench.root,
            environment: ["COACH_MUTANT": mutant.map(String.init) ?? ""],
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
