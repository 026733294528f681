import Foundation
import PersistenceSandbox
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

@Suite("Model history")
struct HistoryTests {
    /// Every transaction of the store, oldest first.
    private func allHistory(_ context: ModelContext) throws -> [DefaultHistoryTransaction] {
        try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
    }

    @Test("history since a token lists the later inserts, updates and deletes with their identifiers")
    func historySinceToken() throws {
        let store = try ModelStoreFixture(ImportModels.all)
        let kept = ImportedRecord(index: 1, name: "kept")
        let removed = ImportedRecord(index: 2, name: "removed")
        store.context.insert(kept)
        store.context.insert(removed)
        try store.context.save()
        let token = try #require(try allHistory(store.context).last?.token)

        kept.name = "renamed"
        let removedID = removed.persistentModelID
        store.context.delete(removed)
        let added = ImportedRecord(index: 3, name: "added")
        store.context.insert(added)
        try store.context.save()

        let descriptor = HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.token > token })
        let transactions = try store.context.fetchHistory(descriptor)
        #expect(transactions.count == 1)
        let changes = try #require(transactions.first?.changes)
        #expect(changes.count == 3)
        guard changes.count == 3 else { return }
        guard case .insert(let insert) = changes[0], case .update(let update) = changes[1],
            case .delete(let delete) = changes[2]
        else {
            Issue.record("expected an insert, an update and a delete, got \(changes)")
            return
        }
        #expect(insert.changedPersistentIdentifier == added.persistentModelID)
        #expect(insert is DefaultHistoryInsert<ImportedRecord>)
        #expect(update.changedPersistentIdentifier == kept.persistentModelID)
        #expect(delete.changedPersistentIdentifier == removedID)
        #expect(transactions[0].token > token)
        #expect(transactions[0].transactionIdentifier == transactions[0].id)
    }

    @Test("an update records the key paths of the attributes it changed, in declaration order")
    func updatedAttributes() throws {
        let store = try ModelStoreFixture(ImportModels.all)
        let note = Note(title: "Draft")
        store.context.insert(note)
        try store.context.save()
        note.isPinned = true
        note.title = "Final"
        try store.context.save()

        let last = try #require(try allHistory(store.context).last)
        guard case .update(let change) = try #require(last.changes.first) else {
            Issue.record("expected an update, got \(last.changes)")
            return
        }
        let update = try #require(change as? DefaultHistoryUpdate<Note>)
        #expect(update.updatedAttributes == [\Note.title, \Note.isPinned])
        #expect(last.changes.count == 1)
    }

    @Test("the context's author is saved with each transaction and can be filtered on, with a fetch limit")
    func authorAndFetchLimit() throws {
        let store = try ModelStoreFixture(ImportModels.all)
        let importer = store.newContext()
        importer.author = "importer"
        store.context.author = "app"
        for index in 0..<3 {
            importer.insert(ImportedRecord(index: index, name: "imported"))
            try importer.save()
            store.context.insert(ImportedRecord(index: 100 + index, name: "typed"))
            try store.context.save()
        }

        var descriptor = HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.author == "importer" })
        let imported = try store.context.fetchHistory(descriptor)
        #expect(imported.count == 3)
        #expect(imported.allSatisfy { $0.author == "importer" })
        #expect(imported.map(\.token) == imported.map(\.token).sorted())
        descriptor.fetchLimit = 2
        #expect(try store.context.fetchHistory(descriptor).map(\.token) == Array(imported.prefix(2)).map(\.token))
        #expect(try allHistory(store.context).count == 6)
    }

    @Test("a predicate on timestamps and identifiers runs in SQL; one on changes runs in memory with the same rules")
    func predicateEvaluation() throws {
        let store = try ModelStoreFixture(ImportModels.all)
        let before = Date()
        store.context.insert(ImportedRecord(index: 1, name: "one"))
        try store.context.save()
        store.context.insert(ImportedRecord(index: 2, name: "two"))
        store.context.insert(ImportedRecord(index: 3, name: "three"))
        try store.context.save()

        let recent = #Predicate<DefaultHistoryTransaction> { $0.timestamp >= before && $0.transactionIdentifier > 0 }
        let large = #Predicate<DefaultHistoryTransaction> { $0.changes.count > 1 }
        let database = store.container.store
        let translate = { (predicate: Predicate<DefaultHistoryTransaction>) in
            try PredicateTranslator.translate(
                predicate, record: HistoryStore.transactionRecord, layout: database.layout,
                storeIdentifier: database.identifier)
        }
        #expect(throws: Never.self) { try translate(recent) }
        #expect(throws: PredicateTranslationError.self) { try translate(large) }

        #expect(try store.context.fetchHistory(HistoryDescriptor(predicate: recent)).count == 2)
        let largeOnes = try store.context.fetchHistory(HistoryDescriptor(predicate: large))
        #expect(largeOnes.map(\.changes.count) == [2])
    }

    @Test("sortBy orders the transactions before the fetch limit applies")
    func sortedHistory() throws {
        let store = try ModelStoreFixture(ImportModels.all)
        for index in 0..<3 {
            store.context.insert(ImportedRecord(index: index, name: "record"))
            try store.context.save()
        }
        let oldestFirst = try allHistory(store.context)
        var descriptor = HistoryDescriptor<DefaultHistoryTransaction>()
        descriptor.sortBy = [SortDescriptor(\.token, order: .reverse)]
        descriptor.fetchLimit = 2
        #expect(
            try store.context.fetchHistory(descriptor).map(\.token) == [oldestFirst[2].token, oldestFirst[1].token])
        try store.context.deleteHistory(descriptor)
        #expect(try allHistory(store.context).map(\.token) == [oldestFirst[0].token])
    }

    @Test("a token survives JSON encoding, so an app can keep the last one it processed")
    func tokenIsCodable() throws {
        let store = try ModelStoreFixture(ImportModels.all)
        store.context.insert(ImportedRecord(index: 1, name: "one"))
        try store.context.save()
        let token = try #require(try allHistory(store.context).last?.token)
        let restored = try JSONDecoder().decode(DefaultHistoryToken.self, from: JSONEncoder().encode(token))
        #expect(restored == token)

        store.context.insert(ImportedRecord(index: 2, name: "two"))
        try store.context.save()
        let newer = try store.context.fetchHistory(HistoryDescriptor(predicate: #Predicate { $0.token > restored }))
        #expect(newer.count == 1)
        #expect(newer.first.map { $0.token > restored } == true)
    }

    @Test("deleting history before a token keeps later transactions, and tokens are not reused")
    func deleteHistoryBeforeToken() throws {
        let store = try ModelStoreFixture(ImportModels.all)
        for index in 0..<4 {
            store.context.insert(ImportedRecord(index: index, name: "record"))
            try store.context.save()
        }
        let history = try allHistory(store.context)
        #expect(history.count == 4)
        let cutoff = history[2].token

        try store.context.deleteHistory(HistoryDescriptor(predicate: #Predicate { $0.token < cutoff }))
        #expect(try allHistory(store.context).map(\.token) == [history[2].token, history[3].token])
        #expect(try store.context.fetchCount(FetchDescriptor<ImportedRecord>()) == 4)

        try store.context.deleteHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        #expect(try allHistory(store.context).isEmpty)
        store.context.insert(ImportedRecord(index: 9, name: "after"))
        try store.context.save()
        let next = try #require(try allHistory(store.context).first?.token)
        #expect(next > history[3].token)
    }

    @Test("a save that fails while writing data leaves no history")
    func failedDataWriteLeavesNoHistory() throws {
        let store = try ModelStoreFixture(ImportModels.all)
        try store.container.store.write(while: "adding a failing trigger") { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER "refuse_boom" BEFORE INSERT ON "ImportedRecord"
                    WHEN NEW."name" = 'boom' BEGIN SELECT RAISE(ABORT, 'refused'); END
                    """)
        }
        store.context.insert(ImportedRecord(index: 1, name: "fine"))
        store.context.insert(ImportedRecord(index: 2, name: "boom"))
        #expect(throws: SwiftDataError.self) { try store.context.save() }
        #expect(try allHistory(store.context).isEmpty)
        #expect(try store.newContext().fetchCount(FetchDescriptor<ImportedRecord>()) == 0)
    }

    @Test("a save whose history cannot be written leaves no data: both are one transaction")
    func failedHistoryWriteLeavesNoData() throws {
        let store = try ModelStoreFixture(ImportModels.all)
        try store.container.store.write(while: "adding a failing trigger") { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER "refuse_history" BEFORE INSERT ON "\(HistoryStore.changeTable)"
                    BEGIN SELECT RAISE(ABORT, 'refused'); END
                    """)
        }
        store.context.insert(ImportedRecord(index: 1, name: "fine"))
        #expect(throws: SwiftDataError.self) { try store.context.save() }
        #expect(try store.newContext().fetchCount(FetchDescriptor<ImportedRecord>()) == 0)
        #expect(try allHistory(store.context).isEmpty)
        #expect(store.context.hasChanges)
    }

    @Test("an insert that updates a row with the same unique value is recorded as an update")
    func upsertIsAnUpdate() throws {
        let store = try ModelStoreFixture([Account.self])
        store.context.insert(Account(email: "ada@example.com", displayName: "Ada"))
        try store.context.save()
        store.context.insert(Account(email: "ada@example.com", displayName: "Ada L."))
        try store.context.save()
        let last = try #require(try allHistory(store.context).last)
        guard case .update(let change) = try #require(last.changes.first) else {
            Issue.record("expected an update, got \(last.changes)")
            return
        }
        let update = try #require(change as? DefaultHistoryUpdate<Account>)
        #expect(update.updatedAttributes == [\Account.email, \Account.displayName])
        #expect(try store.context.fetchCount(FetchDescriptor<Account>()) == 1)
    }

    @Test("history written by an actor's context is read by the main context")
    func historyAcrossContexts() async throws {
        let store = try ModelStoreFixture(fileNamed: "history.store", types: ImportModels.all)
        defer { store.removeFiles() }
        let importer = RecordImporter(modelContainer: store.container)
        #expect(try await importer.importRecords(count: 30, batchSize: 10) == 3)
        let history = try allHistory(store.context)
        #expect(history.count == 3)
        #expect(history.allSatisfy { $0.changes.count == 10 })
        let identifiers = Set(history.flatMap { $0.changes.map(\.changedPersistentIdentifier) })
        let stored = Set(try store.context.fetchIdentifiers(FetchDescriptor<ImportedRecord>()))
        #expect(identifiers == stored)
    }

    @Test("deleting all data also deletes the history")
    func deleteAllDataClearsHistory() throws {
        let store = try ModelStoreFixture(ImportModels.all)
        store.context.insert(ImportedRecord(index: 1, name: "one"))
        try store.context.save()
        try store.container.deleteAllData()
        #expect(try allHistory(store.context).isEmpty)
    }
}
