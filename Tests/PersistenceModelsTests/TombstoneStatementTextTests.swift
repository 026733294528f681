import Foundation
import GRDB
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

@Suite("Tombstone SQL text")
struct TombstoneStatementTextTests {
    let layout = StoreLayout(schema: Schema([Trip.self, TripActivity.self, User.self]))

    @Test(
        "a preserved attribute is copied with INSERT … SELECT, its entity and name bound, its keys split under the argument limit"
    )
    func copyStatements() throws {
        let trip = try #require(layout.layout(of: Trip.self))
        let destination = try #require(trip.attributes.first { $0.name == "destination" })
        let keys = (1...1_500).map(Int64.init)

        let statements = HistoryStore.preservedValueStatements(of: destination, rows: keys, of: trip)

        #expect(statements.count == 2)
        #expect(
            statements.first?.sql == """
                INSERT INTO "PersistenceHistory_Tombstone" ("entity", "primaryKey", "attribute", "value") \
                SELECT ?, "_pk", ?, "destination" FROM "Trip" WHERE "_pk" IN (\(StoreStatements.placeholders(SQLArgumentLimit.chunkSize)))
                """)
        #expect(
            statements.first?.arguments.prefix(3) == [
                "Trip".databaseValue, "destination".databaseValue, 1.databaseValue,
            ])
        #expect(
            statements.map(\.arguments.count) == [
                2 + SQLArgumentLimit.chunkSize, 2 + 1_500 - SQLArgumentLimit.chunkSize,
            ])
        #expect(statements.last?.arguments.last == 1_500.databaseValue)
    }

    @Test("only stored attributes with .preserveValueOnDeletion are copied, and an ephemeral attribute has no column")
    func whichAttributes() throws {
        let user = try #require(layout.layout(of: User.self))

        #expect(user.attributes.filter(\.preservesValueOnDeletion).map(\.name) == ["profileImage", "archiveReason"])
        #expect(!user.attributes.contains { $0.name == "temporaryState" || $0.name == "unsavedEdits" })
        #expect(!layout.creationStatements { _ in nil }.contains { $0.contains("temporaryState") })
    }
}
