import Foundation
import GRDB
import PersistenceSandbox
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

@Suite("Lightweight schema changes without a plan")
struct MigrationLightweightTests {
    /// A store of `ShelfBefore.Book` rows in a throwaway folder.
    private struct ShelfFile {
        let sandbox = AppSandbox.temporary()
        var configuration: ModelConfiguration {
            ModelConfiguration(url: sandbox.applicationSupportDirectory.appending(path: "shelf.store"))
        }

        func seed() throws {
            let context = ModelContext(try ModelContainer(for: ShelfBefore.Book.self, configurations: configuration))
            context.insert(ShelfBefore.Book(title: "Dune", author: "Herbert", shelfMark: "H-1"))
            context.insert(ShelfBefore.Book(title: "Emma", author: "Austen", shelfMark: "A-7"))
            try context.save()
        }

        func columns(of table: String) throws -> [String] {
            try DatabaseQueue(path: configuration.url.path).read { try $0.columns(in: table).map(\.name) }
        }

        func indexNames(on table: String) throws -> [String] {
            try DatabaseQueue(path: configuration.url.path).read { try $0.indexes(on: table).map(\.name) }
        }

        func remove() { try? FileManager.default.removeItem(at: sandbox.deviceRoot) }
    }

    @Test("a renamed property keeps its values and its column takes the new name")
    func renameKeepsValues() throws {
        let file = ShelfFile()
        defer { file.remove() }
        try file.seed()

        let container = try ModelContainer(for: ShelfAfter.Book.self, configurations: file.configuration)

        let books = try ModelContext(container).fetch(
            FetchDescriptor<ShelfAfter.Book>(sortBy: [SortDescriptor(\.title)]))
        #expect(books.map(\.writer) == ["Herbert", "Austen"])
        let columns = try file.columns(of: "Book")
        #expect(columns.contains("writer"))
        #expect(!columns.contains("author"))
    }

    @Test("new optional and defaulted properties are added, with the default in existing rows")
    func addedPropertiesGetTheirValues() throws {
        let file = ShelfFile()
        defer { file.remove() }
        try file.seed()

        let container = try ModelContainer(for: ShelfAfter.Book.self, configurations: file.configuration)

        let books = try ModelContext(container).fetch(
            FetchDescriptor<ShelfAfter.Book>(sortBy: [SortDescriptor(\.title)]))
        #expect(books.map(\.subtitle) == [nil, nil])
        #expect(books.map(\.pageCount) == [100, 100])
        #expect(books.map(\.isRead) == [false, false])
    }

    @Test("a removed property's column is kept, since only a migration stage may drop it")
    func removedPropertyIsKept() throws {
        let file = ShelfFile()
        defer { file.remove() }
        try file.seed()

        _ = try ModelContainer(for: ShelfAfter.Book.self, configurations: file.configuration)

        #expect(try file.columns(of: "Book").contains("shelfMark"))
    }

    @Test("a new relationship and a new index are created and usable")
    func relationshipAndIndexAreAdded() throws {
        let file = ShelfFile()
        defer { file.remove() }
        try file.seed()

        let container = try ModelContainer(for: ShelfAfter.Book.self, configurations: file.configuration)
        let context = ModelContext(container)
        let dune = try #require(
            try context.fetch(FetchDescriptor<ShelfAfter.Book>(predicate: #Predicate { $0.title == "Dune" })).first)
        let series = ShelfAfter.Series(name: "Dune Chronicles")
        context.insert(series)
        dune.series = series
        try context.save()

        let reloaded = try ModelContext(container).fetch(FetchDescriptor<ShelfAfter.Series>())
        #expect(reloaded.map { $0.books.map(\.title) } == [["Dune"]])
        #expect(try file.indexNames(on: "Book").contains("Book_index_title"))
    }

    @Test("a new required property without a default on a table with rows is refused, naming the property")
    func requiredPropertyWithoutDefaultIsRefused() throws {
        let file = ShelfFile()
        defer { file.remove() }
        try file.seed()

        let error = try #require(throws: SwiftDataError.self) {
            try ModelContainer(for: ShelfRequired.Book.self, configurations: file.configuration)
        }

        #expect(error == .loadIssueModelContainer)
        #expect(error.reason.contains("Book.isbn is required and has no default value"))
        #expect(error.reason.contains("give it a default value"))
        #expect(try !file.columns(of: "Book").contains("isbn"))
    }

    @Test("a new required property without a default is fine while the table is empty")
    func requiredPropertyOnEmptyTableIsAdded() throws {
        let file = ShelfFile()
        defer { file.remove() }
        _ = try ModelContainer(for: ShelfBefore.Book.self, configurations: file.configuration)

        let container = try ModelContainer(for: ShelfRequired.Book.self, configurations: file.configuration)
        let context = ModelContext(container)
        context.insert(ShelfRequired.Book(title: "Emma", author: "Austen", shelfMark: "A-7", isbn: "978-0"))
        try context.save()

        #expect(try ModelContext(container).fetch(FetchDescriptor<ShelfRequired.Book>()).map(\.isbn) == ["978-0"])
    }
    @Test("a many-to-many relationship renamed with originalName keeps its links")
    func renamedManyToManyKeepsLinks() throws {
        let file = ShelfFile()
        defer { file.remove() }
        do {
            let context = ModelContext(
                try ModelContainer(for: AlbumBefore.Photo.self, configurations: file.configuration))
            let beach = AlbumBefore.Photo(name: "Beach")
            let summer = AlbumBefore.Label(text: "Summer")
            context.insert(beach)
            context.insert(summer)
            beach.labels.append(summer)
            try context.save()
        }

        let container = try ModelContainer(for: AlbumAfter.Photo.self, configurations: file.configuration)

        let labels = try ModelContext(container).fetch(FetchDescriptor<AlbumAfter.Label>())
        #expect(labels.map { $0.pictures.map(\.name) } == [["Beach"]])
        let photos = try ModelContext(container).fetch(FetchDescriptor<AlbumAfter.Photo>())
        #expect(photos.map { $0.labels.map(\.text) } == [["Summer"]])
    }
}
