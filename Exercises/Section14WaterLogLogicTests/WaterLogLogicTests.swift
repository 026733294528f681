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

@Suite("WaterLog's business logic")
struct WaterLogLogicTests {
    // TODO: Write a test for each promise of WaterLog's and GoalReminder's documentation: which amounts
    // are refused and which accepted (try the edges), where a day starts and ends, the week's days and
    // their order, progress, and when a reminder is due. Use @Test here, or an XCTestCase beside it.
    // For example:
    //
    // @Test("a logged amount counts for its day")
    // func loggedAmountCounts() throws {
    //     let log = try makeLog()
    //     try log.log(amount: 250, at: june(0))
    //     #expect(try log.total(on: june(0)) == 250)
    // }
}
