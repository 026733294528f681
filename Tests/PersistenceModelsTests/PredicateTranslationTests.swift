import Foundation
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

@Suite("Translating predicates to SQL")
struct PredicateTranslationTests {
    /// Five notes: titles with accents and case, two folders, tags on some.
    static func noteStore() throws -> ModelStoreFixture {
        let store = try ModelStoreFixture()
        let work = Folder(name: "Work")
        let home = Folder(name: "Home")
        let urgent = Tag(name: "urgent")
        let later = Tag(name: "later")
        let notes = [
            Note(title: "Café au lait", isPinned: true),
            Note(title: "CAFE menu"),
            Note(title: "cafeteria plan"),
            Note(title: "Tea"),
            Note(title: ""),
        ]
        for note in notes { store.context.insert(note) }
        try store.context.save()
        notes[0].folder = work
        notes[1].folder = home
        notes[3].folder = work
        notes[0].tags = [urgent]
        notes[2].tags = [urgent, later]
        try store.context.save()
        return store
    }

    static func titles(
        _ predicate: Predicate<Note>, in store: ModelStoreFixture, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String] {
        try PredicateAgreement.sqlMatches(predicate, in: store, sourceLocation: sourceLocation).map(\.title)
    }

    @Test("localizedStandardContains compiles in #Predicate and ignores case and diacritics, in SQL and in memory")
    func localizedStandardContains() throws {
        let store = try Self.noteStore()
        let search = "cafe"
        let predicate = #Predicate<Note> { $0.title.localizedStandardContains(search) }
        #expect(try Self.titles(predicate, in: store) == ["Café au lait", "CAFE menu", "cafeteria plan"])
        let accented = "CAFÉ"
        #expect(
            try Self.titles(#Predicate { $0.title.localizedStandardContains(accented) }, in: store) == [
                "Café au lait", "CAFE menu", "cafeteria plan",
            ])
        let statements = try store.statements {
            _ = try store.newContext().fetch(FetchDescriptor(predicate: predicate))
        }
        #expect(statements.contains { $0.contains("swift_localized_standard_contains(\"Note\".\"title\", ?)") })
    }

    @Test("String contains, starts(with:) and isEmpty run in SQL with Swift's case-sensitive semantics")
    func stringTests() throws {
        let store = try Self.noteStore()
        #expect(
            try Self.titles(#Predicate { $0.title.contains("af") }, in: store) == ["Café au lait", "cafeteria plan"])
        #expect(try Self.titles(#Predicate { $0.title.starts(with: "Ca") }, in: store) == ["Café au lait"])
        #expect(try Self.titles(#Predicate { $0.title.isEmpty }, in: store) == [""])
        #expect(
            try Self.titles(#Predicate { !$0.title.isEmpty && $0.title.contains("e") }, in: store)
                == ["Café au lait", "CAFE menu", "cafeteria plan", "Tea"].filter { $0.contains("e") })
    }

    @Test(
        "persistentModelID compares with captured identifiers in SQL: equal, not equal, among a list, through a to-one relationship"
    )
    func persistentModelIDInSQL() throws {
        let store = try Self.noteStore()
        let context = store.newContext()
        let notes = try context.fetch(FetchDescriptor<Note>(sortBy: [SortDescriptor(\.title)]))
        let tea = try #require(notes.first { $0.title == "Tea" }).persistentModelID
        let menu = try #require(notes.first { $0.title == "CAFE menu" }).persistentModelID
        #expect(try Self.titles(#Predicate { $0.persistentModelID == tea }, in: store) == ["Tea"])
        #expect(try Self.titles(#Predicate { $0.persistentModelID != tea }, in: store).count == 4)
        let pair = [tea, menu]
        #expect(
            Set(try Self.titles(#Predicate { pair.contains($0.persistentModelID) }, in: store)) == ["Tea", "CAFE menu"])
        let work = try #require(try context.fetch(FetchDescriptor<Folder>()).first { $0.name == "Work" })
            .persistentModelID
        #expect(
            Set(try Self.titles(#Predicate { $0.folder?.persistentModelID == work }, in: store)) == [
                "Café au lait", "Tea",
            ])
        #expect(try Self.titles(#Predicate { $0.folder?.persistentModelID != work }, in: store).count == 3)
    }

    @Test("an identifier of another entity, of another store or never saved matches no row, even with the same key")
    func foreignIdentifiersMatchNothing() throws {
        let store = try Self.noteStore()
        let context = store.newContext()
        let first = try #require(try context.fetch(FetchDescriptor<Note>()).first)
        let key = try #require(first.persistentModelID.primaryKey)
        let folderKey = try PersistentIdentifier.identifier(
            for: store.container.store.identifier, entityName: "Folder", primaryKey: key)
        let otherStore = try PersistentIdentifier.identifier(
            for: "/elsewhere/Other.store", entityName: "Note", primaryKey: key)
        let unsaved = Note(title: "draft").persistentModelID
        for identifier in [folderKey, otherStore, unsaved] {
            #expect(
                try Self.titles(#Predicate { $0.persistentModelID == identifier }, in: store).isEmpty, "\(identifier)")
            #expect(
                try Self.titles(#Predicate { $0.persistentModelID != identifier }, in: store).count == 5,
                "\(identifier)")
            let list = [identifier]
            #expect(
                try Self.titles(#Predicate { list.contains($0.persistentModelID) }, in: store).isEmpty, "\(identifier)")
        }
        let none: [PersistentIdentifier] = []
        #expect(try Self.titles(#Predicate { none.contains($0.persistentModelID) }, in: store).isEmpty)
    }

    @Test("optional chaining through a to-one relationship treats a missing model as nil")
    func toOneOptionalChaining() throws {
        let store = try Self.noteStore()
        #expect(try Self.titles(#Predicate { $0.folder?.name == "Work" }, in: store) == ["Café au lait", "Tea"])
        #expect(
            try Self.titles(#Predicate { $0.folder?.name != "Work" }, in: store) == ["CAFE menu", "cafeteria plan", ""])
        #expect(try Self.titles(#Predicate { $0.folder == nil }, in: store) == ["cafeteria plan", ""])
        #expect(try Self.titles(#Predicate { $0.folder != nil }, in: store) == ["Café au lait", "CAFE menu", "Tea"])
        #expect(
            try Self.titles(#Predicate { ($0.folder?.name ?? "none") == "none" }, in: store) == ["cafeteria plan", ""])
    }

    @Test("to-many contains(where:), isEmpty and count become subqueries")
    func toManyRelationships() throws {
        let store = try Self.noteStore()
        let wanted = "urgent"
        #expect(
            try Self.titles(#Predicate { note in note.tags.contains { $0.name == wanted } }, in: store) == [
                "Café au lait", "cafeteria plan",
            ])
        #expect(try Self.titles(#Predicate { $0.tags.isEmpty }, in: store) == ["CAFE menu", "Tea", ""])
        #expect(try Self.titles(#Predicate { $0.tags.count >= 2 }, in: store) == ["cafeteria plan"])
        let folders = try PredicateAgreement.sqlMatches(
            #Predicate<Folder> { folder in folder.notes.contains { $0.isPinned } }, in: store)
        #expect(folders.map(\.name) == ["Work"])
    }

    @Test("a captured array's contains(_:) becomes an IN list")
    func capturedArrayContains() throws {
        let store = try Self.noteStore()
        let wanted = ["Tea", "CAFE menu"]
        #expect(try Self.titles(#Predicate { wanted.contains($0.title) }, in: store) == ["CAFE menu", "Tea"])
        let none: [String] = []
        #expect(try Self.titles(#Predicate { none.contains($0.title) || $0.isPinned }, in: store) == ["Café au lait"])
    }

    /// Three samples with every comparable kind of attribute set to 1, 2 and 3; the second has nil optionals.
    static func sampleStore() throws -> ModelStoreFixture {
        let store = try ModelStoreFixture()
        for index in 1...3 {
            let sample = Sample(text: ["a", "b", "c"][index - 1])
            sample.int = index
            sample.int8 = Int8(index)
            sample.int16 = Int16(index)
            sample.int32 = Int32(index)
            sample.int64 = Int64(index)
            sample.uint = UInt(index)
            sample.uint8 = UInt8(index)
            sample.double = Double(index) + 0.5
            sample.float = Float(index) + 0.25
            sample.flag = index != 2
            sample.date = Date(timeIntervalSinceReferenceDate: Double(index) * 100)
            sample.optionalText = index == 2 ? nil : ["x", "", "y"][index - 1]
            sample.optionalInt = index == 2 ? nil : index
            sample.words = [["red", "blue"], [], ["blue"]][index - 1]
            sample.priority = [.low, .high, .medium][index - 1]
            sample.optionalPriority = index == 3 ? .medium : nil
            sample.decimal = Decimal(index)
            store.context.insert(sample)
        }
        try store.context.save()
        return store
    }

    static func texts(
        _ predicate: Predicate<Sample>, in store: ModelStoreFixture, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String] {
        try PredicateAgreement.sqlMatches(predicate, in: store, sourceLocation: sourceLocation).map(\.text)
    }

    @Test("comparison operators work on every comparable stored type, in SQL and in memory alike")
    func everyStoredType() throws {
        let store = try Self.sampleStore()
        #expect(try Self.texts(#Predicate { $0.int == 2 }, in: store) == ["b"])
        #expect(try Self.texts(#Predicate { $0.int8 > 1 }, in: store) == ["b", "c"])
        #expect(try Self.texts(#Predicate { $0.int16 <= 2 }, in: store) == ["a", "b"])
        #expect(try Self.texts(#Predicate { $0.int32 >= 3 }, in: store) == ["c"])
        #expect(try Self.texts(#Predicate { $0.int64 != 2 }, in: store) == ["a", "c"])
        #expect(try Self.texts(#Predicate { $0.uint8 != 1 }, in: store) == ["b", "c"])
        #expect(try Self.texts(#Predicate { $0.double > 1.5 }, in: store) == ["b", "c"])
        #expect(try Self.texts(#Predicate { $0.float < 2.5 }, in: store) == ["a", "b"])
        let cutoff = Date(timeIntervalSinceReferenceDate: 200)
        #expect(try Self.texts(#Predicate { $0.date >= cutoff }, in: store) == ["b", "c"])
        #expect(try Self.texts(#Predicate { $0.text > "a" && $0.text < "c" }, in: store) == ["b"])
        #expect(try Self.texts(#Predicate { $0.flag == false }, in: store) == ["b"])
        let high = Priority.high
        #expect(try Self.texts(#Predicate { $0.priority == high }, in: store) == ["b"])
    }

    @Test("nil compares as in Swift: != matches nil, == nil and ?? pick missing values")
    func nullSemantics() throws {
        let store = try Self.sampleStore()
        #expect(try Self.texts(#Predicate { $0.optionalText != "x" }, in: store) == ["b", "c"])
        #expect(try Self.texts(#Predicate { $0.optionalText == nil }, in: store) == ["b"])
        #expect(try Self.texts(#Predicate { $0.optionalInt != 3 }, in: store) == ["a", "b"])
        #expect(try Self.texts(#Predicate { ($0.optionalInt ?? 0) < 2 }, in: store) == ["a", "b"])
        let medium = Priority.medium
        #expect(try Self.texts(#Predicate { $0.optionalPriority != medium }, in: store) == ["a", "b"])
        #expect(try Self.texts(#Predicate { !($0.optionalText == "y") }, in: store) == ["a", "b"])
        #expect(
            try Self.texts(#Predicate { $0.optionalText.flatMap { $0.isEmpty } == false }, in: store) == ["a", "c"])
    }

    @Test("stored arrays answer contains, isEmpty and count in SQL")
    func storedArrays() throws {
        let store = try Self.sampleStore()
        #expect(try Self.texts(#Predicate { $0.words.contains("blue") }, in: store) == ["a", "c"])
        #expect(try Self.texts(#Predicate { $0.words.isEmpty }, in: store) == ["b"])
        #expect(try Self.texts(#Predicate { $0.words.count == 2 }, in: store) == ["a"])
    }

    @Test("a predicate without a SQL form runs in memory with the same result")
    func fallbackToMemory() throws {
        let store = try Self.sampleStore()
        let two = Decimal(2)
        let context = store.newContext()
        let statements = try store.statements {
            let found = try context.fetch(FetchDescriptor<Sample>(predicate: #Predicate { $0.decimal >= two }))
            #expect(found.map(\.text) == ["b", "c"])
        }
        #expect(statements.contains(#"SELECT * FROM "Sample""#))
        let unsigned = try store.newContext().fetch(
            FetchDescriptor<Sample>(predicate: #Predicate { $0.uint < 3 && $0.uint8 > 1 }))
        #expect(unsigned.map(\.text) == ["b"])
    }

    @Test("a predicate that fails in memory throws a SwiftDataError instead of crashing")
    func failingPredicateThrows() throws {
        let store = try Self.sampleStore()
        let descriptor = FetchDescriptor<Sample>(predicate: #Predicate { $0.optionalText! == "x" })
        #expect(throws: SwiftDataError.self) { try store.newContext().fetch(descriptor) }
    }

    @Test("pending inserts and deletes are reflected in translated predicates unless excluded")
    func pendingChanges() throws {
        let store = try Self.noteStore()
        let context = store.newContext()
        let search = "CAFÉ"
        var descriptor = FetchDescriptor<Note>(
            predicate: #Predicate { $0.title.localizedStandardContains(search) }, sortBy: [SortDescriptor(\.title)])
        context.insert(Note(title: "Le café"))
        let menu = try #require(
            try context.fetch(FetchDescriptor<Note>(predicate: #Predicate { $0.title == "CAFE menu" })).first)
        context.delete(menu)
        #expect(try context.fetch(descriptor).map(\.title) == ["Café au lait", "cafeteria plan", "Le café"])
        descriptor.includePendingChanges = false
        #expect(try context.fetch(descriptor).map(\.title) == ["Café au lait", "CAFE menu", "cafeteria plan"])
    }

    @Test("a fetch on an indexed attribute runs as one SQL query that uses the index")
    func indexIsUsed() throws {
        let store = try ModelStoreFixture([Visit.self])
        for index in 0..<200 {
            store.context.insert(
                Visit(
                    person: "p\(index)", place: "place \(index % 20)",
                    date: Date(timeIntervalSinceReferenceDate: Double(index))))
        }
        try store.context.save()
        let place = "place 7"
        let descriptor = FetchDescriptor<Visit>(predicate: #Predicate { $0.place == place })
        let statements = try store.statements {
            let found = try store.newContext().fetch(descriptor)
            #expect(found.count == 10)
        }
        #expect(statements.filter { $0.hasPrefix("SELECT") }.count == 1)
        let entity = try #require(store.container.store.layout.layout(of: Visit.self))
        let query = FetchPlan(
            descriptor: descriptor, entity: entity, layout: store.container.store.layout,
            storeIdentifier: store.container.store.identifier
        ).selectQuery(limited: true)
        let plan = try store.container.store.read(while: "explaining") { db in
            try GRDBRow.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + query.sql, arguments: .init(query.arguments)).map {
                row -> String in
                let detail: String? = row["detail"]
                return detail ?? ""
            }
        }
        #expect(
            plan.contains {
                $0.contains("USING INDEX \"Visit_index_place\"") || $0.contains("USING INDEX Visit_index_place")
            }, "plan: \(plan)")
    }

    @Test(
        "a large store answers an indexed predicate with one query (size from PERSISTENCE_LARGE_STORE_ROWS)",
        .enabled(if: ProcessInfo.processInfo.environment["PERSISTENCE_LARGE_STORE_ROWS"] != nil)
    )
    func largeStore() throws {
        let rows = Int(ProcessInfo.processInfo.environment["PERSISTENCE_LARGE_STORE_ROWS"] ?? "") ?? 100_000
        let store = try ModelStoreFixture([Visit.self])
        try store.container.store.write(while: "filling a large store") { db in
            for index in 0..<rows {
                try db.execute(
                    sql: #"INSERT INTO "Visit" ("person", "place", "date", "count") VALUES (?, ?, ?, ?)"#,
                    arguments: ["p\(index)", "place \(index % 1000)", Double(index), index]
                )
            }
        }
        let place = "place 7"
        let descriptor = FetchDescriptor<Visit>(
            predicate: #Predicate { $0.place == place }, sortBy: [SortDescriptor(\.date)])
        let started = Date()
        var found: [Visit] = []
        let statements = try store.statements { found = try store.newContext().fetch(descriptor) }
        let elapsed = Date().timeIntervalSince(started)
        #expect(found.count == rows / 1000)
        #expect(statements.filter { $0.hasPrefix("SELECT") }.count == 1)
        let entity = try #require(store.container.store.layout.layout(of: Visit.self))
        let query = FetchPlan(
            descriptor: descriptor, entity: entity, layout: store.container.store.layout,
            storeIdentifier: store.container.store.identifier
        ).selectQuery(limited: true)
        let plan = try store.container.store.read(while: "explaining") { db in
            try GRDBRow.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + query.sql, arguments: .init(query.arguments)).map {
                row -> String in
                let detail: String? = row["detail"]
                return detail ?? ""
            }
        }
        print(
            "[large store] \(rows) rows, \(found.count) matches in \(String(format: "%.3f", elapsed)) s; plan: \(plan)")
        #expect(plan.contains { $0.contains("Visit_index_place") })
    }
}
