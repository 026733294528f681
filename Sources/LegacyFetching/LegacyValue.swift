// LegacyFetching — the course's stand-in for Core Data's string-based fetch requests (Section 7)
// The values a legacy request compares. You do not need to change this file.

import PersistenceModels

/// A value read from a model by key, or passed as an argument of a format string.
///
/// Arguments can be written as literals: `["Work", 200, true, nil]`; dates as `.date(someDate)`.
public enum LegacyValue: Sendable, Hashable, CustomStringConvertible {
    /// No value: an optional attribute that is not set, or `nil` in a format string.
    case null
    /// A flag: `YES` or `NO` in a format string.
    case bool(Bool)
    /// A whole number.
    case int(Int)
    /// A number with a fraction.
    case double(Double)
    /// Text.
    case string(String)
    /// A moment in time.
    case date(Date)

    /// The value as a format string would show it.
    public var description: String {
        switch self {
        case .null: "nil"
        case .bool(let flag): flag ? "YES" : "NO"
        case .int(let number): "\(number)"
        case .double(let number): "\(number)"
        case .string(let text): "\"\(text)\""
        case .date(let date): "\(date)"
        }
    }

    /// What kind of value this is, for error messages.
    var kind: String {
        switch self {
        case .null: "nil"
        case .bool: "a flag"
        case .int, .double: "a number"
        case .string: "a string"
        case .date: "a date"
        }
    }

    /// The value as a number, when it is one.
    var number: Double? {
        switch self {
        case .int(let number): Double(number)
        case .double(let number): number
        default: nil
        }
    }
}

extension LegacyValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral
{
    /// A string argument.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A whole-number argument.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// A fractional argument.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A flag argument.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A `nil` argument.
    public init(nilLiteral: ()) { self = .null }
}

// MARK: - Comparing

extension LegacyValue {
    /// Whether two values are equal as `==` in a format string sees them: numbers by value, `nil`
    /// equal only to `nil`, strings character by character, values of different kinds never equal.
    func matches(_ other: LegacyValue) -> Bool {
        if let left = number, let right = other.number { return left == right }
        return self == other
    }

    /// The order of two values of the same kind, for `<`, `<=`, `>`, `>=` and sorting.
    ///
    /// Strings compare in localized standard order, as the old app's sort descriptors asked with
    /// `selector: #selector(NSString.localizedStandardCompare(_:))` (a descriptor without a selector
    /// would use the case-sensitive `compare:`); flags put `NO` before `YES`; `nil` comes before any value.
    ///
    /// - Returns: `nil` when the two values cannot be ordered against each other.
    func order(comparedTo other: LegacyValue) -> ComparisonResult? {
        switch (self, other) {
        case (.null, .null): return .orderedSame
        case (.null, _): return .orderedAscending
        case (_, .null): return .orderedDescending
        case (.string(let left), .string(let right)): return left.localizedStandardCompare(right)
        case (.date(let left), .date(let right)): return Self.order(left, right)
        case (.bool(let left), .bool(let right)): return Self.order(left ? 1 : 0, right ? 1 : 0)
        default:
            guard let left = number, let right = other.number else { return nil }
            return Self.order(left, right)
        }
    }

    private static func order<T: Comparable>(_ left: T, _ right: T) -> ComparisonResult {
        left < right ? .orderedAscending : (left > right ? .orderedDescending : .orderedSame)
    }
}
