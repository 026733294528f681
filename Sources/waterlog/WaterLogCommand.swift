import ArgumentParser
import Foundation
import PersistenceCore
import Section14WaterLog
import PersistenceWorkbench

/// `waterlog`: Section 14's WaterLog on the command line, built on whichever track is built.
@main
struct WaterLogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waterlog",
        abstract: "Log the water you drink, against a daily goal kept in the vault.",
        discussion: """
            Entries live in the app container `waterlog` in your data folder: $XDG_DATA_HOME/persistence-workbench \
            (or ~/.local/share/persistence-workbench); `--device NAME` runs on the simulated device NAME.
            """,
        subcommands: [Log.self, List.self, Goal.self, Week.self, Reminders.self, Account.self, Network.self, Sync.self]
    )
}

/// The options every command takes.
struct DeviceOptions: ParsableArguments {
    @Option(help: "Run on the simulated device NAME (Devices/NAME in the data folder).")
    var device: String?

    /// Makes the app's container on the chosen device current, and returns it.
    func selectSandbox() -> AppSandbox {
        let base = AppSandbox.environmentDeviceRoot
        let root = device.map { base.appending(path: "Devices", directoryHint: .isDirectory).appending(path: $0, directoryHint: .isDirectory) } ?? base
        let sandbox = AppSandbox(appIdentifier: "waterlog", deviceRoot: root)
        AppSandbox.current = sandbox
        return sandbox
    }

    /// The opened app: its log, on the store that syncs once the device is signed in to iCloud.
    func open(syncing: Bool = true) throws -> (sandbox: AppSandbox, log: WaterLog) {
        let sandbox = selectSandbox()
        try FileManager.default.createDirectory(at: sandbox.applicationSupportDirectory, withIntermediateDirectories: true)
        do {
            let signedIn = CloudDevice(sandbox).appleID != nil
            let container = try WaterLogStore.makeContainer(sandbox: sandbox, syncsWithICloud: signedIn)
            if syncing, signedIn, CloudDevice(sandbox).isNetworkAvailable { _ = try? container.syncWithCloudKit() }
            return (sandbox, WaterLog(context: ModelContext(container)))
        } catch {
            throw CLIError("Opening WaterLog failed: \(error)")
        }
    }
}

/// A refusal or failure, printed as `Error: <message>` without the usage.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// `1,234` for 1234.
func ml(_ amount: Int) -> String { "\(amount.formatted(.number.grouping(.automatic))) ml" }

/// The goal, or the command's error.
func currentGoal() throws -> Int {
    do { return try DailyGoal().goal() } catch { throw CLIError(describe(error)) }
}

/// An error's message, as the contract words it.
func describe(_ error: any Error) -> String {
    (error as? LocalizedError)?.errorDescription ?? String(describing: error)
}

/// Parses `2026-05-05` or `2026-05-05 13:30` on the current calendar.
func parseDate(_ text: String) throws -> Date {
    let parts = text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" || $0 == "T" }).compactMap { Int($0) }
    guard parts.count == 3 || parts.count == 5,
          let date = Calendar.current.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts.count == 5 ? parts[3] : 12, minute: parts.count == 5 ? parts[4] : 0))
    else { throw CLIError("\"\(text)\" is not a date: write it as 2026-05-05 or 2026-05-05 13:30.") }
    return date
}

extension WaterLogCommand {
    struct Log: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Log an amount of water, in millilitres.")
        @OptionGroup var options: DeviceOptions
        @Argument(help: "Millilitres, from 1 to 5000.") var amount: Int
        @Option(help: "When you drank it: 2026-05-05 13:30 (default: now).") var at: String?

