import Foundation
import PersistenceCore
import Section14WaterLog
import Testing

@Suite("Section 14: progress and the weekly summary")
struct WeekChecks {
    @Test("a day's total counts only that day's entries, from midnight to midnight")
    func dayTotal() throws {
        try WaterBench.run { bench in
            let log = try bench.openLog()
            try log.log(amount: 100, at: day(-1, 23, 59))
            try log.log(amount: 200, at: day(0, 0, 0))
            try log.log(amount: 300, at: day(0, 23, 59))
            try log.log(amount: 400, at: day(1, 0, 0))
            let total = try log.total(on: day(0, 15))
            #expect(
                total == 500,
                "total(on:) for a day with 200 ml at 00:00 and 300 ml at 23:59, beside 100 ml at 23:59 the day before and 400 ml at 00:00 the day after: expected 500, found \(total)."
            )
            let entries = try log.entries(on: day(0, 8)).map(\.amount)
            #expect(
                entries == [200, 300], "entries(on:) for that day: expected [200, 300], oldest first, found \(entries)."
            )
        }
    }

    @Test("the day's last second is that day's: an entry at 23:59:59.5 counts, one at the next midnight does not")
    func lastSecondOfTheDay() throws {
        try WaterBench.run { bench in
            let log = try bench.openLog()
            try log.log(amount: 200, at: day(0, 8))
            try log.log(amount: 250, at: day(0, 23, 59).addingTimeInterval(59.5))
            try log.log(amount: 400, at: day(1, 0, 0))
            let total = try log.total(on: day(0))
            #expect(
                total == 450,
                "total(on:) for a day with 200 ml at 08:00 and 250 ml at 23:59:59.5, beside 400 ml at 00:00 the day after: expected 450 (a day runs up to the next midnight, that midnight left out), found \(total)."
            )
        }
    }

    @Test("a day is the log's calendar's day, whatever the device's time zone")
    func daysOnTheLogsCalendar() throws {
        try WaterBench.run { bench in
            let calendar = farFromTheDevice()
            let log = WaterLog(
                context: ModelContext(try WaterLogStore.makeContainer(sandbox: bench.sandbox)), calendar: calendar)
            func at(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
                calendar.date(from: DateComponents(year: 2026, month: 3, day: day, hour: hour, minute: minute))!
            }
            try log.log(amount: 100, at: at(1, 23, 30))
            try log.log(amount: 200, at: at(2, 0, 30))
            try log.log(amount: 300, at: at(2, 12))
            try log.log(amount: 400, at: at(2, 23, 30))
            try log.log(amount: 500, at: at(3, 0, 30))
            let entries = try log.entries(on: at(2, 12)).map(\.amount)
            let zone = calendar.timeZone.identifier
            #expect(
                entries == [200, 300, 400],
                "entries(on:) of a WaterLog on a calendar in \(zone), for 2 March there, on a device in \(TimeZone.current.identifier): expected [200, 300, 400] (00:30, 12:00 and 23:30 in \(zone)), found \(entries). A day is the one the log's calendar gives, never Calendar.current's."
            )
            let week = try log.week(endingOn: at(3, 12), goal: 2_000).suffix(2).map(\.total)
            #expect(
                week == [900, 500],
                "The last two days of week(endingOn: 3 March at noon in \(zone)): expected totals [900, 500], found \(week)."
            )
        }
    }

    @Test("a day the clocks change in is counted from midnight to midnight: 23 hours in spring, 25 in autumn")
    func daysTheClocksChangeIn() throws {
        try WaterBench.run { bench in
            var berlin = Calendar(identifier: .gregorian)
            berlin.timeZone = TimeZone(identifier: "Europe/Berlin")!
            let log = WaterLog(
                context: ModelContext(try WaterLogStore.makeContainer(sandbox: bench.sandbox)), calendar: berlin)
            func at(_ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
                berlin.date(from: DateComponents(year: 2026, month: month, day: day, hour: hour, minute: minute))!
            }
            // Berlin moves its clocks on to summer time on 29 March 2026 and back on 25 October.
            for (month, day) in [(3, 29), (10, 25)] {
                try log.log(amount: 100, at: at(month, day, 0, 30))
                try log.log(amount: 200, at: at(month, day, 23, 30))
                try log.log(amount: 400, at: at(month, day + 1, 0, 30))
            }
            let found = [try log.total(on: at(3, 29, 12)), try log.total(on: at(10, 25, 12))]
            #expect(
                found == [300, 300],
                "total(on:) in Berlin for 29 March and 25 October 2026, the days the clocks change, each with 100 ml at 00:30 and 200 ml at 23:30 and 400 ml at 00:30 the next day: expected [300, 300], found \(found). A day is from the calendar's midnight to the next, never 24 hours of seconds."
            )
        }
    }

    @Test("the day's entries come oldest first, whatever the order they were logged in")
    func entriesOldestFirst() throws {
        try WaterBench.run { bench in
            let log = try bench.openLog()
            try log.log(amount: 330, at: day(0, 18))
            try log.log(amount: 150, at: day(0, 7))
            try log.log(amount: 250, at: day(0, 12))
            let entries = try bench.openLog().entries(on: day(0)).map(\.amount)
            #expect(
                entries == [150, 250, 330],
                "entries(on:) after logging 330 ml at 18:00, 150 ml at 07:00 and 250 ml at 12:00: expected [150, 250, 330], found \(entries)."
            )
        }
    }

    @Test("progress is the day's total over the goal")
    func progress() throws {
        try WaterBench.run { bench in
            let log = try bench.openLog()
            try log.log(amount: 500, at: day(0, 8))
            try log.log(amount: 1_000, at: day(0, 13))
            let summary = try log.summary(on: day(0, 20), goal: 2_000)
            #expect(
                summary == DaySummary(day: day(0, 0), total: 1_500, goal: 2_000),
                "summary(on:goal: 2000) for a day with 1,500 ml: expected \(DaySummary(day: day(0, 0), total: 1_500, goal: 2_000)), found \(summary)."
            )
            #expect(summary.progress == 0.75, "Its progress: expected 0.75, found \(summary.progress).")
        }
    }

    @Test("the week holds seven days, oldest first, ending on the given day")
    func weekShape() throws {
        try WaterBench.run { bench in
            let log = try bench.openLog()
            for offset in -8...1 { try log.log(amount: 100 * (offset + 10), at: day(offset, 10)) }
            let week = try log.week(endingOn: day(0, 21), goal: 1_800)
            let expected = (-6...0).map { DaySummary(day: day($0, 0), total: 100 * ($0 + 10), goal: 1_800) }
            #expect(
                week == expected,
                "week(endingOn:goal:) for days of 200 to 1,100 ml: expected \(expected), found \(week).")
        }
    }

    @Test("1,200 entries over 40 days are summed day by day in the store")
    func manyEntries() throws {
        try WaterBench.run { bench in
            let log = try bench.openLog()
            var expected: [Date: Int] = [:]
            for index in 0..<1_200 {
                let when = day(-(index % 40), index % 24, (index * 7) % 60)
                let amount = 50 + (index * 37) % 450
                log.context.insert(WaterEntry(amount: amount, date: when))
                expected[utc.startOfDay(for: when), default: 0] += amount
            }
            try log.context.save()
            let week = try bench.openLog().week(endingOn: day(0), goal: 2_000)
            let wanted = (-6...0).map { DaySummary(day: day($0, 0), total: expected[day($0, 0)] ?? 0, goal: 2_000) }
            #expect(
                week == wanted,
                "The week of a store holding 1,200 entries over 40 days: expected \(wanted), found \(week).")
        }
    }
}
