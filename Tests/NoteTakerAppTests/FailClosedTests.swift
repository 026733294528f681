import Foundation
import PersistenceCore
import Section8NoteTaker
import Testing

/// A damaged vault locks NoteTaker instead of opening it, and the way out works.
@Suite("notetaker fails closed", .enabled(if: notetakerRunsTheReference, "runs the reference NoteTaker"))
struct FailClosedTests {
    /// Flips one bit in the middle of `file`.
    func flipOneBit(of file: URL) throws {
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count / 2] ^= 0x01
        try bytes.write(to: file)
    }

    @Test("a PIN item with one bit flipped locks NoteTaker, says how to recover, and reset then works")
    func tamperedPINLocks() throws {
        let home = NoteTakerHome()
        defer { home.remove() }
        #expect(try home.run(["add", "secret plans"]).status == 0)
        #expect(try home.run(["lock", "set", "--new-pin", "7391"]).status == 0)
        for file in try home.vaultItemFiles() { try flipOneBit(of: file) }

        let list = try home.run(["list"])
        #expect(list.status != 0)
        #expect(!list.output.contains("secret plans"), "notes shown from a damaged vault: \(list.output)")
        #expect(
            list.output.contains("errSecDecode") && list.output.contains("lock reset --erase-all-notes"),
            "\(list.output)")
        let status = try home.run(["lock", "status"])
        #expect(status.status != 0 && !status.output.contains("No PIN is set"), "lock status: \(status.output)")
        let set = try home.run(["lock", "set", "--new-pin", "1111"])
        #expect(set.status != 0 && set.output.contains("NoteTaker is locked"), "lock set: \(set.output)")

        let reset = try home.run(["lock", "reset", "--erase-all-notes"])
        #expect(reset.status == 0, "reset: \(reset.output)")
        let after = try home.run(["list"])
        #expect(after.status == 0 && after.output.contains("No notes yet"), "\(after.output)")
    }

    @Test("a replaced device key locks NoteTaker instead of hiding the PIN")
    func replacedDeviceKeyLocks() throws {
        let home = NoteTakerHome()
        defer { home.remove() }
        #expect(try home.run(["add", "secret plans"]).status == 0)
        #expect(try home.run(["lock", "set", "--new-pin", "7391"]).status == 0)
        let key = home.deviceRoot.appending(path: "DeviceKey")
        try Data((0..<32).map { _ in UInt8.random(in: 0...255) }).write(to: key)

        let list = try home.run(["list"])
        #expect(list.status != 0 && !list.output.contains("secret plans"), "\(list.output)")
        #expect(list.output.contains("NoteTaker is locked"), "\(list.output)")
        #expect(try home.run(["lock", "reset", "--erase-all-notes"]).status == 0)
        #expect(try home.run(["list"]).status == 0)
    }

    @Test("a deleted device key locks NoteTaker instead of making a new key")
    func deletedDeviceKeyLocks() throws {
        let home = NoteTakerHome()
        defer { home.remove() }
        #expect(try home.run(["lock", "set", "--new-pin", "7391"]).status == 0)
        try FileManager.default.removeItem(at: home.deviceRoot.appending(path: "DeviceKey"))

        let list = try home.run(["list"])
        #expect(list.status != 0 && list.output.contains("NoteTaker is locked"), "\(list.output)")
    }

    @Test("deleting the newest vault file after wrong PINs does not reset the count")
    func deletingTheCounterKeepsTheLock() throws {
        let home = NoteTakerHome()
        defer { home.remove() }
        #expect(try home.run(["lock", "set", "--new-pin", "7391"]).status == 0)
        for _ in 0..<3 { _ = try home.run(["list", "--pin", "0000"]) }
        let newest = try #require(try home.vaultItemFiles().last)
        try FileManager.default.removeItem(at: newest)

        let next = try home.run(["list", "--pin", "0000"])
        #expect(!next.output.contains("4 more wrong PINs"), "the count was reset by deleting a file: \(next.output)")
        #expect(next.output.contains("NoteTaker is locked"), "\(next.output)")
        let right = try home.run(["list", "--pin", "7391"])
        #expect(right.status != 0, "the right PIN opened a vault that lost an item: \(right.output)")
    }
}
