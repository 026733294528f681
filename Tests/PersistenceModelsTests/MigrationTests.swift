import Foundation
import GRDB
import PersistenceSandbox
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

/// A store file in a throwaway folder, opened and reopened with different schemas.
private struct MigrationStoreFile {
    let sandbox = AppSandbox.temporary()
    var url: URL { sandbox.applicationSupportDirectory.appending(path: "journal.store") }
    var configuration: ModelConfiguration { ModelConfiguration(url: url) }

    /// Writes entries with the first journal schema.
    func seedVersion1(_ entries: [(title: String, text: String)]) throws {
        let container = try ModelContainer(
            for: Schema(versionedSchema: JournalSchemaV1.self), configurations: configuration)
        let context = ModelContext(container)
        for entry in entries { context.insert(JournalSchemaV1.Entry(title: entry.title, text: entry.text)) }
        try context.save()
    }

    /// Every table's definition and rows, read straight from the file: equal snapshots mean an unchanged store.
    func snapshot() throws -> [String] {
        let queue = try DatabaseQueue(path: url.path)
        return try queue.read { db in
            let tables = try Row.fetchAll(
                db, sql: "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name")
            var lines = tables.map { "\($0["name"] as String): \($0["sql"] as String)" }
            for table in tables.compactMap({ $0["name"] as String? }) where try db.tableExists(table) {
                lines += try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier)").map {
                    "\(table) \($0)"
                }
            }
            return lines
        }
    }

    /// The schema version the store recorded.
    func recordedVersion() throws -> Schema.Version? {
        try DatabaseQueue(path: url.path).read { try StoreSchemaRecord.version(in: $0) }
    }

    func remove() { try? FileManager.default.removeItem(at: sandbox.deviceRoot) }
}

@Suite("Schema migrations")
struct MigrationTests {
    @Test("a v1 store migrates through v2 and v3: renamed values kept, duplicates removed, defaults filled")
    func migratesThroughTheChain() throws {
        let file = MigrationStoreFile()
        defer { file.remove() }
        try file.seedVersion1([("Monday", "rain"), ("Tuesday", "sun"), ("Monday", "wind")])

        let container = try ModelContainer(
            for: Schema(versionedSchema: JournalSchemaV3.self),
            migrationPlan: JournalMigrationPlan.self,
            configurations: file.configuration
        )

        let entries = try ModelContext(container).fetch(
            FetchDescriptor<JournalSchemaV3.Entry>(sortBy: [SortDescriptor(\.title)]))
        #expect(entries.map(\.title) == ["Monday", "Tuesday"])
        #expect(entries.map(\.body) == ["rain", "sun"])
        #expect(entries.map(\.mood) == ["calm", "calm"])
    }

    @Test("willMigrate sees the old models and didMigrate the new ones")
    func customStageClosuresSeeTheirVersions() throws {
        let file = MigrationStoreFile()
        defer { file.remove() }
        try file.seedVersion1([("Friday", "hail"), ("Friday", "snow")])

        _ = try ModelContainer(
            for: Schema(versionedSchema: JournalSchemaV3.self),
            migrationPlan: JournalMigrationPlan.self,
            configurations: file.configuration
        )

        #expect(JournalMigrationLog.all.contains("will: hail,snow"))
        #expect(JournalMigrationLog.all.contains("did: Friday=calm"))
    }

    @Test("what a custom stage leaves unsaved in its context is lost, as on a device; the migration still completes")
    func unsavedStageWorkIsLost() throws {
        let file = MigrationStoreFile()
        defer { file.remove() }
        try file.seedVersion1([("Monday", "rain")])
        _ = try ModelContainer(
            for: Schema(versionedSchema: JournalSchemaV2.self), migrationPlan: JournalMigrationPlan.self,
            configurations: file.configuration)

        let container = try ModelContainer(
            for: Schema(versionedSchema: JournalSchemaV3.self),
            migrationPlan: UnsavedJournalMigrationPlan.self,
            configurations: file.configuration
        )

        let entries = try ModelContext(container).fetch(FetchDescriptor<JournalSchemaV3.Entry>())
        #expect(entries.map(\.mood) == ["calm"], "the stage's unsaved moods must not reach the store")
        #expect(try file.recordedVersion() == Schema.Version(3, 0, 0))
    }

