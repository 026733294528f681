// Section 14 — The health mini-challenge: WaterLog
// Exercise 14.1: water intake in SwiftData, a goal in the vault, a weekly summary, a reminder and sync.
//
// Goal: an app that logs each glass of water, keeps the daily goal as a secret of the device, sums the
// last seven days in the store, reminds the user when they are behind, and syncs between devices.
//
// WaterEntry: one drink. An entry syncs through iCloud, so every property has a default.

import PersistenceCore
import PersistenceWorkbench

@Model
public final class WaterEntry {
    /// Millilitres, from 1 to `WaterRules.maxAmount`.
    public var amount: Int = 0
    /// When it was drunk.
    public var date: Date = Date(timeIntervalSince1970: 0)

    public init(amount: Int, date: Date) {
        self.amount = amount
        self.date = date
    }
}

/// Opens WaterLog's store.
public enum WaterLogStore {
    /// The container of the app's store file in `sandbox`'s Application Support, syncing with
    /// `WaterLogKeys.containerIdentifier` when `syncsWithICloud`; in memory when `inMemory`.
    public static func makeContainer(sandbox: AppSandbox = .current, inMemory: Bool = false, syncsWithICloud: Bool = false) throws -> ModelContainer {
        // TODO: Open a container for WaterEntry: in memory when `inMemory`; otherwise on the file
        // `WaterLogKeys.storeFilename` in `sandbox.applicationSupportDirectory`, with
        // `cloudKitDatabase: .private(WaterLogKeys.containerIdentifier)` when `syncsWithICloud`. Make the
        // configuration inside `AppSandbox.withCurrent(sandbox)`: it belongs to the sandbox current then.
        throw WaterLogStoreUnfinished()
    }
}

/// Thrown by the starter until the store is written.
struct WaterLogStoreUnfinished: Error, CustomStringConvertible {
    var description: String { "WaterLogStore.makeContainer is not written yet (Exercises/Section14WaterLog/WaterEntry.swift)." }
}
