import Foundation
import Section14WaterLog

/// The week drawn without Swift Charts: block characters for the terminal, and an SVG file.
enum WeekChart {
    /// How many columns the longest bar (or the goal, when it is longer) takes in the terminal.
    static let width = 30

    /// "Tue 5" for a day.
    static func dayLabel(_ day: Date) -> String { day.formatted(.dateTime.weekday(.abbreviated).day()) }

    /// The column of the goal's marker, from 0 to ``width``, on a scale whose top is `top`.
    static func goalColumn(goal: Int, top: Int) -> Int { min(goal * width / max(top, 1), width) }

    /// One line per day: a bar, the goal marked `|` where the bar does not reach it, the amount, and ✓ on the
    /// days the goal was met; then how many days met it. The bars leave one column past ``width``, so the
    /// goal is marked even when it is the top of the scale (every day below it).
    static func terminal(_ week: [DaySummary], goal: Int) -> String {
        let top = max(goal, week.map(\.total).max() ?? 0)
        let marker = goalColumn(goal: goal, top: top)
        var lines = ["Water, last 7 days (goal \(ml(goal)), marked |)"]
        for day in week {
            let filled = min(day.total * width / max(top, 1), width)
            var bar = Array(String(repeating: "█", count: filled) + String(repeating: " ", count: width + 1 - filled))
            if bar[marker] == " " { bar[marker] = "|" }
            let mark = day.total >= goal ? " ✓" : ""
            lines.append(
                "\(dayLabel(day.day).padding(toLength: 8, withPad: " ", startingAt: 0)) \(String(bar)) \(ml(day.total))\(mark)"
            )
        }
        let met = week.filter { $0.total >= goal }.count
        lines.append("Goal met on \(met) of \(week.count) days; \(ml(week.map(\.total).reduce(0, +))) in all.")
        return lines.joined(separator: "\n")
    }

    /// The week as an SVG document: a bar per day, darker on the days the goal was met, and the goal as a
    /// dashed line.
    static func svg(_ week: [DaySummary], goal: Int) -> String {
        let (width, height, barWidth, base) = (420, 240, 40, 200)
        let top = Double(max(goal, week.map(\.total).max() ?? 0, 1))
        func y(_ value: Int) -> Int { base - Int(Double(value) / top * 170) }
        var parts = [
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)" font-family="sans-serif" font-size="11">"#,
            #"<text x="10" y="16" font-size="13">Water, last 7 days (goal \#(ml(goal)))</text>"#,
        ]
        for (index, day) in week.enumerated() {
            let x = 20 + index * (barWidth + 16)
            let colour = day.total >= goal ? "#2b8cbe" : "#a6bddb"
            parts.append(
                #"<rect x="\#(x)" y="\#(y(day.total))" width="\#(barWidth)" height="\#(base - y(day.total))" fill="\#(colour)">"#
                    + #"<title>\#(ml(day.total))</title></rect>"#
            )
            parts.append(
                #"<text x="\#(x + barWidth / 2)" y="\#(base + 16)" text-anchor="middle">\#(dayLabel(day.day))</text>"#)
            parts.append(
                #"<text x="\#(x + barWidth / 2)" y="\#(y(day.total) - 4)" text-anchor="middle">\#(day.total)</text>"#)
        }
        let goalColour = "#e34a33"
        parts.append(
            #"<line x1="10" x2="\#(width - 10)" y1="\#(y(goal))" y2="\#(y(goal))" stroke="\#(goalColour)" stroke-dasharray="4 3"/>"#
        )
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }
}