    @Test("after the migration the unique constraint of v3 holds")
    func uniqueConstraintAppliesAfterMigrating() throws {
        let file = MigrationStoreFile()
        defer { file.remove() }
        try file.seedVersion1([("Monday", "rain"), ("Monday", "wind")])
        let container = try ModelContainer(
            for: Schema(versionedSchema: JournalSchemaV3.self),
            migrationPlan: JournalMigrationPlan.self,
            configurations: file.configuration
        )
        let context = ModelContext(container)

        context.insert(JournalSchemaV3.Entry(title: "Monday", body: "fog"))
        try context.save()

        let entries = try ModelContext(container).fetch(FetchDescriptor<JournalSchemaV3.Entry>())
        #expect(entries.map(\.body) == ["fog"])
    }

    @Test("the store records the schema version it was migrated to")
    func recordsTheVersion() throws {
        let file = MigrationStoreFile()
        defer { file.remove() }
        try file.seedVersion1([("Monday", "rain")])
        #expect(try file.recordedVersion() == Schema.Version(1, 0, 0))

        _ = try ModelContainer(
            for: Schema(versionedSchema: JournalSchemaV2.self),
            migrationPlan: JournalMigrationPlan.self,
            configurations: file.configuration
        )

        #expect(try file.recordedVersion() == Schema.Version(2, 0, 0))
    }

    @Test("a container made from model types migrates to the plan's version holding those types")
    func modelTypesPickTheirVersion() throws {
        let file = MigrationStoreFile()
        defer { file.remove() }
        try file.seedVersion1([("Monday", "rain")])

        let container = try ModelContainer(
            for: JournalSchemaV2.Entry.self,
            migrationPlan: JournalMigrationPlan.self,
            configurations: file.configuration
        )

        #expect(container.schema.version == Schema.Version(2, 0, 0))
        #expect(try file.recordedVersion() == Schema.Version(2, 0, 0))
        #expect(try ModelContext(container).fetch(FetchDescriptor<JournalSchemaV2.Entry>()).map(\.body) == ["rain"])
    }

    @Test("a stage that throws leaves the store exactly as it was and names the stage and the reason")
    func throwingStageRollsBack() throws {
        let file = MigrationStoreFile()
        defer { file.remove() }
        try file.seedVersion1([("Monday", "rain"), ("Tuesday", "sun")])
        let before = try file.snapshot()

        let error = try #require(throws: SwiftDataError.self) {
            try ModelContainer(
                for: Schema(versionedSchema: JournalSchemaV2.self),
                migrationPlan: FailingJournalMigrationPlan.self,
                configurations: file.configuration
            )
        }

