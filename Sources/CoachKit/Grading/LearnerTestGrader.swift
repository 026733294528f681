import Foundation

/// Grades the tests a learner wrote for a section (``Course/LearnerTests``): runs them against the
/// reference solution, where every one must pass, then against each known mistake they must catch,
/// where at least one must fail. The learner's tests are built in place of the hidden suites, with the
/// section's library taken from the reference or a staged mistake.
///
/// When ``switchesMistakes`` is given, the mistakes that differ from the reference only inside bodies are
/// switched into the reference's library at run time (see ``MutantStage``), so one build serves the
/// reference and every such mistake; the others are built one at a time. Only code coach trusts may be
/// graded that way: the learner's tests could read which mistake is switched in.
///
/// By default every one of those builds takes the library from the same folder,
/// `.build/coach/learner-tests/<target>`, refilled for each run with only the files that differ
/// rewritten: the builds' environment stays the same, so SwiftPM plans once, and each wrong solution
/// recompiles only the files where it differs from the one before.
///
/// The learner's tests may be Swift Testing functions, XCTest cases or both in one target: the grading
/// harness reports either kind as a test of the target, so both are graded alike.
struct LearnerTestGrader {
    /// The workbench whose reference and mistakes are used.
    let workbench: Workbench
    /// Builds what a request selects and runs the tests a filter selects.
    let run: (BuildRequest, String) throws -> TrackRun
    /// Returns the folder, relative to the root the builds run in, that holds the section's library as the
    /// reference solution (`nil`) or a known mistake has it. By default the reference is read from
    /// `Solutions/`, a mistake is staged under `.build/coach/mistakes/`, and either is then mirrored into
    /// `.build/coach/learner-tests/<target>`.
    var stage: (Course.KnownMistake?, Course.Section) throws -> String
    /// Switches mistakes in at run time: stages the section's library as the reference with the given
    /// mistakes switched in (returning its folder and the number that selects each mistake switched in),
    /// and runs the built program again with a selection. `nil` builds every mistake on its own.
    var switchesMistakes: MistakeSwitch?

    /// How mistakes are switched into one build of the learner's tests.
    struct MistakeSwitch {
        /// Stages the library with `mistakes` switched in; returns its folder, relative to the root, and
        /// each switched mistake's number by id (a mistake missing there is built on its own).
        var stage: (Course.Section, [Course.KnownMistake]) throws -> (folder: String, numbers: [String: Int])
        /// Runs the last built program's tests that the filter selects, with `COACH_MUTANT` set; runs going on
        /// at the same time are given different slots, to keep their logs apart.
        var rerun: @Sendable (BuildRequest, String, [String: String], _ slot: Int) throws -> TrackRun
    }

    /// A grader that builds the section's library from the folders `stage` gives, and runs builds with `run`.
    init(
        workbench: Workbench, stage: ((Course.KnownMistake?, Course.Section) throws -> String)? = nil,
        run: @escaping (BuildRequest, String) throws -> TrackRun
    ) {
        self.workbench = workbench
        self.run = run
        self.stage =
            stage ?? { mistake, section in
                let source =
                    try mistake.map { try VariantStage(workbench: workbench).stage($0, of: section) }
                    ?? "\(CourseTrack.solutions.folder)/\(section.target)"
                let library = ".build/coach/learner-tests/\(section.target)"
                try Self.mirror(workbench.root.appending(path: source), into: workbench.root.appending(path: library))
                return library
            }
    }

