import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section12Bookshelf
import Testing

/// Performance proved by what SQLite says it does, never by a timing: the plan it chose for a query,
/// and how many queries ran.
@Suite("Section 12: proved by the SQL log")
struct PerformanceChecks {
    static let genres = ["Fiction", "Poetry", "History"]

    /// The books of "Poetry" on a shelf of 60 books in three genres, with the queries that read them.
    static func poetry(in bench: ShelfBench) throws -> (titles: [String], queries: [SQLLog.Statement]) {
        let container = try bench.libraryContainer()
        try addBooks(60, to: ModelContext(container), genres: genres)
        let shelf = Bookshelf(context: ModelContext(container))
        var titles: [String] = []
        let log = try container.captureSQL { titles = try shelf.books(inGenre: "Poetry").map(\.title) }
        return (titles, log.queries.filter { $0.sql.contains(#"FROM "Book""#) })
    }

    @Test("the books of a genre are found by searching an index on the genre")
    func searchesTheIndex() throws {
        try ShelfBench.run { bench in
            let (_, queries) = try Self.poetry(in: bench)
            let searches =
                queries.count == 1
                && queries[0].queryPlan.contains { step in
                    step.hasPrefix("SEARCH Book USING") && step.contains("INDEX") && step.contains("genre=?")
                }
            #expect(
                searches,
                "The query plan of books(inGenre: \"Poetry\"): expected one query that searches an index on the genre (SEARCH Book USING INDEX … (genre=?)), found \(describe(queries))."
            )
        }
    }

    @Test("the books of a genre come in the index's order, with no sorting step")
    func noSortStep() throws {
        try ShelfBench.run { bench in
            let (titles, queries) = try Self.poetry(in: bench)
            let sorts = queries.flatMap(\.queryPlan).filter { $0.contains("TEMP B-TREE") }
            #expect(
                queries.count == 1 && sorts.isEmpty && titles.count == 20,
                "The query plan of books(inGenre: \"Poetry\") over 20 books of the genre: expected one query with no sorting step (USE TEMP B-TREE FOR ORDER BY), found \(describe(queries)) returning \(titles.count) books."
            )
        }
    }

    @Test("the books of a genre are listed the first added first, and no other genre's")
    func genreInOrder() throws {
        try ShelfBench.run { bench in
            let (titles, _) = try Self.poetry(in: bench)
            let expected = bookTitles(stride(from: 1, to: 60, by: 3))
            #expect(
                titles == expected,
                "books(inGenre: \"Poetry\") on a shelf of 60 books in three genres: expected \(describe(expected)), found \(describe(titles))."
            )
        }
    }

    /// Stores `count` authors, each with two books whose titles come in reverse order.
    static func addAuthors(_ range: Range<Int>, to context: ModelContext) throws {
        for index in range {
            let author = Author(name: String(format: "Author %02d", index))
            context.insert(author)
            for letter in ["B", "A"] {
                author.books.append(Book(title: "\(letter) by \(author.name)", genre: "Fiction", addedAt: day(index)))
            }
        }
        try context.save()
    }

    @Test("listing every author with their titles takes two queries, for 3 authors as for 30")
    func prefetched() throws {
        try ShelfBench.run { bench in
            let container = try bench.libraryContainer()
            var found: [String] = []
            for (range, authors) in [(0..<3, 3), (3..<30, 30)] {
                try Self.addAuthors(range, to: ModelContext(container))
                let shelf = Bookshelf(context: ModelContext(container))
                var lines: [AuthorTitles] = []
                let log = try container.captureSQL { lines = try shelf.authorsWithTitles() }
                let titles = lines.reduce(0) { $0 + $1.titles.count }
                found.append(
                    "\(authors) authors: \(log.queries.count) queries, \(lines.count) authors and \(titles) titles listed"
                )
            }
            let expected = [
                "3 authors: 2 queries, 3 authors and 6 titles listed",
                "30 authors: 2 queries, 30 authors and 60 titles listed",
            ]
            #expect(
                found == expected,
                "The queries authorsWithTitles() ran from a new context, with 3 and then 30 authors of two books each: expected \(expected), found \(found)."
            )
        }
    }

    @Test("authors are listed A to Z, each with their titles A to Z")
    func authorsInOrder() throws {
        try ShelfBench.run { bench in
            let context = ModelContext(try bench.libraryContainer())
            for (name, titles) in [
                ("Ted Chiang", ["Exhalation", "Arrival"]), ("Becky Chambers", []),
                ("Ann Leckie", ["Provenance", "Ancillary Justice", "Ancillary Sword"]),
            ] {
                let author = Author(name: name)
                context.insert(author)
                for (index, title) in titles.enumerated() {
                    author.books.append(Book(title: title, genre: "Science fiction", addedAt: day(index)))
                }
            }
            try context.save()

            let lines = try Bookshelf(context: try bench.relaunchedLibrary()).authorsWithTitles().map(\.description)
            let expected = [
                "Ann Leckie: Ancillary Justice, Ancillary Sword, Provenance", "Becky Chambers",
                "Ted Chiang: Arrival, Exhalation",
            ]
            #expect(
                lines == expected,
                "authorsWithTitles() in a relaunched app: expected \(describe(expected)), found \(describe(lines)).")
        }
    }
}
