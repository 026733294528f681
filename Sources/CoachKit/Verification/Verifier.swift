/// Proves the course in both directions: the core's tests pass, every hidden suite passes on the
/// solutions, and every graded check fails on the starters.
public struct Verifier: Sendable {
    /// The workbench to verify.
    public var workbench: Workbench
    /// Builds and runs the tests.
    public var tester: SwiftPackageTester
    /// The section numbers to prove, or `nil` for the whole course. A partial run skips the core's own tests.
    public var sectionNumbers: Set<Int>?
    /// Whether to prove only the lessons' Swift blocks, leaving out every build of the sections.
    public var lessonsOnly = false
    /// The mutant generator that switches mistakes in for the learner's tests, built once for the run.
    let learnerTestGenerator: MutantGeneratorBuild

    /// A verifier for `workbench` using `tester`, limited to `sectionNumbers` when given.
    public init(workbench: Workbench, tester: SwiftPackageTester, sectionNumbers: Set<Int>? = nil) {
        self.workbench = workbench
        self.tester = tester
        self.sectionNumbers = sectionNumbers
        learnerTestGenerator = MutantGeneratorBuild(workbench: workbench)
    }

    /// Runs every step, reporting progress lines through `report` as it goes.
    ///
    /// - Throws: `CoachError.cannotLaunch` when `swift` cannot be started.
    public func run(style: TerminalStyle, report: (String) -> Void) throws -> VerificationSummary {
        var summary = VerificationSummary()
        summary.machineSpeed.append(MachineSpeedProbe.measure())
        var phaseStart = ContinuousClock.now
        /// Ends the phase that started at `phaseStart`, recording its time under `name`; `repeatsPerSection`
        /// when all of its work is done again for each section (a section's variants, mutants, starter).
        func endPhase(_ name: String, repeatsPerSection: Bool = false) {
            let now = ContinuousClock.now
            summary.phases.append(
                .init(name: name, seconds: (now - phaseStart).seconds, repeatsPerSection: repeatsPerSection))
            phaseStart = now
        }
        let sections = workbench.course.sections.filter { sectionNumbers?.contains($0.number) ?? true }
        summary.sectionCount = sections.count
        let suiteFilter =
            sectionNumbers == nil
            ? Self.sectionFilter
            : "^(" + sections.map(\.testTarget).joined(separator: "|") + ")"

        let auditProblems = CourseAudit(workbench: workbench).problems()
        summary.record(auditProblems, passedIfEmpty: 1)
        let checkCount = sections.reduce(0) { $0 + $1.checkNames.count }
        report(
            line(
                "course metadata",
                "\(sections.count) section(s), \(checkCount) checks, hints in \(HintTiers.levels) tiers as the lessons show them",
                problems: auditProblems, style: style
            ))
        // The code's own rules; the format lint (seconds of both cores) runs beside the lessons' build, unless
        // only the lessons are proven.
        let code = CodeCheck(workbench: workbench).run()
        summary.record(code.problems, passedIfEmpty: 1)
        report(line("code", CodeCheck.summary(of: code), problems: code.problems, style: style))
        let formatLint =
            lessonsOnly ? nil : BackgroundWork { [workbench] in try FormatLint.check(workbench: workbench) }

        report(style.bold("lessons") + "    compiling every Swift block of the lessons against the core, in one build…")
        let lessons = try LessonExampleCheck(workbench: workbench, sections: sections).run()
        summary.record(lessons.problems, passedIfEmpty: lessons.blocks)
        report(
            line(
                "  lesson blocks",
                "\(lessons.blocks) blocks compiled, \(lessons.programsRun) programs run, "
                    + "\(lessons.failingBlocks) fail to compile as marked",
                problems: lessons.problems, style: style
            ))
        for reason in lessons.notRun {
            report("    not run: " + reason.escapedForTerminal())
        }
        if let formatLint {
            let problems = try formatLint.wait()
            summary.record(problems, passedIfEmpty: 1)
            report(
                line(
                    "format", "swift format lint clean over Sources and Tests outside .swift-format-pending",
                    problems: problems, style: style))
        }
        endPhase("lessons")
        if lessonsOnly {
            summary.limitedTo = sections.map(\.number)
            summary.onlyLessons = true
            summary.machineSpeed.append(MachineSpeedProbe.measure())
            return summary
        }
        // The other swift-syntax path builds beside the rest, on the cores the rest leaves idle; it starts
        // once the lessons' build has resolved the checkout's dependencies, so the two never fetch at once.
        let packageSwiftSyntax = sectionNumbers == nil ? PackageSwiftSyntaxCheck(workbench: workbench).start() : nil

        // The core's own tests run in the solutions build: the `notetaker` they start as a user would is
        // then the reference app, whose behaviour they can hold to.
        let provesCore = sectionNumbers == nil
        report(
            style.bold("solutions") + "  building and grading with COURSE_TRACK=solutions"
                + (provesCore ? ", with the core's tests…" : " (core tests left out: --section given)…"))
        let solutions = try tester.run(
            BuildRequest.verifying(.solutions, includesOwnTests: provesCore),
            filter: provesCore ? nil : suiteFilter
        )
        if provesCore {
            let sectionModules = Set(workbench.course.sections.map(\.testTarget))
            let core = solutions.outcomes.filter { !sectionModules.contains($0.module) }
            let coreProblems = Self.coreProblems(in: solutions, sectionModules: sectionModules, workbench: workbench)
            summary.record(coreProblems, passedIfEmpty: 0)
            summary.passed += core.filter { $0.result == .passed }.count
            let skipped = core.filter { $0.result == .skipped }.count
            report(
                line(
                    "  core tests",
                    "\(core.filter { $0.result == .passed }.count) passed"
                        + (skipped > 0 ? ", \(skipped) skipped by their own traits" : ""), problems: coreProblems,
                    style: style))
        } else {
            summary.limitedTo = sections.map(\.number)
        }
        // Each section's known wrong tests are graded right after its reference's tests, from the same
        // folder and so the same plan; their lines follow the API line.
        var wrongTests: [Int: [(Course.KnownMistake, [VerificationProblem])]] = [:]
        for section in sections {
            let learnerOutcomes = try learnerTestOutcomes(of: section, on: .solutions)
            wrongTests[section.number] = try checkLearnerTestMistakes(of: section)
            let problems = Self.problems(
                section: section, run: solutions, expectPass: true, workbench: workbench,
                learnerOutcomes: learnerOutcomes)
            summary.record(problems, passedIfEmpty: section.checkNames.count)
            let learnerNote =
                section.learnerTests.map {
                    " (with the reference's own tests, which catch \($0.mustCatch.count) known mistakes)"
                } ?? ""
            report(
                line(
                    "  Section \(section.number)",
                    "\(section.checkNames.count) checks pass on the solution\(learnerNote)", problems: problems,
                    style: style))
        }
        endPhase(provesCore ? "solutions, learners' wrong tests and core tests" : "solutions and learners' wrong tests")

        // The solutions build compiled every module a learner imports: their public symbols are read now.
        let apiLine: APILineCheck.Report
        do {
            apiLine = try APILineCheck.run(workbench: workbench)
        } catch let problem as APISurface.Problem {
            apiLine = APILineCheck.Report(problems: [VerificationProblem("API line", problem.description)])
        }
        summary.record(apiLine.problems, passedIfEmpty: apiLine.appleSymbols + apiLine.workbenchSymbols)
        report(
            line(
                "  API line",
                "\(apiLine.appleSymbols) symbols mirror Apple's (each with its documentation page), \(apiLine.workbenchSymbols) are the "
                    + "workbench's own (\(apiLine.reachableWorkbenchSymbols) reached by import PersistenceCore, each with its reason), "
                    + "\(apiLine.uses) workbench-only names used in lessons, starters and references, each explained",
                problems: apiLine.problems, style: style
            ))
        endPhase("API line")

        for section in sections {
            for (mistake, problems) in wrongTests[section.number] ?? [] {
                summary.record(problems, passedIfEmpty: 1)
                report(
                    line(
                        "  Section \(section.number)", "the wrong tests '\(mistake.id)' are caught", problems: problems,
                        style: style))
            }
        }

        report(
            style.bold("variants")
                + "   building every section's known mistakes, alternative solutions, mutants and starter from one plan…"
        )
        var lastGroup = ""
        // Every phase of the variants repeats for each section.
        func endVariantPhase(_ name: String) { endPhase(name, repeatsPerSection: true) }
        let starterRuns = try proveVariants(of: sections, phaseEnded: endVariantPhase) { group, found in
            if group != lastGroup {
                lastGroup = group
                report(
                    style.bold(group + String(repeating: " ", count: max(1, 11 - group.count)))
                        + Self.groupHeadline[group, default: ""])
            }
            summary.record(found.problems, passedIfEmpty: found.passedIfEmpty)
            report(line(found.label, found.detail, problems: found.problems, style: style))
        }

        // The starters ran with the variants, switched in or built in their section's folder; when the
        // variants could not be built, the exercises track is built as it is.
        let buildsExercisesTrack = starterRuns.isEmpty
        report(
            style.bold("starters")
                + (buildsExercisesTrack
                    ? "   building and grading with COURSE_TRACK=exercises…"
                    : "   grading the learner's own tests with COURSE_TRACK=exercises…"))
        let starters = buildsExercisesTrack ? try tester.run(BuildRequest(track: .exercises), filter: suiteFilter) : nil
        for section in sections {
            let learnerOutcomes = try learnerTestOutcomes(of: section, on: .exercises)
            guard let run = starters ?? starterRuns[section.number] else {
                let problem = VerificationProblem(
                    "Section \(section.number) starter", "its checks did not run with the variants")
                summary.record([problem], passedIfEmpty: 0)
                report(line("  Section \(section.number)", "the starter", problems: [problem], style: style))
                continue
            }
            let problems = Self.problems(
                section: section, run: run, expectPass: false, workbench: workbench,
                learnerOutcomes: learnerOutcomes)
            summary.record(problems, passedIfEmpty: section.checkNames.count)
            report(
                line(
                    "  Section \(section.number)", "\(section.checkNames.count) checks fail on the starter",
                    problems: problems, style: style))
        }
        endPhase("starters", repeatsPerSection: true)

        if provesCore {
            let graded = ClassGradingCheck(workbench: workbench)
            let numbers = graded.sections.map { String($0.number) }.joined(separator: " and ")
            report(
                style.bold("grading")
                    + "    `coach grade` of a class on sections \(numbers): reference, starter, a known mistake, a forger…"
            )
            let grading = try graded.run()
            summary.record(grading.problems, passedIfEmpty: grading.passed)
            report(line("  class", grading.lines.joined(separator: "; "), problems: grading.problems, style: style))
            endPhase("class grading")
        }
        if let packageSwiftSyntax {
            let found = try packageSwiftSyntax.wait()
            summary.record(found.problems, passedIfEmpty: PackageSwiftSyntaxCheck.steps.count)
            report(
                line(
                    "swift-syntax",
                    "on the package's swift-syntax\(found.version.map { " " + $0 } ?? "") too (COURSE_SWIFT_SYNTAX="
                        + "package, a toolchain without its own), the macro plugin and its support library compile "
                        + "against swift-syntax's prepared modules and the mutant generator's imports resolve; "
                        + "beside the rest at idle priority in "
                        + "\(Int(found.seconds.rounded())) s",
                    problems: found.problems, style: style))
            endPhase("waiting for the package's swift-syntax")
        }
        summary.machineSpeed.append(MachineSpeedProbe.measure())
        return summary
    }

