import Foundation
import Synchronization
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

@Suite("Core Data's SQL debugging switch")
struct SQLDebugSwitchTests {
    @Test("the launch argument sets the level, and wins over the environment variable")
    func launchArgument() {
        let found = SQLDebugSwitch(
            arguments: ["/app", "-com.apple.CoreData.SQLDebug", "4", "--other"],
            environment: ["com.apple.CoreData.SQLDebug": "1"]
        )
        #expect(found == SQLDebugSwitch(level: 4))
        #expect(found.logsStatements && found.logsQueryPlans)
    }

    @Test("the environment variable sets the level when no launch argument does")
    func environmentVariable() {
        let found = SQLDebugSwitch(arguments: ["/app"], environment: ["com.apple.CoreData.SQLDebug": "1"])
        #expect(found == SQLDebugSwitch(level: 1))
        #expect(found.logsStatements && !found.logsQueryPlans)
    }

    @Test("without the switch, or at level 0, nothing is logged")
    func off() {
        #expect(SQLDebugSwitch(arguments: ["/app"], environment: [:]) == SQLDebugSwitch(level: 0))
        let zero = SQLDebugSwitch(arguments: ["/app", "-com.apple.CoreData.SQLDebug", "0"], environment: [:])
        #expect(!zero.logsStatements && zero.problems.isEmpty)
    }

    @Test("the process's own path is never read as the switch, and the last launch argument counts")
    func lastArgumentWins() {
        let found = SQLDebugSwitch(
            arguments: [
                "-com.apple.CoreData.SQLDebug", "-com.apple.CoreData.SQLDebug", "1", "-com.apple.CoreData.SQLDebug",
                "3",
            ],
            environment: [:]
        )
        #expect(found == SQLDebugSwitch(level: 3))
    }

    @Test("a value that is not a level leaves logging off and says why, naming where it came from")
    func invalidValues() {
        let word = SQLDebugSwitch(arguments: ["/app", "-com.apple.CoreData.SQLDebug", "YES"], environment: [:])
        #expect(word.level == 0)
        #expect(
            word.problems == [
                "SQL logging is off: the launch argument -com.apple.CoreData.SQLDebug is \"YES\", which is not a level — "
                    + "while reading com.apple.CoreData.SQLDebug; give 1 to log each statement, 4 to add query plans"
            ])
        let negative = SQLDebugSwitch(arguments: ["/app"], environment: ["com.apple.CoreData.SQLDebug": "-2"])
        #expect(
            negative.level == 0
                && negative.problems.first?.contains("the environment variable com.apple.CoreData.SQLDebug is \"-2\"")
                    == true
        )
        let missing = SQLDebugSwitch(
            arguments: ["/app", "-com.apple.CoreData.SQLDebug"], environment: ["com.apple.CoreData.SQLDebug": "1"])
        #expect(missing.level == 0 && missing.problems.first?.contains("has no level after it") == true)
    }
}

@Suite("The SQL log")
struct SQLLogTests {
    /// The lines a store opened inside `body` writes at `level`.
    static func logLines(level: Int, workbenchPrefix: Bool = false, _ body: () throws -> Void) rethrows -> [String] {
        let lines = Mutex<[String]>([])
        let output = SQLDebugOutput(debugSwitch: SQLDebugSwitch(level: level), writesWorkbenchPrefix: workbenchPrefix) {
            line in
            lines.withLock { $0.append(line) }
        }
        try SQLDebugOutput.$current.withValue(output) { try body() }
        return lines.withLock { $0 }
    }

    /// A store of 40 visits to four places.
    static func visits() throws -> ModelStoreFixture {
        let store = try ModelStoreFixture([Visit.self])
        for index in 0..<40 {
            store.context.insert(
                Visit(
                    person: "p\(index)", place: "place \(index % 4)",
                    date: Date(timeIntervalSinceReferenceDate: Double(index))))
        }
        try store.context.save()
        return store
    }

