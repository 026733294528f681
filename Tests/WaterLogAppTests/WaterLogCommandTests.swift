import Foundation
import Testing

/// `waterlog` used as a user uses it, on the reference WaterLog.
@Suite("waterlog on the command line", .enabled(if: waterlogRunsTheReference, "runs the reference WaterLog"))
struct WaterLogCommandTests {
    @Test("a logged amount is listed for its day with the day's total against the goal")
    func logAndList() throws {
        let home = WaterLogHome()
        defer { home.remove() }

        let logged = try home.run(["log", "330", "--at", "2026-05-05 09:15"])
        let list = try home.run(["list", "--date", "2026-05-05"])

        #expect(logged.status == 0, "\(logged.output)")
        #expect(logged.output.contains("Logged 330 ml"), "\(logged.output)")
        #expect(list.output.contains("330 ml"), "\(list.output)")
        #expect(list.output.contains("Total: 330 ml of 2,000 ml (17 %)"), "\(list.output)")
    }

    @Test("waterlog log -5 answers with WaterLog's message for a negative amount, not a usage error")
    func negativeAmount() throws {
        let home = WaterLogHome()
        defer { home.remove() }

        let result = try home.run(["log", "-5"])

        #expect(result.status == 1)
        #expect(
            result.output.contains("-5 ml is not an amount of water: log an amount greater than 0 ml, such as 250."),
            "\(result.output)")
        #expect(!result.output.contains("Missing expected argument"))
    }

    @Test("zero and an amount over 5,000 ml are refused with the way to fix them, and nothing is logged")
    func outOfRangeAmounts() throws {
        let home = WaterLogHome()
        defer { home.remove() }

        let zero = try home.run(["log", "0"])
        let tooMuch = try home.run(["log", "5001"])
        let list = try home.run(["list"])

        #expect(zero.status == 1 && zero.output.contains("0 ml is not an amount of water"), "\(zero.output)")
        #expect(tooMuch.status == 1 && tooMuch.output.contains("check for an extra digit"), "\(tooMuch.output)")
        #expect(list.output.contains("nothing logged"), "\(list.output)")
    }

    @Test("an amount that is not a number, or none, is a usage error naming what to write")
    func badAmounts() throws {
        let home = WaterLogHome()
        defer { home.remove() }

        let words = try home.run(["log", "lots"])
        let none = try home.run(["log"])

        #expect(words.status == 64 && words.output.contains("\"lots\" is not an amount"), "\(words.output)")
        #expect(none.status == 64 && none.output.contains("Write the amount in millilitres"), "\(none.output)")
    }

    @Test("the goal is kept in the vault: set once, shown by the next run")
    func goalRoundTrip() throws {
        let home = WaterLogHome()
        defer { home.remove() }

        let set = try home.run(["goal", "set", "2500"])
        let shown = try home.run(["goal"])
        let refused = try home.run(["goal", "set", "50"])

        #expect(set.output.contains("Daily goal set to 2,500 ml."), "\(set.output)")
        #expect(shown.output.contains("Daily goal: 2,500 ml"), "\(shown.output)")
        #expect(refused.status == 1 && refused.output.contains("50 ml is not a daily goal"), "\(refused.output)")
    }

    @Test("the week chart marks the goal on every day when every day is below it")
    func goalMarkerBelowGoal() throws {
        let home = WaterLogHome()
        defer { home.remove() }
        try home.run(["log", "500", "--at", "2026-05-05 09:00"])
        try home.run(["log", "1200", "--at", "2026-05-03 09:00"])

        let week = try home.run(["week", "--ending", "2026-05-05"])

        let days = week.output.split(separator: "\n").dropFirst().prefix(7)
        #expect(days.count == 7, "\(week.output)")
        #expect(days.allSatisfy { $0.contains("|") }, "every day should show the goal's marker:\n\(week.output)")
        #expect(week.output.contains("Goal met on 0 of 7 days; 1,700 ml in all."), "\(week.output)")
    }

    @Test("a day over the goal gets a tick, and its bar covers the goal's marker")
    func dayOverTheGoal() throws {
        let home = WaterLogHome()
        defer { home.remove() }
        try home.run(["log", "2400", "--at", "2026-05-05 09:00"])

        let week = try home.run(["week", "--ending", "2026-05-05"])

        let lastDay = try #require(week.output.split(separator: "\n").dropFirst().prefix(7).last)
        #expect(lastDay.hasSuffix("2,400 ml ✓"), "\(week.output)")
        #expect(!lastDay.contains("|"), "\(week.output)")
        #expect(week.output.contains("Goal met on 1 of 7 days"), "\(week.output)")
    }

    @Test("week --svg writes an SVG of the week with the goal line")
    func svgFile() throws {
        let home = WaterLogHome()
        defer { home.remove() }
        let file = home.dataHome.appending(path: "week.svg")
        try home.run(["log", "700", "--at", "2026-05-05 09:00"])

        let result = try home.run(["week", "--ending", "2026-05-05", "--svg", file.path])

        let svg = try String(contentsOf: file, encoding: .utf8)
        #expect(result.status == 0, "\(result.output)")
        #expect(svg.hasPrefix("<svg ") && svg.contains("stroke-dasharray") && svg.contains("<title>700 ml</title>"))
    }

    @Test("a date that is not one is refused with the forms it takes")
    func badDate() throws {
        let home = WaterLogHome()
        defer { home.remove() }

        let result = try home.run(["list", "--date", "tuesday"])

        #expect(
            result.status == 1 && result.output.contains("\"tuesday\" is not a date: write it as 2026-05-05"),
            "\(result.output)")
    }
}
