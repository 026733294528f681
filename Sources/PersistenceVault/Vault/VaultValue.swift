import Foundation

/// One stored attribute value; the vault keeps attributes typed so they match and come back as they went in.
enum VaultValue: Codable, Hashable, Sendable {
    case string(String)
    case data(Data)
    case number(Int64)
    case bool(Bool)
    case date(Date)

    /// The value as Apple's keychain returns it in an attributes dictionary.
    var object: Any {
        switch self {
        case .string(let string): string
        case .data(let data): data
        case .number(let number): Int(number)
        case .bool(let bool): bool
        case .date(let date): date
        }
    }

    /// Bytes that identify the value unambiguously, for deriving an item's file name from its primary key.
    var canonicalBytes: Data {
        var bytes = Data()
        switch self {
        case .string(let string):
            bytes.append(0x73)
            bytes.append(contentsOf: Array(string.utf8))
        case .data(let data):
            bytes.append(0x64)
            bytes.append(data)
        case .number(let number):
            bytes.append(0x6E)
            bytes.append(contentsOf: Array(String(number).utf8))
        case .bool(let bool):
            bytes.append(0x62)
            bytes.append(bool ? 1 : 0)
        case .date(let date):
            bytes.append(0x74)
            bytes.append(contentsOf: Array(String(date.timeIntervalSinceReferenceDate).utf8))
        }
        return bytes
    }
}

/// Reads the flags and numbers of a query the way the Security framework does: a Boolean must be a real
/// Boolean (`true`, `kCFBooleanTrue`), not a number that happens to be 0 or 1.
enum QueryValueReader {
    static func boolean(_ value: Any) -> Bool? {
        if type(of: value) == Bool.self { return value as? Bool }
        if let number = value as? NSNumber {
            if number === kCFBooleanTrue { return true }
            if number === kCFBooleanFalse { return false }
        }
        return nil
    }

    static func integer(_ value: Any) -> Int64? {
        if type(of: value) == Bool.self { return nil }
        if let number = value as? NSNumber { return number.int64Value }
        if let int = value as? Int { return Int64(int) }
        return nil
    }

    static func string(_ value: Any) -> String? {
        if let string = value as? String { return string }
        if let string = value as? NSString { return string as String }
        return nil
    }

    static func data(_ value: Any) -> Data? {
        if let data = value as? Data { return data }
        if let data = value as? NSData { return data as Data }
        return nil
    }

    static func date(_ value: Any) -> Date? {
        if let date = value as? Date { return date }
        if let date = value as? NSDate { return date as Date }
        return nil
    }
}
