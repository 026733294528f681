import Foundation
import GRDB
import PersistenceModels

/// A value type stored directly in one SQLite column.
protocol StoredScalar {
    /// The SQLite value that stores `self`.
    var storedValue: DatabaseValue { get }
    /// Reads a value back; `nil` when the column holds something else.
    init?(storedValue: DatabaseValue)
    /// The declared column type.
    static var columnType: String { get }
    /// Whether SQLite's ordering of the stored values matches Swift's ordering of the values.
    static var isOrderedInStore: Bool { get }
    /// The SQLite value that stores `value`, which is a `Self`.
    static func storedValue(of value: Any) -> DatabaseValue
}

extension StoredScalar {
    static var isOrderedInStore: Bool { true }

    /// The SQLite value that stores `value`, which is a `Self`.
    static func storedValue(of value: Any) -> DatabaseValue {
        (value as! Self).storedValue
    }
}

extension String: StoredScalar {
    var storedValue: DatabaseValue { databaseValue }
    init?(storedValue: DatabaseValue) {
        guard let value = Self.fromDatabaseValue(storedValue) else { return nil }
        self = value
    }
    static var columnType: String { "TEXT" }
}

extension Bool: StoredScalar {
    var storedValue: DatabaseValue { (self ? 1 : 0).databaseValue }
    init?(storedValue: DatabaseValue) {
        guard let value = Int64.fromDatabaseValue(storedValue) else { return nil }
        self = value != 0
    }
    static var columnType: String { "INTEGER" }
}

/// Integers of every width share one INTEGER column representation.
protocol StoredInteger: StoredScalar, FixedWidthInteger {}

extension StoredInteger {
    var storedValue: DatabaseValue { Int64(truncatingIfNeeded: self).databaseValue }
    init?(storedValue: DatabaseValue) {
        guard let value = Int64.fromDatabaseValue(storedValue) else { return nil }
        self.init(truncatingIfNeeded: value)
    }
    static var columnType: String { "INTEGER" }
}

extension Int: StoredInteger {}
extension Int8: StoredInteger {}
extension Int16: StoredInteger {}
extension Int32: StoredInteger {}
extension Int64: StoredInteger {}
extension UInt: StoredInteger { static var isOrderedInStore: Bool { false } }
extension UInt8: StoredInteger {}
extension UInt16: StoredInteger {}
extension UInt32: StoredInteger {}
extension UInt64: StoredInteger { static var isOrderedInStore: Bool { false } }

extension Double: StoredScalar {
    var storedValue: DatabaseValue { databaseValue }
    init?(storedValue: DatabaseValue) {
        guard let value = Self.fromDatabaseValue(storedValue) else { return nil }
        self = value
    }
    static var columnType: String { "REAL" }
}

extension Float: StoredScalar {
    var storedValue: DatabaseValue { Double(self).databaseValue }
    init?(storedValue: DatabaseValue) {
        guard let value = Double.fromDatabaseValue(storedValue) else { return nil }
        self.init(value)
    }
    static var columnType: String { "REAL" }
}

/// Dates are stored as seconds since 2001-01-01 so that they round-trip exactly and sort numerically.
extension Date: StoredScalar {
    var storedValue: DatabaseValue { timeIntervalSinceReferenceDate.databaseValue }
    init?(storedValue: DatabaseValue) {
        guard let seconds = Double.fromDatabaseValue(storedValue) else { return nil }
        self.init(timeIntervalSinceReferenceDate: seconds)
    }
    static var columnType: String { "REAL" }
}

extension Data: StoredScalar {
    var storedValue: DatabaseValue { databaseValue }
    init?(storedValue: DatabaseValue) {
        guard let value = Self.fromDatabaseValue(storedValue) else { return nil }
        self = value
    }
    static var columnType: String { "BLOB" }
}

extension URL: StoredScalar {
    var storedValue: DatabaseValue { absoluteString.databaseValue }
    init?(storedValue: DatabaseValue) {
        guard let text = String.fromDatabaseValue(storedValue) else { return nil }
        self.init(string: text)
    }
    static var columnType: String { "TEXT" }
}

extension UUID: StoredScalar {
    var storedValue: DatabaseValue { uppercaseText.databaseValue }
    init?(storedValue: DatabaseValue) {
        guard let text = String.fromDatabaseValue(storedValue) else { return nil }
        self.init(uuidString: text)
    }
    static var columnType: String { "TEXT" }
}

/// Decimals are stored as text to keep every digit; SQLite cannot order them, so comparisons run in memory.
extension Decimal: StoredScalar {
    var storedValue: DatabaseValue { description.databaseValue }
    init?(storedValue: DatabaseValue) {
        guard let text = String.fromDatabaseValue(storedValue) else { return nil }
        self.init(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }
    static var columnType: String { "TEXT" }
    static var isOrderedInStore: Bool { false }
}
