import Foundation
import PersistenceCore
import Section14WaterLog
import Testing

@Suite("Section 14: logging water")
struct LogChecks {
    @Test("a logged amount is saved at once with its date and survives reopening the store")
    func loggedAmountSurvives() throws {
        try WaterBench.run { bench in
            try bench.openLog().log(amount: 250, at: day(0, 9))
            let reopened = try bench.openLog()
            let stored = try reopened.context.fetch(FetchDescriptor<WaterEntry>()).map {
                "\($0.amount) ml at \($0.date)"
            }
            #expect(
                stored == ["250 ml at \(day(0, 9))"],
                "The entries after logging 250 ml and reopening the store: expected 250 ml at \(day(0, 9)), found \(stored)."
            )
        }
    }

    @Test("a zero or negative amount is refused with amountNotPositive and stores nothing")
    func nonPositiveRefused() throws {
        try WaterBench.run { bench in
            let log = try bench.openLog()
            for amount in [0, -1, -250] {
                let error = thrownError { try log.log(amount: amount, at: day(0, 9)) }
                #expect(
                    error as? WaterLogError == .amountNotPositive(amount),
                    "log(amount: \(amount)): expected WaterLogError.amountNotPositive(\(amount)), found \(describe(error))."
                )
            }
            let count = try bench.openLog().context.fetchCount(FetchDescriptor<WaterEntry>())
            #expect(count == 0, "Entries stored after only refused amounts: expected 0, found \(count).")
        }
    }

    @Test("an amount over 5,000 ml is refused with amountTooLarge, and 1 ml and 5,000 ml are accepted")
    func tooLargeRefused() throws {
        try WaterBench.run { bench in
            let log = try bench.openLog()
            for amount in [5_001, 25_000] {
                let error = thrownError { try log.log(amount: amount, at: day(0, 9)) }
                #expect(
                    error as? WaterLogError == .amountTooLarge(amount),
                    "log(amount: \(amount)): expected WaterLogError.amountTooLarge(\(amount)), found \(describe(error))."
                )
            }
            for amount in [1, 5_000] {
                let error = thrownError { try log.log(amount: amount, at: day(0, 9)) }
                #expect(error == nil, "log(amount: \(amount)): expected it accepted, found \(describe(error)).")
            }
            let total = try bench.openLog().total(on: day(0))
            #expect(
                total == 5_001, "The day's total after 1 ml and 5,000 ml were accepted: expected 5001, found \(total).")
        }
    }

    @Test("each refusal's message names the amount, the problem and the fix")
    func refusalsExplained() throws {
        try WaterBench.run { bench in
            let log = try bench.openLog()
            for (amount, words) in [
                (0, ["0 ml", "greater than 0"]), (7_500, ["7500 ml", "5000 ml at most", "extra digit"]),
            ] {
                let error = thrownError { try log.log(amount: amount, at: day(0, 9)) }
                let message = (error as? LocalizedError)?.errorDescription ?? ""
                for word in words {
                    #expect(
                        message.contains(word),
                        "The message for log(amount: \(amount)): expected it to mention \"\(word)\", found \"\(message)\"."
                    )
                }
            }
        }
    }
}

@Suite("Section 14: where entries are kept")
struct StoreChecks {
    @Test("a store in memory writes no file and starts empty each time it is opened")
    func memoryStore() throws {
        try WaterBench.run { bench in
            try bench.memoryLog().log(amount: 300, at: day(0, 9))
            let again = try bench.memoryLog().context.fetchCount(FetchDescriptor<WaterEntry>())
            #expect(again == 0, "Entries in a second store in memory: expected 0, found \(again).")
            let files = bench.containerFiles().map(\.path).filter { $0.hasSuffix(".store") }
            #expect(
                files.isEmpty,
                "Store files in the app's container after logging in memory: expected none, found \(files).")
        }
    }

    @Test("a save the store refuses reaches the caller")
    func refusedSaveReported() throws {
        try WaterBench.run { bench in
            try bench.openLog().log(amount: 100, at: day(0, 8))
            let url = bench.sandbox.applicationSupportDirectory.appending(path: WaterLogKeys.storeFilename)
            let container = try ModelContainer(
                for: WaterEntry.self, configurations: ModelConfiguration(url: url, allowsSave: false))
            let log = WaterLog(context: ModelContext(container), calendar: utc)
            let error = thrownError { try log.log(amount: 250, at: day(0, 9)) }
            #expect(
                error != nil,
                "log(amount: 250) on a store that refuses every save: expected the store's error, found none.")
        }
    }
}