    /// What each group of the variants' report says first.
    static let groupHeadline = [
        "mistakes": "the known wrong solutions, switched in at run time or built in place of the references",
        "alternatives": "the correct solutions written differently",
        "mutants": "each suite against mutants of its reference solution",
    ]

    /// Groups `items` into rounds, each section's items (as `section` numbers them) in their order and at
    /// most one in a round, so each build swaps at most one variant into each section. There are as many
    /// rounds as the section with the most items has; a section with fewer spreads them over the rounds
    /// where the others weigh least (`weight`, what building an item costs), so that every round has about
    /// as much to compile and the last ones, which nothing else runs beside, keep both cores busy.
    static func rounds<Item>(_ items: [Item], section: (Item) -> Int, weight: (Item) -> Int = { _ in 1 }) -> [[Item]] {
        let bySection = Dictionary(grouping: items, by: section)
        let depth = bySection.values.map(\.count).max() ?? 0
        var load = Array(repeating: 0, count: depth)
        var placed = Array(repeating: [(section: Int, item: Item)](), count: depth)
        let weights = bySection.mapValues { $0.map(weight) }
        // The sections with the most items first, then the heaviest: they have the least room to move.
        let order = bySection.keys.sorted { first, second in
            (weights[first]!.count, weights[first]!.reduce(0, +), -first)
                > (weights[second]!.count, weights[second]!.reduce(0, +), -second)
        }
        for number in order {
            let sectionWeights = weights[number]!
            for (index, round) in spread(sectionWeights, over: load).enumerated() {
                load[round] += sectionWeights[index]
                placed[round].append((number, bySection[number]![index]))
            }
        }
        return placed.map { $0.sorted { $0.section < $1.section }.map(\.item) }
    }

