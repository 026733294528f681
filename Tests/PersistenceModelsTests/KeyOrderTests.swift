import Foundation
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

/// A fetch without sort descriptors returns its models in the order they were first saved, whatever
/// index SQLite uses to find them.
@Suite("The order of a fetch without sort descriptors")
struct KeyOrderTests {
    /// Forty visits saved with dates that fall as they are saved, so the index on date runs backwards.
    static func visits() throws -> ModelStoreFixture {
        let store = try ModelStoreFixture([Visit.self])
        for index in 0..<40 {
            let date = Date(timeIntervalSinceReferenceDate: Double(100 - index))
            store.context.insert(Visit(person: "p\(index)", place: "place \(index % 4)", date: date))
        }
        try store.context.save()
        return store
    }

    @Test("a condition an index answers keeps the order of saving, as the models and as their identifiers")
    func indexedConditionKeepsSavedOrder() throws {
        let store = try Self.visits()
        let context = store.newContext()
        let cutoff = Date(timeIntervalSinceReferenceDate: 80)
        let descriptor = FetchDescriptor<Visit>(predicate: #Predicate { $0.date < cutoff })
        var found: [Visit] = []
        let log = try store.container.captureSQL { found = try context.fetch(descriptor) }

        #expect(found.map(\.person) == (21..<40).map { "p\($0)" })
        #expect(log.queries.first?.queryPlan.contains { $0.contains("USING INDEX") } == true, "\(log)")
        let identifiers = try context.fetchIdentifiers(descriptor)
        #expect(identifiers == found.map(\.persistentModelID))
        // Asked again, the same order.
        #expect(try context.fetch(descriptor).map(\.person) == found.map(\.person))
    }

    @Test("a limit or an offset takes the first models in the order of saving")
    func limitTakesTheFirstSaved() throws {
        let store = try Self.visits()
        let cutoff = Date(timeIntervalSinceReferenceDate: 80)
        var descriptor = FetchDescriptor<Visit>(predicate: #Predicate { $0.date < cutoff })
        descriptor.fetchLimit = 3
        descriptor.fetchOffset = 2
        #expect(try store.newContext().fetch(descriptor).map(\.person) == ["p23", "p24", "p25"])
    }
}
