import ArgumentParser
import CoachKit
import Foundation

struct HintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hint",
        abstract: "Show the next hint level for a section; levels already seen are remembered.",
        discussion: "Without a number, uses the first section that is not complete."
    )

    @Argument(help: "The section's number.")
    var section: Int?

    @OptionGroup var options: CommonOptions

    func run() throws {
        let session = try Session.open()
        let section = try session.sectionOrNext(self.section)
        let store = ProgressStore(workbench: session.workbench)
        var progress = store.load()
        guard let hint = HintBook(section: section).next(recordingIn: &progress) else {
            session.say("Section \(section.number) has no hints.")
            return
        }
        try store.save(progress)
        let style = options.style
        let exercise = "exercise \(section.exercise.id): \(section.exercise.title)".escapedForTerminal()
        session.say(
            style.bold("Hint \(hint.level) of \(section.hints.count)") + " · Section \(section.number), \(exercise)")
        if let failing = progress.record(of: section, on: session.track)?.grade(of: section).checks.first(where: {
            !$0.passed
        }) {
            session.say(style.dim("First failing check: \(failing.name.escapedForTerminal())"))
        }
        session.say()
        session.say(hint.text.escapedForTerminal(keepingLineBreaks: true))
        if hint.level < section.hints.count {
            session.say()
            session.say(style.dim("Run `coach hint \(section.number)` again for the next level."))
        }
    }
}

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the sections with their exercise and progress, without grading.",
        discussion: "Each line ends with the `swift test --filter` that runs that section's hidden suite alone."
    )

    @OptionGroup var options: CommonOptions

    func run() throws {
        let session = try Session.open()
        let progress = ProgressStore(workbench: session.workbench).load()
        let style = options.style
        for section in session.workbench.course.sections {
            let state: String
            if let grade = progress.record(of: section, on: session.track)?.grade(of: section) {
                state =
                    grade.isComplete ? style.success("✓ complete") : "\(grade.passedCount)/\(grade.checks.count) checks"
            } else {
                state = style.dim("· not yet graded")
            }
            let number = String(section.number).padding(toLength: 3, withPad: " ", startingAt: 0)
            let title = section.title.escapedForTerminal().padding(toLength: 40, withPad: " ", startingAt: 0)
            let filter = style.dim("swift test --filter \(section.testFilter)")
            session.say("\(number)\(title)  exercise \(section.exercise.id.escapedForTerminal())  \(state)  \(filter)")
        }
    }
}

struct NextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "next",
        abstract: "Say which section to work on next and how, without grading."
    )

    @OptionGroup var options: CommonOptions

    func run() throws {
        let session = try Session.open()
        let progress = ProgressStore(workbench: session.workbench).load()
        guard let section = progress.firstIncompleteSection(of: session.workbench.course, on: session.track) else {
            session.say(
                options.style.success(
                    "Every section is complete. `coach status --refresh` regrades anything you changed since."))
            return
        }
        let files = section.exercise.files.map { "\(session.track.folder)/\(section.target)/\($0)" }.joined(
            separator: ", ")
        let exercise = "\(section.title), exercise \(section.exercise.id): \(section.exercise.title)"
            .escapedForTerminal()
        session.say("Next: Section \(section.number) · \(exercise).")
        session.say("  1. Read the lesson: `coach lesson \(section.number)` (\(section.lesson.escapedForTerminal())).")
        session.say("  2. Edit \(files.escapedForTerminal()).")
        session.say(
            "  3. Grade it: `coach check \(section.number)`, or `coach watch \(section.number)` to regrade on every save."
        )
    }
}

struct LessonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lesson",
        abstract: "Print a section's lesson."
    )

    @Argument(help: "The section's number.")
    var section: Int

    func run() throws {
        let session = try Session.open()
        let section = try session.section(self.section)
        let file: URL
        do {
            file = try session.workbench.lessonFile(of: section)
        } catch {
            throw CoachFailure(error)
        }
        let path = section.lesson.escapedForTerminal()
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            throw CoachFailure(
                message:
                    "Cannot read the lesson \(path): the file is missing or unreadable — while printing Section \(section.number)'s lesson. Restore it with `git checkout \(path)`."
            )
        }
        session.say(text.escapedForTerminal(keepingLineBreaks: true))
    }
}

struct SolutionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "solution",
        abstract: "Print a section's reference solution, once every check of yours passes."
    )

    @Argument(help: "The section's number.")
    var section: Int

    @OptionGroup var options: CommonOptions

    func run() throws {
        let session = try Session.open()
        let section = try session.section(self.section)
        let workbench = session.workbench
        let unlock = SolutionUnlock(
            section: section,
            record: ProgressStore(workbench: workbench).load().record(of: section, on: .exercises),
            currentFingerprint: SourceFingerprint(workbench: workbench).fingerprint(of: section, on: .exercises)
        )
        if let refusal = unlock.refusal(for: section) {
            throw CoachFailure(message: refusal)
        }
        for name in section.exercise.files {
            let file: URL
            do {
                file = try workbench.exerciseFile(name, of: section, on: .solutions)
            } catch {
                throw CoachFailure(error)
            }
            session.say(options.style.bold("── \(workbench.relativePath(of: file).escapedForTerminal())"))
            session.say(
                (try? String(contentsOf: file, encoding: .utf8))?.escapedForTerminal(keepingLineBreaks: true)
                    ?? "(missing)")
        }
        // The reference's own tests, where the section asks for tests of the learner's.
        for name in section.learnerTests?.files ?? [] {
            let path = "\(CourseTrack.solutions.folder)/\(section.learnerTests!.target)/\(name)"
            session.say(options.style.bold("── \(path.escapedForTerminal())"))
            session.say(
                (try? String(contentsOf: workbench.root.appending(path: path), encoding: .utf8))?.escapedForTerminal(
                    keepingLineBreaks: true) ?? "(missing)")
        }
    }
}

struct ResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Restore a section's starter files, keeping a copy of yours.",
        discussion:
            "Your files are copied to .coach/backups/ first; the starters come from git (HEAD unless --from says otherwise)."
    )

    @Argument(help: "The section's number.")
    var section: Int

    @Flag(name: .shortAndLong, help: "Restore without asking for confirmation.")
    var yes = false

    @Option(name: .long, help: "The git revision to take the starters from.")
    var from = "HEAD"

    func run() throws {
        let session = try Session.open()
        let section = try session.section(self.section)
        let reset = StarterReset(workbench: session.workbench)
        let files = reset.files(of: section)
        if !yes {
            guard isatty(STDIN_FILENO) == 1 else {
                throw ValidationError(
                    "Resetting replaces \(files.joined(separator: ", ")); pass --yes to confirm when not at a terminal."
                )
            }
            StandardOutput.write(
                "Restore the starter of Section \(section.number) (\(files.joined(separator: ", ").escapedForTerminal()))? Your version is kept in .coach/backups/. [y/N] "
            )
            guard let answer = readLine()?.lowercased(), answer == "y" || answer == "yes" else {
                session.say("Nothing changed.")
                return
            }
        }
        do {
            let backup = try reset.reset(section, from: from)
            session.say(
                "Restored \(files.joined(separator: ", ").escapedForTerminal()). Your version is in \(backup)/.")
        } catch let error as StarterResetError {
            throw CoachFailure(message: error.description)
        } catch let error as CoachError {
            throw CoachFailure(error)
        }
    }
}
