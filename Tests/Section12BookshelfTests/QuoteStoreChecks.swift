import Foundation
import PersistenceCore
import Section12Bookshelf
import Testing

@Suite("Section 12: quotes in a JSON file")
struct QuoteStoreChecks {
    static let quotes = [
        (
            "It is good to have an end to journey toward; but it is the journey that matters, in the end.",
            "The Left Hand of Darkness", 220
        ),
        ("All that you touch You Change.", "Parable of the Sower", 3),
        ("Nothing is ever a mistake if you learn from it.", "The Fifth Season", 112),
    ]

    /// The three quotes, new.
    static func newQuotes() -> [Quote] {
        quotes.map { Quote(text: $0.0, bookTitle: $0.1, page: $0.2) }
    }

    @Test("saved quotes are written to the JSON file and read back after a relaunch")
    func writtenAndReadBack() throws {
        try ShelfBench.run { bench in
            let repository = ModelRepository<Quote>(context: ModelContext(try bench.quoteContainer()))
            for quote in Self.newQuotes() { try repository.save(quote) }

            let texts = Self.quotes.map(\.0)
            let strings = jsonStrings(in: bench.quotesURL)
            let missing = texts.filter { !(strings?.contains($0) ?? false) }
            #expect(
                strings != nil && missing.isEmpty,
                "The quote file after saving three quotes one by one: expected JSON holding each quote's text, found \(strings == nil ? "no JSON file" : "it without \(describe(missing))")."
            )
            let reread = try bench.relaunchedQuotes().findAll(sortBy: [SortDescriptor(\.page)]).map(\.text)
            let expected = Self.quotes.sorted { $0.2 < $1.2 }.map(\.0)
            #expect(
                reread == expected,
                "findAll(sortBy: page) in a relaunched app: expected \(describe(expected)), found \(describe(reread)).")
        }
    }

    @Test("a saved quote has a permanent identifier that finds it after a relaunch")
    func permanentIdentifiers() throws {
        try ShelfBench.run { bench in
            let repository = ModelRepository<Quote>(context: ModelContext(try bench.quoteContainer()))
            let quotes = Self.newQuotes()
            for quote in quotes { try repository.save(quote) }

            let temporary = quotes.filter(\.persistentModelID.isTemporary).count
            #expect(
                temporary == 0,
                "The identifiers of three quotes after save(_:): expected all permanent, found \(temporary) still temporary."
            )
            let found = try bench.relaunchedQuotes().findById(quotes[1].persistentModelID)?.text
            #expect(
                found == Self.quotes[1].0,
                "findById(_:) in a relaunched app with the identifier a saved quote was given: expected \(describe(Self.quotes[1].0)), found \(describe(found))."
            )
        }
    }

    @Test("an edited quote is saved in place and a deleted one leaves the file")
    func editedAndDeleted() throws {
        try ShelfBench.run { bench in
            let repository = ModelRepository<Quote>(context: ModelContext(try bench.quoteContainer()))
            let quotes = Self.newQuotes()
            for quote in quotes { try repository.save(quote) }
            quotes[0].text = "It is the journey that matters, in the end."
            try repository.save(quotes[0])
            try repository.delete(quotes[1])

            let strings = jsonStrings(in: bench.quotesURL) ?? []
            let leftOver = [Self.quotes[0].0, Self.quotes[1].0].filter(strings.contains)
            #expect(
                leftOver.isEmpty && strings.contains(quotes[0].text),
                "The quote file after editing one quote and deleting another: expected the new text and neither the old text nor the deleted quote, found \(strings.contains(quotes[0].text) ? "the new text" : "no new text") and \(describe(leftOver))."
            )
            let reread = try bench.relaunchedQuotes().findAll(sortBy: [SortDescriptor(\.page)]).map(\.text)
            let expected = [Self.quotes[2].0, quotes[0].text]
            #expect(
                reread == expected,
                "findAll(sortBy: page) in a relaunched app: expected \(describe(expected)), found \(describe(reread)).")
        }
    }

    @Test("quotes inserted together and saved at once are each kept, under an identifier of their own")
    func insertedTogether() throws {
        try ShelfBench.run { bench in
            let context = ModelContext(try bench.quoteContainer())
            let quotes = Self.newQuotes()
            for quote in quotes { context.insert(quote) }
            try context.save()

            let identifiers = Set(quotes.map(\.persistentModelID))
            #expect(
                identifiers.count == 3,
                "The identifiers of three quotes inserted and saved with one save(): expected three different ones, found \(identifiers.count)."
            )
            let reread = try bench.relaunchedQuotes().findAll(sortBy: [SortDescriptor(\.page)]).map(\.text)
            let expected = Self.quotes.sorted { $0.2 < $1.2 }.map(\.0)
            #expect(
                reread == expected,
                "findAll(sortBy: page) in a relaunched app, after three quotes were saved with one save(): expected \(describe(expected)), found \(describe(reread))."
            )
        }
    }

    @Test("a quote saved after another was deleted gets a new identifier, and the quotes already there are kept")
    func savedAfterADelete() throws {
        try ShelfBench.run { bench in
            let repository = ModelRepository<Quote>(context: ModelContext(try bench.quoteContainer()))
            let quotes = Self.newQuotes()
            for quote in quotes { try repository.save(quote) }
            try repository.delete(quotes[0])
            let late = Quote(text: "Begin at the beginning.", bookTitle: "Alice", page: 1)
            try repository.save(late)

            let taken = quotes.dropFirst().filter { $0.persistentModelID == late.persistentModelID }.map(\.text)
            #expect(
                taken.isEmpty,
                "The identifier of a quote saved after one of three was deleted: expected a new one, found the identifier of \(describe(taken))."
            )
            let reread = try bench.relaunchedQuotes().findAll(sortBy: [SortDescriptor(\.page)]).map(\.text)
            let expected = [late.text, Self.quotes[1].0, Self.quotes[2].0]
            #expect(
                reread == expected,
                "findAll(sortBy: page) in a relaunched app, after one of three quotes was deleted and another saved: expected \(describe(expected)), found \(describe(reread))."
            )
        }
    }

    @Test("the quote file is read at each fetch, so a quote another container saved to it is found")
    func readAtEachFetch() throws {
        try ShelfBench.run { bench in
            let container = try bench.quoteContainer()
            let repository = ModelRepository<Quote>(context: ModelContext(container))
            for quote in Self.newQuotes().prefix(2) { try repository.save(quote) }
            let before = try ModelRepository<Quote>(context: ModelContext(container)).findAll().count
            try #require(before == 2, "The check's own setup: two quotes saved, the store lists \(before).")

            try bench.relaunchedQuotes().save(
                Quote(text: Self.quotes[2].0, bookTitle: Self.quotes[2].1, page: Self.quotes[2].2))
            let after = try ModelRepository<Quote>(context: ModelContext(container)).findAll(sortBy: [
                SortDescriptor(\.page)
            ]).map(\.text)
            let expected = Self.quotes.sorted { $0.2 < $1.2 }.map(\.0)
            #expect(
                after == expected,
                "findAll(sortBy: page) in a new context of the first container, after a second container on the same file saved a third quote: expected \(describe(expected)) (the store reads the file at each fetch), found \(describe(after))."
            )
        }
    }

    @Test("quotes are sorted, paged and counted through the repository")
    func pagedQuotes() throws {
        try ShelfBench.run { bench in
            let repository = ModelRepository<Quote>(context: ModelContext(try bench.quoteContainer()))
            for index in shuffledIndices(7) {
                try repository.save(Quote(text: "Line \(index)", bookTitle: "Commonplace", page: 10 * (index + 1)))
            }

            let relaunched = try bench.relaunchedQuotes()
            let page = try relaunched.findPage(1, size: 3, sortBy: [SortDescriptor(\.page)]).map(\.page)
            let last = try relaunched.findAll(sortBy: [SortDescriptor(\.page, order: .reverse)]).first?.page
            let found =
                "page 1 \(page), \(try relaunched.pageCount(size: 3)) pages, last page \(last.map(String.init) ?? "none")"
            let expected = "page 1 [40, 50, 60], 3 pages, last page 70"
            #expect(
                found == expected,
                "Seven quotes on pages 10…70, in a relaunched app (page 1 of 3 by page, the page count, the first by page in reverse): expected \(expected), found \(found)."
            )
        }
    }

    @Test("a quote store opened where no file exists yet holds nothing, and writes the file at its first save")
    func missingFile() throws {
        try ShelfBench.run { bench in
            let url = bench.sandbox.documentsDirectory.appending(path: "Fresh.json")
            let repository = ModelRepository<Quote>(context: ModelContext(try bench.quoteContainer(at: url)))
            let empty = "\(try repository.findAll().count) quotes, \(try repository.pageCount(size: 5)) pages"
            #expect(
                empty == "0 quotes, 0 pages",
                "A quote store on a file that does not exist yet: expected \"0 quotes, 0 pages\", found \"\(empty)\".")

            try repository.save(Quote(text: "Begin at the beginning.", bookTitle: "Alice", page: 1))
            #expect(
                FileManager.default.fileExists(atPath: url.path),
                "The quote file after the first save: expected it to exist, found no file.")
        }
    }

    @Test("deleting all data empties the quote store")
    func erased() throws {
        try ShelfBench.run { bench in
            let container = try bench.quoteContainer()
            let repository = ModelRepository<Quote>(context: ModelContext(container))
            for quote in Self.newQuotes() { try repository.save(quote) }
            let before = try bench.relaunchedQuotes().findAll().count

            try container.deleteAllData()
            let after = try bench.relaunchedQuotes().findAll().count
            #expect(
                before == 3 && after == 0,
                "Quotes a relaunched app reads after saving three, then after deleteAllData(): expected 3, then 0, found \(before), then \(after)."
            )
        }
    }
}
