import Foundation
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

@Suite("Unique constraints and indexes")
struct SchemaConstraintTests {
    nonisolated(unsafe) static let models: [any PersistentModel.Type] = [Account.self, Visit.self, Photo.self]

    @Test("@Attribute(.unique), #Unique and #Index create real SQLite indexes")
    func indexesExist() throws {
        let store = try ModelStoreFixture(Self.models)
        let indexes = try store.container.store.read(while: "test") { db in
            try String.fetchAll(
                db, sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
        }
        #expect(indexes.contains(#"CREATE UNIQUE INDEX "Account_unique_email" ON "Account"("email")"#))
        #expect(indexes.contains(#"CREATE UNIQUE INDEX "Visit_unique_person_place" ON "Visit"("person", "place")"#))
        #expect(indexes.contains(#"CREATE INDEX "Visit_index_place" ON "Visit"("place")"#))
        #expect(indexes.contains(#"CREATE INDEX "Visit_index_date_person" ON "Visit"("date", "person")"#))
    }

    @Test("inserting a model whose unique attribute collides updates the stored row")
    func uniqueAttributeUpserts() throws {
        let store = try ModelStoreFixture(Self.models)
        store.context.insert(Account(email: "a@example.com", displayName: "Old"))
        try store.context.save()
        let replacement = Account(email: "a@example.com", displayName: "New")
        store.context.insert(replacement)
        try store.context.save()
        let accounts = try store.newContext().fetch(FetchDescriptor<Account>())
        #expect(accounts.map(\.displayName) == ["New"])
        #expect(replacement.persistentModelID == accounts[0].persistentModelID)
    }

    @Test("#Unique collisions on several properties upsert; different combinations stay separate")
    func compoundUniqueUpserts() throws {
        let store = try ModelStoreFixture(Self.models)
        store.context.insert(Visit(person: "Ann", place: "Park", count: 1))
        store.context.insert(Visit(person: "Ann", place: "Zoo", count: 1))
        try store.context.save()
        store.context.insert(Visit(person: "Ann", place: "Park", count: 5))
        try store.context.save()
        let visits = try store.newContext().fetch(FetchDescriptor<Visit>(sortBy: [SortDescriptor(\.place)]))
        #expect(visits.map(\.place) == ["Park", "Zoo"])
        #expect(visits.map(\.count) == [5, 1])
    }

    @Test("a new store names the column of an originalName property after the property")
    func originalNameColumn() throws {
        let store = try ModelStoreFixture(Self.models)
        let photo = Photo(caption: "Sunset")
        photo.rating = 4
        store.context.insert(photo)
        try store.context.save()
        let stored = try store.container.store.read(while: "test") { db in
            try Int.fetchOne(db, sql: #"SELECT "rating" FROM "Photo""#)
        }
        #expect(stored == 4)
        #expect(
            try store.newContext().fetch(FetchDescriptor<Photo>(predicate: #Predicate { $0.rating == 4 })).count == 1)
    }
}
