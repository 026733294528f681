import Foundation
import GRDB
import Testing

@testable import PersistenceSQLiteStore

/// Key lists are written as text byte by byte; history reads them back and SQLite parses them as JSON.
@Suite("Key lists as decimal text")
struct KeyListTextTests {
    static let awkwardKeys: [Int64] = [
        0, 1, 9, 10, 99, 100, 12_345, 999_999, 1_000_000, 9_999_999_999_999_999, 10_000_000_000_000_000,
        .max, -1, -10, -9_999_999_999_999_999, .min,
    ]

    @Test("every key reads back as itself, at every length and sign, as String(key) writes it")
    func matchesStandardFormatting() {
        let text = KeyListText.joined(Self.awkwardKeys)
        #expect(text == Self.awkwardKeys.map(String.init).joined(separator: ","))
        #expect(text.split(separator: ",").compactMap { Int64($0) } == Self.awkwardKeys)
        #expect(KeyListText.joined([]) == "")
        #expect(HistoryStore.keyList([42]) == "42")
    }

    @Test("a JSON array of fifty thousand keys reaches SQLite's json_each whole")
    func jsonArrayReachesSQLite() throws {
        let keys = (0..<50_000).map { Int64($0) * 2 + 1 } + [.max, .min]
        let json = StoreStatements.jsonArray(of: keys)
        #expect(json.hasPrefix("[1,3,5,") && json.hasSuffix(",\(Int64.max),\(Int64.min)]"))
        let read = try DatabaseQueue().read { db in
            try Int64.fetchAll(db, sql: "SELECT value FROM json_each(?)", arguments: [json])
        }
        #expect(read == keys)
    }
}
