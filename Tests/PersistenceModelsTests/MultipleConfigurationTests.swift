import Foundation
import GRDB
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

@Suite("Containers with several configurations")
struct MultipleConfigurationTests {
    @Test("a container with a file configuration and an in-memory one keeps the in-memory models out of the file")
    func twoConfigurations() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "two-configurations-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let userDataURL = folder.appending(path: "users.store")
        let userConfig = ModelConfiguration("UserData", schema: Schema([Account.self]), url: userDataURL)
        let cacheConfig = ModelConfiguration("Cache", schema: Schema([Sample.self]), isStoredInMemoryOnly: true)
        let container = try ModelContainer(
            for: Schema([Account.self, Sample.self]), configurations: userConfig, cacheConfig)
        let context = ModelContext(container)
        context.insert(Account(email: "ada@example.com", displayName: "Ada"))
        context.insert(Sample(text: "cached"))
        try context.save()

        #expect(try context.fetch(FetchDescriptor<Account>()).map(\.displayName) == ["Ada"])
        #expect(try context.fetch(FetchDescriptor<Sample>()).map(\.text) == ["cached"])
        let tables = try DatabaseQueue(path: userDataURL.path).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        #expect(tables.contains("Account"))
        #expect(!tables.contains("Sample"), "the in-memory entity has a table in the file: \(tables)")

        let reopened = ModelContext(
            try ModelContainer(for: Schema([Account.self, Sample.self]), configurations: userConfig, cacheConfig))
        #expect(try reopened.fetchCount(FetchDescriptor<Account>()) == 1)
        #expect(try reopened.fetchCount(FetchDescriptor<Sample>()) == 0)
    }
}
