// Query and view code shaped like the course guides', importing only PersistenceCore.
import PersistenceCore
import PersistenceWorkbench
import Testing

/// A list view as the guides write it.
private struct EntryListView {
    @Environment(\.modelContext) private var modelContext
    @Query(sort: \JournalEntry.createdAt, order: .reverse) private var entries: [JournalEntry]
    @Query(filter: #Predicate<JournalEntry> { $0.isPinned }, sort: \JournalEntry.createdAt, order: .reverse) private
        var pinnedEntries: [JournalEntry]

    var titles: [String] { entries.map(\.title) }
    var pinnedTitles: [String] { pinnedEntries.map(\.title) }

    func addEntry(title: String) {
        modelContext.insert(JournalEntry(title: title, content: ""))
    }
}

/// A search view that configures its query in `init`.
private struct EntrySearchView {
    @Query private var entries: [JournalEntry]

    init(searchText: String, labelName: String) {
        _entries = Query(
            filter: #Predicate<JournalEntry> {
                $0.title.localizedStandardContains(searchText) || $0.labels.contains(where: { $0.name == labelName })
            },
            sort: [SortDescriptor(\JournalEntry.isPinned, order: .reverse), SortDescriptor(\JournalEntry.title)]
        )
    }

    var titles: [String] { entries.map(\.title) }
}

extension LiveQuerySuites {
    @Suite("Guide-style queries and views")
    struct GuideQuerySnippetTests {
        @Test("a guide-style view lists, filters and searches entries, and sees entries it adds")
        func viewQueries() throws {
            let container = try ModelContainer(
                for: JournalEntry.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
            let context = ModelContext(container)
            let travel = JournalLabel(name: "travel")
            let entries = [
                JournalEntry(title: "Crème brûlée recipe", content: "", isPinned: false),
                JournalEntry(title: "Trip to Lyon", content: "", isPinned: true),
                JournalEntry(title: "Groceries", content: "", isPinned: false),
            ]
            for (index, entry) in entries.enumerated() {
                entry.createdAt = Date(timeIntervalSinceReferenceDate: Double(index))
                context.insert(entry)
            }
            entries[2].labels = [travel]
            try context.save()

            let list = ModelEnvironment.with(context) { EntryListView() }
            #expect(list.titles == ["Groceries", "Trip to Lyon", "Crème brûlée recipe"])
            #expect(list.pinnedTitles == ["Trip to Lyon"])
            list.addEntry(title: "Later")
            ModelEnvironment.endTurn()
            #expect(list.titles.count == 4)

            let search = ModelEnvironment.with(container) { EntrySearchView(searchText: "CREME", labelName: "travel") }
            #expect(search.titles == ["Crème brûlée recipe", "Groceries"])
        }
    }
}
