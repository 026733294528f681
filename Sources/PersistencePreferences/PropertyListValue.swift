import Foundation

/// A value a preference property list can hold, checked once when it enters the store.
enum PropertyListValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case real(Double)
    case bool(Bool)
    case date(Date)
    case data(Data)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])

    /// Why a value was refused: the offending type and where it sits inside the value.
    struct Rejection: Error {
        let typeName: String
        let location: String
    }

    /// Converts a Swift or Foundation value, refusing anything a property list cannot hold.
    /// - Parameter location: The path shown in the error, such as `theme` or `tags[2]`.
    init(converting value: Any, location: String) throws(Rejection) {
        if let optional = value as? any OptionalValue {
            guard let wrapped = optional.wrappedAny else { throw Rejection(typeName: "nil", location: location) }
            try self.init(converting: wrapped, location: location)
            return
        }
        if let converted = Self.scalar(value) {
            self = converted
        } else if let array = value as? [Any] {
            var elements: [PropertyListValue] = []
            for (index, element) in array.enumerated() {
                elements.append(try PropertyListValue(converting: element, location: "\(location)[\(index)]"))
            }
            self = .array(elements)
        } else if let dictionary = value as? [AnyHashable: Any] {
            var entries: [String: PropertyListValue] = [:]
            for (key, element) in dictionary {
                guard let name = key.base as? String else {
                    throw Rejection(typeName: "\(type(of: key.base)) (as a dictionary key)", location: location)
                }
                entries[name] = try PropertyListValue(converting: element, location: "\(location).\(name)")
            }
            self = .dictionary(entries)
        } else {
            throw Rejection(typeName: String(describing: type(of: value)), location: location)
        }
    }

    private static func scalar(_ value: Any) -> PropertyListValue? {
        // NSNumber first: Foundation would otherwise bridge a Boolean NSNumber to Int.
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
            switch String(cString: number.objCType) {
            case "c", "B": return .bool(number.boolValue)
            case "f", "d": return .real(number.doubleValue)
            default: return .integer(number.intValue)
            }
        }
        switch value {
        case let value as Bool where type(of: value) == Bool.self: return .bool(value)
        case let value as Int: return .integer(value)
        case let value as Int8: return .integer(Int(value))
        case let value as Int16: return .integer(Int(value))
        case let value as Int32: return .integer(Int(value))
        case let value as Int64: return .integer(Int(value))
        case let value as UInt: return .integer(Int(clamping: value))
        case let value as UInt8: return .integer(Int(value))
        case let value as UInt16: return .integer(Int(value))
        case let value as UInt32: return .integer(Int(value))
        case let value as UInt64: return .integer(Int(clamping: value))
        case let value as Double: return .real(value)
        case let value as Float: return .real(Double(value))
        case let value as String: return .string(value)
        case let value as Date: return .date(value)
        case let value as Data: return .data(value)
        default: break
        }
        return nil
    }

    /// The value as Foundation hands property-list values out: `String`, `Int`, `Double`, `Bool`, `Date`, `Data`, `[Any]`, `[String: Any]`.
    var foundationValue: Any {
        switch self {
        case .string(let value): value
        case .integer(let value): value
        case .real(let value): value
        case .bool(let value): value
        case .date(let value): value
        case .data(let value): value
        case .array(let values): values.map(\.foundationValue)
        case .dictionary(let entries): entries.mapValues(\.foundationValue)
        }
    }
}

/// Lets a value typed `Any` that wraps an `Optional` be unwrapped.
private protocol OptionalValue {
    var wrappedAny: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var wrappedAny: Any? { self.map { $0 as Any } }
}