    @Test("level 1 writes each statement as Core Data does, with a ? for each value")
    func levelOne() throws {
        var lines: [String] = []
        lines = try Self.logLines(level: 1) {
            let store = try Self.visits()
            let place = "place 2"
            _ = try store.newContext().fetch(FetchDescriptor<Visit>(predicate: #Predicate { $0.place == place }))
        }
        #expect(lines.contains(#"CoreData: sql: SELECT * FROM "Visit" WHERE ("Visit"."place" IS ?)"#), "\(lines)")
        #expect(lines.contains { $0.hasPrefix(#"CoreData: sql: INSERT INTO "Visit""#) })
        #expect(!lines.contains { $0.contains("place 2") || $0.contains("details") })
    }

    @Test("level 4 adds the plan of each query after the statement")
    func levelFour() throws {
        let lines = try Self.logLines(level: 4) {
            let store = try Self.visits()
            let place = "place 2"
            _ = try store.newContext().fetch(FetchDescriptor<Visit>(predicate: #Predicate { $0.place == place }))
        }
        let select = #"SELECT * FROM "Visit" WHERE ("Visit"."place" IS ?)"#
        let start = try #require(lines.firstIndex(of: "CoreData: sql: \(select)"), "\(lines)")
        #expect(
            Array(lines[(start + 1)...].prefix(2)) == [
                "CoreData: details: SQLite: EXPLAIN QUERY PLAN \(select)",
                "CoreData: details: SQLite: SEARCH Visit USING INDEX Visit_index_place (place=?)",
            ])
        #expect(!lines.contains { $0.contains("EXPLAIN QUERY PLAN INSERT") || $0.hasPrefix("CoreData: sql: EXPLAIN") })
    }

    @Test("at level 0 nothing is written, and the workbench's older switch keeps its own prefix")
    func offAndWorkbenchPrefix() throws {
        let silent = try Self.logLines(level: 0) { _ = try Self.visits().context.fetchCount(FetchDescriptor<Visit>()) }
        #expect(silent.isEmpty)
        let older = try Self.logLines(level: 0, workbenchPrefix: true) {
            _ = try Self.visits().context.fetchCount(FetchDescriptor<Visit>())
        }
        #expect(older.contains(#"[PersistenceModels SQL] SELECT COUNT(*) FROM "Visit""#), "\(older)")
        #expect(!older.contains { $0.hasPrefix("CoreData:") })
    }

    @Test("captureSQL returns the statements the work ran, and only those, each query with its plan")
    func capture() throws {
        let store = try Self.visits()
        let context = store.newContext()
        let place = "place 1"
        var found: [Visit] = []
        let log = try store.container.captureSQL {
            found = try context.fetch(FetchDescriptor<Visit>(predicate: #Predicate { $0.place == place }))
            found[0].count = 9
            try context.save()
        }
        _ = try context.fetchCount(FetchDescriptor<Visit>())

        #expect(found.count == 10)
        #expect(log.queries.map(\.sql) == [#"SELECT * FROM "Visit" WHERE ("Visit"."place" IS ?)"#])
        #expect(log.queries[0].queryPlan == ["SEARCH Visit USING INDEX Visit_index_place (place=?)"])
        let writes = log.statements.filter { !$0.isQuery }
        #expect(
            writes.contains { $0.sql.hasPrefix(#"UPDATE "Visit" SET "count" = ?"#) && $0.queryPlan.isEmpty }, "\(log)")
        #expect(!log.description.contains("place 1"))
    }

    @Test("a query that reads every row shows a scan, and a sort step where no index gives the order")
    func scanAndSort() throws {
        let store = try Self.visits()
        let log = try store.container.captureSQL {
            _ = try store.newContext().fetch(
                FetchDescriptor<Visit>(predicate: #Predicate { $0.count > 0 }, sortBy: [SortDescriptor(\.count)]))
        }
        #expect(log.queries.map(\.queryPlan) == [["SCAN Visit", "USE TEMP B-TREE FOR ORDER BY"]], "\(log)")
        #expect(
            log.description == """
                SELECT * FROM "Visit" WHERE ("Visit"."count" > ?) ORDER BY "count" ASC, "_pk"
                    SCAN Visit
                    USE TEMP B-TREE FOR ORDER BY
                """)
    }

    @Test("captureSQL counts the queries of lazy loads and of a prefetch")
    func lazyLoadsAndPrefetch() throws {
        let store = try ModelStoreFixture([Folder.self, Note.self, Tag.self])
        for name in ["A", "B", "C"] {
            let folder = Folder(name: name)
            store.context.insert(folder)
            folder.notes = [Note(title: "\(name)1"), Note(title: "\(name)2")]
        }
        try store.context.save()

        let lazy = try store.container.captureSQL {
            for folder in try store.newContext().fetch(FetchDescriptor<Folder>()) { _ = folder.notes.count }
        }
        var prefetching = FetchDescriptor<Folder>()
        prefetching.relationshipKeyPathsForPrefetching = [\.notes]
        let prefetched = try store.container.captureSQL {
            for folder in try store.newContext().fetch(prefetching) { _ = folder.notes.count }
        }
        #expect(lazy.queries.count == 4)
        #expect(prefetched.queries.count == 2)
    }

    @Test("a file store's reads on other connections are captured with their plans")
    func fileStore() throws {
        let store = try ModelStoreFixture(fileNamed: "Visits.store", types: [Visit.self])
        defer { store.removeFiles() }
        store.context.insert(Visit(person: "a", place: "Oslo"))
        try store.context.save()
        let log = try store.container.captureSQL {
            _ = try store.newContext().fetch(FetchDescriptor<Visit>(predicate: #Predicate { $0.place == "Oslo" }))
        }
        #expect(log.queries.count == 1)
        #expect(log.queries.first?.queryPlan == ["SEARCH Visit USING INDEX Visit_index_place (place=?)"])
    }

    @Test("captureSQL sees every SQLite store of a container, and nested captures each see their own work")
    func severalStoresAndNesting() throws {
        let container = try ModelContainer(
            for: Schema([Visit.self, Sample.self]),
            configurations: ModelConfiguration("Visits", schema: Schema([Visit.self]), isStoredInMemoryOnly: true),
            ModelConfiguration("Samples", schema: Schema([Sample.self]), isStoredInMemoryOnly: true)
        )
        let context = ModelContext(container)
        var inner = SQLLog(statements: [])
        let outer = try container.captureSQL {
            _ = try context.fetchCount(FetchDescriptor<Visit>())
            inner = try container.captureSQL { _ = try context.fetchCount(FetchDescriptor<Sample>()) }
        }
        #expect(outer.queries.map(\.sql) == [#"SELECT COUNT(*) FROM "Visit""#, #"SELECT COUNT(*) FROM "Sample""#])
        #expect(inner.queries.map(\.sql) == [#"SELECT COUNT(*) FROM "Sample""#])
    }

    @Test("a container whose only store is a custom one captures nothing")
    func customStoreRunsNoSQL() throws {
        let container = try ModelContainer(
            for: Voyage.self, configurations: InMemoryStoreConfiguration(schema: Schema([Voyage.self])))
        let context = ModelContext(container)
        let log = try container.captureSQL {
            context.insert(Voyage(name: "Spring", destination: "Lisbon"))
            try context.save()
            _ = try context.fetch(FetchDescriptor<Voyage>())
        }
        #expect(log.statements.isEmpty)
    }
}
