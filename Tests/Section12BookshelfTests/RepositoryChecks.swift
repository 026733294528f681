import Foundation
import PersistenceCore
import Section12Bookshelf
import Testing

@Suite("Section 12: one repository for every model")
struct RepositoryChecks {
    @Test("a book saved through the repository is found by its identifier after a relaunch")
    func savedAndFound() throws {
        try ShelfBench.run { bench in
            let books = ModelRepository<Book>(context: ModelContext(try bench.libraryContainer()))
            let book = Book(title: "Kindred", genre: "Fiction", addedAt: day(3))
            try books.save(book)

            let found = try ModelRepository<Book>(context: bench.relaunchedLibrary()).findById(book.persistentModelID)
            #expect(
                found?.title == "Kindred",
                "findById(_:) in a relaunched app, with the identifier of a book saved through save(_:): expected \"Kindred\", found \(describe(found?.title))."
            )
        }
    }

    @Test("findById finds nothing for a deleted book, nor for an author's identifier")
    func findByIdMisses() throws {
        try ShelfBench.run { bench in
            let context = ModelContext(try bench.libraryContainer())
            let kept = Book(title: "Parable of the Sower", genre: "Fiction", addedAt: day(1))
            let gone = Book(title: "Wild Seed", genre: "Fiction", addedAt: day(2))
            let author = Author(name: "Octavia E. Butler")
            for model in [kept, gone] as [any PersistentModel] + [author] { context.insert(model) }
            try context.save()
            let goneID = gone.persistentModelID
            context.delete(gone)
            try context.save()

            let books = ModelRepository<Book>(context: try bench.relaunchedLibrary())
            // A model marked deleted is described rather than read: reading its properties would stop the check.
            let found: [String?] = [kept.persistentModelID, goneID, author.persistentModelID].map { id in
                (try? books.findById(id)).flatMap { $0 }.map { $0.isDeleted ? "a book marked deleted" : $0.title }
            }
            let expected: [String?] = ["Parable of the Sower", nil, nil]
            #expect(
                found == expected,
                "findById(_:) in a relaunched app with the identifiers of a stored book, a deleted book and an author: expected \(expected.map(describe)), found \(found.map(describe))."
            )
        }
    }

    @Test("findAll returns every stored book in the order asked for")
    func findAllSorted() throws {
        try ShelfBench.run { bench in
            let context = ModelContext(try bench.libraryContainer())
            try addBooks(6, to: context)
            let books = ModelRepository<Book>(context: try bench.relaunchedLibrary())

            let byTitle = try books.findAll(sortBy: [SortDescriptor(\.title)]).map(\.title)
            #expect(
                byTitle == bookTitles(0..<6),
                "findAll(sortBy: title) over six stored books: expected \(describe(bookTitles(0..<6))), found \(describe(byTitle))."
            )
            let newestFirst = try books.findAll(sortBy: [SortDescriptor(\.addedAt, order: .reverse)]).map(\.title)
            let expected = bookTitles((0..<6).reversed())
            #expect(
                newestFirst == expected,
                "findAll(sortBy: addedAt, reverse) over six stored books: expected \(describe(expected)), found \(describe(newestFirst))."
            )
        }
    }

    @Test("saving a changed book again updates it instead of adding a copy")
    func saveUpdates() throws {
        try ShelfBench.run { bench in
            let books = ModelRepository<Book>(context: ModelContext(try bench.libraryContainer()))
            let book = Book(title: "The Dispossesed", genre: "Science fiction", addedAt: day(4))
            try books.save(book)
            book.title = "The Dispossessed"
            try books.save(book)

            let stored = try bench.relaunchedLibrary().fetch(FetchDescriptor<Book>()).map(\.title)
            #expect(
                stored == ["The Dispossessed"],
                "The books a relaunched app reads after saving a book, correcting its title and saving it again: expected [\"The Dispossessed\"], found \(describe(stored))."
            )
        }
    }

    @Test("a deleted book is gone after a relaunch")
    func deleteRemoves() throws {
        try ShelfBench.run { bench in
            let context = ModelContext(try bench.libraryContainer())
            let books = try addBooks(3, to: context)
            let doomed = try #require(
                books.first { $0.title == "Book 01" }, "The check's own setup: Book 01 is missing.")

            try ModelRepository<Book>(context: context).delete(doomed)
            let stored = try bench.relaunchedLibrary().fetch(FetchDescriptor<Book>(sortBy: [SortDescriptor(\.title)]))
                .map(\.title)
            #expect(
                stored == ["Book 00", "Book 02"],
                "The books a relaunched app reads after delete(_:) of Book 01: expected [\"Book 00\", \"Book 02\"], found \(describe(stored))."
            )
        }
    }

    @Test("the same repository type stores and finds authors")
    func authorsToo() throws {
        try ShelfBench.run { bench in
            let authors = ModelRepository<Author>(context: ModelContext(try bench.libraryContainer()))
            let names = ["Ursula K. Le Guin", "Octavia E. Butler", "Ted Chiang"]
            var butler: Author?
            for name in names {
                let author = Author(name: name)
                try authors.save(author)
                if name.hasPrefix("Octavia") { butler = author }
            }
            let butlerID = try #require(butler?.persistentModelID, "The check's own setup: no author was made.")

            let relaunched = ModelRepository<Author>(context: try bench.relaunchedLibrary())
            let found =
                "\(try relaunched.findAll(sortBy: [SortDescriptor(\.name)]).map(\.name)), "
                + "by id \(describe(try relaunched.findById(butlerID)?.name)), \(try relaunched.pageCount(size: 2)) pages of 2"
            let expected = "\(names.sorted()), by id \"Octavia E. Butler\", 2 pages of 2"
            #expect(
                found == expected,
                "ModelRepository<Author> in a relaunched app after saving three authors (all by name; one by id; the page count): expected \(expected), found \(found)."
            )
        }
    }
}