        #expect(error == .loadIssueModelContainer)
        #expect(error.reason.contains("custom stage 1.0.0 → 2.0.0"))
        #expect(error.reason.contains("willMigrate threw the cleanup was refused"))
        #expect(try file.snapshot() == before)
        #expect(try file.recordedVersion() == Schema.Version(1, 0, 0))
    }

    @Test("a lightweight stage adding a unique constraint over duplicates fails, unchanged, with SQLite's reason")
    func uniqueConstraintOverDuplicatesRollsBack() throws {
        let file = MigrationStoreFile()
        defer { file.remove() }
        try file.seedVersion1([("Sunday", "rain"), ("Sunday", "wind")])
        _ = try ModelContainer(
            for: Schema(versionedSchema: JournalSchemaV2.self),
            migrationPlan: JournalMigrationPlan.self,
            configurations: file.configuration
        )
        let before = try file.snapshot()

        let error = try #require(throws: SwiftDataError.self) {
            try ModelContainer(
                for: Schema(versionedSchema: JournalSchemaV3.self),
                migrationPlan: PartialJournalMigrationPlan.self,
                configurations: file.configuration
            )
        }

        #expect(error.reason.contains("lightweight stage 2.0.0 → 3.0.0 failed"))
        #expect(error.reason.contains("UNIQUE constraint failed"))
        #expect(try file.snapshot() == before)
        #expect(try file.recordedVersion() == Schema.Version(2, 0, 0))
    }

    @Test("opening a store written by a newer schema is refused and keeps its data")
    func newerStoreIsRefused() throws {
        let file = MigrationStoreFile()
        defer { file.remove() }
        try file.seedVersion1([("Monday", "rain")])
        _ = try ModelContainer(
            for: Schema(versionedSchema: JournalSchemaV2.self),
            migrationPlan: JournalMigrationPlan.self,
            configurations: file.configuration
        )
        let before = try file.snapshot()

        let error = try #require(throws: SwiftDataError.self) {
            try ModelContainer(for: Schema(versionedSchema: JournalSchemaV1.self), configurations: file.configuration)
        }

        #expect(error == .loadIssueModelContainer)
        #expect(error.reason.contains("schema version 2.0.0, newer than this schema's version 1.0.0"))
        #expect(try file.snapshot() == before)
    }

    @Test("a store whose version no stage starts from is refused, unchanged")
    func uncoveredVersionIsRefused() throws {
        let file = MigrationStoreFile()
        defer { file.remove() }
        try file.seedVersion1([("Monday", "rain")])
        let before = try file.snapshot()

        let error = try #require(throws: SwiftDataError.self) {
            try ModelContainer(
                for: Schema(versionedSchema: JournalSchemaV3.self),
                migrationPlan: PartialJournalMigrationPlan.self,
                configurations: file.configuration
            )
        }

        #expect(error.reason.contains("no stage of PartialJournalMigrationPlan starts at the store's version 1.0.0"))
        #expect(try file.snapshot() == before)
    }

    @Test("a changed attribute type that only a custom stage could handle is refused, naming the property")
    func changedTypeIsRefused() throws {
        let file = MigrationStoreFile()
        defer { file.remove() }
        try file.seedVersion1([("Monday", "rain")])
        _ = try ModelContainer(
            for: Schema(versionedSchema: JournalSchemaV3.self),
            migrationPlan: JournalMigrationPlan.self,
            configurations: file.configuration
        )
        let before = try file.snapshot()

        let error = try #require(throws: SwiftDataError.self) {
            try ModelContainer(
                for: Schema(versionedSchema: JournalSchemaV4.self),
                migrationPlan: RetypingJournalMigrationPlan.self,
                configurations: file.configuration
            )
        }

        #expect(error.reason.contains("lightweight stage 3.0.0 → 4.0.0 failed"))
        #expect(error.reason.contains("Entry.title changed from TEXT to INTEGER"))
        #expect(try file.snapshot() == before)
    }

    @Test("a stage's context stops reading the store once its step has ended")
    func stageContextEndsWithItsStep() throws {
        let file = MigrationStoreFile()
        defer { file.remove() }
        try file.seedVersion1([("Monday", "rain")])
        _ = try ModelContainer(
            for: Schema(versionedSchema: JournalSchemaV2.self),
            migrationPlan: KeepingJournalMigrationPlan.self,
            configurations: file.configuration
        )
        let context = try #require(KeepingJournalMigrationPlan.keptContext)

        let error = try #require(throws: SwiftDataError.self) {
            try context.fetch(FetchDescriptor<JournalSchemaV2.Entry>())
        }

        #expect(error == .storeOperationFailed)
        #expect(error.reason.contains("the migration step has finished"))
    }

    @Test("a new store opened with a plan is created at the schema's version without running stages")
    func newStoreStartsAtTheSchemaVersion() throws {
        let file = MigrationStoreFile()
        defer { file.remove() }

        let container = try ModelContainer(
            for: Schema(versionedSchema: JournalSchemaV3.self),
            migrationPlan: FailingJournalMigrationPlan.self,
            configurations: file.configuration
        )
        let context = ModelContext(container)
        context.insert(JournalSchemaV3.Entry(title: "Monday", body: "rain"))
        try context.save()

        #expect(try file.recordedVersion() == Schema.Version(3, 0, 0))
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<JournalSchemaV3.Entry>()) == 1)
    }

    @Test("models nested in different versioned schemas share one entity name")
    func nestedModelsShareTheirEntityName() {
        #expect(Schema(versionedSchema: JournalSchemaV1.self).entities.map(\.name) == ["Entry"])
        #expect(Schema(versionedSchema: JournalSchemaV3.self).entities.map(\.name) == ["Entry"])
        #expect(Schema(versionedSchema: JournalSchemaV3.self).version == Schema.Version(3, 0, 0))
    }

    @Test("schema versions order by major, then minor, then patch")
    func versionsAreOrdered() {
        #expect(Schema.Version(1, 9, 9) < Schema.Version(2, 0, 0))
        #expect(Schema.Version(2, 1, 0) > Schema.Version(2, 0, 7))
        #expect(Schema.Version(2, 0, 1) > Schema.Version(2, 0, 0))
        #expect([Schema.Version(3, 0, 0), Schema.Version(1, 2, 0)].max() == Schema.Version(3, 0, 0))
    }
}
