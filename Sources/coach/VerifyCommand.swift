import ArgumentParser
import CoachKit
import Foundation

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Prove the course: core tests pass, every solution passes, every starter fails.",
        discussion: """
            Audits course/course.json against the files, compiles every Swift block of the lessons in one \
            build and runs the programs they make (a block marked as not compiling must fail with the error \
            its lesson names), builds the solutions with the core's tests and runs \
            every test (all must pass), builds each known mistake in place of its solution (the checks named \
            for it must fail) and each alternative solution (every check must pass), runs each suite against \
            mutants of its reference (each must be killed or listed as equivalent, as `coach mutate` does), \
            then builds the starters (every graded check must fail). With --section, proves only those \
            sections and leaves out the core's tests. Exits with status 1 when anything does not hold.
            """
    )

    @Option(name: .long, help: "Stop a check after this many seconds.")
    var timeout: Int = 900

    @Option(
        name: .customLong("section"), help: "Prove only this section (repeatable); the core's own tests are left out.")
    var sectionNumbers: [Int] = []

    @Flag(
        name: .customLong("lessons-only"),
        help: "Prove only the lessons' Swift blocks: they compile, run, or fail to compile as marked.")
    var lessonsOnly = false

    @OptionGroup var options: CommonOptions

    func validate() throws {
        guard timeout > 0 else {
            throw ValidationError("--timeout must be a positive number of seconds, got \(timeout).")
        }
    }

    func run() throws {
        let session = try Session.open(validating: false)
        let style = options.style
        let tester = SwiftPackageTester(workbench: session.workbench, testTimeLimit: .seconds(timeout))
        for number in sectionNumbers { _ = try session.section(number) }
        session.say(style.bold("coach verify") + ": proving the course in both directions")
        let only = sectionNumbers.isEmpty ? nil : Set(sectionNumbers)
        var verifier = Verifier(workbench: session.workbench, tester: tester, sectionNumbers: only)
        verifier.lessonsOnly = lessonsOnly
        let summary = try verifier.run(style: style) { session.say($0) }
        session.say()
        summary.closingLines(style: style).forEach { session.say($0) }
        if !summary.succeeded { throw ExitCode(1) }
    }
}

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Grade every section and write the results as JSON, JUnit XML or a page of your progress.",
        discussion: """
            Grades the current track (COURSE_TRACK) afresh. JSON and JUnit XML are for learning-management \
            and CI systems; --format html writes the page `coach grade` draws of a class, for you alone, \
            into a folder (index.html, your feedback page and the lessons), and shows what changed since \
            the last report written there.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, junit, html
    }

    @Option(name: .long, help: "The output format: json, junit or html.")
    var format: Format = .json

    @Option(
        name: .shortAndLong,
        help: "Write to this file instead of standard output (with --format html: this folder, progress/ by default)."
    )
    var output: String?

    @OptionGroup var timeLimit: TimeLimitOptions

    func run() throws {
        let session = try Session.open()
        let grades = try session.grader(timeLimit: timeLimit.limit).grade(
            session.workbench.course.sections, on: session.track)
        if format == .html {
            let path = output ?? "progress"
            let current = URL(filePath: FileManager.default.currentDirectoryPath)
            let folder = path.hasPrefix("/") ? URL(filePath: path) : current.appending(path: path)
            do {
                try ProgressPage(workbench: session.workbench, track: session.track).write(grades: grades, into: folder)
            } catch {
                throw CoachFailure(message: error.description)
            }
            session.say(
                "Your progress: \(path)/\(Gradebook.pageName) (open it in a browser); "
                    + "your feedback page is in \(path)/\(Gradebook.learnersFolder)/.")
            return
        }
        let report = MachineReport(track: session.track, grades: grades)
        let text = try format == .json ? report.json() : report.junit()
        if let output {
            do {
                try Data((text + "\n").utf8).write(to: URL(filePath: output), options: .atomic)
            } catch {
                throw CoachFailure(
                    message:
                        "Cannot write the report to \(output): \(error.localizedDescription.trimmingCharacters(in: CharacterSet(charactersIn: "."))). Check that its folder exists and is writable."
                )
            }
        } else {
            StandardOutput.write(text + "\n")
        }
    }
}
