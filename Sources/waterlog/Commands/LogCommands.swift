import ArgumentParser
import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section14WaterLog

extension WaterLogCommand {
    struct Log: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Log an amount of water, in millilitres.")

        @OptionGroup var options: DeviceOptions

        // Every word the options do not take, so that `log -5` reaches WaterLog's own refusal of a negative
        // amount rather than being read as an unknown option `-5`.
        @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Millilitres, from 1 to 5000.", valueName: "amount"))
        var words: [String] = []

        @Option(help: "When you drank it: 2026-05-05 13:30 (default: now).")
        var at: String?

        /// The amount typed, which WaterLog checks: negative and zero amounts are refused there, in its words.
        var amount: Int {
            get throws {
                guard words.count == 1, let amount = Int(words[0]) else {
                    throw ValidationError(
                        words.isEmpty
                            ? "Write the amount in millilitres, such as `waterlog log 330`."
                            : "\"\(words.joined(separator: " "))\" is not an amount: write whole millilitres, such as `waterlog log 330`."
                    )
                }
                return amount
            }
        }

        func validate() throws { _ = try amount }

        func run() throws {
            let amount = try amount
            let (_, log) = try options.open()
            let date = try at.map(DateInput.parse) ?? .now
            do {
                try log.log(amount: amount, at: date)
            } catch {
                throw WaterLogCLIError(wrapping: error)
            }
            let goal = try currentGoal()
            let total = try log.total(on: date)
            print("Logged \(ml(amount)) at \(date.formatted(date: .abbreviated, time: .shortened)).")
            print("That day: \(ml(total)) of \(ml(goal)) (\(percent(Double(total) / Double(goal)))).")
            if Calendar.current.isDateInToday(date) {
                let pending = try GoalReminder().update(total: total, goal: goal)
                print(
                    pending
                        ? "Reminder at \(WaterRules.reminderHour):00 if you are still behind: \(ml(goal - total)) to go."
                        : "No reminder pending today.")
            }
            let container = log.context.container
            if CloudDevice().appleID != nil, CloudDevice().isNetworkAvailable,
                let report = try? container.syncWithCloudKit()
            {
                print("Synced: sent \(report.sent.count), received \(report.received.count).")
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a day's entries (default: today).")

        @OptionGroup var options: DeviceOptions

        @Option(help: "The day: 2026-05-05.")
        var date: String?

        func run() throws {
            let (_, log) = try options.open()
            let day = try date.map(DateInput.parse) ?? .now
            let entries = try log.entries(on: day)
            print("\(day.formatted(date: .complete, time: .omitted))")
            if entries.isEmpty { print("  nothing logged") }
            for entry in entries {
                print("  \(entry.date.formatted(date: .omitted, time: .shortened))  \(ml(entry.amount))")
            }
            let goal = try currentGoal()
            let summary = try log.summary(on: day, goal: goal)
            print("Total: \(ml(summary.total)) of \(ml(goal)) (\(percent(summary.progress)))")
        }
    }

    struct Goal: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the daily goal, or set it with `goal set N`.")

        @OptionGroup var options: DeviceOptions

        @Argument(help: "`set` and a goal in millilitres, or nothing to show it.")
        var words: [String] = []

        func run() throws {
            _ = options.selectSandbox()
            switch words.count {
            case 0:
                print("Daily goal: \(ml(try currentGoal())) (kept in the vault)")
            case 2 where words[0] == "set":
                guard let goal = Int(words[1]) else {
                    throw WaterLogCLIError("\"\(words[1])\" is not a number of millilitres: write it as 2500.")
                }
                do { try DailyGoal().setGoal(goal) } catch { throw WaterLogCLIError(wrapping: error) }
                print("Daily goal set to \(ml(goal)).")
            default:
                throw WaterLogCLIError("Write `waterlog goal` to show the goal, or `waterlog goal set 2500` to set it.")
            }
        }
    }
}
