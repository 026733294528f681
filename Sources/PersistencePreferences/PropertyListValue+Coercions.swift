import Foundation

/// The conversions the typed getters apply, matching `UserDefaults` on Apple platforms.
extension PropertyListValue {
    /// `integer(forKey:)`: numbers truncate, Bool is 0 or 1, strings are scanned like `NSString.integerValue`.
    var integerCoercion: Int {
        switch self {
        case .integer(let value): value
        case .real(let value): Self.truncated(value)
        case .bool(let value): value ? 1 : 0
        case .string(let value): (value as NSString).integerValue
        default: 0
        }
    }

    /// `double(forKey:)`: integers widen, Bool is 0 or 1, strings are scanned like `NSString.doubleValue`.
    var doubleCoercion: Double {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        case .bool(let value): value ? 1 : 0
        case .string(let value): (value as NSString).doubleValue
        default: 0
        }
    }

    /// `bool(forKey:)`: numbers are true unless zero; strings like `NSString.boolValue` ("YES", "true", "1").
    var boolCoercion: Bool {
        switch self {
        case .integer(let value): value != 0
        case .real(let value): value != 0
        case .bool(let value): value
        case .string(let value): (value as NSString).boolValue
        default: false
        }
    }

    /// `string(forKey:)`: numbers as `NSNumber.stringValue` writes them (true is "1"); nil for other types.
    var stringCoercion: String? {
        switch self {
        case .string(let value): value
        case .integer(let value): String(value)
        case .real(let value): String(format: "%.16g", value)
        case .bool(let value): value ? "1" : "0"
        default: nil
        }
    }

    private static func truncated(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        if value >= Double(Int.max) { return Int.max }
        if value <= Double(Int.min) { return Int.min }
        return Int(value)
    }
}