        func run() throws {
            let (_, log) = try options.open()
            let date = try at.map(parseDate) ?? .now
            do {
                try log.log(amount: amount, at: date)
            } catch {
                throw CLIError(describe(error))
            }
            let goal = try currentGoal()
            let total = try log.total(on: date)
            print("Logged \(ml(amount)) at \(date.formatted(date: .abbreviated, time: .shortened)).")
            print("That day: \(ml(total)) of \(ml(goal)) (\(Int((Double(total) / Double(goal) * 100).rounded())) %).")
            if Calendar.current.isDateInToday(date) {
                let pending = try GoalReminder().update(total: total, goal: goal)
                print(pending ? "Reminder at \(WaterRules.reminderHour):00 if you are still behind: \(ml(goal - total)) to go." : "No reminder pending today.")
            }
            let container = log.context.container
            if CloudDevice().appleID != nil, CloudDevice().isNetworkAvailable, let report = try? container.syncWithCloudKit() {
                print("Synced: sent \(report.sent.count), received \(report.received.count).")
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a day's entries (default: today).")
        @OptionGroup var options: DeviceOptions
        @Option(help: "The day: 2026-05-05.") var date: String?

        func run() throws {
            let (_, log) = try options.open()
            let day = try date.map(parseDate) ?? .now
            let entries = try log.entries(on: day)
            print("\(day.formatted(date: .complete, time: .omitted))")
            if entries.isEmpty { print("  nothing logged") }
            for entry in entries {
                print("  \(entry.date.formatted(date: .omitted, time: .shortened))  \(ml(entry.amount))")
            }
            let goal = try currentGoal()
            let summary = try log.summary(on: day, goal: goal)
            print("Total: \(ml(summary.total)) of \(ml(goal)) (\(Int((summary.progress * 100).rounded())) %)")
        }
    }

    struct Goal: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the daily goal, or set it with `goal set N`.")
        @OptionGroup var options: DeviceOptions
        @Argument(help: "`set` and a goal in millilitres, or nothing to show it.") var words: [String] = []

        func run() throws {
            _ = options.selectSandbox()
            switch words.count {
            case 0:
                print("Daily goal: \(ml(try currentGoal())) (kept in the vault)")
            case 2 where words[0] == "set":
                guard let goal = Int(words[1]) else { throw CLIError("\"\(words[1])\" is not a number of millilitres: write it as 2500.") }
                do { try DailyGoal().setGoal(goal) } catch { throw CLIError(describe(error)) }
                print("Daily goal set to \(ml(goal)).")
            default:
                throw CLIError("Write `waterlog goal` to show the goal, or `waterlog goal set 2500` to set it.")
            }
        }
    }

    struct Week: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The last seven days as a bar chart, and optionally an SVG file.")
        @OptionGroup var options: DeviceOptions
        @Option(help: "The last day of the week: 2026-05-05 (default: today).") var ending: String?
        @Option(help: "Also write the chart to this SVG file.") var svg: String?

