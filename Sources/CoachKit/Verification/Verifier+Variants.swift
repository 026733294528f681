import Foundation

/// The numbers that select a known mistake, an alternative solution or the starter switched into a
/// section's schema at run time (`COACH_MUTANT`), apart from the mutants' (which count from 1).
enum VariantID {
    /// The first known mistake's number; the n-th mistake of a section is `mistakes + n`.
    static let mistakes = 1_000_000
    /// The first alternative solution's number.
    static let alternatives = 2_000_000
    /// The starter's number.
    static let starter = 3_000_000

    /// Whether `id` selects a mistake, an alternative or the starter rather than a mutant.
    static func isVariant(_ id: Int) -> Bool { id >= mistakes }
}

extension Verifier {
    /// One known mistake and the section it belongs to.
    struct PlacedMistake {
        let section: Course.Section
        let mistake: Course.KnownMistake
    }

    /// One alternative solution and the section it belongs to.
    struct PlacedAlternative {
        let section: Course.Section
        let alternative: Course.Alternative
    }

    /// A known mistake, an alternative solution or the starter of a section, as a complete section folder.
    struct StagedVariant {
        enum Kind {
            case mistake(Course.KnownMistake)
            case alternative(Course.Alternative)
            /// The exercise as a learner gets it, from the exercises track's folder.
            case starter
        }

        let section: Course.Section
        let kind: Kind
        /// Its number at run time (``VariantID``).
        let id: Int
        /// Its complete section folder (``VariantStage``), relative to the workbench root.
        let folder: String

        var label: String {
            switch kind {
            case .mistake(let mistake): "'\(mistake.id)' is caught"
            case .alternative(let alternative): "alternative '\(alternative.id)' passes every check"
            case .starter: "the starter fails every check"
            }
        }

        var area: String {
            switch kind {
            case .mistake(let mistake): "Section \(section.number) mistake '\(mistake.id)'"
            case .alternative(let alternative): "Section \(section.number) alternative '\(alternative.id)'"
            case .starter: "Section \(section.number) starter"
            }
        }

        var isMistake: Bool {
            if case .mistake = kind { return true }
            return false
        }

        var isStarter: Bool {
            if case .starter = kind { return true }
            return false
        }
    }

    /// A variant's checks as they ran, and what is wrong with them (a starter's are judged by the caller,
    /// with the learner's tests beside them).
    struct VariantRun {
        let problems: [VerificationProblem]
        let run: TrackRun?
    }

    /// What proving the variants found: one line per mistake, refusal, alternative and section's mutants.
    struct VariantLine {
        let label: String
        let detail: String
        let problems: [VerificationProblem]
        let passedIfEmpty: Int
    }