    /// The outcomes of the learner-test checks of `section` with the tests on `track`, named as the
    /// checkpoint names them and filed under the section's hidden suite, so a ``SectionGrade`` counts
    /// them with the others.
    ///
    /// - Throws: `CoachError.cannotLaunch` when `swift` cannot be started.
    ///
    /// - Parameter testsFolder: The folder to build the learner's tests from, relative to the root, in
    ///   place of `<track>/<target>`: a known wrong test suite, when `coach verify` proves the grading.
    func outcomes(of section: Course.Section, on track: CourseTrack, testsFolder: String? = nil) throws -> [TestOutcome]
    {
        guard let tests = section.learnerTests else { return [] }
        let request = { (library: String) in
            self.request(
                for: section, library: library, track: track, testsFolder: testsFolder.map { (tests.target, $0) })
        }
        let filter = "^\(NSRegularExpression.escapedPattern(for: tests.target))\\."
        let caught = tests.mustCatch.compactMap { caught in section.mistakes.first { $0.id == caught.mistake } }
        var switched: (folder: String, numbers: [String: Int]) = ("", [:])
        if let switchesMistakes {
            switched = try switchesMistakes.stage(section, caught)
        }
        var reference = try run(request(switchesMistakes == nil ? try stage(nil, section) : switched.folder), filter)
        if switchesMistakes != nil, !reference.compiled, !switched.numbers.isEmpty {
            // A mistake's copy that does not compile in the switch must not cost the learner: build as before.
            switched.numbers = [:]
            reference = try run(request(try stage(nil, section)), filter)
        }
        let referenceProblem = problemOnReference(
            reference, tests: tests, section: section, folder: testsFolder ?? "\(track.folder)/\(tests.target)")
        var outcomes = [outcome(tests.passCheck, of: section, problem: referenceProblem)]
        // Switched mistakes run first, on the one build, as many at a time as the machine has cores; a mistake
        // built on its own rewrites the library.
        var results: [String: TestOutcome] = [:]
        let inOrder = tests.mustCatch.sorted { first, second in
            (switched.numbers[first.mistake] != nil ? 0 : 1) < (switched.numbers[second.mistake] != nil ? 0 : 1)
        }
        var switchedRuns: [String: TrackRun] = [:]
        if referenceProblem == nil, let switchesMistakes {
            let numbered = inOrder.compactMap { caught in switched.numbers[caught.mistake].map { (caught.mistake, $0) }
            }
            let switchedRequest = request(switched.folder)
            let rerun = switchesMistakes.rerun
            let runs = try ParallelWork.map(numbered, jobs: ProcessInfo.processInfo.activeProcessorCount) {
                mistake, slot in
                try rerun(switchedRequest, filter, ["COACH_MUTANT": String(mistake.1)], slot)
            }
            for (mistake, run) in zip(numbered, runs) { switchedRuns[mistake.0] = run }
        }
        for caught in inOrder {
            guard referenceProblem == nil else {
                results[caught.check] = outcome(
                    caught.check, of: section,
                    problem: "not tried: your tests must first pass on the reference solution")
                continue
            }
            guard let mistake = section.mistakes.first(where: { $0.id == caught.mistake }) else {
                results[caught.check] = outcome(
                    caught.check, of: section, problem: "course.json names no known mistake \"\(caught.mistake)\"")
                continue
            }
            let wrong: TrackRun
            if let run = switchedRuns[mistake.id] {
                wrong = run
            } else {
                wrong = try run(request(try stage(mistake, section)), filter)
            }
            results[caught.check] = outcome(
                caught.check, of: section, problem: problemOnMistake(wrong, mistake: mistake, tests: tests))
        }
        outcomes += tests.mustCatch.compactMap { results[$0.check] }
        return outcomes
    }

    /// A build of the section's library from `folder` with the learner's tests in place of the hidden
    /// suites, those tests taken from `testsFolder` when given (target, folder).
    private func request(
        for section: Course.Section, library folder: String, track: CourseTrack, testsFolder: (String, String)?
    ) -> BuildRequest {
        var overrides: [BuildRequest.Override] = [.init(target: section.target, folder: folder)]
        if let (target, tests) = testsFolder { overrides.append(.init(target: target, folder: tests)) }
        var request = BuildRequest(track: track, sections: [section.target], overrides: overrides)
        request.learnerTestsOnly = true
        return request
    }

