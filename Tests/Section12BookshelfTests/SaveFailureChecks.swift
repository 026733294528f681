import Foundation
import PersistenceCore
import Section12Bookshelf
import Testing

/// A save can fail: these checks give the repository a container whose configuration has
/// `allowsSave: false`, and the quote store a file it cannot write, and expect the error to reach the
/// caller.
@Suite("Section 12: failed saves")
struct SaveFailureChecks {
    @Test("saving or deleting through the repository passes on the error of a save the store refuses")
    func refusedSaves() throws {
        try ShelfBench.run { bench in
            let setup = ModelContext(try bench.libraryContainer())
            try addBooks(2, to: setup)
            let books = ModelRepository<Book>(context: ModelContext(try bench.libraryContainer(allowsSave: false)))

            expectRefusedSave("save(_:) of a new book through a container that may not save") {
                try books.save(Book(title: "Never saved", genre: "Fiction", addedAt: day(9)))
            }
            let stored = try #require(try books.findAll(sortBy: [SortDescriptor(\.title)]).first, "findAll(sortBy:) through a container that may not save: expected the two stored books, found none.")
            expectRefusedSave("delete(_:) of a stored book through a container that may not save") {
                try books.delete(stored)
            }
        }
    }

    @Test("a quote save or erase the file cannot take passes the error on")
    func unwritableQuoteFile() throws {
        try ShelfBench.run { bench in
            let url = bench.sandbox.documentsDirectory.appending(path: "No such folder/Quotes.json")
            let container = try bench.quoteContainer(at: url)
            let quotes = ModelRepository<Quote>(context: ModelContext(container))
            for (what, operation) in [
                ("save(_:) of a quote", { try quotes.save(Quote(text: "Lost", bookTitle: "Nowhere", page: 1)) }),
                ("deleteAllData()", { try container.deleteAllData() }),
            ] as [(String, () throws -> Void)] {
                do {
                    try operation()
                    Issue.record("\(what) when the quote file's folder does not exist: expected an error, but the call returned normally.")
                } catch {}
            }
        }
    }
}
