import Foundation
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

@Suite("Spotlight and cloud encryption options")
struct AttributeOptionTests {
    @Test("spotlight and allowsCloudEncryption attributes are stored and read back like any other, in ordinary columns")
    func storedLikeAnyOther() throws {
        let store = try ModelStoreFixture(fileNamed: "users.store", types: [User.self])
        defer { store.removeFiles() }
        let user = User(email: "ada@example.com", name: "Ada Lovelace")
        user.sensitiveData = "analytical engine notes"
        store.context.insert(user)
        try store.context.save()

        let reopened = try ModelContainer(for: User.self, configurations: ModelConfiguration(url: store.storeURL))
        let read = try #require(
            try ModelContext(reopened).fetch(FetchDescriptor<User>(predicate: #Predicate { $0.name == "Ada Lovelace" }))
                .first)
        let columns = try store.rows(
            "SELECT \"name\", \"type\" FROM pragma_table_info('User') WHERE \"name\" IN ('name', 'sensitiveData') ORDER BY \"name\""
        )

        #expect(read.sensitiveData == "analytical engine notes")
        #expect(
            columns.map { "\($0["name"] as String) \($0["type"] as String)" } == ["name TEXT", "sensitiveData TEXT"])
    }

    @Test("the options stay in the schema, where code that inspects a model can find them")
    func optionsInTheSchema() throws {
        let entity = try #require(Schema([User.self]).entity(for: User.self))

        #expect(entity.property(named: "name")?.options.contains(.spotlight) == true)
        #expect(entity.property(named: "sensitiveData")?.options.contains(.allowsCloudEncryption) == true)
        #expect(entity.property(named: "temporaryState")?.options.contains(.ephemeral) == true)
        #expect(entity.property(named: "archiveReason")?.options.contains(.preserveValueOnDeletion) == true)
        #expect(entity.property(named: "email")?.options.contains(.spotlight) == false)
    }
}
