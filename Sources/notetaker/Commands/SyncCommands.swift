import ArgumentParser
import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section8NoteTaker

/// `notetaker account`: the device's iCloud account.
struct AccountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "Sign this device in to iCloud or out, or show its iCloud status.",
        discussion: """
            Every device signed in to one Apple ID shares its notes through the simulated iCloud on this \
            machine. Signing out removes the synced notes from the device, as an iPhone does; iCloud keeps them.
            """,
        subcommands: [SignIn.self, SignOut.self, Status.self],
        defaultSubcommand: Status.self
    )

    /// `notetaker account sign-in`.
    struct SignIn: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sign-in", abstract: "Sign this device in to an iCloud account, and sync.")

        @Argument(help: "The Apple ID, such as you@example.com.")
        var appleID: String
        @OptionGroup var unlock: UnlockOptions

        func validate() throws {
            let trimmed = appleID.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty
                || trimmed.contains(where: { $0.isWhitespace || $0.unicodeScalars.contains { $0.value < 0x20 } })
            {
                throw ValidationError(
                    "\"\(TerminalText.line(appleID))\" is not an Apple ID: give one such as you@example.com.")
            }
        }

        func run() throws {
            let device = NoteTakerCloud.device
            do {
                try device.signIn(appleID: appleID)
            } catch {
                throw NoteTakerCLIError("Signing in failed: \(error) — while signing \(device.name) in to iCloud")
            }
            print("Signed in to iCloud as \(TerminalText.line(appleID)) on \(device.name).")
            let violations = CloudKitModelRules.violations(of: Schema([Note.self, Tag.self]))
            if !violations.isEmpty {
                print("On a real device, iCloud would refuse NoteTaker's models until they follow CloudKit's rules")
                print("(Section 13 makes them ready); notetaker syncs them anyway, so you can watch sync work:")
                for rule in CloudKitModelRules.Rule.allCases {
                    let breaks = violations.filter { $0.rule == rule }.map(\.description)
                    if !breaks.isEmpty { print("  - \(rule.summary): \(breaks.joined(separator: ", "))") }
                }
            }
            try SyncRun.syncAndPrint(unlocking: unlock)
        }
    }

    /// `notetaker account sign-out`.
    struct SignOut: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sign-out", abstract: "Sign this device out of iCloud, removing the synced notes from it.")

        @OptionGroup var unlock: UnlockOptions

        func run() throws {
            let device = NoteTakerCloud.device
            guard let appleID = device.appleID else {
                print("\(device.name) is not signed in to iCloud.")
                return
            }
            do {
                try device.signOut()
            } catch {
                throw NoteTakerCLIError("Signing out failed: \(error) — while signing \(device.name) out of iCloud")
            }
            print("Signed out of iCloud (\(TerminalText.line(appleID))) on \(device.name).")
            let app = try NoteTakerApp.open(unlocking: unlock, syncing: false)
            let report = try app.repository.context.container.syncWithCloudKit()
            for line in SyncReportFormatter.notices(report, repository: app.repository) { print(line) }
        }
    }

    /// `notetaker account status`.
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the device's iCloud account, network and waiting changes.")

        func run() throws {
            let device = NoteTakerCloud.device
            let app = try NoteTakerApp.openWithoutPIN(sandbox: NoteTakerApp.selectSandbox())
            let container = app.repository.context.container
            print("Device: \(device.name)")
            let signIn = "not signed in — `notetaker\(NoteTakerCloud.deviceFlag) account sign-in you@example.com`"
            print("iCloud: \(device.appleID.map { "\(TerminalText.line($0)) (\(device.accountStatus))" } ?? signIn)")
            print("Network: \(device.isNetworkAvailable ? "on" : "off")")
            if device.appleID != nil {
                let waiting = (try? container.cloudKitPendingChangeCount()) ?? 0
                print(
                    "Waiting on this device: \(waiting) \(waiting == 1 ? "change" : "changes") (as of the last sync or save)"
                )
                let last = (try? container.cloudKitLastSync()).flatMap { $0 }
                print("Last sync: \(last.map { $0.formatted(date: .abbreviated, time: .standard) } ?? "never")")
                let kept = (try? container.cloudKitUnappliedRecords()) ?? []
                if !kept.isEmpty {
                    let records = kept.count == 1 ? "record" : "records"
                    print(
                        "Received but not applied: \(kept.count) \(records) this NoteTaker cannot apply yet, kept on the device:"
                    )
                    for record in kept {
                        print("  \(record.recordName) (\(record.recordType)): \(TerminalText.line(record.reason))")
                    }
                }
            }
        }
    }
}

/// `notetaker network`: take the device offline and back.
struct NetworkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "network",
        abstract: "Turn the device's network off or on; back on, what waited is sent.",
        discussion: "Offline, saves wait on the device. Turning the network on sends them, once."
    )

    @Argument(help: "on or off.")
    var state: SettingsCommand.Switch
    @OptionGroup var unlock: UnlockOptions

    func run() throws {
        let device = NoteTakerCloud.device
        do {
            try device.setNetworkAvailable(state == .on)
        } catch {
            throw NoteTakerCLIError(
                "Changing the network failed: \(error) — while turning the network \(state.rawValue)")
        }
        guard state == .on else {
            print(
                "\(device.name) is offline: changes wait on this device until `notetaker\(NoteTakerCloud.deviceFlag) network on`."
            )
            return
        }
        print("\(device.name) is online.")
        if device.appleID != nil { try SyncRun.syncAndPrint(unlocking: unlock) }
    }
}

/// `notetaker sync`.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync with iCloud now and say what was sent, received and lost in a conflict.",
        discussion:
            "The later upload wins a conflict: its whole note replaces the other device's, whichever edit is newer by the devices' clocks."
    )

    @OptionGroup var unlock: UnlockOptions

    func run() throws {
        try SyncRun.syncAndPrint(unlocking: unlock)
    }
}

/// One sync that prints its report.
enum SyncRun {
    /// Opens NoteTaker without its own quiet sync, syncs, and prints what happened.
    ///
    /// - Throws: `NoteTakerCLIError` saying why the sync could not run and what to do.
    static func syncAndPrint(unlocking unlock: UnlockOptions) throws {
        let device = NoteTakerCloud.device
        guard device.appleID != nil else {
            throw NoteTakerCLIError(
                "\(device.name) is not signed in to iCloud — sign in with `notetaker\(NoteTakerCloud.deviceFlag) account sign-in you@example.com`"
            )
        }
        let app = try NoteTakerApp.open(unlocking: unlock, syncing: false)
        let report: CloudKitSyncReport
        do {
            report = try app.repository.context.container.syncWithCloudKit()
        } catch let error as CKError where error.code == .networkUnavailable {
            let waiting = (try? app.repository.context.container.cloudKitPendingChangeCount()) ?? 0
            throw NoteTakerCLIError(
                "Sync failed: the network is off on \(device.name); \(waiting) \(waiting == 1 ? "change waits" : "changes wait") on this device — "
                    + "turn it on with `notetaker\(NoteTakerCloud.deviceFlag) network on`"
            )
        } catch {
            throw NoteTakerCLIError("Sync failed: \(error)")
        }
        for line in SyncReportFormatter.lines(report, repository: app.repository) { print(line) }
    }
}
