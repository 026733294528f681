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
            #expect(total == 500, "total(on:) for a day with 200 ml at 00:00 and 300 ml at 23:59, beside 100 ml at 23:59 the day before and 400 ml at 00:00 the day after: expected 500, found \(total).")
            let entries = try log.entries(on: day(0, 8)).map(\.amount)
            #expect(entries == [200, 300], "entries(on:) for that day: expected [200, 300], oldest first, found \(entries).")
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
            #expect(entries == [150, 250, 330], "entries(on:) after logging 330 ml at 18:00, 150 ml at 07:00 and 250 ml at 12:00: expected [150, 250, 330], found \(entries).")
        }
    }

    @Test("progress is the day's total over the goal")
    func progress() throws {
        try WaterBench.run { bench in
            let log = try bench.openLog()
            try log.log(amount: 500, at: day(0, 8))
            try log.log(amount: 1_000, at: day(0, 13))
            let summary = try log.summary(on: day(0, 20), goal: 2_000)
            #expect(summary == DaySummary(day: day(0, 0), total: 1_500, goal: 2_000), "summary(on:goal: 2000) for a day with 1,500 ml: expected \(DaySummary(day: day(0, 0), total: 1_500, goal: 2_000)), found \(summary).")
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
            #expect(week == expected, "week(endingOn:goal:) for days of 200 to 1,100 ml: expected \(expected), found \(week).")
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
            #expect(week == wanted, "The week of a store holding 1,200 entries over 40 days: expected \(wanted), found \(week).")
        }
    }
}
