import ArgumentParser
import Foundation
import Section14WaterLog

extension WaterLogCommand {
    struct Week: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The last seven days as a bar chart, and optionally an SVG file."
        )

        @OptionGroup var options: DeviceOptions

        @Option(help: "The last day of the week: 2026-05-05 (default: today).")
        var ending: String?

        @Option(help: "Also write the chart to this SVG file.")
        var svg: String?

        func run() throws {
            let (_, log) = try options.open()
            let goal = try currentGoal()
            let week = try log.week(endingOn: try ending.map(DateInput.parse) ?? .now, goal: goal)
            print(WeekChart.terminal(week, goal: goal))
            if let svg {
                let url = URL(filePath: svg)
                try Data(WeekChart.svg(week, goal: goal).utf8).write(to: url, options: .atomic)
                print("Wrote \(url.path): open it in a browser.")
            }
        }
    }
}
