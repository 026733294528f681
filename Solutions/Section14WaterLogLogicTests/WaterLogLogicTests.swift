// Section 14 — The health mini-challenge: WaterLog
// Exercise 14.2: tests of your own for WaterLog's business logic, on a store in memory.
//
// coach grades these tests, not your WaterLog: they must pass on the reference WaterLog and fail on each
// of several wrong ones (`swift run coach check 14` lists them as they are caught). Write them with Swift
// Testing's @Test, XCTest's XCTestCase or both; run them against your own code with
// `swift test --filter Section14WaterLogLogicTests`.

import Foundation
import PersistenceCore
import Section14WaterLog
import Testing
import XCTest

/// A calendar in UTC, so a day is the same day wherever the tests run.
let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
}()

/// 1 June 2026 plus `days`, at `hour`:`minute` UTC.
func june(_ days: Int, _ hour: Int = 12, _ minute: Int = 0) -> Date {
    utc.date(from: DateComponents(year: 2026, month: 6, day: 1 + days, hour: hour, minute: minute))!
}

/// A log over a new in-memory store.
func makeLog() throws -> WaterLog {
    WaterLog(context: ModelContext(try WaterLogStore.makeContainer(inMemory: true)), calendar: utc)
}

/// Validation, in XCTest.
final class ValidationTests: XCTestCase {
    func testZeroAndNegativeAmountsAreRefused() throws {
        let log = try makeLog()
        for amount in [0, -5] {
            XCTAssertThrowsError(try log.log(amount: amount, at: june(0))) { error in
                XCTAssertEqual(error as? WaterLogError, .amountNotPositive(amount))
            }
        }
        XCTAssertEqual(try log.total(on: june(0)), 0)
    }

    func testTheLimitIsFiveLitresIncluded() throws {
        let log = try makeLog()
        XCTAssertNoThrow(try log.log(amount: 5_000, at: june(0)))
        XCTAssertNoThrow(try log.log(amount: 1, at: june(0)))
        XCTAssertThrowsError(try log.log(amount: 5_001, at: june(0))) { error in
            XCTAssertEqual(error as? WaterLogError, .amountTooLarge(5_001))
        }
        XCTAssertEqual(try log.total(on: june(0)), 5_001)
    }
}

/// Totals, progress, the week and the reminder, in Swift Testing.
@Suite("WaterLog's summaries")
struct SummaryTests {
    @Test("a day runs from midnight to midnight")
    func dayBoundaries() throws {
        let log = try makeLog()
        try log.log(amount: 100, at: june(0, 23, 59))
        try log.log(amount: 200, at: june(1, 0, 0))
        try log.log(amount: 300, at: june(2, 0, 0))
        #expect(try log.total(on: june(1)) == 200)
        #expect(try log.summary(on: june(1), goal: 800).progress == 0.25)
    }

    @Test("the week is seven days, oldest first, ending on the day given")
    func week() throws {
        let log = try makeLog()
        for offset in 0..<9 { try log.log(amount: 100 + offset, at: june(offset, 9)) }
        let week = try log.week(endingOn: june(8, 22), goal: 2_000)
        #expect(week.map(\.total) == [102, 103, 104, 105, 106, 107, 108])
        #expect(week.map(\.day) == (2...8).map { june($0, 0) })
    }

    @Test("a reminder is due while behind the goal, and none once it is met")
    func reminder() throws {
        let reminder = GoalReminder(calendar: utc)
        #expect(reminder.request(total: 1_999, goal: 2_000, now: june(0, 10))?.content.body == "1999 of 2000 ml so far today: 1 ml to go.")
        #expect(reminder.request(total: 2_000, goal: 2_000, now: june(0, 10)) == nil)
        #expect(reminder.request(total: 0, goal: 2_000, now: june(0, 18)) == nil)
    }
}
