import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section12Bookshelf
import Testing

@Suite("Section 12: pages from SQLite")
struct PagingChecks {
    static let byDate = [SortDescriptor(\Book.addedAt)]

    @Test("pages of 10 over 25 books hold 10, 10 and 5 books in order, and the page after the last is empty")
    func pagesInOrder() throws {
        try ShelfBench.run { bench in
            let context = ModelContext(try bench.libraryContainer())
            try addBooks(25, to: context)
            let books = ModelRepository<Book>(context: try bench.relaunchedLibrary())

            let pages = try (0...3).map { try books.findPage($0, size: 10, sortBy: Self.byDate).map(\.title) }
            let expected = [bookTitles(0..<10), bookTitles(10..<20), bookTitles(20..<25), []]
            #expect(
                pages == expected,
                "findPage(0…3, size: 10, sortBy: addedAt) over 25 books: expected \(expected.map(describe)), found \(pages.map(describe))."
            )
        }
    }

    @Test("the page count counts a partly filled last page, and is 0 when nothing is stored")
    func pageCounts() throws {
        try ShelfBench.run { bench in
            let context = ModelContext(try bench.libraryContainer())
            let books = ModelRepository<Book>(context: context)
            var stored = 0
            var found: [String] = []
            for total in [0, 1, 9, 10, 11, 20, 21, 25] {
                for index in stored..<total {
                    context.insert(Book(title: "Book \(index)", genre: "Fiction", addedAt: day(index)))
                }
                try context.save()
                stored = total
                found.append("\(total) books: \(try books.pageCount(size: 10))")
            }
            found.append("25 books by 1: \(try books.pageCount(size: 1)), by 30: \(try books.pageCount(size: 30))")
            let expected = [
                "0 books: 0", "1 books: 1", "9 books: 1", "10 books: 1", "11 books: 2", "20 books: 2", "21 books: 3",
                "25 books: 3",
                "25 books by 1: 25, by 30: 1",
            ]
            #expect(
                found == expected,
                "pageCount(size: 10) as books were added, then sizes 1 and 30: expected \(expected), found \(found).")
        }
    }

    @Test("a page is read with one query that limits and skips rows in SQLite")
    func pageInSQL() throws {
        try ShelfBench.run { bench in
            let container = try bench.libraryContainer()
            try addBooks(25, to: ModelContext(container))
            let books = ModelRepository<Book>(context: ModelContext(container))

            var page: [Book] = []
            let log = try container.captureSQL { page = try books.findPage(1, size: 10, sortBy: Self.byDate) }
            let queries = log.queries
            let inSQL = queries.count == 1 && queries[0].sql.contains("LIMIT") && queries[0].sql.contains("OFFSET")
            #expect(
                inSQL && page.count == 10,
                "The SQL of findPage(1, size: 10, sortBy: addedAt) over 25 books: expected one query with LIMIT and OFFSET returning 10 books, found \(describe(queries)) returning \(page.count) books."
            )
        }
    }

    @Test("the page count is one COUNT query, never a fetch of every book")
    func pageCountInSQL() throws {
        try ShelfBench.run { bench in
            let container = try bench.libraryContainer()
            try addBooks(25, to: ModelContext(container))
            let books = ModelRepository<Book>(context: ModelContext(container))

            var count = 0
            let log = try container.captureSQL { count = try books.pageCount(size: 10) }
            let queries = log.queries
            let counted = queries.count == 1 && queries[0].sql.contains("COUNT(")
            #expect(
                counted && count == 3,
                "The SQL of pageCount(size: 10) over 25 books: expected one COUNT query and 3 pages, found \(describe(queries)) and \(count) pages."
            )
        }
    }
}
