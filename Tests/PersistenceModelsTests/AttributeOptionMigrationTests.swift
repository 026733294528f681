import Foundation
import GRDB
import PersistenceSandbox
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

@Suite("Attribute options across schema versions")
struct AttributeOptionMigrationTests {
    /// A checklist store in a throwaway folder, seeded with the first schema.
    private struct ChecklistFile {
        let sandbox = AppSandbox.temporary()
        var configuration: ModelConfiguration {
            ModelConfiguration(url: sandbox.applicationSupportDirectory.appending(path: "checklists.store"))
        }

        func seed() throws {
            let context = ModelContext(
                try ModelContainer(for: Schema(versionedSchema: ChecklistSchemaV1.self), configurations: configuration))
            context.insert(ChecklistSchemaV1.Checklist(title: "Packing", draft: "passport, charger"))
            context.insert(ChecklistSchemaV1.Checklist(title: "Groceries", draft: nil))
            try context.save()
        }

        func rows(_ sql: String) throws -> [Row] {
            try DatabaseQueue(path: configuration.url.path).read { try Row.fetchAll($0, sql: sql) }
        }

        func columns() throws -> [String] {
            try DatabaseQueue(path: configuration.url.path).read { try $0.columns(in: "Checklist").map(\.name) }
        }

        func open(
            _ schema: any VersionedSchema.Type, plan: (any SchemaMigrationPlan.Type)? = ChecklistMigrationPlan.self
        ) throws -> ModelContainer {
            try ModelContainer(for: Schema(versionedSchema: schema), migrationPlan: plan, configurations: configuration)
        }

        func remove() { try? FileManager.default.removeItem(at: sandbox.deviceRoot) }
    }

    @Test("opening a store with an attribute made ephemeral keeps its column and its data; models read the default")
    func openingKeepsTheColumn() throws {
        let file = ChecklistFile()
        defer { file.remove() }
        try file.seed()

        let container = try file.open(ChecklistSchemaV2.self, plan: nil)
        let checklists = try ModelContext(container).fetch(
            FetchDescriptor<ChecklistSchemaV2.Checklist>(sortBy: [SortDescriptor(\.title)]))

        #expect(checklists.map(\.title) == ["Groceries", "Packing"])
        #expect(checklists.map(\.draft) == [nil, nil])
        #expect(try file.columns().contains("draft"))
        #expect(
            try file.rows("SELECT \"draft\" FROM \"Checklist\" WHERE \"title\" = 'Packing'").first?["draft"] as String?
                == "passport, charger")
    }

    @Test("a lightweight stage to a schema with the attribute ephemeral drops its column and keeps the other data")
    func stageDropsTheColumn() throws {
        let file = ChecklistFile()
        defer { file.remove() }
        try file.seed()

        let container = try file.open(ChecklistSchemaV2.self)
        let checklists = try ModelContext(container).fetch(
            FetchDescriptor<ChecklistSchemaV2.Checklist>(sortBy: [SortDescriptor(\.title)]))

        #expect(!(try file.columns().contains("draft")))
        #expect(checklists.map(\.title) == ["Groceries", "Packing"])
        #expect(checklists.map(\.draft) == [nil, nil])
    }

    @Test(
        "a stage that stores the attribute again adds its column; a title preserved from then on reaches the tombstone")
    func storedAgainAndPreserved() throws {
        let file = ChecklistFile()
        defer { file.remove() }
        try file.seed()
        _ = try file.open(ChecklistSchemaV2.self)

        let context = ModelContext(try file.open(ChecklistSchemaV3.self))
        let checklists = try context.fetch(
            FetchDescriptor<ChecklistSchemaV3.Checklist>(sortBy: [SortDescriptor(\.title)]))
        #expect(checklists.map(\.title) == ["Groceries", "Packing"])
        #expect(checklists.map(\.draft) == [nil, nil])
        #expect(try file.columns().contains("draft"))

        checklists[1].draft = "tickets"
        context.delete(checklists[0])
        try context.save()

        let deleted = try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).last?.changes.compactMap
        { change in
            if case .delete(let delete as DefaultHistoryDelete<ChecklistSchemaV3.Checklist>) = change {
                return delete.tombstone[\.title] as? String
            }
            return nil
        }
        #expect(deleted == ["Groceries"])
        #expect(
            try ModelContext(try file.open(ChecklistSchemaV3.self)).fetch(
                FetchDescriptor<ChecklistSchemaV3.Checklist>()
            ).map(\.draft) == ["tickets"])
    }
}
