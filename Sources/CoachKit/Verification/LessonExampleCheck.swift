import Foundation

/// Proves every lesson's Swift blocks: they compile against the core in one build, the programs they make
/// run to the end on a throwaway device, and each block marked as not compiling fails with the error the
/// lesson names.
///
/// The programs are executable targets that `Package.swift` adds from the folder named by
/// `COURSE_LESSON_EXAMPLES`, so they reuse the workbench's own build of the core.
struct LessonExampleCheck: Sendable {
    /// The workbench whose lessons are checked.
    var workbench: Workbench
    /// The sections whose lessons are checked.
    var sections: [Course.Section]
    /// The longest one program may run.
    var runTimeLimit: Duration = .seconds(60)

    /// What the check proved: the tally for the verify line, and every problem.
    struct Result {
        var blocks = 0
        var programsRun = 0
        var failingBlocks = 0
        /// Why some programs are built but not run, as the lessons give it.
        var notRun: [String] = []
        var problems: [VerificationProblem] = []
    }

    /// Stages, builds and runs the lesson programs.
    ///
    /// - Throws: `CoachError.cannotLaunch` when `swift` cannot be started.
    func run() throws -> Result {
        var result = Result()
        var build: [LessonProgram] = []
        var mustFail: [LessonProgram] = []
        for section in sections {
            guard let lesson = try? workbench.lessonFile(of: section),
                let markdown = try? String(contentsOf: lesson, encoding: .utf8)
            else { continue }
            do {
                let examples = try LessonExample.examples(inLesson: markdown)
                result.blocks += examples.count
                for example in examples {
                    if case .stopsTheRun(let reason) = example.kind {
                        result.notRun.append("\(workbench.relativePath(of: lesson)):\(example.firstLine): \(reason)")
                    }
                }
                let programs = LessonProgram.programs(of: examples, section: section.number, lesson: lesson)
                build += programs.build
                mustFail += programs.mustFail
            } catch {
                result.problems.append(
                    VerificationProblem(
                        area(section.number), "\(workbench.relativePath(of: lesson)):\(error.line): \(error.message)"
                    ))
            }
        }
        guard !build.isEmpty || !mustFail.isEmpty else { return result }

        let built = try buildPrograms(build, named: "lesson-examples")
        result.problems += built.errors.map { problem(for: $0, in: build) }
        var template: PlannedCompile?
        if built.termination.succeeded {
            // The programs that must fail compile apart with the flags of a program that built.
            if let first = build.first,
                let plan = try? SwiftPMBuildPlan.read(from: workbench.root.appending(path: ".build/debug.yaml"))
            {
                template = PlannedCompile(module: first.target, in: plan)
            }
            for program in build where program.runs {
                result.problems += try runProblems(of: program)
                result.programsRun += 1
            }
        } else if built.errors.isEmpty {
            result.problems.append(
                VerificationProblem(
                    "lessons", "the lesson examples do not build; see \(workbench.relativePath(of: built.log))"
                ))
        }
        result.failingBlocks = mustFail.count
        if !mustFail.isEmpty {
            result.problems += try failureProblems(of: mustFail, template: template)
        }
        return result
    }

    private func area(_ section: Int) -> String { "Section \(section) lesson" }

    /// Builds `programs` in one `swift build`, with their lines of the lessons as the errors' locations.
    private func buildPrograms(_ programs: [LessonProgram], named name: String, product: String? = nil)
        throws -> (termination: ProcessTermination, errors: [CompilerDiagnostic], log: URL)
    {
        let folder = workbench.logFolder.appending(path: name, directoryHint: .isDirectory)
        try LessonProgram.stage(programs, in: folder)
        let log = workbench.logFolder.appending(path: "build-\(name).log")
        // The manifest makes a target of each program folder it finds, but SwiftPM keys its cache of evaluated
        // manifests by the environment alone: a cached evaluation would name the programs of an earlier run.
        var arguments = ["swift", "build", "--manifest-cache", "none"]
        if let product { arguments += ["--product", product] }
        var environment = BuildRequest.verifying(.solutions).environment
        environment["COURSE_LESSON_EXAMPLES"] = workbench.relativePath(of: folder)
        let termination = try ChildProcess(arguments, in: workbench.root, environment: environment, logFile: log).run()
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return (termination, CompilerDiagnostic.errors(in: text).map { $0.relative(to: workbench) }, log)
    }

    /// An error the compiler reported in a block that must compile.
    private func problem(for error: CompilerDiagnostic, in programs: [LessonProgram]) -> VerificationProblem {
        let section = programs.first { workbench.relativePath(of: $0.lesson) == error.path }?.sectionNumber
        return VerificationProblem(section.map(area) ?? "lessons", "a Swift block does not compile: \(error)")
    }

