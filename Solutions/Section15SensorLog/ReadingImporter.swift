// Section 15 — Bulk work and the app's files
//
// Goal: import a station's export of thousands of readings, and read them back, without the import
// ever leaving half a batch behind or the reads loading every reading at once.
//
//   - The importer works in a context of its own that never saves by itself: autosave stays off, so
//     nothing reaches the store until the importer decides.
//   - `importReadings(_:batchSize:)` imports `batchSize` records at a time, each batch all or nothing:
//     a batch with an invalid record (`ReadingRecord.isValid`) stores none of its readings, leaves the
//     context with no unsaved change, and stops the import with `ImportError.invalidRecord(index:)`;
//     the batches before it stay saved. Each batch that succeeds is one save; a `batchSize` below 1
//     imports one record at a time.
//   - `total(ofSensor:)` adds up a sensor's values, reading at most 500 of them at a time.
//   - `identifiers(ofSensor:)` lists a sensor's readings, oldest first, by identifier alone: no
//     reading is loaded to list them.
//
// Run `swift run coach check 15` to see which checks pass.

import PersistenceCore

/// Imports readings into a log and reads them back in bulk.
public final class ReadingImporter {
    /// The importer's own context: it saves only when the importer says so.
    public let context: ModelContext

    /// An importer writing into `container` through a context of its own.
    public init(container: ModelContainer) {
        context = ModelContext(container)
        context.autosaveEnabled = false
    }

    /// Imports `records` in batches of `batchSize` (at least 1), each saved all together or not at all.
    ///
    /// - Throws: `ImportError.invalidRecord(index:)` for the first invalid record, once its batch has
    ///   been undone; `SwiftDataError` when a save fails.
    public func importReadings(_ records: [ReadingRecord], batchSize: Int) throws {
        let size = max(1, batchSize)
        for start in stride(from: 0, to: records.count, by: size) {
            let end = min(start + size, records.count)
            try context.transaction {
                for index in start..<end {
                    let record = records[index]
                    guard record.isValid else { throw ImportError.invalidRecord(index: index) }
                    context.insert(Reading(sensor: record.sensor, value: record.value, takenAt: record.takenAt))
                }
            }
        }
    }

    /// The sum of every value `sensor` measured, read at most 500 readings at a time.
    ///
    /// - Throws: `SwiftDataError` when the store cannot be read.
    public func total(ofSensor sensor: String) throws -> Double {
        var total = 0.0
        let descriptor = FetchDescriptor<Reading>(predicate: #Predicate { $0.sensor == sensor })
        try context.enumerate(descriptor, batchSize: 500) { reading in
            total += reading.value
        }
        return total
    }

    /// The identifiers of `sensor`'s readings, oldest first, read without loading the readings.
    ///
    /// - Throws: `SwiftDataError` when the store cannot be read.
    public func identifiers(ofSensor sensor: String) throws -> [PersistentIdentifier] {
        let descriptor = FetchDescriptor<Reading>(
            predicate: #Predicate { $0.sensor == sensor },
            sortBy: [SortDescriptor(\.takenAt)]
        )
        return try context.fetchIdentifiers(descriptor)
    }
}