    /// The rounds, one per weight and in increasing order, that keep the rounds' loads most even once the
    /// weights are added: the least sum of the loads' squares, the earliest rounds on a tie.
    static func spread(_ weights: [Int], over load: [Int]) -> [Int] {
        guard !weights.isEmpty, weights.count <= load.count else { return Array(weights.indices) }
        let rounds = load.count
        let added = { (round: Int, weight: Int) in
            (load[round] + weight) * (load[round] + weight) - load[round] * load[round]
        }
        // cost[i][r]: the least cost of the first i + 1 weights with the last in round r; from[i][r]: the round
        // of weight i - 1 on that way.
        var cost = Array(repeating: Array(repeating: Int.max, count: rounds), count: weights.count)
        var from = Array(repeating: Array(repeating: -1, count: rounds), count: weights.count)
        for round in 0..<rounds { cost[0][round] = added(round, weights[0]) }
        for index in weights.indices.dropFirst() {
            var best = (cost: Int.max, round: -1)
            for round in index..<rounds {
                let previous = round - 1
                if cost[index - 1][previous] < best.cost { best = (cost[index - 1][previous], previous) }
                guard best.round >= 0 else { continue }
                cost[index][round] = best.cost + added(round, weights[index])
                from[index][round] = best.round
            }
        }
        let last = weights.count - 1
        var round = (last..<rounds).min { (cost[last][$0], $0) < (cost[last][$1], $1) }!
        var chosen = [round]
        for index in stride(from: last, to: 0, by: -1) {
            round = from[index][round]
            chosen.append(round)
        }
        return chosen.reversed()
    }

