import CloudTestSupport
import Foundation
import PersistenceCore
import Testing

@Suite("A first sync of many notes", .serialized)
struct BulkSyncTests {
    @Test("1,000 notes reach a new device in one import: one store transaction, written by the importer and never sent back")
    func thousandNotesInOneImport() throws {
        let bench = SyncTestBench()
        let phone = try bench.device("phone")
        let a = try phone.makeContainer()
        try insertNotes(1_000, into: a)
        try a.syncWithCloudKit()

        let laptop = try bench.device("laptop")
        let collector = EventCollector(storeIdentifier: laptop.storeURL.standardizedFileURL.path)
        let b = try laptop.makeContainer()
        let report = try b.syncWithCloudKit()
        let next = try b.syncWithCloudKit()

        #expect(report.received.count == 1_000)
        #expect(try ModelContext(b).fetchCount(FetchDescriptor<Note>()) == 1_000)
        let imports = try ModelContext(b).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
            .filter { $0.author == "NSCloudKitMirroringDelegate.import" && !$0.changes.isEmpty }
        #expect(imports.count == 1)
        #expect(imports.first?.changes.count == 1_000)
        let succeededImports = collector.events.filter { $0.type == .import && $0.endDate != nil && $0.succeeded }
        #expect(succeededImports.count >= 1)
        #expect(next.sent.isEmpty, "the import is never sent back")
    }
}
