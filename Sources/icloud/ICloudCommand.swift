import ArgumentParser
import Foundation
import PersistenceCloudServer

/// `icloud`: the simulated iCloud of this machine, as CloudKit's console shows an account.
@main
struct ICloudCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "icloud",
        abstract: "Show what the simulated iCloud accounts of this machine hold, or delete an app's iCloud data.",
        discussion: """
            The accounts live in $PERSISTENCE_ICLOUD_ROOT, else in the iCloud folder of the workbench's data \
            folder (~/.local/share/persistence-workbench/iCloud). Every simulated device signed in to an \
            Apple ID syncs through that account's store.
            """,
        subcommands: [Show.self, Accounts.self, DeleteZone.self],
        defaultSubcommand: Show.self
    )

    /// Where the accounts are.
    struct Location: ParsableArguments {
        @Option(help: "The folder of the simulated iCloud, instead of the default one.")
        var root: String?

        var iCloud: SimulatedICloud {
            root.map { SimulatedICloud(root: URL(filePath: $0, directoryHint: .isDirectory)) } ?? .default
        }

        /// The account named, or the only one.
        func account(_ appleID: String?) throws -> SQLiteAccountServer {
            let known = iCloud.appleIDs()
            if let appleID {
                guard known.contains(appleID) else {
                    let accounts = known.isEmpty ? "none yet" : known.joined(separator: ", ")
                    throw ValidationError(
                        "No iCloud account \(appleID) in \(iCloud.root.path): the accounts are \(accounts).")
                }
                return iCloud.account(appleID)
            }
            guard known.count == 1, let only = known.first else {
                throw ValidationError(
                    known.isEmpty
                        ? "No iCloud account in \(iCloud.root.path) yet: sign a device in first, such as `notetaker --device phone account sign-in you@example.com`."
                        : "Several accounts are here (\(known.joined(separator: ", "))): choose one with --account.")
            }
            return iCloud.account(only)
        }
    }

    /// `icloud show`.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show accounts' zones, record types, records, tombstones and devices.")

        @OptionGroup var location: Location
        @Option(help: "Only this account (an Apple ID); every account when omitted.")
        var account: String?
        @Option(help: "Only records of this type, such as CD_Note or CDMR.")
        var type: String?
        @Option(help: "The most records and tombstones to show per zone, newest last.")
        var limit = 50

        func run() throws {
            let appleIDs = account.map { [$0] } ?? location.iCloud.appleIDs()
            guard !appleIDs.isEmpty else {
                print("No iCloud account in \(location.iCloud.root.path) yet.")
                return
            }
            for (index, appleID) in appleIDs.enumerated() {
                if index > 0 { print("") }
                print(
                    try AccountConsole(account: try location.account(appleID)).overview(
                        recordLimit: max(limit, 0), recordType: type))
            }
        }
    }

    /// `icloud accounts`.
    struct Accounts: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the accounts by Apple ID.")

        @OptionGroup var location: Location

        func run() throws {
            let appleIDs = location.iCloud.appleIDs()
            print(
                appleIDs.isEmpty
                    ? "No iCloud account in \(location.iCloud.root.path) yet." : appleIDs.joined(separator: "\n"))
        }
    }

    /// `icloud delete-zone`.
    struct DeleteZone: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete-zone",
            abstract: "Delete an app's iCloud data (its zone), as a user does in iCloud's settings.",
            discussion:
                "Each device that synced removes what it mirrored at its next sync; the record types stay deployed."
        )

        @OptionGroup var location: Location
        @Option(help: "The account (an Apple ID); may be left out when there is only one.")
        var account: String?
        @Option(help: "The iCloud container whose zone goes, such as iCloud.com.example.NoteTaker.")
        var container: String

        func run() throws {
            let server = try location.account(account)
            if try server.deleteZone(containerIdentifier: container) {
                print(
                    "Deleted \(CloudZone.coreDataZoneName) of \(container) in \(server.appleID): its records and tombstones are gone."
                )
                print("Each device removes what it mirrored at its next sync.")
            } else {
                print("\(container) has no zone \(CloudZone.coreDataZoneName) in \(server.appleID): nothing to delete.")
            }
        }
    }
}