        func run() throws {
            let (_, log) = try options.open()
            let goal = try currentGoal()
            let week = try log.week(endingOn: try ending.map(parseDate) ?? .now, goal: goal)
            print(WeekChart.terminal(week, goal: goal))
            if let svg {
                let url = URL(filePath: svg)
                try Data(WeekChart.svg(week, goal: goal).utf8).write(to: url, options: .atomic)
                print("Wrote \(url.path): open it in a browser.")
            }
        }
    }

    struct Reminders: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Deliver the reminders that are due, and list pending and delivered ones.")
        @OptionGroup var options: DeviceOptions

        func run() throws {
            _ = options.selectSandbox()
            let center = UNUserNotificationCenter.current()
            try center.deliverPendingNotifications(until: .now)
            let pending = center.pendingRequests()
            print(pending.isEmpty ? "No reminder pending." : "Pending:")
            for request in pending {
                let when = (request.trigger as? UNCalendarNotificationTrigger)?.nextTriggerDate()
                print("  \(when?.formatted(date: .abbreviated, time: .shortened) ?? "now")  \(request.content.title): \(request.content.body)")
            }
            let delivered = center.delivered()
            if !delivered.isEmpty { print("Delivered:") }
            for notification in delivered {
                print("  \(notification.date.formatted(date: .abbreviated, time: .shortened))  \(notification.request.content.title): \(notification.request.content.body)")
            }
        }
    }

    struct Account: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Sign the device in to a simulated iCloud account: `account sign-in you@example.com`.")
        @OptionGroup var options: DeviceOptions
        @Argument var words: [String]

        func run() throws {
            let sandbox = options.selectSandbox()
            let device = CloudDevice(sandbox)
            switch (words.first, words.count) {
            case ("sign-in", 2):
                if let name = options.device { try device.rename(to: name) }
                try device.signIn(appleID: words[1])
                print("\(device.name) is signed in to iCloud as \(words[1]).")
            case ("sign-out", 1):
                try device.signOut()
                print("\(device.name) is signed out of iCloud.")
            default:
                throw CLIError("Write `waterlog account sign-in you@example.com` or `waterlog account sign-out`.")
            }
        }
    }

    struct Network: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Turn the simulated device's network on or off.")
        @OptionGroup var options: DeviceOptions
        @Argument(help: "on or off") var state: String

        func run() throws {
            let device = CloudDevice(options.selectSandbox())
            guard state == "on" || state == "off" else { throw CLIError("Write `waterlog network on` or `waterlog network off`.") }
            try device.setNetworkAvailable(state == "on")
            print("\(device.name) is \(state == "on" ? "online" : "offline").")
        }
    }

    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Send and receive entries through iCloud now.")
        @OptionGroup var options: DeviceOptions

        func run() throws {
            let (sandbox, log) = try options.open(syncing: false)
            guard CloudDevice(sandbox).appleID != nil else { throw CLIError("This device is not signed in to iCloud: `waterlog account sign-in you@example.com` first.") }
            let report = try log.context.container.syncWithCloudKit()
            print("Sent \(report.sent.count) and received \(report.received.count) entries.")
        }
    }
}

/// The week drawn without Swift Charts: block characters for the terminal, and an SVG file.
enum WeekChart {
    static func dayLabel(_ day: Date) -> String { day.formatted(.dateTime.weekday(.abbreviated).day()) }

    static func terminal(_ week: [DaySummary], goal: Int) -> String {
        let width = 30
        let top = max(goal, week.map(\.total).max() ?? 0)
        let goalColumn = goal * width / max(top, 1)
        var lines = ["Water, last 7 days (goal \(ml(goal)), marked |)"]
        for day in week {
            let filled = day.total * width / max(top, 1)
            var bar = Array(String(repeating: "█", count: filled) + String(repeating: " ", count: width - filled))
            if goalColumn < width, bar[goalColumn] == " " { bar[goalColumn] = "|" }
            let mark = day.total >= goal ? " ✓" : ""
            lines.append("\(dayLabel(day.day).padding(toLength: 8, withPad: " ", startingAt: 0)) \(String(bar)) \(ml(day.total))\(mark)")
        }
        let met = week.filter { $0.total >= goal }.count
        lines.append("Goal met on \(met) of 7 days; \(ml(week.map(\.total).reduce(0, +))) in all.")
        return lines.joined(separator: "\n")
    }

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
            parts.append(#"<rect x="\#(x)" y="\#(y(day.total))" width="\#(barWidth)" height="\#(base - y(day.total))" fill="\#(colour)"><title>\#(ml(day.total))</title></rect>"#)
            parts.append(#"<text x="\#(x + barWidth / 2)" y="\#(base + 16)" text-anchor="middle">\#(dayLabel(day.day))</text>"#)
            parts.append(#"<text x="\#(x + barWidth / 2)" y="\#(y(day.total) - 4)" text-anchor="middle">\#(day.total)</text>"#)
        }
        let goalColour = "#e34a33"
        parts.append(#"<line x1="10" x2="\#(width - 10)" y1="\#(y(goal))" y2="\#(y(goal))" stroke="\#(goalColour)" stroke-dasharray="4 3"/>"#)
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }
}
