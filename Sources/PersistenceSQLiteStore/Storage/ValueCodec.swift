import Foundation
import GRDB
import GRDBSQLite
import PersistenceModels

/// Converts attribute values to SQLite values and back.
///
/// Scalars go in their own column type, raw-value enums as their raw value (so they can be filtered
/// and sorted), optionals as NULL when empty, and every other `Codable` value as JSON text.
enum ValueCodec {
    /// The SQLite value that stores `value`.
    static func encode(_ value: Any) throws -> DatabaseValue {
        let valueType = type(of: value)
        if let optionalType = optionalTypes.conformance(of: valueType) {
            guard let wrapped = optionalType.wrappedValue(of: value) else { return .null }
            return try encode(wrapped)
        }
        if let scalarType = scalarTypes.conformance(of: valueType) {
            return scalarType.storedValue(of: value)
        }
        if let rawRepresentable = value as? any RawRepresentable, isStorable(type(of: rawRepresentable.rawValue)) {
            return try encode(rawRepresentable.rawValue)
        }
        if let encodable = value as? any Encodable {
            do {
                let data = try jsonEncoder.encode(encodable)
                return String(decoding: data, as: UTF8.self).databaseValue
            } catch {
                throw SwiftDataError(
                    .unsupportedValue, reason: "\(type(of: value)) could not be encoded as JSON (\(error))",
                    context: "storing an attribute")
            }
        }
        throw SwiftDataError(
            .unsupportedValue, reason: "\(type(of: value)) is neither a stored scalar nor Codable",
            context: "storing an attribute")
    }

    /// The optional types and the scalar types among the values encoded and decoded, found once per type: a
    /// predicate's values are encoded on every query, and values the common columns do not cover are decoded
    /// on every row.
    private static let optionalTypes = ConformanceLookup { $0 as? any OptionalValue.Type }
    private static let scalarTypes = ConformanceLookup { $0 as? any StoredScalar.Type }

    /// Reads a value of `type` from a SQLite value.
    static func decode(_ storedValue: DatabaseValue, as type: Any.Type) throws -> Any {
        if let optionalType = optionalTypes.conformance(of: type) {
            if storedValue.isNull { return optionalType.noneValue }
            return optionalType.wrapping(try decode(storedValue, as: optionalType.wrappedType))
        }
        if let scalarType = scalarTypes.conformance(of: type) {
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
                throw SwiftDataError(
                    .unsupportedValue, reason: "the stored JSON is not a \(type) (\(error))",
                    context: "reading an attribute")
            }
        }
        throw SwiftDataError(
            .unsupportedValue, reason: "\(type) is neither a stored scalar nor Codable", context: "reading an attribute"
        )
    }

    /// The declared SQLite column type for values of `type`.
    static func columnType(for type: Any.Type) -> String {
        if let optionalType = type as? any OptionalValue.Type { return columnType(for: optionalType.wrappedType) }
        if let scalarType = type as? any StoredScalar.Type { return scalarType.columnType }
        if let rawType = type as? any RawRepresentable.Type, let rawValueType = rawValueType(of: rawType),
            isStorable(rawValueType)
        {
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
        guard let raw = try decode(storedValue, as: R.RawValue.self) as? R.RawValue else {
            throw mismatch(storedValue, type)
        }
        guard let value = R(rawValue: raw) else {
            throw SwiftDataError(
                .unsupportedValue, reason: "the stored raw value is not a case of \(R.self)",
                context: "reading an attribute")
        }
        return value
    }

    private static func mismatch(_ storedValue: DatabaseValue, _ type: Any.Type) -> SwiftDataError {
        let kind: String =
            switch storedValue.storage {
            case .null: "NULL"
            case .int64: "an integer"
            case .double: "a real number"
            case .string: "text"
            case .blob: "a blob"
            }
        return SwiftDataError(
            .unsupportedValue, reason: "the column holds \(kind), which is not a \(type)",
            context: "reading an attribute")
    }

    private static var jsonEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    private static var jsonDecoder: JSONDecoder { JSONDecoder() }
}