    /// Makes `destination` hold exactly the files of `source`, rewriting only those whose bytes differ, so
    /// that an unchanged file keeps its modification time and is not compiled again.
    static func mirror(_ source: URL, into destination: URL) throws {
        let files = FileManager.default
        try files.createDirectory(at: destination, withIntermediateDirectories: true)
        let wanted = SourceFingerprint.files(under: source).map { String($0.path.dropFirst(source.path.count + 1)) }
        for name in SourceFingerprint.files(under: destination).map({
            String($0.path.dropFirst(destination.path.count + 1))
        })
        where !wanted.contains(name) {
            try files.removeItem(at: destination.appending(path: name))
        }
        for name in wanted {
            let data = try Data(contentsOf: source.appending(path: name))
            let target = destination.appending(path: name)
            guard (try? Data(contentsOf: target)) != data else { continue }
            try files.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: target, options: .atomic)
        }
    }

    /// Why the run on the reference does not count, or nil when every test ran and passed.
    private func problemOnReference(
        _ run: TrackRun, tests: Course.LearnerTests, section: Course.Section, folder testsFolder: String
    ) -> String? {
        let folder = testsFolder + "/"
        guard run.compiled else {
            let own = run.compilerErrors.filter { $0.path.hasPrefix(folder) }
            return own.first.map { "your tests do not compile: \($0)" }
                ?? "your tests did not build with the reference solution; see \(workbench.relativePath(of: run.buildLog))"
        }
        let ran = run.outcomes.filter { $0.module == tests.target && $0.result != .skipped }
        if ran.isEmpty {
            return "no test of yours ran: write @Test functions or XCTestCase test methods in \(folder)"
        }
        if let failing = ran.first(where: { $0.result != .passed }) {
            let issue = failing.issues.first.map { " (\($0.replacingOccurrences(of: "\n", with: " — ")))" } ?? ""
            return "\"\(failing.displayName)\" \(failing.result.rawValue) on the reference solution\(issue); "
                + "a test that fails on a correct \(section.target) cannot tell it from a wrong one"
        }
        return nil
    }

    /// Why the run on a known mistake does not count as caught, or nil when one of the tests failed.
    private func problemOnMistake(_ run: TrackRun, mistake: Course.KnownMistake, tests: Course.LearnerTests) -> String?
    {
        guard run.compiled else {
            return
                "your tests did not build with a solution that \(mistake.summary); see \(workbench.relativePath(of: run.buildLog))"
        }
        let caught = run.outcomes.contains {
            $0.module == tests.target && [.failed, .crashed, .timedOut].contains($0.result)
        }
        return caught ? nil : "every test of yours passed on a solution that \(mistake.summary)"
    }

    private func outcome(_ check: String, of section: Course.Section, problem: String?) -> TestOutcome {
        TestOutcome(
            id: "\(section.testTarget).LearnerTests/\(check)", displayName: check,
            result: problem == nil ? .passed : .failed, issues: problem.map { [$0] } ?? []
        )
    }
}

extension SectionGrade {
    /// This grade with the outcomes of the learner-test checks added.
    func adding(_ learnerOutcomes: [TestOutcome]) -> SectionGrade {
        guard !learnerOutcomes.isEmpty else { return self }
        return SectionGrade(
            section: section, outcomes: outcomes + learnerOutcomes, compilerErrors: compilerErrors,
            buildFailed: buildFailed)
    }
}

extension LearnerTestGrader.MistakeSwitch {
    /// Switches the mistakes into the section's library with the `mutant-schemata` program, for builds of
    /// `workbench` by `tester`: for `coach check` and `coach verify`, never for a class's submissions.
    ///
    /// - Parameter generator: Gives the program, built; by default each staging builds it.
    static func schemata(
        workbench: Workbench, tester: SwiftPackageTester, timeLimit: Duration? = nil,
        generator: MutantGeneratorBuild? = nil
    ) -> Self {
        Self(
            stage: { section, mistakes in
                let folder = ".build/coach/learner-tests/\(section.target)"
                // The schema depends on the reference, the mistakes and the generator alone, none of which a
                // learner edits: staged once, it is used again without building or running the generator,
                // whose SwiftPM start with other course variables would also make the next build plan anew.
                let staged = StagedSchema(workbench: workbench, section: section, mistakes: mistakes, folder: folder)
                if let numbers = staged.reusableNumbers() { return (folder, numbers) }
                guard let generator = try (generator ?? MutantGeneratorBuild(workbench: workbench)).program() else {
                    return (try LearnerTestGrader.stageReference(of: section, workbench: workbench), [:])
                }
                var variants: [MutantStage.Variant] = []
                var numbers: [String: Int] = [:]
                for mistake in mistakes {
                    let staged = workbench.root.appending(
                        path: try VariantStage(workbench: workbench).stage(mistake, of: section))
                    guard VariantStage.isSwitchable(staged, for: section, workbench: workbench),
                        let index = section.mistakes.firstIndex(where: { $0.id == mistake.id })
                    else { continue }
                    variants.append(.init(id: VariantID.mistakes + index, folder: staged))
                    numbers[mistake.id] = VariantID.mistakes + index
                }
                let schema = try MutantStage(workbench: workbench, generator: generator)
                    .stage(section, excluding: [], variants: variants, into: folder, mutates: false)
                let placed = Set(schema.variants.map(\.id))
                let switched = numbers.filter { placed.contains($0.value) }
                staged.remember(switched)
                return (folder, switched)
            },
            rerun: { request, filter, environment, slot in
                try tester.runTests(
                    request, filter: filter, environment: environment, timeLimit: timeLimit, stream: "mistake-\(slot)")
            }
        )
    }
}