    /// Selects the hidden suites' tests: their modules are named `Section<N>…Tests`.
    static let sectionFilter = "^Section[0-9]+"

    /// Grades each known wrong test suite of `section` in place of the learner's tests, with the
    /// reference's library, and requires the checks it names to fail.
    func checkLearnerTestMistakes(of section: Course.Section) throws -> [(Course.KnownMistake, [VerificationProblem])] {
        guard let tests = section.learnerTests else { return [] }
        return try tests.mistakes.map { mistake in
            let area = "Section \(section.number) wrong tests '\(mistake.id)'"
            let folder = Self.learnerTestsFolder(of: tests)
            do {
                let staged = try VariantStage(workbench: workbench).stage(mistake, of: tests.stagedAs(section))
                try LearnerTestGrader.mirror(
                    workbench.root.appending(path: staged), into: workbench.root.appending(path: folder))
            } catch {
                return (mistake, [VerificationProblem(area, "cannot stage the fixture: \(error.localizedDescription)")])
            }
            let outcomes = try learnerTestGrader.outcomes(of: section, on: .solutions, testsFolder: folder)
            let problems = mistake.caughtBy.compactMap { name -> VerificationProblem? in
                let result = outcomes.first { $0.displayName == name }?.result
                guard result != .failed else { return nil }
                return VerificationProblem(
                    area,
                    "\(mistake.summary), but \"\(name)\" \(result.map(\.rawValue) ?? "did not run") instead of failing")
            }
            return (mistake, problems)
        }
    }

