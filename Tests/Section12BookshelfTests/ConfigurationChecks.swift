import Foundation
import PersistenceCore
import Section12Bookshelf
import Testing

@Suite("Section 12: two configurations in one container")
struct ConfigurationChecks {
    @Test("the library's books and authors are still there after a relaunch, the cached lookups are not")
    func fileAndMemory() throws {
        try ShelfBench.run { bench in
            let container = try bench.launch()
            let shelf = Bookshelf(context: ModelContext(container))
            let author = Author(name: "N. K. Jemisin")
            try shelf.authors.save(author)
            try shelf.books.save(Book(title: "The Fifth Season", genre: "Fantasy", addedAt: day(1), author: author))
            try shelf.lookups.save(CachedLookup(isbn: "9780316229296", title: "The Fifth Season", lookedUpAt: day(1)))

            let running = ModelContext(container)
            let before =
                "\(try running.fetchCount(FetchDescriptor<Book>())) books, \(try running.fetchCount(FetchDescriptor<Author>())) authors, "
                + "\(try running.fetchCount(FetchDescriptor<CachedLookup>())) lookups"
            let relaunched = ModelContext(try bench.launch())
            let after =
                "\(try relaunched.fetchCount(FetchDescriptor<Book>())) books, \(try relaunched.fetchCount(FetchDescriptor<Author>())) authors, "
                + "\(try relaunched.fetchCount(FetchDescriptor<CachedLookup>())) lookups"
            #expect(
                "\(before); after a relaunch \(after)"
                    == "1 books, 1 authors, 1 lookups; after a relaunch 1 books, 1 authors, 0 lookups",
                "Saving a book, its author and a lookup through the shelf, read by another context of the running app and after a relaunch: expected \"1 books, 1 authors, 1 lookups; after a relaunch 1 books, 1 authors, 0 lookups\", found \"\(before); after a relaunch \(after)\"."
            )
        }
    }

    @Test("the container keeps the library in its file and the cache in memory, in configurations named after them")
    func configurationsDeclared() throws {
        try ShelfBench.run { bench in
            let container = try bench.launch()
            let found = container.configurations.map { configuration -> String in
                let models =
                    configuration.schema.map { $0.entities.map(\.name).sorted().joined(separator: ", ") } ?? "no schema"
                let place =
                    configuration.isStoredInMemoryOnly
                    ? "in memory"
                    : configuration.url.standardizedFileURL == bench.storeURL.standardizedFileURL
                        ? "in the store file" : "in \(configuration.url.lastPathComponent)"
                return "\(configuration.name): \(models) \(place)"
            }.sorted()
            let expected = ["Cache: CachedLookup in memory", "Library: Author, Book in the store file"]
            #expect(
                found == expected,
                "The configurations of BookshelfContainer.make(storeURL:), each by its name, the models its schema names and where it keeps them: expected \(expected), found \(found)."
            )
        }
    }

    @Test("cached lookups are found by identifier and paged through the same repository type")
    func cacheThroughTheRepository() throws {
        try ShelfBench.run { bench in
            let container = try bench.launch()
            let lookups = Bookshelf(context: ModelContext(container)).lookups
            let saved = (1...5).map {
                CachedLookup(isbn: "978000000000\($0)", title: "Title \($0)", lookedUpAt: day($0))
            }
            for lookup in saved.reversed() { try lookups.save(lookup) }

            let other = ModelRepository<CachedLookup>(context: ModelContext(container))
            let page = try other.findPage(1, size: 2, sortBy: [SortDescriptor(\.isbn)]).map(\.title)
            let found =
                "page 1 \(page), by id \(describe(try other.findById(saved[2].persistentModelID)?.title)), \(try other.pageCount(size: 2)) pages"
            let expected = "page 1 [\"Title 3\", \"Title 4\"], by id \"Title 3\", 3 pages"
            #expect(
                found == expected,
                "ModelRepository<CachedLookup> on another context of the container after saving five lookups (page 1 of 2 by ISBN, one by id, the page count): expected \(expected), found \(found)."
            )
        }
    }
}
