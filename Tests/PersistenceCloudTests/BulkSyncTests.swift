import CloudTestSupport
import Foundation
import PersistenceCore
import Testing

@Suite("A first sync of many notes", .serialized)
struct BulkSyncTests {
    @Test(
        "1,000 notes reach a new device in one import: one store transaction, written by the importer and never sent back"
    )
    func thousandNotesInOneImport() throws {
        let bench = SyncTestBench()
        let phone = try bench.device("phone")
        let a = try phone.makeContainer()
        try insertNotes(1_000, into: a)
        try a.syncWithCloudKit()

        let laptop = try bench.device("laptop")
        // How many notes the laptop holds as each import event ends.
        let counts = NoteCounts(storeURL: laptop.storeURL)
        let b = try laptop.makeContainer()
        let report = try b.syncWithCloudKit()
        let next = try b.syncWithCloudKit()

        #expect(report.received.count == 1_000)
        #expect(try ModelContext(b).fetchCount(FetchDescriptor<Note>()) == 1_000)
        let imports = try ModelContext(b).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
            .filter { $0.author == "NSCloudKitMirroringDelegate.import" && !$0.changes.isEmpty }
        #expect(imports.count == 1)
        #expect(imports.first?.changes.count == 1_000)
        #expect(
            counts.atEachImportEnd.first { $0 > 0 } == 1_000,
            "the notes held as each import ended: \(counts.atEachImportEnd)")
        #expect(next.sent.isEmpty, "the import is never sent back")
    }
}

/// The number of notes a store holds each time an import event about it ends, read from the file.
final class NoteCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [Int] = []
    private var observer: (any NSObjectProtocol)?

    var atEachImportEnd: [Int] { lock.withLock { counts } }

    init(storeURL: URL) {
        let identifier = storeURL.standardizedFileURL.path
        observer = NotificationCenter.default.addObserver(
            forName: NSPersistentCloudKitContainer.eventChangedNotification, object: nil, queue: nil
        ) { [self] note in
            guard
                let event = note.userInfo?[NSPersistentCloudKitContainer.eventNotificationUserInfoKey]
                    as? NSPersistentCloudKitContainer.Event,
                event.storeIdentifier == identifier, event.type == .import, event.endDate != nil,
                let container = note.object as? ModelContainer
            else { return }
            let count = (try? ModelContext(container).fetchCount(FetchDescriptor<Note>())) ?? -1
            lock.withLock { counts.append(count) }
        }
    }

    deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }
}
