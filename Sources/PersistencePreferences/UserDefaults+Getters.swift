import Foundation

extension UserDefaults {
    /// The effective value of `key`: the domain's, else the registered default; observed when read inside observation tracking.
    func value(forKey key: String) -> PropertyListValue? {
        domain.value(forKey: key) ?? registrations.value(forKey: key)
    }

    /// The value of `key` as `String`, `Int`, `Double`, `Bool`, `Date`, `Data`, `[Any]` or `[String: Any]`; nil when absent.
    public func object(forKey defaultName: String) -> Any? {
        value(forKey: defaultName)?.foundationValue
    }

    /// The string stored under `key`; numbers come back as text (`true` as "1"); nil for other types or no value.
    public func string(forKey defaultName: String) -> String? {
        value(forKey: defaultName)?.stringCoercion
    }

    /// The array stored under `key`, or nil when absent or not an array.
    public func array(forKey defaultName: String) -> [Any]? {
        guard case .array(let values) = value(forKey: defaultName) else { return nil }
        return values.map(\.foundationValue)
    }

    /// The dictionary stored under `key`, or nil when absent or not a dictionary.
    public func dictionary(forKey defaultName: String) -> [String: Any]? {
        guard case .dictionary(let entries) = value(forKey: defaultName) else { return nil }
        return entries.mapValues(\.foundationValue)
    }

    /// The data stored under `key`, or nil when absent or not data.
    public func data(forKey defaultName: String) -> Data? {
        guard case .data(let data) = value(forKey: defaultName) else { return nil }
        return data
    }

    /// The array of strings stored under `key`, or nil when absent, not an array, or holding a non-string.
    public func stringArray(forKey defaultName: String) -> [String]? {
        guard case .array(let values) = value(forKey: defaultName) else { return nil }
        var strings: [String] = []
        for element in values {
            guard case .string(let string) = element else { return nil }
            strings.append(string)
        }
        return strings
    }

    /// The integer value of `key`: 0 when absent; Doubles truncate, Bool is 0/1, "42" is 42, "abc" is 0.
    public func integer(forKey defaultName: String) -> Int {
        value(forKey: defaultName)?.integerCoercion ?? 0
    }

    /// The `Float` value of `key`: 0 when absent; converted as ``double(forKey:)`` does.
    public func float(forKey defaultName: String) -> Float {
        Float(double(forKey: defaultName))
    }

    /// The `Double` value of `key`: 0 when absent; integers widen, Bool is 0/1, "12.34" is 12.34.
    public func double(forKey defaultName: String) -> Double {
        value(forKey: defaultName)?.doubleCoercion ?? 0
    }

    /// The Boolean value of `key`: false when absent; numbers are true unless 0; "YES", "true" and "1" are true.
    public func bool(forKey defaultName: String) -> Bool {
        value(forKey: defaultName)?.boolCoercion ?? false
    }

    /// The URL stored under `key`: a path string becomes a file URL (with `~` expanded); archived URLs are decoded.
    public func url(forKey defaultName: String) -> URL? {
        switch value(forKey: defaultName) {
        case .string(let path):
            return URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        case .data(let archive):
            return (try? NSKeyedUnarchiver.unarchivedObject(ofClass: NSURL.self, from: archive)).flatMap { $0 as URL? }
        default:
            return nil
        }
    }

    /// Every key with its effective value: registered defaults overlaid by the domain's values.
    public func dictionaryRepresentation() -> [String: Any] {
        registrations.all.merging(domain.values()) { _, persistent in persistent }.mapValues(\.foundationValue)
    }
}
