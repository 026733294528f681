import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section15SensorLog
import Testing

@Suite("Section 15: importing readings")
struct ImportChecks {
    @Test("an import of 25 records in batches of 10 stores them all in three saves of 10, 10 and 5")
    func savesEachBatchOnce() throws {
        try ThrowawayDevice.run(app: ThrowawayDevice.stationApp) { device in
            let container = try device.launchLog()
            let importer = ReadingImporter(container: container)
            try importer.importReadings(records(25), batchSize: 10)

            let stored = try device.storedReadings()
            let expected = (1...25).map { "roof=\($0)" }
            #expect(
                stored == expected,
                "The readings stored after importReadings(25 records, batchSize: 10): expected \(summarize(expected)), found \(summarize(stored))."
            )

            let history = try ModelContext(container).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
            let saves = history.map { $0.changes.count }
            #expect(
                saves == [10, 10, 5],
                "The saves the import made, as the store's history records them (readings per save): expected [10, 10, 5], one save per batch; found \(saves)."
            )
        }
    }

    @Test("an invalid record undoes its whole batch, keeps the batches before it and stops the import")
    func invalidRecordUndoesItsBatch() throws {
        try ThrowawayDevice.run(app: ThrowawayDevice.stationApp) { device in
            let importer = ReadingImporter(container: try device.launchLog())
            var input = records(25)
            input[13].value = .nan

            let error = thrownError { try importer.importReadings(input, batchSize: 10) }
            #expect(
                error as? ImportError == .invalidRecord(index: 13),
                "importReadings with record 13 not a number: expected ImportError.invalidRecord(index: 13), found \(error.map { "\($0)" } ?? "no error")."
            )

            let stored = try device.storedReadings()
            let expected = (1...10).map { "roof=\($0)" }
            #expect(
                stored == expected,
                "The readings stored after a batch of 10 whose fourth record is invalid: expected the first batch alone, \(summarize(expected)); found \(summarize(stored))."
            )
            #expect(
                !importer.context.hasChanges,
                "importer.context.hasChanges after the failed batch: expected false, the batch's inserts undone; found true, so the next save would store half a batch."
            )
        }
    }

    @Test("after a failed import, the next import stores its own readings and nothing of the failed batch")
    func nextImportAfterFailure() throws {
        try ThrowawayDevice.run(app: ThrowawayDevice.stationApp) { device in
            let importer = ReadingImporter(container: try device.launchLog())
            var first = records(5, sensor: "roof")
            first[4].sensor = ""
            _ = thrownError { try importer.importReadings(first, batchSize: 10) }
            let second = records(3, sensor: "garden", firstHour: 10, firstValue: 7)
            let error = thrownError { try importer.importReadings(second, batchSize: 10) }
            #expect(
                error == nil,
                "A second importReadings of 3 valid records: expected no error, found \(error.map { "\($0)" } ?? "").")

            let stored = try device.storedReadings()
            let expected = ["garden=7", "garden=8", "garden=9"]
            #expect(
                stored == expected,
                "The readings stored after a batch with an unnamed sensor failed and then 3 valid records were imported: expected \(describe(expected)); found \(summarize(stored))."
            )
        }
    }

    @Test("batches of 1, and a batch size below 1, save each record on its own")
    func batchesOfOne() throws {
        try ThrowawayDevice.run(app: ThrowawayDevice.stationApp) { device in
            let container = try device.launchLog()
            let importer = ReadingImporter(container: container)
            try importer.importReadings(records(3), batchSize: 1)
            try importer.importReadings(records(2, sensor: "garden", firstHour: 5), batchSize: 0)

            let history = try ModelContext(container).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
            let saves = history.map { $0.changes.count }
            let stored = try device.storedReadings()
            #expect(
                stored.count == 5 && saves == [1, 1, 1, 1, 1],
                "Importing 3 records with batchSize 1, then 2 with batchSize 0: expected 5 readings stored in 5 saves of 1 reading each, found \(stored.count) readings in saves of \(saves)."
            )
        }
    }

    @Test("records the importer's context inserts stay unsaved, however long the app runs, until it saves")
    @MainActor
    func importContextNeverAutosaves() async throws {
        let sandbox = AppSandbox.temporary(appIdentifier: ThrowawayDevice.stationApp)
        try sandbox.createContainerDirectories()
        defer { try? FileManager.default.removeItem(at: sandbox.deviceRoot) }
        let storeURL = sandbox.applicationSupportDirectory.appending(path: "SensorLog.store")
        let importer = ReadingImporter(
            container: try ModelContainer(for: Reading.self, configurations: ModelConfiguration(url: storeURL)))
        try importer.importReadings(records(2), batchSize: 10)
        importer.context.insert(Reading(sensor: "pending", value: 1, takenAt: moment(day: 3)))
        // The main actor runs its queued work, as an app's run loop does between events.
        for _ in 0..<20 { await Task.yield() }
        try await Task.sleep(for: .milliseconds(100))
        for _ in 0..<20 { await Task.yield() }

        let relaunched = ModelContext(
            try ModelContainer(for: Reading.self, configurations: ModelConfiguration(url: storeURL)))
        let stored = try relaunched.fetch(FetchDescriptor<Reading>(sortBy: [SortDescriptor(\.takenAt)]))
            .map { "\($0.sensor)=\(formatted($0.value))" }
        #expect(
            stored == ["roof=1", "roof=2"],
            "The stored readings after importing 2 records, inserting one more reading into importer.context and letting the main actor run: expected [\"roof=1\", \"roof=2\"], the insert left unsaved; found \(describe(stored)) (an import context must not autosave)."
        )
    }
}
