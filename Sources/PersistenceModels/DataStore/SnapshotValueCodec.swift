import Foundation

/// Converts attribute values to the values a ``DefaultSnapshot`` carries, and back to the attribute's type.
enum SnapshotValueCodec {
    /// The snapshot value of an attribute value.
    ///
    /// - Throws: ``SwiftDataError/unsupportedValue`` for a value that is neither a scalar nor `Codable`.
    static func encode(_ value: Any) throws -> SnapshotValue {
        if let optional = value as? any OptionalValue {
            guard let wrapped = optional.wrappedValue else { return .null }
            return try encode(wrapped)
        }
        switch value {
        case let bool as Bool: return .bool(bool)
        case let string as String: return .string(string)
        case let date as Date: return .date(date)
        case let uuid as UUID: return .uuid(uuid)
        case let data as Data: return .data(data)
        case let url as URL: return .url(url)
        case let double as Double: return .double(double)
        case let float as Float: return .double(Double(float))
        case let integer as any BinaryInteger:
            if let exact = Int64(exactly: integer) { return .integer(exact) }
        default: break
        }
        if let rawRepresentable = value as? any RawRepresentable, let raw = try? encode(rawRepresentable.rawValue),
            raw != .null
        {
            return raw
        }
        if let encodable = value as? any Encodable {
            do {
                return .json(try JSONEncoder().encode(encodable))
            } catch {
                throw SwiftDataError(
                    .unsupportedValue, reason: "\(type(of: value)) could not be encoded as JSON (\(error))",
                    context: "making a snapshot")
            }
        }
        throw SwiftDataError(
            .unsupportedValue, reason: "\(type(of: value)) is neither a scalar nor Codable",
            context: "making a snapshot")
    }

    /// The value of `type` a snapshot value holds.
    ///
    /// - Throws: ``SwiftDataError/unsupportedValue`` when the snapshot holds something else.
    static func decode(_ value: SnapshotValue, as type: Any.Type) throws -> Any {
        if let optionalType = type as? any OptionalValue.Type {
            if value == .null { return optionalType.noneValue }
            return optionalType.wrapping(try decode(value, as: optionalType.wrappedType))
        }
        switch (value, type) {
        case (.bool(let bool), is Bool.Type): return bool
        case (.string(let string), is String.Type): return string
        case (.date(let date), is Date.Type): return date
        case (.uuid(let uuid), is UUID.Type): return uuid
        case (.data(let data), is Data.Type): return data
        case (.url(let url), is URL.Type): return url
        case (.double(let double), is Double.Type): return double
        case (.double(let double), is Float.Type): return Float(double)
        case (.integer(let integer), let integerType as any BinaryInteger.Type):
            if let converted = integerType.init(exactly: integer) { return converted }
        default: break
        }
        if let rawType = type as? any RawRepresentable.Type, let raw = try? decode(value, as: rawType.rawValueType),
            let made = rawType.make(raw)
        {
            return made
        }
        if case .json(let data) = value, let decodable = type as? any Decodable.Type {
            do {
                return try JSONDecoder().decode(decodable, from: data)
            } catch {
                throw SwiftDataError(
                    .unsupportedValue, reason: "the snapshot's JSON is not a \(type) (\(error))",
                    context: "reading a snapshot")
            }
        }
        throw SwiftDataError(
            .unsupportedValue, reason: "the snapshot holds \(value), not a \(type)", context: "reading a snapshot")
    }
}

extension RawRepresentable {
    fileprivate static var rawValueType: Any.Type { RawValue.self }

    fileprivate static func make(_ raw: Any) -> Self? {
        (raw as? RawValue).flatMap(Self.init(rawValue:))
    }
}
