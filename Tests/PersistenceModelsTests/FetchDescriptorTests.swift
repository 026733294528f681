import Foundation
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

@Suite("Fetching with predicates and sort descriptors")
struct FetchDescriptorTests {
    /// A saved set of tasks: titles T0...T5, priorities cycling low/medium/high, every other one done.
    static func taskStore() throws -> ModelStoreFixture {
        let store = try ModelStoreFixture()
        let priorities: [Priority] = [.low, .medium, .high]
        for index in 0..<6 {
            let task = TaskItem(
                title: "T\(index)",
                dueDate: index < 3 ? Date(timeIntervalSinceReferenceDate: Double(index) * 1000) : nil,
                priority: priorities[index % 3],
                isCompleted: index.isMultiple(of: 2)
            )
            task.createdAt = Date(timeIntervalSinceReferenceDate: Double(100 - index))
            store.context.insert(task)
        }
        try store.context.save()
        return store
    }

    /// Fetches titles through SQL and again with a pending change forcing the in-memory path; both must agree.
    static func titles(_ descriptor: FetchDescriptor<TaskItem>, in store: ModelStoreFixture) throws -> [String] {
        let viaStore = try store.newContext().fetch(descriptor).map(\.title)
        let memoryContext = store.newContext()
        let probe = TaskItem(title: "zz-probe")
        memoryContext.insert(probe)
        memoryContext.delete(probe)
        let changed = try memoryContext.fetch(FetchDescriptor<TaskItem>())
        changed.first?.notes = changed.first?.notes ?? ""
        let inMemory = try memoryContext.fetch(descriptor).map(\.title)
        #expect(viaStore == inMemory, "SQL and in-memory evaluation disagree")
        return viaStore
    }