    /// The outcomes of `section`'s learner-test checks with the tests on `track`, or nil when it has none.
    ///
    /// On the solutions track the reference's tests are graded from ``learnerTestsFolder(of:)``, where the
    /// known wrong tests follow them; on the exercises track, from the starter's own folder, as a learner's.
    func learnerTestOutcomes(of section: Course.Section, on track: CourseTrack) throws -> [TestOutcome]? {
        guard let tests = section.learnerTests else { return nil }
        guard track == .solutions else { return try learnerTestGrader.outcomes(of: section, on: track) }
        let folder = Self.learnerTestsFolder(of: tests)
        try LearnerTestGrader.mirror(
            workbench.root.appending(path: "\(track.folder)/\(tests.target)"),
            into: workbench.root.appending(path: folder))
        return try learnerTestGrader.outcomes(of: section, on: track, testsFolder: folder)
    }

    /// The one folder a section's learner tests are graded from on the solutions track, the reference's and
    /// each known wrong suite in turn, with only the files that differ rewritten: the builds then share their
    /// course variables, so SwiftPM plans once, and each rebuilds only the tests that changed.
    static func learnerTestsFolder(of tests: Course.LearnerTests) -> String {
        ".build/coach/learner-tests/\(tests.target)"
    }

    /// Grades the tests learners write, with this verifier's tester rebuilding directly from SwiftPM's plan
    /// when only files changed, as `coach check` does.
    var learnerTestGrader: LearnerTestGrader {
        var directTester = tester
        directTester.rebuildsDirectly = true
        var grader = LearnerTestGrader(workbench: workbench) { request, filter in
            try directTester.run(request, filter: filter)
        }
        grader.switchesMistakes = .schemata(
            workbench: workbench, tester: directTester, generator: learnerTestGenerator)
        return grader
    }

    /// What is wrong with `section`'s checks in `run`. The learner-test checks count only when their
    /// outcomes are given; otherwise (a mistake or an alternative in the section's library, which the
    /// learner's tests do not grade) they are left out.
    static func problems(
        section: Course.Section, run: TrackRun, expectPass: Bool, workbench: Workbench,
        subject: String = "the reference solution",
        learnerOutcomes: [TestOutcome]? = nil
    ) -> [VerificationProblem] {
        let area = "Section \(section.number) \(expectPass ? "solution" : "starter")"
        var grade = SectionGrade(section: section, run: run, workbench: workbench)
        if !run.compiled {
            return buildProblems(area: area, run: run, in: grade)
        }
        var problems: [VerificationProblem] = []
        if run.testRun == .timedOut {
            problems.append(
                VerificationProblem(
                    area, "the test run hit its time limit; see \(workbench.relativePath(of: run.testLog))"))
        }
        var notGraded: Set<String> = []
        if let learnerOutcomes {
            grade = grade.adding(learnerOutcomes)
        } else {
            notGraded = Set(section.learnerTests?.checkNames ?? [])
        }
        for check in grade.checks where !notGraded.contains(check.name) {
            guard let outcome = check.outcome else {
                problems.append(
                    VerificationProblem(
                        area,
                        "the checkpoint names \"\(check.name)\", but \(section.testTarget) has no test with that name"))
                continue
            }
            switch (expectPass, outcome.result) {
            case (true, .passed), (false, .failed):
                continue
            case (true, _):
                problems.append(
                    VerificationProblem(
                        area, "\"\(check.name)\" \(outcome.result.rawValue) on \(subject)\(firstIssue(outcome))"))
            case (false, .passed):
                problems.append(
                    VerificationProblem(
                        area,
                        "\"\(check.name)\" already passes on the starter: the check cannot tell an unfinished exercise from a finished one"
                    ))
            case (false, .crashed), (false, .timedOut):
                problems.append(
                    VerificationProblem(
                        area,
                        "\"\(check.name)\" \(outcome.result.rawValue) on the starter: an unfinished exercise must fail its checks, not stop the test process"
                    ))
            case (false, _):
                problems.append(
                    VerificationProblem(
                        area,
                        "\"\(check.name)\" \(outcome.result.rawValue) on the starter: every graded check must run and fail"
                    ))
            }
        }
        for test in grade.unlistedTests {
            problems.append(
                VerificationProblem(
                    area, "\"\(test.displayName)\" is not listed under any checkpoint item in course/course.json"))
        }
        return problems
    }