/// How one attribute's values are stored.
struct AttributeCodec {
    let valueType: Any.Type
    /// The common scalar type the attribute holds, found once so that rows are read and written without
    /// the protocol casts of ``ValueCodec``; `nil` for every other type.
    private let commonScalar: CommonScalar?
    /// For a `.transformable(by:)` attribute, the transformer's way to and from the `Data` in the column.
    private let transformation: AttributeTransformation?

    init(_ valueType: Any.Type, transformation: AttributeTransformation? = nil) {
        self.valueType = valueType
        self.transformation = transformation
        self.commonScalar = transformation == nil ? CommonScalar(valueType) : nil
    }

    func encode(_ value: Any) throws -> DatabaseValue {
        if let transformation { return try transformation.data(from: value)?.databaseValue ?? .null }
        if let commonScalar, let stored = commonScalar.encode(value) { return stored }
        return try ValueCodec.encode(value)
    }

    func decode(_ storedValue: DatabaseValue) throws -> Any {
        if let transformation {
            if storedValue.isNull { return try transformation.value(from: nil) }
            guard let data = Data.fromDatabaseValue(storedValue) else {
                throw SwiftDataError(
                    .unsupportedValue,
                    reason:
                        "the column holds something other than data, which a transformable attribute stores; was the attribute stored before it became transformable?",
                    context: "reading an attribute"
                )
            }
            return try transformation.value(from: data)
        }
        if let commonScalar, let value = commonScalar.decode(storedValue) { return value }
        return try ValueCodec.decode(storedValue, as: valueType)
    }

    /// What reads the attribute's usual values straight from a statement's column, without an intermediate
    /// `DatabaseValue` (``CommonScalar/decodeColumn(_:at:into:)``); `nil` when only ``decode(_:)`` reads
    /// them. A row decoder keeps it rather than the codec, so that each row reads a column without copying
    /// the codec.
    var columnReader: CommonScalar? { commonScalar }

    /// Whether a ``columnReader`` can read the attribute's usual values.
    var decodesColumns: Bool { commonScalar != nil }
    /// Whether every value of the attribute is a plain value, with nothing to release: a number, a
    /// Boolean, a date or a UUID, optional or not.
    var holdsPlainValues: Bool {
        guard let commonScalar else { return false }
        return commonScalar.kind != .string
    }
    var columnType: String { transformation == nil ? ValueCodec.columnType(for: valueType) : "BLOB" }
    var isComparableInStore: Bool { transformation == nil && ValueCodec.isComparableInStore(valueType) }
    var isOptional: Bool { valueType is any OptionalValue.Type }
}

/// The scalar attribute types models use most, with the same stored forms ``ValueCodec`` gives them.
///
/// Only the usual case is handled here (a value present, a column of the expected storage class); anything
/// else returns `nil` and goes through ``ValueCodec``, which also produces its errors.
struct CommonScalar {
    enum Kind {
        case string, int, bool, double, date, uuid
    }

    let kind: Kind
    /// Whether the attribute is the optional form of the type; values then sit in an `Optional`.
    let isOptional: Bool

    init?(_ type: Any.Type) {
        let kinds: [(Any.Type, Any.Type, Kind)] = [
            (String.self, String?.self, .string),
            (Int.self, Int?.self, .int),
            (Bool.self, Bool?.self, .bool),
            (Double.self, Double?.self, .double),
            (Date.self, Date?.self, .date),
            (UUID.self, UUID?.self, .uuid),
        ]
        guard let match = kinds.first(where: { $0.0 == type || $0.1 == type }) else { return nil }
        kind = match.2
        isOptional = match.1 == type
    }

    func encode(_ value: Any) -> DatabaseValue? {
        // The value is passed to a generic function, which opens the `Any`: a cast from the opened type
        // finds the types equal at once, where a cast from `Any` first unwraps the existential, a fifth of
        // encoding a new row's values.
        encodeOpened(value)
    }