    @Test("== and != on a string translate to SQL with bound arguments")
    func equalityUsesBoundArguments() throws {
        let store = try Self.taskStore()
        let wanted = "T3"
        let statements = try store.statements {
            let found = try store.newContext().fetch(
                FetchDescriptor<TaskItem>(predicate: #Predicate { $0.title == wanted }))
            #expect(found.map(\.title) == ["T3"])
        }
        let select = try #require(statements.first { $0.hasPrefix("SELECT * FROM \"TaskItem\"") })
        #expect(select == #"SELECT * FROM "TaskItem" WHERE ("TaskItem"."title" IS ?)"#)
        #expect(
            try Self.titles(FetchDescriptor(predicate: #Predicate { $0.title != wanted }), in: store) == [
                "T0", "T1", "T2", "T4", "T5",
            ])
    }

    @Test("ordering comparisons on numbers and dates filter like Swift")
    func orderingComparisons() throws {
        let store = try Self.taskStore()
        let cutoff = Date(timeIntervalSinceReferenceDate: 97)
        #expect(
            try Self.titles(FetchDescriptor(predicate: #Predicate { $0.createdAt < cutoff }), in: store) == [
                "T4", "T5",
            ])
        #expect(
            try Self.titles(FetchDescriptor(predicate: #Predicate { $0.createdAt <= cutoff }), in: store) == [
                "T3", "T4", "T5",
            ])
        #expect(
            try Self.titles(FetchDescriptor(predicate: #Predicate { $0.createdAt > cutoff }), in: store) == [
                "T0", "T1", "T2",
            ])
        #expect(
            try Self.titles(FetchDescriptor(predicate: #Predicate { $0.createdAt >= cutoff }), in: store) == [
                "T0", "T1", "T2", "T3",
            ])
    }

    @Test("&&, ||, ! and bare Bool key paths combine like Swift")
    func logicalOperators() throws {
        let store = try Self.taskStore()
        #expect(
            try Self.titles(FetchDescriptor(predicate: #Predicate { $0.isCompleted }), in: store) == ["T0", "T2", "T4"])
        #expect(
            try Self.titles(FetchDescriptor(predicate: #Predicate { !$0.isCompleted }), in: store) == [
                "T1", "T3", "T5",
            ])
        let high = Priority.high
        #expect(
            try Self.titles(FetchDescriptor(predicate: #Predicate { $0.isCompleted && $0.priority == high }), in: store)
                == ["T2"])
        #expect(
            try Self.titles(
                FetchDescriptor(predicate: #Predicate { $0.title == "T1" || $0.priority == high }), in: store) == [
                    "T1", "T2", "T5",
                ])
    }

    @Test("raw-value enums and nil compare in SQL")
    func enumsAndNil() throws {
        let store = try Self.taskStore()
        let medium = Priority.medium
        #expect(
            try Self.titles(FetchDescriptor(predicate: #Predicate { $0.priority == medium }), in: store) == [
                "T1", "T4",
            ])
        #expect(
            try Self.titles(FetchDescriptor(predicate: #Predicate { $0.dueDate == nil }), in: store) == [
                "T3", "T4", "T5",
            ])
        #expect(
            try Self.titles(FetchDescriptor(predicate: #Predicate { $0.dueDate != nil }), in: store) == [
                "T0", "T1", "T2",
            ])
    }

    @Test("a predicate with no SQL form is evaluated in memory with the same result")
    func untranslatablePredicateRunsInMemory() throws {
        let store = try Self.taskStore()
        let statements = try store.statements {
            let found = try store.newContext().fetch(
                FetchDescriptor<TaskItem>(
                    predicate: #Predicate {
                        $0.title.count == 2 && ($0.title.contains("3") || $0.title.starts(with: "T5"))
                    }))
            #expect(found.map(\.title) == ["T3", "T5"])
        }
        #expect(statements.contains(#"SELECT * FROM "TaskItem""#))
        let day = Date(timeIntervalSinceReferenceDate: 1500)
        let due = FetchDescriptor<TaskItem>(
            predicate: #Predicate { task in
                if let date = task.dueDate { return date < day } else { return false }
            })
        #expect(try Self.titles(due, in: store) == ["T0", "T1"])
    }

    @Test("sort descriptors order by strings, numbers and dates, in SQL and in memory alike")
    func sorting() throws {
        let store = try Self.taskStore()
        #expect(
            try Self.titles(FetchDescriptor(sortBy: [SortDescriptor(\.createdAt)]), in: store) == [
                "T5", "T4", "T3", "T2", "T1", "T0",
            ])
        #expect(
            try Self.titles(FetchDescriptor(sortBy: [SortDescriptor(\.title, order: .reverse)]), in: store) == [
                "T5", "T4", "T3", "T2", "T1", "T0",
            ])
        #expect(
            try Self.titles(FetchDescriptor(sortBy: [SortDescriptor(\.dueDate), SortDescriptor(\.title)]), in: store)
                == ["T3", "T4", "T5", "T0", "T1", "T2"])
        #expect(
            try Self.titles(
                FetchDescriptor(sortBy: [SortDescriptor(\.dueDate, order: .reverse), SortDescriptor(\.title)]),
                in: store) == ["T2", "T1", "T0", "T3", "T4", "T5"])
        let byPriorityThenDate = FetchDescriptor<TaskItem>(sortBy: [
            SortDescriptor(\.notes), SortDescriptor(\.createdAt, order: .reverse),
        ])
        #expect(try Self.titles(byPriorityThenDate, in: store) == ["T0", "T1", "T2", "T3", "T4", "T5"])
    }

    @Test("strings sort in localized standard order, numbers inside strings by value")
    func localizedStandardOrder() throws {
        let store = try ModelStoreFixture()
        for title in ["item 10", "Zebra", "Item 2", "Écoles", "apple", "Banana", "Eagle"] {
            store.context.insert(Note(title: title))
        }
        try store.context.save()
        let sorted = try store.newContext().fetch(FetchDescriptor<Note>(sortBy: [SortDescriptor(\.title)])).map(\.title)
        #expect(sorted == ["apple", "Banana", "Eagle", "Écoles", "Item 2", "item 10", "Zebra"])
        store.context.insert(Note(title: "cherry"))
        let withPending = try store.context.fetch(FetchDescriptor<Note>(sortBy: [SortDescriptor(\.title)])).map(\.title)
        #expect(withPending == ["apple", "Banana", "cherry", "Eagle", "Écoles", "Item 2", "item 10", "Zebra"])
    }

    @Test("fetchLimit and fetchOffset page through the sorted results")
    func limitAndOffset() throws {
        let store = try Self.taskStore()
        var descriptor = FetchDescriptor<TaskItem>(sortBy: [SortDescriptor(\.title)])
        descriptor.fetchLimit = 2
        #expect(try Self.titles(descriptor, in: store) == ["T0", "T1"])
        descriptor.fetchOffset = 3
        #expect(try Self.titles(descriptor, in: store) == ["T3", "T4"])
        descriptor.fetchLimit = nil
        #expect(try Self.titles(descriptor, in: store) == ["T3", "T4", "T5"])
        descriptor.fetchLimit = 2
        descriptor.predicate = #Predicate { $0.isCompleted }
        descriptor.fetchOffset = 1
        #expect(try Self.titles(descriptor, in: store) == ["T2", "T4"])
        #expect(try store.newContext().fetchCount(descriptor) == 2)
    }

    @Test("pending inserts that match are fetched in sort order")
    func pendingInsertsInSortOrder() throws {
        let store = try Self.taskStore()
        let early = TaskItem(title: "Early")
        early.createdAt = Date(timeIntervalSinceReferenceDate: 0)
        store.context.insert(early)
        let sorted = try store.context.fetch(FetchDescriptor<TaskItem>(sortBy: [SortDescriptor(\.createdAt)]))
        #expect(sorted.first === early)
        #expect(sorted.count == 7)
    }

    @Test("a Bool sort descriptor orders in SQL, false before true going forward")
    func boolSortRunsInSQL() throws {
        let store = try Self.taskStore()
        let descriptor = FetchDescriptor<TaskItem>(sortBy: [
            SortDescriptor(\.isCompleted, order: .reverse), SortDescriptor(\.title),
        ])
        let statements = try store.statements {
            let titles = try Self.titles(descriptor, in: store)
            #expect(titles == ["T0", "T2", "T4", "T1", "T3", "T5"])
        }
        #expect(
            statements.contains(
                #"SELECT * FROM "TaskItem" ORDER BY "isCompleted" DESC, "title" COLLATE swiftLocalizedStandardCompare ASC, "_pk""#
            ))
    }

    @Test("a predicate over a to-many relationship selects the notes whose tags match")
    func relationshipPredicate() throws {
        let store = try ModelStoreFixture()
        let work = Tag(name: "Work")
        let home = Tag(name: "Home")
        let report = Note(title: "Report")
        let chores = Note(title: "Chores")
        for model in [report, chores] { store.context.insert(model) }
        report.tags = [work]
        chores.tags = [home, work]
        chores.tags.removeAll { $0 === work }
        try store.context.save()
        let wanted = "Work"
        let found = try store.newContext().fetch(
            FetchDescriptor<Note>(
                predicate: #Predicate { note in
                    note.tags.contains { tag in tag.name == wanted }
                }))
        #expect(found.map(\.title) == ["Report"])
    }
}
