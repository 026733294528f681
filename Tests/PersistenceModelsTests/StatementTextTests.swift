import Foundation
import GRDB
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

/// The SQL the store generates, read as text without a database: fetches, saves, deletes and link
/// changes, with every value bound and every list of keys split under SQLite's argument limit.
@Suite("Generated SQL text")
struct StatementTextTests {
    let layout = StoreLayout(schema: Schema([Note.self, Tag.self, Folder.self]))

    func entity<T: PersistentModel>(_ type: T.Type) throws -> StoreLayout.EntityLayout {
        try #require(layout.layout(of: type))
    }

    func plan<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> FetchPlan<T> {
        FetchPlan(descriptor: descriptor, entity: try entity(T.self), layout: layout, storeIdentifier: "/store")
    }

    // MARK: - Fetch

    @Test("a fetch with a predicate, two sorts, a limit and an offset binds every value and breaks ties by key")
    func fetchStatement() throws {
        let word = "plan"
        var descriptor = FetchDescriptor<Note>(
            predicate: #Predicate { $0.isPinned && $0.title.contains(word) },
            sortBy: [SortDescriptor(\.title), SortDescriptor(\.createdAt, order: .reverse)]
        )
        descriptor.fetchLimit = 10
        descriptor.fetchOffset = 5
        let statement = try plan(descriptor).selectQuery(limited: true)
        #expect(
            statement.sql
                == #"SELECT * FROM "Note" WHERE ("Note"."isPinned" AND swift_contains("Note"."title", ?)) ORDER BY "title" COLLATE swiftLocalizedStandardCompare ASC, "createdAt" DESC, "_pk" LIMIT ? OFFSET ?"#
        )
        #expect(statement.arguments == ["plan".databaseValue, 10.databaseValue, 5.databaseValue])
    }

    @Test("a fetch without a limit has no LIMIT, and an offset alone skips with LIMIT -1")
    func fetchWithoutLimit() throws {
        #expect(try plan(FetchDescriptor<Tag>()).selectQuery(limited: true).sql == #"SELECT * FROM "Tag""#)
        var offsetOnly = FetchDescriptor<Tag>()
        offsetOnly.fetchOffset = 3
        let statement = try plan(offsetOnly).selectQuery(limited: true)
        #expect(statement.sql == #"SELECT * FROM "Tag" ORDER BY "_pk" LIMIT -1 OFFSET ?"#)
        #expect(statement.arguments == [3.databaseValue])
    }

    @Test("a value in a predicate is bound, never written into the text")
    func valuesAreBound() throws {
        let hostile = "x' OR 1=1 --"
        let statement = try plan(FetchDescriptor<Tag>(predicate: #Predicate { $0.name == hostile })).selectQuery(
            limited: true)
        #expect(!statement.sql.contains("OR 1=1"))
        #expect(statement.sql == #"SELECT * FROM "Tag" WHERE ("Tag"."name" IS ?)"#)
        #expect(statement.arguments == [hostile.databaseValue])
    }

    @Test("a predicate through a to-many relationship becomes a subquery on the link table")
    func toManyPredicate() throws {
        let wanted = "work"
        let statement = try plan(
            FetchDescriptor<Note>(predicate: #Predicate { note in note.tags.contains { $0.name == wanted } })
        )
        .selectQuery(limited: true)
        #expect(
            statement.sql
                == #"SELECT * FROM "Note" WHERE EXISTS (SELECT 1 FROM "Note_tags" AS "_r1_link" JOIN "Tag" AS "_r1" ON "_r1"."_pk" = "_r1_link"."target" WHERE "_r1_link"."owner" = "Note"."_pk" AND ("_r1"."name" IS ?))"#
        )
        #expect(statement.arguments == [wanted.databaseValue])
    }

    @Test("a count without a limit counts the matching rows; with a limit it counts the limited select")
    func countStatements() throws {
        let plain = try plan(FetchDescriptor<Note>(predicate: #Predicate { $0.isPinned })).countQuery()
        #expect(plain.sql == #"SELECT COUNT(*) FROM "Note" WHERE "Note"."isPinned""#)
        var limited = FetchDescriptor<Note>(predicate: #Predicate { $0.isPinned })
        limited.fetchLimit = 2
        let windowed = try plan(limited).countQuery()
        #expect(
            windowed.sql
                == #"SELECT COUNT(*) FROM (SELECT * FROM "Note" WHERE "Note"."isPinned" ORDER BY "_pk" LIMIT ? OFFSET ?)"#
        )
        #expect(windowed.arguments == [2.databaseValue, 0.databaseValue])
    }

    // MARK: - Prefetch

    /// The link table that keeps `type`'s relationship `name`, and whether `type` is on its owner side.
    private func linkTable(of type: any PersistentModel.Type, _ name: String) throws -> (String, isOwner: Bool) {
        let storage = try #require(try entity(type).relationships[name])
        guard case .linkTable(let table, let isOwner) = storage else {
            throw CocoaError(
                .featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "\(name) is not kept in a link table"])
        }
        return (table, isOwner)
    }

    @Test("prefetching a many-to-many relationship reads its links alone, ordered by owner then key")
    func prefetchEveryOwner() throws {
        let tags = try linkTable(of: Note.self, "tags")
        #expect(
            StoreStatements.prefetchLinks(in: tags.0, isOwner: tags.isOwner, owners: .every).map(\.sql) == [
                #"SELECT "owner", "target" FROM "Note_tags" ORDER BY "owner", "target""#
            ])
        // From the inverse side, the columns change places.
        let notes = try linkTable(of: Tag.self, "notes")
        #expect(
            StoreStatements.prefetchLinks(in: notes.0, isOwner: notes.isOwner, owners: .every).map(\.sql) == [
                #"SELECT "target", "owner" FROM "Note_tags" ORDER BY "target", "owner""#
            ])
    }

    @Test("prefetching for the owners a fetch returned reuses that fetch's key query and its arguments")
    func prefetchSameAsFetch() throws {
        var descriptor = FetchDescriptor<Note>(predicate: #Predicate { $0.isPinned })
        descriptor.fetchLimit = 4
        let keys = try plan(descriptor).primaryKeyQuery(limited: true)
        let storage = try #require(try entity(Folder.self).relationships["notes"])
        let statements = StoreStatements.prefetch("Note", through: storage, owners: .selectedBy(keys))
        #expect(statements.count == 1)
        #expect(
            statements[0].sql
                == #"SELECT "folder" AS "_owner", * FROM "Note" WHERE "folder" IN (SELECT "_pk" FROM "Note" WHERE "Note"."isPinned" ORDER BY "_pk" LIMIT ? OFFSET ?) ORDER BY "folder", "_pk""#
        )
        #expect(statements[0].arguments == [4.databaseValue, 0.databaseValue])
    }

    @Test(
        "prefetching for 100,000 listed owners splits the keys into statements under the argument limit, each key once")
    func prefetchManyOwners() throws {
        let tags = try linkTable(of: Note.self, "tags")
        let owners = (1...100_000).map(Int64.init)
        let statements = StoreStatements.prefetchLinks(in: tags.0, isOwner: tags.isOwner, owners: .keys(owners))
        #expect(statements.count == 101)
        #expect(statements.allSatisfy { $0.arguments.count <= SQLArgumentLimit.chunkSize })
        #expect(statements.flatMap(\.arguments) == owners.map(\.databaseValue))
        #expect(statements.allSatisfy { $0.sql.components(separatedBy: "?").count - 1 == $0.arguments.count })
        #expect(
            statements[0].sql.hasPrefix(
                #"SELECT "owner", "target" FROM "Note_tags" WHERE "owner" IN (?, ?, "#
            ))
    }

    @Test("loading one owner's relationship reads it from the column, the inverse column or the link table")
    func relatedRows() throws {
        let note = try entity(Note.self)
        let folder = try entity(Folder.self)
        let tag = try entity(Tag.self)
        #expect(
            StoreStatements.related("Folder", through: try #require(note.relationships["folder"]), of: 7).sql
                == #"SELECT * FROM "Folder" WHERE "_pk" = ?"#)
        #expect(
            StoreStatements.related("Note", through: try #require(folder.relationships["notes"]), of: 7).sql
                == #"SELECT * FROM "Note" WHERE "folder" = ? ORDER BY "_pk""#)
        #expect(
            StoreStatements.related("Note", through: try #require(tag.relationships["notes"]), of: 7).sql
                == #"SELECT "Note".* FROM "Note" JOIN "Note_tags" AS link ON link."owner" = "Note"."_pk" WHERE link."target" = ? ORDER BY "Note"."_pk""#
        )
        #expect(
            StoreStatements.related("Note", through: try #require(tag.relationships["notes"]), of: 7).arguments == [
                7.databaseValue
            ])
    }

    // MARK: - Save

    @Test("an insert names its columns and binds one argument each; with unique columns it skips a colliding row")
    func insertStatements() {
        #expect(
            StoreStatements.insert(into: "Note", columns: [#""title""#, #""isPinned""#], skippingConflicts: false)
                == #"INSERT INTO "Note" ("title", "isPinned") VALUES (?, ?)"#)
        #expect(
            StoreStatements.insert(into: "Tag", columns: [#""name""#], skippingConflicts: true)
                == #"INSERT INTO "Tag" ("name") VALUES (?) ON CONFLICT DO NOTHING"#)
        #expect(StoreStatements.insertDefaultValues(into: "Tag") == #"INSERT INTO "Tag" DEFAULT VALUES"#)
    }

    @Test("an update sets only the changed columns of one row, its key bound last")
    func updateStatement() {
        #expect(
            StoreStatements.update("Note", setting: [#""title""#, #""folder""#])
                == #"UPDATE "Note" SET "title" = ?, "folder" = ? WHERE "_pk" = ?"#)
    }

    @Test("the lookup of a row with the same unique values matches NULL with NULL")
    func uniqueLookup() {
        #expect(
            StoreStatements.key(of: "Tag", matching: [#""name""#, #""group""#])
                == #"SELECT "_pk" FROM "Tag" WHERE "name" IS ? AND "group" IS ? LIMIT 1"#)
    }

    @Test("a link change adds or removes one owner–target pair, and adding one already there does nothing")
    func linkStatements() {
        #expect(
            StoreStatements.link(in: "Note_tags")
                == #"INSERT OR IGNORE INTO "Note_tags" ("owner", "target") VALUES (?, ?)"#)
        #expect(
            StoreStatements.link(in: "Note_tags", count: 2)
                == #"INSERT OR IGNORE INTO "Note_tags" ("owner", "target") VALUES (?, ?), (?, ?)"#)
        #expect(
            StoreStatements.unlink(in: "Note_tags") == #"DELETE FROM "Note_tags" WHERE "owner" = ? AND "target" = ?"#)
    }

    // MARK: - Delete

    @Test("deleting 2,500 rows by key takes three statements of at most 999 keys, every key once")
    func deleteByKeys() {
        let keys = (1...2_500).map(Int64.init)
        let statements = StoreStatements.delete(from: "Note_tags", where: "owner", isIn: keys)
        #expect(statements.map(\.arguments.count) == [999, 999, 502])
        #expect(statements.flatMap(\.arguments) == keys.map(\.databaseValue))
        #expect(
            statements[2].sql == #"DELETE FROM "Note_tags" WHERE "owner" IN ("#
                + Array(repeating: "?", count: 502).joined(separator: ", ") + ")")
        #expect(StoreStatements.delete(from: "Note", where: "_pk", isIn: []).isEmpty)
    }

    @Test(
        "a delete rule reads the related keys through the column, the inverse column or the link table, and nullify clears the inverse column"
    )
    func deleteRuleStatements() throws {
        let note = try entity(Note.self)
        let folder = try entity(Folder.self)
        let keys: [Int64] = [4, 9]
        #expect(
            StoreStatements.relatedKeys(of: keys, in: "Note", through: try #require(note.relationships["folder"])).map(
                \.sql) == [
                    #"SELECT "folder" FROM "Note" WHERE "_pk" IN (?, ?) AND "folder" IS NOT NULL"#
                ])
        #expect(
            StoreStatements.relatedKeys(of: keys, in: "Folder", through: try #require(folder.relationships["notes"]))
                .map(\.sql) == [
                    #"SELECT "_pk" FROM "Note" WHERE "folder" IN (?, ?)"#
                ])
        #expect(
            StoreStatements.relatedKeys(of: keys, in: "Note", through: try #require(note.relationships["tags"])).map(
                \.sql) == [
                    #"SELECT "target" FROM "Note_tags" WHERE "owner" IN (?, ?)"#
                ])
        let nullify = StoreStatements.nullify("folder", of: "Note", whereIn: keys)
        #expect(nullify.map(\.sql) == [#"UPDATE "Note" SET "folder" = NULL WHERE "folder" IN (?, ?)"#])
        #expect(nullify.flatMap(\.arguments) == keys.map(\.databaseValue))
    }

    // MARK: - History

    @Test("a history predicate goes through the same translator, over the transaction table's columns")
    func historyPredicate() throws {
        let since = Date(timeIntervalSinceReferenceDate: 100)
        let predicate = #Predicate<DefaultHistoryTransaction> { $0.timestamp >= since && $0.author == "importer" }
        let condition = try PredicateTranslator.translate(
            predicate, record: HistoryStore.transactionRecord, layout: layout, storeIdentifier: "/store")
        let context = SQLGenerationContext()
        #expect(
            SQLGenerator.sql(for: condition, in: context)
                == #"(("PersistenceHistory_Transaction"."timestamp" >= ?) AND ("PersistenceHistory_Transaction"."author" IS ?))"#
        )
        #expect(context.arguments == [Double(100).databaseValue, "importer".databaseValue])
    }
}
