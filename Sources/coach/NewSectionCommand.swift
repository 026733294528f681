import ArgumentParser
import CoachKit
import Foundation

struct NewSectionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new-section",
        abstract: "Write a new section's skeleton and register it in course.json and Package.swift.",
        discussion: """
            Writes the starter, the reference, the hidden suite and the lesson of a placeholder exercise with \
            one check, adds the section to course/course.json and to Package.swift's courseSections, and \
            prints what it wrote. `coach verify --section N` accepts the skeleton as it is: replace the \
            placeholder with the section's work, keeping course.json's check names and the suite's @Test \
            names the same. CONTRIBUTING.md lists what else a section may touch.
            """
    )

    @Argument(help: "The section's number, one no section has yet.")
    var number: Int

    @Argument(help: "The section's title, such as \"Example\"; the target is Section<N><Title>.")
    var title: String

    func run() throws {
        let session = try Session.open()
        let written: [String]
        do {
            written = try SectionScaffold(number: number, title: title, workbench: session.workbench).write()
        } catch {
            throw CoachFailure(message: "Cannot add section \(number): \(error.description)")
        }
        for path in written {
            session.say("wrote \(path)")
        }
        session.say(
            "Next: `swift run coach verify --section \(number)` proves the skeleton; then write the lesson, "
                + "the exercise and its checks.")
    }
}
