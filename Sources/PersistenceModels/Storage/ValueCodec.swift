import Foundation
import GRDB

/// Converts attribute values to SQLite values and back.
///
/// Scalars go in their own column type, raw-value enums as their raw value (so they can be filtered
/// and sorted), optionals as NULL when empty, and every other `Codable` value as JSON text.
enum ValueCodec {
    /// The SQLite value that stores `value`.
    static func encode(_ value: Any) throws -> DatabaseValue {
        if let optional = value as? any OptionalValue {
            guard let wrapped = optional.wrappedValue else { return .null }
            return try encode(wrapped)
        }
        if let scalar = value as? any StoredScalar {
            return scalar.storedValue
        }
        if let rawRepresentable = value as? any RawRepresentable, isStorable(type(of: rawRepresentable.rawValue)) {
            return try encode(rawRepresentable.rawValue)
        }
        if let encodable = value as? any Encodable {
            do {
                let data = try jsonEncoder.encode(encodable)
                return String(decoding: data, as: UTF8.self).databaseValue
            } catch {
                throw SwiftDataError(.unsupportedValue, reason: "\(type(of: value)) could not be encoded as JSON (\(error))", context: "storing an attribute")
            }
        }
        throw SwiftDataError(.unsupportedValue, reason: "\(type(of: value)) is neither a stored scalar nor Codable", context: "storing an attribute")
    }

    /// Reads a value of `type` from a SQLite value.
    static func decode(_ storedValue: DatabaseValue, as type: Any.Type) throws -> Any {
        if let optionalType = type as? any OptionalValue.Type {
            if storedValue.isNull { return optionalType.noneValue }
            return optionalType.wrapping(try decode(storedValue, as: optionalType.wrappedType))
        }
        if let scalarType = type as? any StoredScalar.Type {
            guard let value = scalarType.init(storedValue: storedValue) else {
                throw mismatch(storedValue, type)
            }
            return value
        }
        if let rawType = type as? any RawRepresentable.Type, let value = try decodeRaw(storedValue, as: rawType) {
            return value
        }
        if let decodableType = type as? any Decodable.Type {
            guard let text = String.fromDatabaseValue(storedValue) else { throw mismatch(storedValue, type) }
            do {
                return try jsonDecoder.decode(decodableType, from: Data(text.utf8))
            } catch {
                throw SwiftDataError(.unsupportedValue, reason: "the stored JSON is not a \(type) (\(error))", context: "reading an attribute")
            }
        }
        throw SwiftDataError(.unsupportedValue, reason: "\(type) is neither a stored scalar nor Codable", context: "reading an attribute")
    }

    /// The declared SQLite column type for values of `type`.
    static func columnType(for type: Any.Type) -> String {
        if let optionalType = type as? any OptionalValue.Type { return columnType(for: optionalType.wrappedType) }
        if let scalarType = type as? any StoredScalar.Type { return scalarType.columnType }
        if let rawType = type as? any RawRepresentable.Type, let rawValueType = rawValueType(of: rawType), isStorable(rawValueType) {
            return columnType(for: rawValueType)
        }
        return "TEXT"
    }

    /// Whether SQLite compares and orders stored values of `type` the way Swift compares the values.
    static func isComparableInStore(_ type: Any.Type) -> Bool {
        if let optionalType = type as? any OptionalValue.Type { return isComparableInStore(optionalType.wrappedType) }
        if let scalarType = type as? any StoredScalar.Type { return scalarType.isOrderedInStore }
        if let rawType = type as? any RawRepresentable.Type, let rawValueType = rawValueType(of: rawType) {
            return isComparableInStore(rawValueType)
        }
        return false
    }

    /// Whether values of `type` can be stored at all.
    static func isStorable(_ type: Any.Type) -> Bool {
        if let optionalType = type as? any OptionalValue.Type { return isStorable(optionalType.wrappedType) }
        if type is any StoredScalar.Type || type is any Codable.Type { return true }
        guard let rawType = type as? any RawRepresentable.Type else { return false }
        return rawValueType(of: rawType) != nil
    }

    private static func rawValueType<R: RawRepresentable>(of type: R.Type) -> Any.Type? {
        let raw = R.RawValue.self
        return raw is any StoredScalar.Type ? raw : nil
    }

    private static func decodeRaw<R: RawRepresentable>(_ storedValue: DatabaseValue, as type: R.Type) throws -> R? {
        guard R.RawValue.self is any StoredScalar.Type else { return nil }
        guard let raw = try decode(storedValue, as: R.RawValue.self) as? R.RawValue else { throw mismatch(storedValue, type) }
        guard let value = R(rawValue: raw) else {
            throw SwiftDataError(.unsupportedValue, reason: "the stored raw value is not a case of \(R.self)", context: "reading an attribute")
        }
        return value
    }

    private static func mismatch(_ storedValue: DatabaseValue, _ type: Any.Type) -> SwiftDataError {
        let kind: String = switch storedValue.storage {
        case .null: "NULL"
        case .int64: "an integer"
        case .double: "a real number"
        case .string: "text"
        case .blob: "a blob"
        }
        return SwiftDataError(.unsupportedValue, reason: "the column holds \(kind), which is not a \(type)", context: "reading an attribute")
    }

    private static var jsonEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    private static var jsonDecoder: JSONDecoder { JSONDecoder() }
}

/// Lets the codec look inside optionals of any wrapped type.
protocol OptionalValue {
    static var wrappedType: Any.Type { get }
    static var noneValue: Any { get }
    static func wrapping(_ value: Any) -> Any
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    static var wrappedType: Any.Type { Wrapped.self }
    static var noneValue: Any { Optional<Wrapped>.none as Any }
    static func wrapping(_ value: Any) -> Any { Optional(value as! Wrapped) as Any }
    var wrappedValue: Any? { self.map { $0 as Any } }
}

/// How one attribute's values are stored.
struct AttributeCodec {
    let valueType: Any.Type

    init(_ valueType: Any.Type) {
        self.valueType = valueType
    }

    func encode(_ value: Any) throws -> DatabaseValue { try ValueCodec.encode(value) }
    func decode(_ storedValue: DatabaseValue) throws -> Any { try ValueCodec.decode(storedValue, as: valueType) }
    var columnType: String { ValueCodec.columnType(for: valueType) }
    var isComparableInStore: Bool { ValueCodec.isComparableInStore(valueType) }
    var isOptional: Bool { valueType is any OptionalValue.Type }
}
