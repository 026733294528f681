import Foundation
import Observation
import Synchronization
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

@Suite("Ephemeral attributes")
struct EphemeralAttributeTests {
    @Test("a change to an ephemeral attribute is observed and counted in hasChanges, like any other")
    func tracksChanges() throws {
        let store = try ModelStoreFixture([User.self])
        let user = User(email: "ada@example.com", name: "Ada")
        store.context.insert(user)
        try store.context.save()
        #expect(!store.context.hasChanges)

        let observed = Mutex(0)
        withObservationTracking {
            _ = user.temporaryState
        } onChange: {
            observed.withLock { $0 += 1 }
        }
        user.temporaryState = "editing"

        #expect(observed.withLock { $0 } == 1)
        #expect(store.context.hasChanges)
        #expect(store.context.changedModelsArray.count == 1)
        try store.context.save()
        #expect(!store.context.hasChanges)
        #expect(user.temporaryState == "editing")
    }

    @Test("an ephemeral attribute has no column, and a change to it alone writes nothing and adds no history")
    func neverStored() throws {
        let store = try ModelStoreFixture(fileNamed: "users.store", types: [User.self])
        defer { store.removeFiles() }
        let user = User(email: "ada@example.com", name: "Ada")
        user.temporaryState = "draft"
        store.context.insert(user)
        try store.context.save()
        let transactionsBefore = try store.context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).count

        user.unsavedEdits = 3
        let statements = try store.statements { try store.context.save() }

        let columns = try store.columns(of: "User")
        #expect(!columns.contains("temporaryState"))
        #expect(!columns.contains("unsavedEdits"))
        #expect(columns.contains("email"))
        #expect(!statements.contains { $0.contains("UPDATE") })
        #expect(
            try store.context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).count == transactionsBefore)
    }

    @Test(
        "a model fetched in a new context has each ephemeral attribute's default value; the saving context keeps its own"
    )
    func freshContextReadsDefaults() throws {
        let store = try ModelStoreFixture([User.self])
        let user = User(email: "ada@example.com", name: "Ada")
        user.temporaryState = "draft"
        user.unsavedEdits = 4
        store.context.insert(user)
        try store.context.save()

        let same = try #require(try store.context.fetch(FetchDescriptor<User>()).first)
        let fresh = try #require(try store.newContext().fetch(FetchDescriptor<User>()).first)

        #expect(same === user)
        #expect(same.temporaryState == "draft")
        #expect(same.unsavedEdits == 4)
        #expect(fresh.temporaryState == nil)
        #expect(fresh.unsavedEdits == 0)
        #expect(fresh.name == "Ada")
    }

    @Test("after the store is reopened, ephemeral attributes come back as their defaults")
    func reopenedStoreHasDefaults() throws {
        let store = try ModelStoreFixture(fileNamed: "users.store", types: [User.self])
        defer { store.removeFiles() }
        let user = User(email: "ada@example.com", name: "Ada")
        user.temporaryState = "draft"
        user.unsavedEdits = 2
        store.context.insert(user)
        try store.context.save()

        let reopened = try ModelContainer(for: User.self, configurations: ModelConfiguration(url: store.storeURL))
        let read = try #require(try ModelContext(reopened).fetch(FetchDescriptor<User>()).first)

        #expect(read.email == "ada@example.com")
        #expect(read.temporaryState == nil)
        #expect(read.unsavedEdits == 0)
    }

    @Test("a predicate on an ephemeral attribute runs in memory, on the values models hold")
    func predicateRunsInMemory() throws {
        let store = try ModelStoreFixture([User.self])
        let ada = User(email: "ada@example.com", name: "Ada")
        let grace = User(email: "grace@example.com", name: "Grace")
        store.context.insert(ada)
        store.context.insert(grace)
        try store.context.save()
        grace.unsavedEdits = 5

        let editing = try store.context.fetch(FetchDescriptor<User>(predicate: #Predicate { $0.unsavedEdits > 0 }))
        let untouched = try store.newContext().fetch(
            FetchDescriptor<User>(predicate: #Predicate { $0.unsavedEdits > 0 }))

        #expect(editing.map(\.name) == ["Grace"])
        #expect(untouched.isEmpty)
    }

    @Test("rollback restores an ephemeral attribute of a stored model to the value it had")
    func rollbackRestores() throws {
        let store = try ModelStoreFixture([User.self])
        store.context.insert(User(email: "ada@example.com", name: "Ada"))
        try store.context.save()
        let user = try #require(try store.newContext().fetch(FetchDescriptor<User>()).first)
        let context = try #require(user.modelContext)

        user.unsavedEdits = 7
        context.rollback()

        #expect(user.unsavedEdits == 0)
        #expect(!context.hasChanges)
    }
}