    /// Proves every known mistake is caught, every alternative solution accepted and every mutant killed
    /// or explained, and runs every section's checks on its starter, from one SwiftPM plan: each section
    /// builds from its own folder (``MutantStage/buildFolder(of:)``), first holding its schema — the
    /// mutants and every variant that differs from the reference only inside bodies, selected at run time
    /// — then, one build per round, the variants that must be built as they are (a changed attribute, a
    /// stored property, a compiler refusal), only the files that differ rewritten. The variants selected at
    /// run time and the mutants run beside those rounds, on a copy of the schemata's test program.
    ///
    /// - Parameters:
    ///   - phaseEnded: Called as each part ends, with its name, for verify's time per phase.
    ///   - report: Receives each line as it is known, with its group: "mistakes", "alternatives", "mutants".
    /// - Returns: Each section's checks as they ran on its starter, by section number; empty when the
    ///   schemata did not build, and then the starters are for the caller to build.
    func proveVariants(
        of sections: [Course.Section], phaseEnded: (String) -> Void, report: (String, VariantLine) -> Void
    ) throws -> [Int: TrackRun] {
        var staged: [StagedVariant] = []
        for section in sections {
            // The starter is the exercises track's own folder, a complete section as a learner gets it.
            staged.append(
                StagedVariant(
                    section: section, kind: .starter, id: VariantID.starter,
                    folder: workbench.relativePath(of: workbench.sourceFolder(of: section, on: .exercises))))
            let kinds: [(String, Int, StagedVariant.Kind, SolutionVariant)] =
                section.mistakes.filter { $0.compileError == nil }.enumerated().map {
                    ($0.element.id, VariantID.mistakes + $0.offset, .mistake($0.element), .mistake($0.element))
                }
                + section.alternatives.enumerated().map {
                    (
                        $0.element.id, VariantID.alternatives + $0.offset, .alternative($0.element),
                        .alternative($0.element)
                    )
                }
            for (name, id, kind, variant) in kinds {
                do {
                    let folder = try VariantStage(workbench: workbench).stage(variant, of: section)
                    staged.append(StagedVariant(section: section, kind: kind, id: id, folder: folder))
                } catch {
                    let problem = VerificationProblem(
                        "Section \(section.number) \(variant.kind.noun) '\(name)'",
                        "cannot stage the fixture: \(error.localizedDescription)"
                    )
                    report(
                        variant.kind == .mistake ? "mistakes" : "alternatives",
                        VariantLine(
                            label: "  Section \(section.number)", detail: "'\(name)'", problems: [problem],
                            passedIfEmpty: 0
                        ))
                }
            }
        }

        // Only variants whose files are the reference's, with exercise files changed, can be switched in;
        // the generator then decides body by body, and the others are built as they are.
        var switchable: [String: [MutantStage.Variant]] = [:]
        for variant in staged where isSwitchable(variant) {
            switchable[variant.section.target, default: []].append(
                .init(id: variant.id, folder: workbench.root.appending(path: variant.folder)))
        }

        let tester = MutationTester(workbench: workbench)
        let built: MutationTester.Built
        switch try tester.build(sections, variants: switchable, progress: { _ in }) {
        case .failure(let failure):
            report(
                "mutants",
                VariantLine(
                    label: "  mutants", detail: "could not be tested",
                    problems: failure.messages.map { VerificationProblem("mutants", $0) }, passedIfEmpty: 0))
            return [:]
        case .success(let result):
            built = result
        }
        phaseEnded("variants' build")
        let placedIDs = Dictionary(grouping: built.staged, by: \.section.target).mapValues { stages in
            Set(stages.flatMap(\.variants).map(\.id))
        }
        let isPlaced = { (variant: StagedVariant) in
            (placedIDs[variant.section.target]?.contains(variant.id) ?? false)
                && !(built.excluded[variant.section.target]?.contains(variant.id) ?? false)
        }
        let switched = staged.filter(isPlaced)
        let separate = staged.filter { !isPlaced($0) }

        var results: [Int: [VerificationProblem]] = [:]
        var starterRuns: [Int: TrackRun] = [:]
        let key = { (variant: StagedVariant) in variant.id * 100 + variant.section.number }
        func keep(_ variant: StagedVariant, _ outcome: VariantRun) {
            results[key(variant)] = outcome.problems
            if variant.isStarter, var run = outcome.run {
                run.track = .exercises
                starterRuns[variant.section.number] = run
            }
        }
        // The switched-in variants and the mutants run on a copy of the schemata's test program, on a thread of
        // their own, while the variants built apart rebuild the program in place. They share no file, and each
        // fills the cores the other leaves idle: a round compiles a section's module, then its suite, then
        // links, one after the other, and a section's last mutants run alone.
        let copy = try TestProgramCopy(of: built.binary, suffix: "schemata")
        defer { copy.remove() }
        var onCopy = built
        onCopy.binary = copy.url
        let beside = BackgroundWork { [self, tester, switched, onCopy] in
            let start = ContinuousClock.now
            let switchedRuns = try runSwitched(switched, in: onCopy)
            let switchedSeconds = (ContinuousClock.now - start).seconds
            let mutation = try tester.results(of: onCopy, progress: { _ in })
            return (switchedRuns, switchedSeconds, mutation, (ContinuousClock.now - start).seconds - switchedSeconds)
        }
        let apartStart = ContinuousClock.now
        let apart = Result { try buildSeparately(separate, in: built) }
        let apartSeconds = (ContinuousClock.now - apartStart).seconds
        let (switchedRuns, switchedSeconds, mutation, mutantSeconds) = try beside.wait()
        for (variant, outcome) in switchedRuns { keep(variant, outcome) }
        for (variant, outcome) in try apart.get() { keep(variant, outcome) }
        let seconds = { (value: Double) in "\(Int(value.rounded())) s" }
        phaseEnded(
            "variants built apart (\(separate.count), \(separate.filter(\.isStarter).count) of them starters, in "
                + "\(Self.rounds(separate, section: \.section.number).count) builds, \(seconds(apartSeconds))) beside the "
                + "switched-in variants (\(switched.count), \(switched.filter(\.isStarter).count) of them starters, "
                + "\(seconds(switchedSeconds))) and then the mutants (\(built.staged.flatMap(\.mutants).count), "
                + "\(seconds(mutantSeconds)))"
        )

        for variant in staged where variant.isMistake {
            report("mistakes", line(for: variant, problems: results[key(variant)] ?? []))
        }
        let refusals = Self.compilerRefusals(of: sections)
        for placed in refusals {
            let problems = try checkRefused(placed, in: built)
            report(
                "mistakes",
                VariantLine(
                    label: "  Section \(placed.section.number)",
                    detail: "'\(placed.mistake.id)' is refused by the compiler", problems: problems, passedIfEmpty: 1
                ))
        }
        if !refusals.isEmpty { phaseEnded("compiler refusals (\(refusals.count))") }
        for variant in staged where !variant.isMistake && !variant.isStarter {
            report("alternatives", line(for: variant, problems: results[key(variant)] ?? []))
        }
        for result in mutation {
            let problems = result.problemLines.map {
                VerificationProblem("Section \(result.section.number) mutants", $0)
            }
            let detail =
                "mutation score \(result.score)%: \(result.killed.count) of \(result.outcomes.count) mutants killed"
                + (result.equivalent.isEmpty ? "" : ", \(result.equivalent.count) equivalent")
            report(
                "mutants",
                VariantLine(
                    label: "  Section \(result.section.number)", detail: detail, problems: problems,
                    passedIfEmpty: result.killed.count + result.equivalent.count
                ))
        }
        restoreSchemata(of: sections, in: built)
        return starterRuns
    }

