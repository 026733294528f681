import ArgumentParser
import CoachKit
import Foundation

struct GradeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grade",
        abstract: "Grade a class's submissions with this checkout's hidden suites and write a gradebook.",
        discussion: """
            Each SUBMISSION is a folder, a git repository (`repo@branch` grades a branch or tag), a .tar.gz \
            or .zip archive, or a roster: a .csv file with one `learner,submission[,ref]` line per learner. \
            Only the exercise files course/course.json lists are taken from a submission; the hidden suites, \
            contract files, Package.swift and the core always come from this checkout, and any other file \
            the learner changed is reported as tampering. Every submission builds in its own work copy \
            (a bubblewrap sandbox where `bwrap` works, showing only what building and testing need) on one \
            warm build of this checkout, with a minimal environment, each check under --timeout and every \
            test process under --memory. Only results the grading harness sealed count; a submission that \
            writes its own, or whose code reaches for what no exercise needs, is flagged for review. Writes \
            gradebook.csv, gradebook.json, the class page index.html (charts, the checks the class fails \
            most, every learner, and what changed since the gradebook.json --output held or --compare \
            names) and, per learner, junit.xml, feedback.html and feedback.md into --output. --shard i/n \
            grades one slice of the roster; `coach gradebook merge` joins the slices.
            """
    )

    @Argument(help: "Folders, git repositories, archives or roster .csv files.")
    var submissions: [String]

    @Option(name: .shortAndLong, help: "The folder to write the gradebook into.")
    var output = "gradebook"

    @Option(name: .long, help: "How many submissions to grade at the same time.")
    var jobs = 1

    @Option(name: .long, help: "Grade only slice i of n of the roster (such as 2/4), for one machine of several.")
    var shard: String?

    @Option(
        name: .long,
        help: "The gradebook.json (or its folder) the class page compares with, instead of the one in --output."
    )
    var compare: String?

    @Option(name: .long, help: "Stop a check after this many seconds.")
    var timeout = 60

    @Option(name: .long, help: "The most memory one test process may use, in MiB.")
    var memory = 2048

    @Flag(name: .long, help: "Grade without the bubblewrap sandbox even where it works.")
    var noSandbox = false

    @Option(
        name: [.customLong("section"), .customLong("sections")],
        help:
            "Grade only these sections: --section 1 --section 2, or --sections 1,2 (the gradebook has their columns alone)."
    )
    var sectionLists: [String] = []

    /// The section numbers `--section`/`--sections` name, or `nil` for every section.
    func sectionNumbers() throws -> Set<Int>? {
        guard !sectionLists.isEmpty else { return nil }
        var numbers: Set<Int> = []
        for value in sectionLists.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
            guard let number = Int(value.trimmingCharacters(in: .whitespaces)) else {
                throw ValidationError("--sections takes section numbers such as 1,2; '\(value)' is not one.")
            }
            numbers.insert(number)
        }
        return numbers
    }

    @OptionGroup var options: CommonOptions

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1, got \(jobs).") }
        guard timeout > 0 else {
            throw ValidationError("--timeout must be a positive number of seconds, got \(timeout).")
        }
        guard memory >= 64 else { throw ValidationError("--memory must be at least 64 MiB, got \(memory).") }
        if let shard {
            do { _ = try Shard(parsing: shard) } catch { throw ValidationError(error.description) }
        }
        _ = try sectionNumbers()
    }

    func run() throws {
        let session = try Session.open()
        let style = options.style
        let current = URL(filePath: FileManager.default.currentDirectoryPath)
        let roster: Roster
        do {
            roster = try Roster.from(arguments: submissions, in: current)
        } catch {
            throw CoachFailure(message: error.description)
        }
        let sections = try sectionNumbers()
        for number in sections?.sorted() ?? [] { _ = try session.section(number) }
        let chosen = try shard.map { try Shard(parsing: $0).slice(of: roster) } ?? roster.submissions
        let outputFolder = output.hasPrefix("/") ? URL(filePath: output) : current.appending(path: output)
        let progress = TerminalProgress(style: style)
        let slice = shard.map { " (shard \($0): \(chosen.count) of \(roster.submissions.count))" } ?? ""
        progress.say(style.bold("coach grade") + ": \(chosen.count) submission(s)\(slice), \(jobs) at a time")

        let grader = ClassGrader(
            workbench: session.workbench,
            options: .init(
                jobs: jobs, timeLimitPerCheck: .seconds(timeout), memoryLimitMiB: memory, allowsSandbox: !noSandbox,
                sections: sections,
                compare: compare.map { $0.hasPrefix("/") ? URL(filePath: $0) : current.appending(path: $0) }
            ))
        let run: ClassGrader.Run
        do {
            run = try grader.grade(chosen, into: outputFolder) { event in
                Self.show(event, progress: progress, style: style)
            }
        } catch let failure as ClassGrader.Failure {
            progress.clear()
            throw CoachFailure(message: failure.description)
        } catch let error as GradebookError {
            progress.clear()
            throw CoachFailure(message: error.description)
        }
        progress.clear()
        let learners = run.gradebook.learners.count
        if learners > 0 {
            let total = run.seconds.values.reduce(0, +)
            session.say(
                String(
                    format:
                        "Graded %d submission(s) at --jobs %d: %.0f s per submission on average, the slowest %.0f s (warm build %.0f s).",
                    learners, jobs, total / Double(learners), run.seconds.values.max() ?? 0, run.warmBuildSeconds
                ))
        }
        session.say(
            "Gradebook of \(learners) learner(s): \(output)/\(Gradebook.csvName) and \(Gradebook.jsonName); "
                + "the class page \(output)/\(Gradebook.pageName); "
                + "JUnit XML and feedback pages in \(output)/\(Gradebook.learnersFolder)/.")
    }

    /// Shows one grading event: a progress line for builds, a line per learner graded.
    static func show(_ event: ClassGrader.Event, progress: TerminalProgress, style: TerminalStyle) {
        switch event {
        case .isolation(let sandbox):
            progress.say("Isolation: \(sandbox.summary).")
        case .warmBuild(let build, let firstBuild):
            if firstBuild, case .resolving = build {
                progress.show(
                    text:
                        "first build of this checkout: compiling the dependencies once (several minutes on two cores) · "
                        + ProgressLine.text(for: build, style: style))
            } else {
                progress.show(build, prefix: "warm build · ")
            }
        case .checkingWorkCopy(let build):
            progress.show(build, prefix: "the starters in a work copy · ")
        case .preparingWorkCopy(let number):
            progress.say("Copying the warm build into work copy \(number) (once)…")
        case .building(let learner, let build):
            progress.show(build, prefix: "\(learner.escapedForTerminal()) · ")
        case .graded(let result, let finished, let total, let seconds):
            progress.say(
                result.resultLine(
                    finished: finished, total: total, seconds: progress.isEnabled ? seconds : nil, style: style))
        }
    }
}

