import PersistenceCore
import Testing

@Suite("Guide-style model and CRUD code")
struct GuideSnippetTests {
    func makeContext() throws -> ModelContext {
        let container = try ModelContainer(
            for: JournalEntry.self, JournalLabel.self, Notebook.self,
            configurations: ModelConfiguration(isStoredInMemoryOnly: true)
        )
        return ModelContext(container)
    }

    @Test("create, read, update and delete read as in the guides")
    func crud() throws {
        let context = try makeContext()
        let entry = JournalEntry(title: "Shopping List", content: "Milk, eggs, bread")
        context.insert(entry)

        let descriptor = FetchDescriptor<JournalEntry>()
        let all = try context.fetch(descriptor)
        #expect(all.count == 1)

        entry.title = "Updated Shopping List"
        try context.save()
        #expect(try context.fetch(descriptor).first?.title == "Updated Shopping List")

        context.delete(entry)
        try context.save()
        #expect(try context.fetch(descriptor).isEmpty)
    }

    @Test("a label appended to an entry lists the entry at once")
    func manyToManyAsInTheGuide() throws {
        let context = try makeContext()
        let entry = JournalEntry(title: "Plan", content: "")
        context.insert(entry)
        let label = JournalLabel(name: "Work")
        context.insert(label)
        entry.labels.append(label)
        #expect(label.entries.contains(entry))
    }

    @Test("pinned entries sort first, then newest first, with a Bool sort descriptor")
    func pinnedFirstSort() throws {
        let context = try makeContext()
        let old = JournalEntry(title: "Old", content: "")
        old.createdAt = Date(timeIntervalSinceNow: -100)
        let pinned = JournalEntry(title: "Pinned", content: "", isPinned: true)
        pinned.createdAt = Date(timeIntervalSinceNow: -200)
        let new = JournalEntry(title: "New", content: "")
        for entry in [old, pinned, new] { context.insert(entry) }
        let sorts = [
            SortDescriptor(\JournalEntry.isPinned, order: .reverse),
            SortDescriptor(\JournalEntry.createdAt, order: .reverse),
        ]
        #expect(try context.fetch(FetchDescriptor(sortBy: sorts)).map(\.title) == ["Pinned", "New", "Old"])
        try context.save()
        #expect(try context.fetch(FetchDescriptor(sortBy: sorts)).map(\.title) == ["Pinned", "New", "Old"])
    }

    @Test("a pinned-and-recent predicate with a sort and a limit, as the query section writes it")
    func queryAsInTheGuide() throws {
        let context = try makeContext()
        for index in 0..<5 {
            let entry = JournalEntry(title: "E\(index)", content: "", isPinned: index != 2)
            entry.createdAt = Date(timeIntervalSinceNow: Double(-index) * 86_400)
            context.insert(entry)
        }
        try context.save()
        let weekAgo = Date.now.addingTimeInterval(-3.5 * 86_400)
        var descriptor = FetchDescriptor<JournalEntry>(
            predicate: #Predicate { $0.isPinned && $0.createdAt > weekAgo },
            sortBy: [SortDescriptor(\.createdAt, order: .reverse)]
        )
        descriptor.fetchLimit = 2
        #expect(try context.fetch(descriptor).map(\.title) == ["E0", "E1"])
    }

    @Test("a model with its own id property keeps that id and still has a persistent identifier")
    func ownIdentifier() throws {
        let container = try ModelContainer(
            for: Reminder.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        let reminder = Reminder(text: "Call", mood: .busy)
        let id: UUID = reminder.id
        context.insert(reminder)
        try context.save()
        let found = try context.fetch(FetchDescriptor<Reminder>(predicate: #Predicate { $0.id == id }))
        #expect(found.first === reminder)
        #expect(!reminder.persistentModelID.isTemporary)
    }

    @Test("a captured enum case filters and an optional date sorts, nil last in reverse order")
    func enumLiteralsInPredicates() throws {
        let container = try ModelContainer(
            for: Reminder.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        context.insert(Reminder(text: "A", mood: .busy, dueDate: Date(timeIntervalSinceReferenceDate: 10)))
        context.insert(Reminder(text: "B", mood: .calm))
        context.insert(Reminder(text: "C", mood: .busy))
        try context.save()
        let wanted = EntryMood.busy
        let busy = try context.fetch(
            FetchDescriptor<Reminder>(
                predicate: #Predicate { $0.mood == wanted },
                sortBy: [SortDescriptor(\.dueDate, order: .reverse)]
            ))
        #expect(busy.map(\.text) == ["A", "C"])
    }

    @Test("a public model stores and reads back like any other")
    func publicModel() throws {
        let container = try ModelContainer(
            for: Bookmark.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        let bookmark = Bookmark(url: URL(string: "https://swift.org")!)
        bookmark.visits += 1
        context.insert(bookmark)
        try context.save()
        #expect(try ModelContext(container).fetch(FetchDescriptor<Bookmark>()).first?.visits == 1)
    }
}
