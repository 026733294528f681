import Foundation
import GRDB
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

/// The page cache and memory map each connection of a store is opened with.
@Suite("Connection settings of a store")
struct StoreConnectionSettingsTests {
    @Test("a file store's writer keeps a larger page cache and reads without a map; its readers map the file")
    func fileStore() throws {
        let fixture = try ModelStoreFixture(fileNamed: "settings.store")
        let writer = fixture.container.store.writer
        #expect(try writer.write { try Int.fetchOne($0, sql: "PRAGMA cache_size") } == -8192)
        #expect(try writer.write { try Int.fetchOne($0, sql: "PRAGMA mmap_size") } == 0)
        #expect(try writer.read { try Int.fetchOne($0, sql: "PRAGMA mmap_size") } == 1 << 30)
    }

    @Test("an in-memory store keeps SQLite's default page cache")
    func memoryStore() throws {
        let fixture = try ModelStoreFixture()
        let writer = fixture.container.store.writer
        #expect(try writer.write { try Int.fetchOne($0, sql: "PRAGMA cache_size") } == -2000)
    }
}
