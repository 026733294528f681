import ArgumentParser
import CoachKit
import Foundation

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show every section's checkpoint items and which checks pass.",
        discussion: "Builds the current track (COURSE_TRACK, default exercises), runs every hidden suite and lists each check."
    )

    @OptionGroup var options: CommonOptions

    func run() throws {
        let (workbench, tester) = try options.openWorkbench()
        let track: CourseTrack
        do { track = try CourseTrack.selected(by: ProcessInfo.processInfo.environment) } catch let error as CoachError { throw CoachFailure(error) }
        print("Grading \(workbench.course.sections.count) section(s) on the \(track.rawValue) track…")
        let report = try CourseGrader(workbench: workbench, tester: tester).status(track: track)
        print("")
        report.render(style: options.style).forEach { print($0) }
    }
}