    /// What is wrong with the core's own tests in `run`: a build failure, any test that did not pass
    /// (a test disabled by its own trait, say one that needs an environment variable, is skipped, not
    /// failed), or no core test at all.
    static func coreProblems(in run: TrackRun, sectionModules: Set<String>, workbench: Workbench)
        -> [VerificationProblem]
    {
        guard run.compiled else { return buildProblems(area: "core tests", run: run, in: nil) }
        let core = run.outcomes.filter { !sectionModules.contains($0.module) }
        if core.isEmpty {
            return [
                VerificationProblem("core tests", "no core test ran; see \(workbench.relativePath(of: run.testLog))")
            ]
        }
        return core.filter { $0.result != .passed && $0.result != .skipped }.map {
            VerificationProblem(
                "core tests", "\"\($0.displayName)\" (\($0.module)) \($0.result.rawValue)\(firstIssue($0))")
        }
    }

    static func buildProblems(area: String, run: TrackRun, in grade: SectionGrade?) -> [VerificationProblem] {
        guard !run.compiled else { return [] }
        let errors = grade?.compilerErrors.isEmpty == false ? grade!.compilerErrors : run.compilerErrors
        let listed = errors.prefix(5).map { "\n    \($0)" }.joined()
        let where_ = errors.isEmpty ? " (see .build/coach/build-\(run.track.rawValue).log)" : ""
        return [
            VerificationProblem(area, "the package does not build on the \(run.track.rawValue) track\(where_)\(listed)")
        ]
    }

    static func firstIssue(_ outcome: TestOutcome) -> String {
        guard let issue = outcome.issues.first else { return "" }
        return ": " + issue.replacingOccurrences(of: "\n", with: " — ")
    }

    func line(_ label: String, _ detail: String, problems: [VerificationProblem], style: TerminalStyle) -> String {
        let padded = label.padding(toLength: 17, withPad: " ", startingAt: 0)
        if problems.isEmpty { return "\(padded)\(detail)  " + style.success("ok") }
        return "\(padded)" + style.failure("\(problems.count) problem(s)")
            + problems.map { "\n    ✗ " + $0.message.escapedForTerminal(keepingLineBreaks: true) }.joined()
    }
}

/// The tally of a verification: expectations met, and every problem found.
public struct VerificationSummary: Equatable, Sendable {
    /// How many expectations held (a core test passing, a solution check passing, a starter check failing…).
    public var passed = 0
    /// Everything that did not hold.
    public var problems: [VerificationProblem] = []
    /// The sections proved, when the run was limited to some of them (the core's tests then did not run).
    public var limitedTo: [Int]?
    /// Whether only the lessons' Swift blocks were proved.
    public var onlyLessons = false
    /// How long each phase took, in order.
    public var phases: [PhaseTime] = []
    /// How many sections were proved.
    public var sectionCount = 0
    /// The CPU time of ``MachineSpeedProbe``'s fixed work at the start of the run and at its end: how fast the
    /// machine was, so that the phases' times can be compared with another run's.
    public var machineSpeed: [Duration] = []