    private func line(for variant: StagedVariant, problems: [VerificationProblem]) -> VariantLine {
        let passed = variant.isMistake ? 1 : variant.section.checkNames.count
        return VariantLine(
            label: "  Section \(variant.section.number)", detail: variant.label, problems: problems,
            passedIfEmpty: passed)
    }

    private func isSwitchable(_ variant: StagedVariant) -> Bool {
        VariantStage.isSwitchable(
            workbench.root.appending(path: variant.folder), for: variant.section, workbench: workbench)
    }

    /// Runs each switched-in variant's checks on the schemata's test program, two at a time: a mistake's
    /// catching checks must fail, an alternative's every check must pass; a starter runs every check.
    private func runSwitched(_ variants: [StagedVariant], in built: MutationTester.Built) throws -> [(
        StagedVariant, VariantRun
    )] {
        let outcomes = try ParallelWork.map(variants, jobs: ProcessInfo.processInfo.activeProcessorCount) {
            variant, slot in try runSwitched(variant, in: built, slot: slot)
        }
        return Array(zip(variants, outcomes))
    }

    private func runSwitched(_ variant: StagedVariant, in built: MutationTester.Built, slot: Int) throws
        -> VariantRun
    {
        let section = variant.section
        let checks = built.baseline.filter { $0.module == section.testTarget }
        var filter = "^\(NSRegularExpression.escapedPattern(for: section.testTarget))\\."
        if case .mistake(let mistake) = variant.kind {
            let ids = mistake.caughtBy.compactMap { name in checks.first { $0.displayName == name }?.id }
            guard ids.count == mistake.caughtBy.count else {
                let missing = mistake.caughtBy.filter { name in !checks.contains { $0.displayName == name } }
                return VariantRun(
                    problems: [
                        VerificationProblem(
                            variant.area,
                            "course.json says \(missing.map { "\"\($0)\"" }.joined(separator: ", ")) catches it, but \(section.testTarget) has no such check"
                        )
                    ], run: nil)
            }
            filter = ids.map(SwiftPackageTester.pattern(matching:)).joined(separator: "|")
        }
        let logs = workbench.logFolder
        let temporary = try RunTemporaryFolder(slot: slot, named: "variant-run")
        defer { temporary.remove() }
        let attempt = TestAttempt(
            workbench: workbench,
            environment: temporary.environment(
                adding: MutationTester.quietCrashes.merging(["COACH_MUTANT": String(variant.id)]) { $1 }),
            filter: filter,
            timeLimit: tester.testTimeLimit,
            events: logs.appending(path: "variant-run-\(slot).jsonl"),
            log: logs.appending(path: "variant-run-\(slot).log"),
            launch: .harness(path: built.binary.path, directory: workbench.root) { $0 }
        )
        var reading = try attempt.run(only: nil, parallel: true)
        if reading.outcomes.contains(where: { [.crashed, .notRun].contains($0.result) }) {
            reading = try attempt.isolateFailures(after: reading)
        }
        let run = TrackRun(
            track: .solutions, build: .exited(0), compilerErrors: [], testRun: reading.termination,
            outcomes: reading.outcomes,
            buildLog: logs.appending(path: "build-mutants.log"),
            testLog: logs.appending(path: "variant-run-\(slot).log")
        )
        return VariantRun(problems: problems(of: variant, in: run), run: run)
    }

    /// What is wrong with `variant`'s checks in `run`: a mistake's catching check that did not fail, an
    /// alternative's check that did not pass, or a build that failed. A starter's are judged with the
    /// learner's tests beside them (``Verifier/problems(section:run:expectPass:workbench:subject:learnerOutcomes:)``).
    private func problems(of variant: StagedVariant, in run: TrackRun) -> [VerificationProblem] {
        switch variant.kind {
        case .starter:
            return []
        case .mistake(let mistake):
            return Self.caughtProblems(
                of: PlacedMistake(section: variant.section, mistake: mistake), in: run, workbench: workbench)
        case .alternative(let alternative):
            if !run.compiled {
                return Self.buildProblems(area: variant.area, run: run, in: nil)
            }
            let checked = Self.problems(
                section: variant.section, run: run, expectPass: true, workbench: workbench,
                subject: "this alternative solution")
            return checked.map { VerificationProblem(variant.area, "\(alternative.summary), but \($0.message)") }
        }
    }

    /// Builds the variants that cannot be switched in, in rounds: at most one of every section in a build,
    /// spread so each build compiles about as much (``Verifier/rounds(_:section:weight:)``), each in its
    /// section's build folder (the plan stays the schemata's), SwiftPM's first and the others from its plan
    /// directly, in ``roundOrder(_:reshapes:isStarter:)``. When a round does not compile, each of its variants
    /// is built alone so the report names the one at fault.
    private func buildSeparately(_ variants: [StagedVariant], in built: MutationTester.Built) throws -> [(
        StagedVariant, VariantRun
    )] {
        let reshaping = variants.map { variant in
            InterfaceReshaping.isLikely(
                reference: workbench.sourceFolder(of: variant.section, on: .solutions),
                variant: workbench.root.appending(path: variant.folder))
        }
        let ordered = Self.roundOrder(
            Array(zip(variants, reshaping)), reshapes: { _, item in item.1 }, isStarter: \.0.isStarter)
        try? FileManager.default.removeItem(at: workbench.logFolder.appending(path: Self.roundLogName))
        let rounds = Self.rounds(ordered, section: \.0.section.number) { variant, reshapes in
            Self.roundWeight(reshapes: reshapes, isStarter: variant.isStarter)
        }
        return try rounds.flatMap { try buildRound($0.map(\.0), in: built) }
    }

    /// What a variant built apart costs its round, for ``Verifier/rounds(_:section:weight:)``: its section's
    /// module compiles again, and so does the section's suite when the variant probably reshapes the
    /// interface or is the starter (whose stubs often do), which takes about twice as long.
    static func roundWeight(reshapes: Bool, isStarter: Bool) -> Int {
        reshapes || isStarter ? 3 : 1
    }

    /// The order in which a section's variants are built apart, one round after the other.
    ///
    /// A round compiles a section's suite only when the section's public interface differs from the last
    /// round's (``PublicInterfaceFile``), and the first round follows the schema, which declares the
    /// reference's. So the variants that keep the reference's shape come first and in a row, then the
    /// starter (whose stubs and missing helpers often declare otherwise), then those that probably reshape the
    /// interface (``InterfaceReshaping``), each of which costs the suite's compile anyway; the order is
    /// stable within each group.
    static func roundOrder<Item>(
        _ items: [Item], reshapes: (_ index: Int, _ item: Item) -> Bool, isStarter: (Item) -> Bool
    ) -> [Item] {
        let rank = items.enumerated().map { index, item in
            (reshapes(index, item) ? 2 : 0) + (isStarter(item) ? 1 : 0)
        }
        return items.indices.sorted { (rank[$0], $0) < (rank[$1], $1) }.map { items[$0] }
    }

    private func buildRound(_ round: [StagedVariant], in built: MutationTester.Built) throws -> [(
        StagedVariant, VariantRun
    )] {
        for variant in round {
            try place(workbench.root.appending(path: variant.folder), of: variant.section)
        }
        // From the second round on, only the round's changed files are compiled, from SwiftPM's plan, and a
        // suite whose section declares what it did keeps its objects (``DirectRebuild``).
        var roundTester = tester
        roundTester.rebuildsDirectly = true
        roundTester.timeline = GradingTimeline()
        let start = ContinuousClock.now
        let run = try roundTester.run(built.request, filter: Self.roundFilter(round, checks: built.baseline))
        logRound(round, seconds: (ContinuousClock.now - start).seconds, timeline: roundTester.timeline)
        if !run.compiled && round.count > 1 {
            restoreSchemata(of: round.map(\.section), in: built)
            return try round.flatMap { try buildRound([$0], in: built) }
        }
        if !run.compiled { restoreSchemata(of: round.map(\.section), in: built) }
        return round.map { ($0, VariantRun(problems: problems(of: $0, in: run), run: run)) }
    }

    /// The checks a round of variants built apart runs: a mistake's catching checks alone, as only their
    /// results count for it (``caughtProblems(of:in:workbench:)``), and every check of an alternative's or a
    /// starter's section; a mistake whose catching checks `checks` (the schemata's run) does not list runs its
    /// section's every check, and the missing one is reported as not run.
    static func roundFilter(_ round: [StagedVariant], checks: [TestOutcome]) -> String {
        round.map { variant in
            let section = variant.section.testTarget
            let whole = "^" + NSRegularExpression.escapedPattern(for: section) + "\\."
            guard case .mistake(let mistake) = variant.kind else { return whole }
            let ids = mistake.caughtBy.compactMap { name in
                checks.first { $0.module == section && $0.displayName == name }?.id
            }
            guard !ids.isEmpty, ids.count == mistake.caughtBy.count else { return whole }
            return ids.map(SwiftPackageTester.pattern(matching:)).joined(separator: "|")
        }.joined(separator: "|")
    }

    /// Where each round of variants built apart goes: `.build/coach/variant-rounds.log`, a line per build
    /// with its variants, its time and its phases (a SwiftPM build names why it was needed), and for a
    /// build without SwiftPM the steps it ran (a suite's module listed means it compiled again).
    static let roundLogName = "variant-rounds.log"

    private func logRound(_ round: [StagedVariant], seconds: Double, timeline: GradingTimeline?) {
        let phases = (timeline?.totals ?? []).map { "\($0.name) \(String(format: "%.1f", $0.seconds)) s" }
        let commands = timeline?.commands ?? []
        let line =
            round.map { "Section \($0.section.number) \($0.label)" }.joined(separator: ", ")
            + String(format: ": %.1f s", seconds) + (phases.isEmpty ? "" : " (" + phases.joined(separator: "; ") + ")")
            + (commands.isEmpty ? "" : "; ran " + commands.joined(separator: ", ")) + "\n"
        let log = workbench.logFolder.appending(path: Self.roundLogName)
        if let handle = try? FileHandle(forWritingTo: log) {
            _ = try? handle.seekToEnd()
            try? handle.write(contentsOf: Data(line.utf8))
            try? handle.close()
        } else {
            try? Data(line.utf8).write(to: log)
        }
    }

    /// The known mistakes the compiler must refuse, in section order.
    static func compilerRefusals(of sections: [Course.Section]) -> [PlacedMistake] {
        sections.flatMap { section in
            section.mistakes.filter { $0.compileError != nil }.map { PlacedMistake(section: section, mistake: $0) }
        }
    }

    /// Builds `placed` in its section's build folder and requires the build to fail with its expected
    /// compiler error, reported in one of the mistake's own files; then puts the schema back.
    private func checkRefused(_ placed: PlacedMistake, in built: MutationTester.Built) throws -> [VerificationProblem] {
        let staged: String
        do {
            staged = try VariantStage(workbench: workbench).stage(placed.mistake, of: placed.section)
        } catch {
            return [
                VerificationProblem(Self.area(of: placed), "cannot stage the fixture: \(error.localizedDescription)")
            ]
        }
        let folder = MutantStage.buildFolder(of: placed.section)
        try place(workbench.root.appending(path: staged), of: placed.section)
        defer { restoreSchemata(of: [placed.section], in: built) }
        if let errors = try refusalErrors(of: placed.section, stagedIn: folder, in: built), !errors.isEmpty {
            let run = TrackRun(
                track: .solutions, build: .exited(1), compilerErrors: errors, testRun: nil, outcomes: [],
                buildLog: workbench.logFolder.appending(path: "build-mutants-\(placed.section.target).log"),
                testLog: workbench.logFolder.appending(path: "test-solutions.log"))
            return Self.refusalProblems(of: placed, in: run, stagedIn: folder)
        }
        let run = try tester.run(built.request, filter: "^\(placed.section.testTarget)")
        return Self.refusalProblems(of: placed, in: run, stagedIn: folder)
    }

    /// The errors of compiling `section`'s module alone, from SwiftPM's plan of the variants' build, when
    /// that plan compiles it from `folder`; `nil` when it does not, and SwiftPM has to build. A refused
    /// mistake's error lies in its section's module, and the rest of a build is not needed to see it.
    private func refusalErrors(of section: Course.Section, stagedIn folder: String, in built: MutationTester.Built)
        throws -> [CompilerDiagnostic]?
    {
        guard let plan = try? SwiftPMBuildPlan.read(from: workbench.root.appending(path: ".build/debug.yaml")) else {
            return nil
        }
        let compile = SchemaCompile(
            root: workbench.root, environment: built.request.environment, logFolder: workbench.logFolder)
        let outcome = try compile.compile(
            [section.target], from: [section.target: workbench.root.appending(path: folder)], in: plan,
            workbench: workbench)
        return outcome.compiled.contains(section.target) ? outcome.errors : nil
    }

    /// Puts each section's schema back in its build folder.
    private func restoreSchemata(of sections: [Course.Section], in built: MutationTester.Built) {
        for section in sections {
            try? LearnerTestGrader.mirror(
                schemaFolder(of: section), into: workbench.root.appending(path: MutantStage.buildFolder(of: section)))
        }
    }

    /// Where a section's complete schema is kept (``MutantStage/stage(_:excluding:variants:into:mutates:)``).
    private func schemaFolder(of section: Course.Section) -> URL {
        workbench.logFolder.appending(path: "variant-schemata/\(section.target)")
    }

    /// Puts the complete section in `folder` into `section`'s build folder, with the schema's switch file
    /// when the schema has one: the build folder then keeps the files SwiftPM planned, so the variant is
    /// rebuilt directly from that plan, and the switch file's one declaration, which the variant never
    /// reads, changes nothing its checks can see.
    private func place(_ folder: URL, of section: Course.Section) throws {
        var wanted = try SourceFingerprint.contents(under: folder)
        let switchFile = schemaFolder(of: section).appending(path: MutantStage.switchFileName)
        if let contents = try? Data(contentsOf: switchFile) { wanted[MutantStage.switchFileName] = contents }
        try WorkCopy.mirror(wanted, into: workbench.root.appending(path: MutantStage.buildFolder(of: section)))
    }

    /// What is wrong with a build that had to fail with `placed`'s compiler error.
    static func refusalProblems(of placed: PlacedMistake, in run: TrackRun, stagedIn folder: String)
        -> [VerificationProblem]
    {
        guard let expected = placed.mistake.compileError else { return [] }
        guard !run.compiled else {
            return [
                VerificationProblem(
                    area(of: placed),
                    "\(placed.mistake.summary), but the package builds: the compiler was expected to refuse it with \"\(expected)\""
                )
            ]
        }
        let inMistake = run.compilerErrors.filter { $0.path.contains(folder) }
        if inMistake.contains(where: { $0.message.contains(expected) }) { return [] }
        let found = (inMistake.isEmpty ? run.compilerErrors : inMistake).prefix(3).map { "\n    \($0)" }.joined()
        return [
            VerificationProblem(
                area(of: placed),
                "\(placed.mistake.summary), but the build failed without the error \"\(expected)\" in the mistake's files\(found)"
            )
        ]
    }

    static func area(of placed: PlacedMistake) -> String {
        "Section \(placed.section.number) mistake '\(placed.mistake.id)'"
    }

    /// What is wrong with `placed`'s catching checks in `run`: a build failure, or a check that did not fail.
    static func caughtProblems(of placed: PlacedMistake, in run: TrackRun, workbench: Workbench)
        -> [VerificationProblem]
    {
        if !run.compiled {
            return buildProblems(area: area(of: placed), run: run, in: nil)
        }
        let grade = SectionGrade(section: placed.section, run: run, workbench: workbench)
        return placed.mistake.caughtBy.compactMap { name -> VerificationProblem? in
            let result = grade.checks.first { $0.name == name }?.outcome?.result
            guard result != .failed else { return nil }
            return VerificationProblem(
                area(of: placed),
                "\(placed.mistake.summary), but \"\(name)\" \(result.map { $0.rawValue } ?? "did not run") instead of failing"
            )
        }
    }
}