    private func encodeOpened<Value>(_ value: Value) -> DatabaseValue? {
        // A cast to a concrete type also unwraps a present optional; `nil` falls through to NULL.
        switch kind {
        case .string: (value as? String)?.databaseValue
        case .int: (value as? Int).map { Int64($0).databaseValue }
        case .bool: (value as? Bool).map { Int64($0 ? 1 : 0).databaseValue }
        case .double: (value as? Double)?.databaseValue
        case .date: (value as? Date)?.timeIntervalSinceReferenceDate.databaseValue
        case .uuid: (value as? UUID)?.uppercaseText.databaseValue
        }
    }

    func decode(_ storedValue: DatabaseValue) -> Any? {
        switch (kind, storedValue.storage) {
        case (.string, .string(let text)): wrap(text)
        case (.int, .int64(let integer)): wrap(Int(truncatingIfNeeded: integer))
        case (.bool, .int64(let integer)): wrap(integer != 0)
        case (.double, .double(let real)): wrap(real)
        case (.date, .double(let seconds)): wrap(Date(timeIntervalSinceReferenceDate: seconds))
        case (.uuid, .string(let text)): (CanonicalUUIDText.uuid(in: text) ?? UUID(uuidString: text)).map(wrap)
        default: nil
        }
    }

    /// Reads column `index` of the current row the way ``decode(_:)`` reads its `DatabaseValue`, initializing
    /// `slot` with the value; `false`, with `slot` left uninitialized, for anything but the kind's usual
    /// storage class (NULL included).
    @inline(__always)
    func decodeColumn(_ statement: OpaquePointer, at index: CInt, into slot: UnsafeMutablePointer<Any?>) -> Bool {
        // The column's value is looked up once and read with `sqlite3_value_*`: each `sqlite3_column_*` call
        // looks the column up again and checks the statement's state, a sixth of a row's decoding. The value
        // belongs to the statement until its next step; the connection is used by one thread at a time, and
        // reading a value of its own storage class converts nothing, so nothing can fail in between.
        guard let value = sqlite3_column_value(statement, index) else { return false }
        switch (kind, sqlite3_value_type(value)) {
        case (.string, SQLITE_TEXT):
            // Read as GRDB reads text, so that both ways give the same string.
            guard let text = sqlite3_value_text(value) else { return false }
            initialize(slot, with: String(cString: text))
        case (.int, SQLITE_INTEGER):
            initialize(slot, with: Int(truncatingIfNeeded: sqlite3_value_int64(value)))
        case (.bool, SQLITE_INTEGER):
            initialize(slot, with: sqlite3_value_int64(value) != 0)
        case (.double, SQLITE_FLOAT):
            initialize(slot, with: sqlite3_value_double(value))
        case (.date, SQLITE_FLOAT):
            initialize(slot, with: Date(timeIntervalSinceReferenceDate: sqlite3_value_double(value)))
        case (.uuid, SQLITE_TEXT):
            // The canonical form is parsed from SQLite's bytes, without making a String first.
            guard let text = sqlite3_value_text(value),
                let uuid = CanonicalUUIDText.uuid(
                    in: UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value))))
            else { return false }
            initialize(slot, with: uuid)
        default:
            return false
        }
        return true
    }

    private func wrap<Value>(_ value: Value) -> Any {
        isOptional ? Optional(value) as Any : value
    }

    /// Initializes `slot` with `value`, in an `Optional` when the attribute is optional.
    @inline(__always)
    private func initialize<Value>(_ slot: UnsafeMutablePointer<Any?>, with value: consuming Value) {
        if isOptional {
            slot.initialize(to: Optional(value) as Any)
        } else {
            slot.initialize(to: value as Any)
        }
    }
}

extension Schema.PropertyMetadata {
    /// How the default store keeps the attribute's values; `nil` for a relationship.
    var codec: AttributeCodec? {
        attributeKind.map { AttributeCodec($0.valueType, transformation: transformation) }
    }
}
