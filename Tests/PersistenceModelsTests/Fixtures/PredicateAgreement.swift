import Foundation
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

/// Checks that a predicate runs as one SQL query and selects the same models as evaluating it in memory.
enum PredicateAgreement {
    /// The models a predicate selects through SQL, after checking them against in-memory evaluation.
    static func sqlMatches<T: PersistentModel>(
        _ predicate: Predicate<T>,
        in store: ModelStoreFixture,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [T] {
        let context = store.newContext()
        var viaSQL: [T] = []
        let statements = try store.statements {
            viaSQL = try context.fetch(FetchDescriptor(predicate: predicate))
        }
        let selects = statements.filter { $0.hasPrefix("SELECT") }
        #expect(
            selects.count == 1, "the fetch ran \(selects.count) queries: \(selects)", sourceLocation: sourceLocation)
        #expect(
            selects.first?.contains(" WHERE ") == true, "the predicate did not run in SQL: \(selects)",
            sourceLocation: sourceLocation)
        let everything = try context.fetch(FetchDescriptor<T>())
        let inMemory = try everything.filter { try predicate.evaluate($0) }
        #expect(
            viaSQL.map(\.persistentModelID) == inMemory.map(\.persistentModelID),
            "SQL and in-memory evaluation disagree", sourceLocation: sourceLocation)
        return viaSQL
    }
}