extension LearnerTestGrader {
    /// Mirrors the reference solution into the section's library folder, as the default staging does.
    static func stageReference(of section: Course.Section, workbench: Workbench) throws -> String {
        let library = ".build/coach/learner-tests/\(section.target)"
        try mirror(workbench.sourceFolder(of: section, on: .solutions), into: workbench.root.appending(path: library))
        return library
    }
}

/// A section's library staged as the reference with mistakes switched in, for the learner's tests: what it
/// was staged from and what the folder held afterwards, kept beside it (`<folder>.staged.json`), so that the
/// next grade of the learner's tests uses the folder as it is while nothing it came from changed and nothing
/// rewrote it since (a mistake built on its own, or the plain reference, is mirrored into the same folder).
struct StagedSchema {
    let workbench: Workbench
    let section: Course.Section
    let mistakes: [Course.KnownMistake]
    /// The folder, relative to the workbench root.
    let folder: String

    private struct Record: Codable {
        var sources: String
        var staged: String
        var numbers: [String: Int]
    }

    private var recordFile: URL { workbench.root.appending(path: folder + ".staged.json") }

    /// The numbers that select each switched mistake, when the folder still holds the schema staged from
    /// the same reference, mistakes and generator; `nil` when it must be staged again.
    func reusableNumbers() -> [String: Int]? {
        guard let data = try? Data(contentsOf: recordFile),
            let record = try? JSONDecoder().decode(Record.self, from: data),
            record.sources == sourcesDigest(), record.staged == stagedDigest()
        else { return nil }
        return record.numbers
    }

    /// Remembers that the folder now holds the schema with `numbers` switched in.
    func remember(_ numbers: [String: Int]) {
        let record = Record(sources: sourcesDigest(), staged: stagedDigest(), numbers: numbers)
        guard let data = try? JSONEncoder().encode(record) else { return }
        try? data.write(to: recordFile, options: .atomic)
    }

    /// What the schema is made from: the reference, each mistake's files, the generator's sources, the
    /// course file and the manifest; and the identity of `.build/coach` (``DigestedOutcomes/identity(of:)``),
    /// so that a staged folder a learner's repository holds is never taken for one coach staged.
    private func sourcesDigest() -> String {
        var folders = [workbench.sourceFolder(of: section, on: .solutions)]
        folders += mistakes.map { workbench.fixtureFolder(of: $0, in: section) }
        folders += ["Sources/MutantSchemata", "Sources/mutant-schemata"].map { workbench.root.appending(path: $0) }
        var hash = FNV1a()
        hash.add(mistakes.map(\.id).joined(separator: ","))
        for folder in folders { Self.add(folder, to: &hash, workbench: workbench) }
        for name in ["course/course.json", "Package.swift"] {
            hash.add((try? Data(contentsOf: workbench.root.appending(path: name))) ?? Data())
        }
        hash.add(DigestedOutcomes.identity(of: workbench.logFolder))
        return String(format: "%016llx", hash.value)
    }

    /// What the folder holds now.
    private func stagedDigest() -> String {
        var hash = FNV1a()
        Self.add(workbench.root.appending(path: folder), to: &hash, workbench: workbench)
        return String(format: "%016llx", hash.value)
    }

    private static func add(_ folder: URL, to hash: inout FNV1a, workbench: Workbench) {
        hash.add(workbench.relativePath(of: folder))
        hash.add(filesUnder: folder, of: workbench)
    }
}
