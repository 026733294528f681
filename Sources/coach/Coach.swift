import ArgumentParser
import CoachKit
import Foundation

@main
struct Coach: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Grade your Persistence Workbench exercises and prove the course.",
        discussion: """
            Learners: `coach status` shows every checkpoint, `coach check N` grades section N, `coach watch` \
            regrades on every save. Instructors: `coach verify` proves that the core's tests pass, every \
            solution passes and every starter fails. Set COURSE_TRACK=solutions to grade the reference \
            solutions instead of Exercises/.
            """,
        subcommands: [
            StatusCommand.self, CheckCommand.self, WatchCommand.self, HintCommand.self, ListCommand.self,
            NextCommand.self, LessonCommand.self, SolutionCommand.self, ResetCommand.self,
            VerifyCommand.self, MutateCommand.self, ReportCommand.self, GradeCommand.self, GradebookCommand.self,
            GradeBenchmarkCommand.self, LoopBenchmarkCommand.self, NewSectionCommand.self,
        ]
    )
}

/// Options every subcommand shares.
struct CommonOptions: ParsableArguments {
    @Flag(name: .long, help: "Print without colour (also when NO_COLOR is set or output is not a terminal).")
    var noColor = false

    var style: TerminalStyle { .forStandardOutput(noColorFlag: noColor) }
}

/// The per-check time limit of the grading commands.
struct TimeLimitOptions: ParsableArguments {
    @Option(name: .long, help: "Stop a check after this many seconds.")
    var timeout: Int = 60

    func validate() throws {
        guard timeout > 0 else {
            throw ValidationError("--timeout must be a positive number of seconds, got \(timeout).")
        }
    }

    var limit: Duration { .seconds(timeout) }
}

/// The workbench around the current folder, with what the commands need to act on it.
struct Session {
    let workbench: Workbench
    let track: CourseTrack

    /// Opens the workbench enclosing the current folder on the track `COURSE_TRACK` selects.
    ///
    /// - Parameter validating: Whether course metadata that breaks the course's rules is refused; only
    ///   `coach verify` opens it without, to list every problem.
    static func open(validating: Bool = true) throws -> Session {
        do {
            let workbench = try Workbench.enclosing(
                URL(filePath: FileManager.default.currentDirectoryPath), validating: validating)
            let track = try CourseTrack.selected(by: ProcessInfo.processInfo.environment)
            ChildProcessSupervision.install()
            return Session(workbench: workbench, track: track)
        } catch let error as CoachError {
            throw CoachFailure(error)
        }
    }

    /// A grader allowing each check `timeLimit`, showing the build's progress on `progress` when given.
    func grader(timeLimit: Duration, progress: TerminalProgress? = nil, timeline: GradingTimeline? = nil)
        -> CourseGrader
    {
        var tester = SwiftPackageTester(workbench: workbench)
        tester.rebuildsDirectly = true
        if let progress, progress.isEnabled {
            tester.progress = { progress.show($0) }
        }
        tester.timeline = timeline
        return CourseGrader(workbench: workbench, tester: tester, timeLimitPerCheck: timeLimit)
    }

    /// On a terminal, before the first build of this checkout's course: says that it compiles the
    /// dependencies once and takes several minutes.
    ///
    /// `swift run coach` has always built coach itself by then (and SwiftPM has made an empty folder for
    /// every target), so the sign is the core's compiled module, which only a build of the course makes.
    func sayFirstBuildNote(_ progress: TerminalProgress) {
        let dependencyBuild = workbench.root.appending(path: ".build/debug/Modules/PersistenceCore.swiftmodule")
        guard progress.isEnabled, !FileManager.default.fileExists(atPath: dependencyBuild.path) else { return }
        progress.say(ProgressLine.firstBuildNote)
    }

    /// The section numbered `number`, or a usage error listing the numbers that exist.
    func section(_ number: Int) throws -> Course.Section {
        guard let section = workbench.course.section(numbered: number) else {
            throw ValidationError(
                CoachError.unknownSection(number, known: workbench.course.sections.map(\.number)).description)
        }
        return section
    }

    /// `number`'s section, or the one to work on (``Progress/sectionToWorkOn(in:on:)``).
    func sectionOrNext(_ number: Int?) throws -> Course.Section {
        if let number { return try section(number) }
        let progress = ProgressStore(workbench: workbench).load()
        guard let section = progress.sectionToWorkOn(in: workbench.course, on: track) else {
            throw CoachFailure(message: "course/course.json lists no section: add one with `coach new-section`.")
        }
        return section
    }

    /// Prints `line` at once, even when output is a pipe.
    func say(_ line: String = "") {
        StandardOutput.write(line + "\n")
    }
}

/// coach's standard output, written straight to its file descriptor with nothing buffered.
///
/// Not through stdio: a flush of every stream (`fflush(nil)`) locks standard input's stream too, which
/// `coach watch`'s keyboard reader may hold while it waits for a key, and one stream's flush is not
/// reachable from Swift 6 (`stdout` is a C global it cannot prove safe).
enum StandardOutput {
    /// Writes `text` whole, retrying after interruptions; a closed output is ignored.
    static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}

/// A coach error printed as one readable line, exiting with status 1.
struct CoachFailure: Error, CustomStringConvertible, LocalizedError {
    let message: String
    init(_ error: CoachError) { self.message = error.description }
    init(message: String) { self.message = message }
    var description: String { message }
    var errorDescription: String? { message }
}