    /// One phase of a verification and its time.
    public struct PhaseTime: Equatable, Sendable {
        /// What the phase proves: "lessons", "mistakes"…
        public var name: String
        /// How long it took.
        public var seconds: Double
        /// Whether all of its work is done again for each section (a section's variants, mutants and
        /// starter), so that it grows with the course; the lessons' and solutions' builds and the core's
        /// tests are mostly shared by every section.
        public var repeatsPerSection = false

        public init(name: String, seconds: Double, repeatsPerSection: Bool = false) {
            self.name = name
            self.seconds = seconds
            self.repeatsPerSection = repeatsPerSection
        }
    }

    /// The line that says what one more section costs: the phases that repeat for each section, over the
    /// sections proved; nil when none ran.
    var perSectionLine: String? {
        let repeated = phases.filter(\.repeatsPerSection)
        guard !repeated.isEmpty, sectionCount > 0 else { return nil }
        let seconds = repeated.reduce(0) { $0 + $1.seconds }
        return String(
            format: "Per section: %.0f s (%.0f s of variants, mutants and starters over %d section(s)); "
                + "the lessons' and solutions' builds and the core's tests, mostly shared, are not counted.",
            seconds / Double(sectionCount), seconds, sectionCount)
    }

    /// The line that says how fast the machine was, from the probe's times; nil when it did not run.
    var machineSpeedLine: String? {
        guard let first = machineSpeed.first else { return nil }
        let milliseconds = { (time: Duration) in String(format: "%.0f ms", time.seconds * 1000) }
        let end = machineSpeed.count > 1 ? ", \(milliseconds(machineSpeed.last!)) at the end" : ""
        return "Machine speed: a fixed piece of work took \(milliseconds(first)) of CPU at the start\(end) "
            + "(compare it with another run's before comparing their phases)."
    }

    /// Whether nothing went wrong.
    public var succeeded: Bool { problems.isEmpty }

    mutating func record(_ found: [VerificationProblem], passedIfEmpty count: Int) {
        if found.isEmpty { passed += count } else { problems += found }
    }

    /// The closing lines: a sentence for people, then `verify: N passed, N failed` for CI systems.
    public func closingLines(style: TerminalStyle) -> [String] {
        let lessonsScope = "Verified: every Swift block of the lessons compiles, runs, or fails to compile as marked."
        let scope =
            onlyLessons
            ? lessonsScope
            : limitedTo.map {
                "Verified section(s) \($0.map(String.init).joined(separator: ", ")): every solution passes its suite, every starter fails it."
            }
        let verdict =
            succeeded
            ? style.success(
                scope ?? "Verified: the core's tests pass, every solution passes its suite, every starter fails it.")
            : style.failure("Not verified: \(problems.count) problem(s), listed above and again here:")
        let times =
            phases.isEmpty
            ? []
            : [
                "Time per phase: "
                    + phases.map { String(format: "%@ %.0f s", $0.name, $0.seconds) }.joined(separator: ", ")
                    + String(format: "; %.0f s in all.", phases.reduce(0) { $0 + $1.seconds })
            ] + (perSectionLine.map { [$0] } ?? []) + (machineSpeedLine.map { [$0] } ?? [])
        return times + [verdict] + problemRecap + ["verify: \(passed) passed, \(problems.count) failed"]
    }

    /// Each problem again in one line of at most 240 characters, so that a log cut to its last lines
    /// still names what failed; the full text is where the problem was first printed. Control characters
    /// are shown as text, as they are there.
    var problemRecap: [String] {
        problems.map { problem in
            let firstLine = problem.description.split(separator: "\n", maxSplits: 1).first ?? ""
            let line = "  - " + firstLine.escapedForTerminal()
            return line.count > 240 ? String(line.prefix(239)) + "…" : line
        }
    }
}
