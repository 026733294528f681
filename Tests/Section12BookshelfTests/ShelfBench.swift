import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section12Bookshelf
import Testing

/// A throwaway device for one check: its own app sandbox (current while the check runs), the library's
/// store file in Application Support and the quote file in Documents, so checks running in parallel
/// never share a file.
struct ShelfBench {
    /// The app's container folder and the device folder around it.
    let sandbox: AppSandbox

    /// The library's store file.
    var storeURL: URL { sandbox.applicationSupportDirectory.appending(path: "Library.store") }
    /// The quote file.
    var quotesURL: URL { sandbox.documentsDirectory.appending(path: "Quotes.json") }

    /// Runs `body` on a fresh device, with its sandbox current, then deletes the device folder.
    static func run(_ body: (ShelfBench) throws -> Void) throws {
        let sandbox = AppSandbox.temporary(appIdentifier: "com.example.Bookshelf")
        try sandbox.createContainerDirectories()
        defer { try? FileManager.default.removeItem(at: sandbox.deviceRoot) }
        try AppSandbox.withCurrent(sandbox) {
            try body(ShelfBench(sandbox: sandbox))
        }
    }

    /// The app's container as it opens it at launch: the learner's ``BookshelfContainer``.
    func launch() throws -> ModelContainer {
        try BookshelfContainer.make(storeURL: storeURL)
    }

    /// A container the check opens itself on the library's file, with one configuration, for the checks
    /// that are not about configurations.
    ///
    /// - Parameter allowsSave: Whether its contexts may save; `false` makes every save with something to
    ///   write throw.
    func libraryContainer(allowsSave: Bool = true) throws -> ModelContainer {
        try ModelContainer(
            for: Author.self, Book.self, configurations: ModelConfiguration(url: storeURL, allowsSave: allowsSave))
    }

    /// A context of a new container on the library's file, as a relaunched app reads it.
    func relaunchedLibrary() throws -> ModelContext {
        ModelContext(try libraryContainer())
    }

    /// A container on the quote file at `url` (the bench's own by default), as the app opens it.
    func quoteContainer(at url: URL? = nil) throws -> ModelContainer {
        try ModelContainer(for: Quote.self, configurations: QuoteFileConfiguration(fileURL: url ?? quotesURL))
    }

    /// A repository of quotes on a new container on the quote file, as a relaunched app reads it.
    func relaunchedQuotes() throws -> ModelRepository<Quote> {
        ModelRepository(context: ModelContext(try quoteContainer()))
    }
}

// MARK: - Test data

/// Midnight UTC of the `index`-th day after 1 June 2026.
func day(_ index: Int) -> Date {
    Date(timeIntervalSince1970: 1_780_272_000 + Double(index) * 86_400)
}

/// The order books are added in by the checks that add many: a fixed shuffle of `0..<count`, so that
/// neither the titles nor the keys SQLite gives the rows follow the dates.
func shuffledIndices(_ count: Int) -> [Int] {
    (0..<count).sorted { ($0 * 7919) % 97 < ($1 * 7919) % 97 }
}

/// Inserts `count` books titled "Book 00", "Book 01"… added on days 0, 1…, in a shuffled order, and
/// saves; the book of day `i` has genre `genres[i % genres.count]`.
@discardableResult
func addBooks(_ count: Int, to context: ModelContext, genres: [String] = ["Fiction"]) throws -> [Book] {
    let books = shuffledIndices(count).map { index in
        Book(title: String(format: "Book %02d", index), genre: genres[index % genres.count], addedAt: day(index))
    }
    for book in books { context.insert(book) }
    try context.save()
    return books
}

/// "Book 00"… for the given days.
func bookTitles(_ days: some Sequence<Int>) -> [String] {
    days.map { String(format: "Book %02d", $0) }
}

/// Every string anywhere in the JSON file at `url`, or `nil` when there is no file or it is not JSON.
func jsonStrings(in url: URL) -> Set<String>? {
    guard let data = try? Data(contentsOf: url),
        let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    else { return nil }
    var strings: Set<String> = []
    func collect(_ value: Any) {
        switch value {
        case let string as String: strings.insert(string)
        case let array as [Any]: array.forEach(collect)
        case let dictionary as [String: Any]:
            dictionary.keys.forEach { strings.insert($0) }
            dictionary.values.forEach(collect)
        default: break
        }
    }
    collect(object)
    return strings
}

// MARK: - Describing what was found

/// A list of titles or names as a learner reads it: quoted, in brackets.
func describe(_ names: [String]) -> String {
    "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
}

/// An optional title or name: quoted, or "nothing".
func describe(_ name: String?) -> String {
    name.map { "\"\($0)\"" } ?? "nothing"
}

/// The queries of a log as a learner reads them: each query's SQL, then its plan, or "no query".
func describe(_ queries: [SQLLog.Statement]) -> String {
    guard !queries.isEmpty else { return "no query" }
    return "\(queries.count) \(queries.count == 1 ? "query" : "queries"): "
        + queries.map { "\($0.sql) (plan: \($0.queryPlan.joined(separator: "; ")))" }.joined(separator: " | ")
}

/// Runs `operation`, which must throw because the store refuses the save, and records an issue when it
/// does not throw or throws something else than the context's own error.
func expectRefusedSave(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ operation: () throws -> Void
) {
    do {
        try operation()
        Issue.record(
            "\(what): expected the context's save error to be thrown, but the call returned normally.",
            sourceLocation: sourceLocation)
    } catch let error as SwiftDataError {
        #expect(
            error.workbenchKind == .saveNotAllowed,
            "\(what): expected SwiftDataError.saveNotAllowed, found \(error.workbenchKind).",
            sourceLocation: sourceLocation)
    } catch {
        Issue.record(
            "\(what): expected the context's save error (SwiftDataError), found \(error).",
            sourceLocation: sourceLocation)
    }
}
