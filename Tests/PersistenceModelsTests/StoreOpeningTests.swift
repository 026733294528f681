import CoreTestSupport
import Foundation
import GRDB
import PersistenceSandbox
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

/// A gadget store at version 1, with a label that version 2 removes.
enum GadgetSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Gadget.self] }

    @Model
    final class Gadget {
        var name: String
        var label: String
        init(name: String, label: String) {
            self.name = name
            self.label = label
        }
    }
}

enum GadgetSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Gadget.self] }

    @Model
    final class Gadget {
        var name: String
        init(name: String) { self.name = name }
    }
}

enum GadgetMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [GadgetSchemaV1.self, GadgetSchemaV2.self] }
    static var stages: [MigrationStage] {
        [.lightweight(fromVersion: GadgetSchemaV1.self, toVersion: GadgetSchemaV2.self)]
    }
}

/// Opening a store never destroys what the model does not know, and never writes when nothing needs to change.
@Suite("Opening a store")
struct StoreOpeningTests {
    /// A store file in a throwaway folder.
    struct StoreFile {
        let sandbox = AppSandbox.temporary()
        var url: URL { sandbox.applicationSupportDirectory.appending(path: "gadgets.store") }
        var configuration: ModelConfiguration { ModelConfiguration(url: url) }

        func raw<T>(_ work: (Database) throws -> T) throws -> T {
            try DatabaseQueue(path: url.path).write(work)
        }

        func columns(of table: String) throws -> [String] {
            try raw { try $0.columns(in: table).map(\.name) }
        }

        /// The bytes of the store file and its write-ahead log: any committed write changes one of them.
        func digest() throws -> [Data?] {
            ["", "-wal"].map { FileManager.default.contents(atPath: url.path + $0) }
        }

        func remove() { try? FileManager.default.removeItem(at: sandbox.deviceRoot) }
    }

