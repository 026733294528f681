import CoreTestSupport
import Foundation
import Testing

extension NoteTakerHome {
    /// Runs `notetaker --device <device>` with `arguments`, expecting success.
    @discardableResult
    func run(on device: String, _ arguments: [String]) throws -> String {
        let result = try run(["--device", device] + arguments)
        #expect(
            result.status == 0,
            "`notetaker --device \(device) \(arguments.joined(separator: " "))` failed: \(result.output)")
        return result.output
    }

    /// Runs the `icloud` console on this data folder's simulated iCloud.
    func runConsole(_ arguments: [String]) throws -> (status: Int32, output: String) {
        guard let console = BuiltProduct.executable(named: "icloud") else {
            throw ConsoleMissing()
        }
        let process = Process()
        process.executableURL = console
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// The `icloud` console is not beside the test binary.
struct ConsoleMissing: Error, CustomStringConvertible {
    var description: String { "icloud is not built beside the tests: build them with `swift build --build-tests`" }
}

@Suite(
    "notetaker on several devices of one iCloud account",
    .enabled(if: notetakerRunsTheReference, "runs the reference NoteTaker"), .serialized)
struct SyncCommandTests {
    @Test("a note added on the phone lists on the laptop, and the console shows it as CD_Note in the account")
    func noteTravelsBetweenDevices() throws {
        let home = NoteTakerHome()
        defer { home.remove() }
        let signIn = try home.run(on: "phone", ["account", "sign-in", "you@example.com"])
        #expect(signIn.contains("Signed in to iCloud as you@example.com on phone."))
        #expect(signIn.contains("unique constraints: Tag: name"), "\(signIn)")
        try home.run(on: "laptop", ["account", "sign-in", "you@example.com"])

        try home.run(on: "phone", ["add", "Groceries", "--content", "lemons", "--tag", "home"])
        let list = try home.run(on: "laptop", ["list"])

        #expect(list.contains("Groceries") && list.contains("#home"), "\(list)")
        let console = try home.runConsole(["show"])
        #expect(console.status == 0)
        #expect(console.output.contains("Zone com.apple.coredata.cloudkit.zone"), "\(console.output)")
        #expect(console.output.contains("CD_title STRING = \"Groceries\""), "\(console.output)")
        #expect(console.output.contains("CDMR"))
        #expect(
            console.output.contains("phone  last sync") && console.output.contains("laptop  last sync"),
            "\(console.output)")
    }

    @Test("offline edits on both devices: the later upload wins, and the other device's sync says its edit lost")
    func offlineConflict() throws {
        let home = NoteTakerHome()
        defer { home.remove() }
        for device in ["phone", "laptop"] { try home.run(on: device, ["account", "sign-in", "you@example.com"]) }
        try home.run(on: "phone", ["add", "Groceries", "--content", "lemons"])
        try home.run(on: "laptop", ["sync"])

        try home.run(on: "phone", ["network", "off"])
        try home.run(on: "phone", ["edit", "1", "--content", "lemons, from the phone"])
        let offlineSync = try home.run(["--device", "phone", "sync"])
        #expect(offlineSync.status != 0 && offlineSync.output.contains("network on"), "\(offlineSync.output)")
        try home.run(on: "laptop", ["edit", "1", "--content", "limes, from the laptop"])
        let backOnline = try home.run(on: "phone", ["network", "on"])
        let laptopSync = try home.run(on: "laptop", ["sync"])

        #expect(backOnline.contains("Sent 1 change to iCloud: 'Groceries'."), "\(backOnline)")
        #expect(backOnline.contains("your edit of 'Groceries' replaced laptop's"), "\(backOnline)")
        #expect(laptopSync.contains("Received 1 change from phone: 'Groceries'."), "\(laptopSync)")
        #expect(laptopSync.contains("your edit of 'Groceries' lost to phone's newer record"), "\(laptopSync)")
        #expect(try home.run(on: "laptop", ["show", "1"]).contains("lemons, from the phone"))
    }

    @Test("signing out removes the synced notes from the device, and iCloud keeps them for the next sign-in")
    func signOutRemovesNotes() throws {
        let home = NoteTakerHome()
        defer { home.remove() }
        try home.run(on: "phone", ["account", "sign-in", "you@example.com"])
        try home.run(on: "phone", ["add", "Groceries"])

        let signOut = try home.run(on: "phone", ["account", "sign-out"])
        #expect(signOut.contains("Removed 1 note or tag mirrored from iCloud from this device"), "\(signOut)")
        #expect(try home.run(on: "phone", ["list"]).contains("No notes"), "the list after signing out")
        let status = try home.run(on: "phone", ["account", "status"])
        #expect(status.contains("iCloud: not signed in"), "\(status)")

        let signIn = try home.run(on: "phone", ["account", "sign-in", "you@example.com"])
        #expect(signIn.contains("Received 1 change"), "\(signIn)")
        #expect(try home.run(on: "phone", ["list"]).contains("Groceries"))
    }

    @Test("sync without an account, and a bad device name, are refused with the fix")
    func refusals() throws {
        let home = NoteTakerHome()
        defer { home.remove() }
        let unsigned = try home.run(["--device", "phone", "sync"])
        #expect(unsigned.status != 0 && unsigned.output.contains("account sign-in"), "\(unsigned.output)")
        let badName = try home.run(["--device", "../phone", "list"])
        #expect(badName.status != 0 && badName.output.contains("--device"), "\(badName.output)")
        let missing = try home.run(["list", "--device"])
        #expect(missing.status != 0 && missing.output.contains("--device needs a name"), "\(missing.output)")
    }
}
