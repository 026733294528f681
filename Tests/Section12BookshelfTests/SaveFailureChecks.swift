import Foundation
import PersistenceCore
import Section12Bookshelf
import Testing

/// A save can fail, and so can a read: these checks give the repository a container whose configuration
/// has `allowsSave: false`, and the quote store a file it cannot write or read, and expect the error to
/// reach the caller.
@Suite("Section 12: errors of the store")
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
            let stored = try #require(
                try books.findAll(sortBy: [SortDescriptor(\.title)]).first,
                "findAll(sortBy:) through a container that may not save: expected the two stored books, found none.")
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
            expectError(
                "when the quote file's folder does not exist",
                [
                    ("save(_:) of a quote", { try quotes.save(Quote(text: "Lost", bookTitle: "Nowhere", page: 1)) }),
                    ("deleteAllData()", { try container.deleteAllData() }),
                ])
        }
    }

    @Test("reading a quote file that is not JSON passes the error on")
    func unreadableQuoteFile() throws {
        try ShelfBench.run { bench in
            try Data("quotes: none".utf8).write(to: bench.quotesURL)
            let quotes = ModelRepository<Quote>(context: ModelContext(try bench.quoteContainer()))
            let someQuote = try PersistentIdentifier.identifier(
                for: bench.quotesURL.lastPathComponent, entityName: "Quote", primaryKey: UUID())
            expectError(
                "on a quote file that is not JSON",
                [
                    ("findAll()", { _ = try quotes.findAll() }),
                    ("findById(_:)", { _ = try quotes.findById(someQuote) }),
                    (
                        "findPage(0, size: 2, sortBy: page)",
                        { _ = try quotes.findPage(0, size: 2, sortBy: [SortDescriptor(\.page)]) }
                    ),
                    ("pageCount(size: 2)", { _ = try quotes.pageCount(size: 2) }),
                ])
        }
    }

    /// Runs each operation, each of which must throw, and records an issue for each that returns.
    func expectError(
        _ situation: String, _ operations: [(String, () throws -> Void)],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (what, operation) in operations {
            do {
                try operation()
                Issue.record(
                    "\(what) \(situation): expected the store's error, found that the call returned normally.",
                    sourceLocation: sourceLocation)
            } catch {}
        }
    }
}