    @Test("a column the model does not know keeps its values through opening, saving and reopening")
    func unknownColumnIsKept() throws {
        let file = StoreFile()
        defer { file.remove() }
        let first = ModelContext(try ModelContainer(for: StoreVersion1.Gadget.self, configurations: file.configuration))
        first.insert(StoreVersion1.Gadget(name: "lamp"))
        try first.save()
        try file.raw { db in
            try db.execute(sql: #"ALTER TABLE "Gadget" ADD COLUMN "colour" TEXT"#)
            try db.execute(sql: #"UPDATE "Gadget" SET "colour" = 'teal'"#)
        }

        let context = ModelContext(
            try ModelContainer(for: StoreVersion1.Gadget.self, configurations: file.configuration))
        context.insert(StoreVersion1.Gadget(name: "desk"))
        try context.save()
        _ = try ModelContainer(for: StoreVersion1.Gadget.self, configurations: file.configuration)

        let colours = try file.raw {
            try Row.fetchAll($0, sql: #"SELECT "name", "colour" FROM "Gadget" ORDER BY "name""#)
        }
        #expect(colours.map { $0["name"] as String } == ["desk", "lamp"])
        #expect(colours.map { $0["colour"] as String? } == [nil, "teal"])
    }

    @Test("a removed property's column and values stay for the app version that still has the property")
    func removedPropertyColumnIsKept() throws {
        let file = StoreFile()
        defer { file.remove() }
        let older = ModelContext(
            try ModelContainer(for: GadgetSchemaV1.Gadget.self, configurations: file.configuration))
        older.insert(GadgetSchemaV1.Gadget(name: "lamp", label: "L-1"))
        try older.save()

        let newer = ModelContext(try ModelContainer(for: StoreVersion1.Gadget.self, configurations: file.configuration))
        #expect(try newer.fetch(FetchDescriptor<StoreVersion1.Gadget>()).map(\.name) == ["lamp"])

        let again = ModelContext(
            try ModelContainer(for: GadgetSchemaV1.Gadget.self, configurations: file.configuration))
        #expect(try again.fetch(FetchDescriptor<GadgetSchemaV1.Gadget>()).map(\.label) == ["L-1"])
    }

    @Test("a table the model does not know is left as it is")
    func unknownTableIsKept() throws {
        let file = StoreFile()
        defer { file.remove() }
        _ = try ModelContainer(for: StoreVersion1.Gadget.self, configurations: file.configuration)
        try file.raw { db in
            try db.execute(sql: #"CREATE TABLE "Receipt" ("id" INTEGER PRIMARY KEY, "total" REAL)"#)
            try db.execute(sql: #"INSERT INTO "Receipt" ("total") VALUES (9.5)"#)
        }

        _ = try ModelContainer(for: StoreVersion2.Gadget.self, configurations: file.configuration)

        #expect(try file.raw { try Double.fetchOne($0, sql: #"SELECT "total" FROM "Receipt""#) } == 9.5)
    }

    @Test("a migration stage drops the columns of the properties its target schema removed, and only those")
    func stageDropsRemovedColumns() throws {
        let file = StoreFile()
        defer { file.remove() }
        let older = ModelContext(
            try ModelContainer(for: Schema(versionedSchema: GadgetSchemaV1.self), configurations: file.configuration))
        older.insert(GadgetSchemaV1.Gadget(name: "lamp", label: "L-1"))
        try older.save()
        try file.raw { try $0.execute(sql: #"ALTER TABLE "Gadget" ADD COLUMN "colour" TEXT"#) }

        _ = try ModelContainer(
            for: Schema(versionedSchema: GadgetSchemaV2.self), migrationPlan: GadgetMigrationPlan.self,
            configurations: file.configuration
        )

        let columns = try file.columns(of: "Gadget")
        #expect(!columns.contains("label"))
        #expect(columns.contains("colour"))
        #expect(columns.contains("name"))
    }

    @Test("opening and reading a store that already matches the model writes nothing to it")
    func openingWritesNothing() throws {
        let file = StoreFile()
        defer { file.remove() }
        let seed = ModelContext(try ModelContainer(for: Note.self, Tag.self, configurations: file.configuration))
        let note = Note(title: "kept")
        note.tags.append(Tag(name: "t"))
        seed.insert(note)
        try seed.save()
        let before = try file.digest()

        let context = ModelContext(try ModelContainer(for: Note.self, Tag.self, configurations: file.configuration))
        let notes = try context.fetch(FetchDescriptor<Note>())
        #expect(notes.map(\.title) == ["kept"])
        #expect(notes.first?.tags.map(\.name) == ["t"])
        _ = try context.fetchCount(FetchDescriptor<Tag>())

        #expect(try file.digest() == before)
    }

    @Test("a store whose tables need changing is still changed at open")
    func openingChangesWhenNeeded() throws {
        let file = StoreFile()
        defer { file.remove() }
        _ = try ModelContainer(for: StoreVersion1.Gadget.self, configurations: file.configuration)
        let before = try file.digest()

        _ = try ModelContainer(for: StoreVersion2.Gadget.self, configurations: file.configuration)

        #expect(try file.digest() != before)
        #expect(try file.columns(of: "Gadget").contains("serialNumber"))
    }
}

@Suite("A store file at /dev/null")
struct DevNullStoreTests {
    @Model
    final class Jotting {
        var text: String
        init(text: String) { self.text = text }
    }

    @Test("is kept in memory, as Core Data opens it: each container starts empty and nothing is written in /dev")
    func keptInMemory() throws {
        let devNull = URL(fileURLWithPath: "/dev/null")
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: "/dev"))
        for round in 1...2 {
            let container = try ModelContainer(for: Jotting.self, configurations: ModelConfiguration(url: devNull))
            let context = ModelContext(container)
            #expect(
                try context.fetchCount(FetchDescriptor<Jotting>()) == 0, "container \(round) saw an earlier one's notes"
            )
            context.insert(Jotting(text: "scratch \(round)"))
            try context.save()
            #expect(try ModelContext(container).fetchCount(FetchDescriptor<Jotting>()) == 1)
        }
        let added = Set(try FileManager.default.contentsOfDirectory(atPath: "/dev")).subtracting(before)
        #expect(added.filter { $0.hasPrefix("null") }.isEmpty, "files created in /dev: \(added.sorted())")
        #expect(FileManager.default.fileExists(atPath: "/dev/null"))
    }
}

extension StoreOpeningTests {
    /// Opening sets a new file to write-ahead logging, which SQLite refuses at once (SQLITE_BUSY, without its
    /// busy handler) while another connection opens the same file: two processes starting on a new store.
    @Test("containers that open one new store at the same moment all open it, and every one's save is kept")
    func simultaneousOpensOfANewStore() throws {
        let containers = 6
        for _ in 0..<50 {
            let file = StoreFile()
            defer { file.remove() }
            let configuration = file.configuration
            let failures = SimultaneousStart.failures(of: containers) { number in
                let context = ModelContext(
                    try ModelContainer(for: StoreVersion1.Gadget.self, configurations: configuration))
                context.insert(StoreVersion1.Gadget(name: "gadget \(number)"))
                try context.save()
            }
            #expect(failures == [])
            let saved = try file.raw { try Int.fetchOne($0, sql: #"SELECT COUNT(*) FROM "Gadget""#) }
            #expect(saved == containers)
        }
    }
}
