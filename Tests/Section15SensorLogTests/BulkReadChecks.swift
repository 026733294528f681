import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section15SensorLog
import Testing

@Suite("Section 15: reading readings in bulk")
struct BulkReadChecks {
    /// Stores 1,001 readings of "roof" (values 1…1001) and 3 of "garden" (values 10, 20, 30, inserted out of order).
    static func fill(_ container: ModelContainer) throws {
        let context = ModelContext(container)
        for record in records(1001)
            + [(20.0, 101.0), (10, 100), (30, 102)].map({ value, day in
                ReadingRecord(sensor: "garden", value: value, takenAt: moment(day: day))
            })
        {
            context.insert(Reading(sensor: record.sensor, value: record.value, takenAt: record.takenAt))
        }
        try context.save()
    }

    /// The queries of `log` that read the readings table.
    static func readingQueries(_ log: SQLLog) -> [String] {
        log.queries.map(\.sql).filter { $0.contains(#"FROM "Reading""#) }
    }

    @Test("a sensor's total adds up every one of its readings, and none of another sensor's")
    func totals() throws {
        try ThrowawayDevice.run(app: ThrowawayDevice.stationApp) { device in
            let container = try device.launchLog()
            try Self.fill(container)
            let importer = ReadingImporter(container: container)
            let roof = try importer.total(ofSensor: "roof")
            let garden = try importer.total(ofSensor: "garden")
            let none = try importer.total(ofSensor: "cellar")
            #expect(
                [roof, garden, none] == [501_501, 60, 0],
                "total(ofSensor:) for roof (1,001 readings valued 1…1001), garden (10, 20, 30) and cellar (none): expected [501501, 60, 0], found \([roof, garden, none].map(formatted))."
            )
        }
    }

    @Test("a sensor's total reads its readings at most 500 at a time")
    func totalReadsInBatches() throws {
        try ThrowawayDevice.run(app: ThrowawayDevice.stationApp) { device in
            let container = try device.launchLog()
            try Self.fill(container)
            let importer = ReadingImporter(container: container)
            var total = 0.0
            let log = try container.captureSQL { total = try importer.total(ofSensor: "roof") }
            let queries = Self.readingQueries(log)
            let batched = queries.count >= 3 && queries.allSatisfy { $0.contains("LIMIT") }
            #expect(
                total == 501_501 && batched,
                "total(ofSensor: \"roof\") over 1,001 readings: expected 501501, read with at least 3 queries of at most 500 rows each (each with a LIMIT); found \(formatted(total)) with \(queries.count) queries: \(queries.prefix(4).map { String($0.prefix(160)) })."
            )
        }
    }

    @Test("a sensor's identifiers are listed oldest first and find its readings")
    func identifiersInOrder() throws {
        try ThrowawayDevice.run(app: ThrowawayDevice.stationApp) { device in
            let container = try device.launchLog()
            try Self.fill(container)
            let identifiers = try ReadingImporter(container: container).identifiers(ofSensor: "garden")
            let context = ModelContext(container)
            let found = identifiers.map { identifier -> String in
                guard
                    let reading: Reading = context.registeredModel(for: identifier)
                        ?? (try? context.fetch(
                            FetchDescriptor<Reading>(predicate: #Predicate { $0.persistentModelID == identifier })))?
                        .first
                else { return "nothing" }
                return "\(reading.sensor)=\(formatted(reading.value))"
            }
            let expected = ["garden=10", "garden=20", "garden=30"]
            #expect(
                found == expected,
                "The readings identifiers(ofSensor: \"garden\") names, in its order: expected \(describe(expected)), found \(describe(found))."
            )
        }
    }

    @Test("a sensor's identifiers are read without loading a single reading")
    func identifiersReadKeysOnly() throws {
        try ThrowawayDevice.run(app: ThrowawayDevice.stationApp) { device in
            let container = try device.launchLog()
            try Self.fill(container)
            let importer = ReadingImporter(container: container)
            var identifiers: [PersistentIdentifier] = []
            let log = try container.captureSQL { identifiers = try importer.identifiers(ofSensor: "roof") }
            let queries = Self.readingQueries(log)
            let keysOnly =
                !queries.isEmpty && queries.allSatisfy { !$0.contains("SELECT *") && !$0.contains(#""value""#) }
            #expect(
                identifiers.count == 1001 && keysOnly,
                "identifiers(ofSensor: \"roof\") over 1,001 readings: expected 1001 identifiers, read by queries that select the key alone, no reading's value; found \(identifiers.count) with \(queries.map { String($0.prefix(160)) })."
            )
        }
    }

    @Test("a total over a store that cannot be read is an error, never a number")
    func totalOfUnreadableStore() throws {
        try ThrowawayDevice.run(app: ThrowawayDevice.stationApp) { device in
            let container = try device.launchLog()
            try Self.fill(container)
            let importer = ReadingImporter(container: container)
            let junk = Data(repeating: 0x5A, count: 65_536)
            for suffix in ["", "-wal", "-shm"] {
                let url = URL(filePath: device.storeURL.path + suffix)
                if FileManager.default.fileExists(atPath: url.path) { try junk.write(to: url) }
            }
            var total: Double?
            let error = thrownError { total = try importer.total(ofSensor: "roof") }
            #expect(
                error != nil,
                "total(ofSensor: \"roof\") after the store file was overwritten with junk: expected an error, found the total \(total.map(formatted) ?? "nil")."
            )
        }
    }
}