struct GradebookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gradebook",
        abstract: "Merge the gradebooks of several `coach grade --shard` runs.",
        subcommands: [MergeCommand.self]
    )

    struct MergeCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Merge the gradebook folders of a roster's shards into one gradebook.",
            discussion: """
                Reads each folder's gradebook.json, refuses gradebooks of different course versions or \
                sharing a learner, and writes gradebook.csv, gradebook.json, the class page index.html and \
                every learner's files into --output, as one unsharded `coach grade` run would.
                """
        )

        @Argument(help: "The --output folders of the shards' `coach grade` runs.")
        var folders: [String]

        @Option(name: .shortAndLong, help: "The folder to write the merged gradebook into.")
        var output = "gradebook"

        @Option(
            name: .long,
            help: "The gradebook.json (or its folder) the class page compares with, instead of the one in --output."
        )
        var compare: String?

        func run() throws {
            let current = URL(filePath: FileManager.default.currentDirectoryPath)
            func url(_ path: String) -> URL {
                path.hasPrefix("/") ? URL(filePath: path) : current.appending(path: path)
            }
            let destination = url(output)
            do {
                let parts = try folders.map { path throws(GradebookError) in try Gradebook.read(from: url(path)) }
                let merged = try Gradebook.merging(parts)
                let previous = try Gradebook.previous(in: destination, compare: compare.map(url))
                for folder in folders {
                    try Gradebook.copyLearnerFiles(from: url(folder), to: destination)
                }
                try merged.write(to: destination, previous: previous)
                StandardOutput.write(
                    "Merged \(folders.count) gradebook(s), \(merged.learners.count) learner(s): \(output)/\(Gradebook.csvName)\n"
                )
            } catch {
                throw CoachFailure(message: error.description)
            }
        }
    }
}
