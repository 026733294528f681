import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section14WaterLog
import Testing

typealias UserDefaults = PersistenceCore.UserDefaults

/// A throwaway device for one check: WaterLog's sandbox and vault, current for the check's task only.
struct WaterBench {
    let sandbox: AppSandbox
    let vault: Vault

    static func run(_ body: (WaterBench) throws -> Void) throws {
        let sandbox = AppSandbox.temporary(appIdentifier: "com.example.WaterLog")
        try sandbox.createContainerDirectories()
        defer { try? FileManager.default.removeItem(at: sandbox.deviceRoot) }
        let bench = WaterBench(sandbox: sandbox, vault: Vault(sandbox: sandbox, device: VaultDevice()))
        try AppSandbox.withCurrent(sandbox) {
            try Vault.withCurrent(bench.vault) { try body(bench) }
        }
    }

    /// A log over a new context on the app's store file, on the checks' calendar.
    func openLog() throws -> WaterLog {
        WaterLog(context: ModelContext(try WaterLogStore.makeContainer(sandbox: sandbox)), calendar: utc)
    }

    /// A log on a store in memory.
    func memoryLog() throws -> WaterLog {
        WaterLog(
            context: ModelContext(try WaterLogStore.makeContainer(sandbox: sandbox, inMemory: true)), calendar: utc)
    }

    /// The notification center of this device's app.
    var center: UNUserNotificationCenter { AppSandbox.withCurrent(sandbox) { UNUserNotificationCenter.current() } }

    /// Every change to the vault fails with errSecIO; reads still work.
    func makeVaultRefuseChanges() throws {
        let lockFile = vault.directory.appending(path: "Vault.lock")
        try? FileManager.default.removeItem(at: lockFile)
        try FileManager.default.createDirectory(at: lockFile, withIntermediateDirectories: true)
    }

    /// Once an item was stored, every vault call fails with errSecDecode.
    func makeVaultUnreadable() {
        try? FileManager.default.removeItem(at: vault.deviceKeyURL)
    }

    /// The contents of every regular file in the app's container.
    func containerFiles() -> [(path: String, contents: Data)] {
        let root = sandbox.containerURL
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { item in
            guard let url = item as? URL, let data = FileManager.default.contents(atPath: url.path),
                (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
            else { return nil }
            return (url.path.replacingOccurrences(of: root.path, with: ""), data)
        }
    }
}

/// The checks' calendar: Gregorian, in UTC, so a day is the same day wherever the checks run.
let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
}()

/// A Gregorian calendar in a time zone at least twelve hours from the device's, so that a day on it is
/// never the device's day.
func farFromTheDevice() -> Calendar {
    let device = TimeZone.current.secondsFromGMT(for: day())
    let zones = ["Pacific/Kiritimati", "Pacific/Pago_Pago"].compactMap { TimeZone(identifier: $0) }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zones.max {
        abs($0.secondsFromGMT(for: day()) - device) < abs($1.secondsFromGMT(for: day()) - device)
    }!
    return calendar
}

/// 2026-03-02 (a Monday) at `hour`:`minute` UTC, plus `days`.
func day(_ days: Int = 0, _ hour: Int = 12, _ minute: Int = 0) -> Date {
    let monday = utc.date(from: DateComponents(year: 2026, month: 3, day: 2, hour: hour, minute: minute))!
    return utc.date(byAdding: .day, value: days, to: monday)!
}

/// The error `body` throws, or nil.
func thrownError(_ body: () throws -> Void) -> (any Error)? {
    do {
        try body()
        return nil
    } catch { return error }
}

func describe(_ value: Any?) -> String { value.map { String(describing: $0) } ?? "nil" }