    /// Runs `program` on a throwaway device; a program that does not exit with status 0 in time is a problem.
    private func runProblems(of program: LessonProgram) throws -> [VerificationProblem] {
        let device = FileManager.default.temporaryDirectory.appending(path: "lesson-device-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: device) }
        let log = workbench.logFolder.appending(path: "run-\(program.target).log")
        let termination = try ChildProcess(
            [workbench.root.appending(path: ".build/debug/\(program.target)").path],
            in: workbench.root,
            environment: ["PERSISTENCE_DEVICE_ROOT": device.path, "PERSISTENCE_APP_ID": "com.example.Lessons"],
            logFile: log,
            watchdog: Deadline(ContinuousClock.now + runTimeLimit)
        ).run()
        guard !termination.succeeded else { return [] }
        let output = ((try? String(contentsOf: log, encoding: .utf8)) ?? "")
            .split(separator: "\n").suffix(3).map { "\n    " + $0 }.joined()
        let ending =
            termination == .timedOut ? "ran past \(runTimeLimit.formattedSeconds)" : "ended with \(termination)"
        return [
            VerificationProblem(
                area(program.sectionNumber),
                "the examples of \(workbench.relativePath(of: program.lesson)) build but \(ending) when run; see "
                    + workbench.relativePath(of: log) + output
            )
        ]
    }

    /// Compiles the programs whose last block must not compile, then, on its own through SwiftPM, any whose
    /// compile failed without an error in that block; each must fail inside that block with the expected
    /// error.
    ///
    /// With `template` (the compile command of a program that built), each is compiled apart, two at a
    /// time; without one, all are built at once, and SwiftPM stops at the first that fails.
    private func failureProblems(of programs: [LessonProgram], template: PlannedCompile?) throws
        -> [VerificationProblem]
    {
        let compiled =
            if let template {
                try compileApart(programs, with: template)
            } else {
                try buildTogether(programs)
            }
        var problems: [VerificationProblem] = []
        for program in programs {
            guard let block = program.failingBlock, case .doesNotCompile(let expected) = block.kind else { continue }
            let path = workbench.relativePath(of: program.lesson)
            let attempt = compiled[program.target] ?? (succeeded: false, errors: [])
            var errors = attempt.errors.filter { $0.path == path && block.contains(line: $0.line) }
            if errors.isEmpty && !attempt.succeeded {
                let alone = try buildPrograms(
                    [program], named: "lesson-counterexample-\(program.target)", product: program.target)
                errors = alone.errors.filter { $0.path == path && block.contains(line: $0.line) }
            }
            let location = "\(path):\(block.firstLine)"
            if errors.isEmpty {
                problems.append(
                    VerificationProblem(
                        area(program.sectionNumber),
                        "the block at \(location) is marked as not compiling, but it compiles (expected an error containing \"\(expected)\")"
                    ))
            } else if !errors.contains(where: { $0.message.contains(expected) }) {
                problems.append(
                    VerificationProblem(
                        area(program.sectionNumber),
                        "the block at \(location) should fail with an error containing \"\(expected)\", but the compiler says: "
                            + errors.map(\.message).joined(separator: "; ")
                    ))
            }
        }
        return problems
    }

    /// How compiling one program ended: whether it compiled, and the errors the compiler printed.
    private typealias Attempt = (succeeded: Bool, errors: [CompilerDiagnostic])

    /// Builds `programs` in one SwiftPM build; a program the build stopped before reaching has no errors.
    private func buildTogether(_ programs: [LessonProgram]) throws -> [String: Attempt] {
        let together = try buildPrograms(programs, named: "lesson-counterexamples")
        return Dictionary(
            uniqueKeysWithValues: programs.map { ($0.target, (together.termination.succeeded, together.errors)) })
    }

    /// Compiles each of `programs` on its own with `template`'s flags, as many at a time as there are cores,
    /// each with its log in `compile-<target>.log`.
    private func compileApart(_ programs: [LessonProgram], with template: PlannedCompile) throws -> [String: Attempt] {
        let folder = workbench.logFolder.appending(path: "lesson-counterexamples", directoryHint: .isDirectory)
        try LessonProgram.stage(programs, in: folder)
        let attempts = try ParallelWork.map(programs, jobs: ProcessInfo.processInfo.activeProcessorCount) {
            program, _ -> Attempt in
            let target = program.target
            let source = folder.appending(path: target).appending(path: "main.swift")
            let log = workbench.logFolder.appending(path: "compile-\(target).log")
            let arguments = template.arguments(
                compiling: source.path, asModule: target,
                object: folder.appending(path: target).appending(path: "main.o").path)
            let termination = try ChildProcess(arguments, in: workbench.root, logFile: log).run()
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            return (termination.succeeded, CompilerDiagnostic.errors(in: text).map { $0.relative(to: workbench) })
        }
        return Dictionary(uniqueKeysWithValues: zip(programs.map(\.target), attempts))
    }
}

/// Stops a child process once a moment has passed.
private struct Deadline: ChildProcessWatchdog {
    let moment: ContinuousClock.Instant

    init(_ moment: ContinuousClock.Instant) { self.moment = moment }

    func shouldStop(at now: ContinuousClock.Instant) -> Bool { now >= moment }
}
