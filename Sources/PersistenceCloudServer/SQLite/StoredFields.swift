import Foundation

/// A record's fields as the `fields` column keeps them: a JSON object with one member per field, whose
/// value names the field's type, such as `{"CD_title":{"STRING":"Milk"},"CD_isPinned":{"INT64":0}}`; an
/// encrypted value is its sealed bytes in base64 under its type, such as `{"ENCRYPTED_STRING":"…"}`.
///
/// Written and read by hand rather than through `JSONEncoder`: an import reads every record of a zone,
/// and decoding through `Codable` was the account server's largest cost in a profile of a 10,000-note
/// push. Text that is not this shape is a damaged record, named with what is wrong.
enum StoredFields {
    /// Why a stored record cannot be read.
    struct DamageReason: Error {
        let text: String
    }

    /// The fields as JSON, members sorted by name.
    static func encode(_ fields: [String: CloudValue]) -> String {
        var text = "{"
        for (index, (name, value)) in fields.sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { text += "," }
            appendString(name, to: &text)
            text += ":{\"\(value.typeName)\":"
            switch value {
            case .string(let string): appendString(string, to: &text)
            case .int64(let number): text += String(number)
            case .double(let number): text += number.description
            case .timestamp(let date): text += date.timeIntervalSince1970.description
            case .bytes(let data), .encrypted(_, let data): text += "\"\(data.base64EncodedString())\""
            }
            text += "}"
        }
        return text + "}"
    }

    /// The fields, or why the text is not a record's fields.
    static func decode(_ text: String) -> Result<[String: CloudValue], DamageReason> {
        var text = text
        return text.withUTF8 { bytes in
            var parser = Parser(bytes: bytes)
            do {
                return .success(try parser.fields())
            } catch {
                let reason = (error as? DamageReason)?.text ?? "\(error)"
                return .failure(
                    DamageReason(text: "its fields are not readable (\(reason) at byte \(parser.position))"))
            }
        }
    }

    private static func appendString(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20: text += String(format: "\\u%04x", scalar.value)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    /// Reads the one shape ``encode(_:)`` writes.
    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        mutating func fields() throws(DamageReason) -> [String: CloudValue] {
            var fields: [String: CloudValue] = [:]
            try expect(UInt8(ascii: "{"))
            if peek() == UInt8(ascii: "}") {
                position += 1
            } else {
                repeat {
                    let name = try string()
                    try expect(UInt8(ascii: ":"))
                    try expect(UInt8(ascii: "{"))
                    let type = try string()
                    try expect(UInt8(ascii: ":"))
                    fields[name] = try value(of: type)
                    try expect(UInt8(ascii: "}"))
                } while try separator()
            }
            skipSpaces()
            guard position == bytes.count else { throw DamageReason(text: "text follows the fields") }
            return fields
        }

        private mutating func value(of type: String) throws(DamageReason) -> CloudValue {
            switch CloudFieldType(rawValue: type) {
            case .string: return .string(try string())
            case .int64:
                guard let number = Int64(try number()) else {
                    throw DamageReason(text: "an INT64 is not a whole number")
                }
                return .int64(number)
            case .double:
                guard let number = Double(try number()) else { throw DamageReason(text: "a DOUBLE is not a number") }
                return .double(number)
            case .timestamp:
                guard let seconds = Double(try number()) else {
                    throw DamageReason(text: "a TIMESTAMP is not a number")
                }
                return .timestamp(Date(timeIntervalSince1970: seconds))
            case .bytes:
                guard let data = Data(base64Encoded: try string()) else {
                    throw DamageReason(text: "BYTES are not base64")
                }
                return .bytes(data)
            case let encrypted?:
                guard let data = Data(base64Encoded: try string()) else {
                    throw DamageReason(text: "\(type) are not base64")
                }
                return .encrypted(encrypted.plain, data)
            case nil: throw DamageReason(text: "\"\(type)\" is not a field type")
            }
        }

        /// Whether a comma follows (another member), or the closing brace (the last).
        private mutating func separator() throws(DamageReason) -> Bool {
            skipSpaces()
            guard position < bytes.count else { throw DamageReason(text: "the text ends inside the fields") }
            defer { position += 1 }
            switch bytes[position] {
            case UInt8(ascii: ","): return true
            case UInt8(ascii: "}"): return false
            default: throw DamageReason(text: "',' or '}' expected")
            }
        }

        private mutating func string() throws(DamageReason) -> String {
            try expect(UInt8(ascii: "\""))
            var scalars = String.UnicodeScalarView()
            var start = position
            func flush(upTo end: Int) {
                guard end > start else { return }
                scalars.append(
                    contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                        .unicodeScalars)
            }
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: "\""):
                    flush(upTo: position)
                    position += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush(upTo: position)
                    position += 1
                    scalars.append(try escaped())
                    start = position
                default:
                    position += 1
                }
            }
            throw DamageReason(text: "a string is not closed")
        }

        private mutating func escaped() throws(DamageReason) -> Unicode.Scalar {
            guard position < bytes.count else { throw DamageReason(text: "an escape is cut short") }
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                guard position + 4 <= bytes.count,
                    let code = UInt32(
                        String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<position + 4]), as: UTF8.self),
                        radix: 16),
                    let scalar = Unicode.Scalar(code)
                else { throw DamageReason(text: "a \\u escape is not a character") }
                position += 4
                return scalar
            default: throw DamageReason(text: "an unknown escape")
            }
        }

        private mutating func number() throws(DamageReason) -> String {
            skipSpaces()
            let start = position
            while position < bytes.count, !"},: \n".utf8.contains(bytes[position]) { position += 1 }
            guard position > start else { throw DamageReason(text: "a number is missing") }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        }

        private mutating func expect(_ byte: UInt8) throws(DamageReason) {
            skipSpaces()
            guard position < bytes.count, bytes[position] == byte else {
                throw DamageReason(text: "'\(Character(Unicode.Scalar(byte)))' expected")
            }
            position += 1
        }

        private func peek() -> UInt8? {
            var index = position
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\n") {
                index += 1
            }
            return index < bytes.count ? bytes[index] : nil
        }

        private mutating func skipSpaces() {
            while position < bytes.count, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\n")
            { position += 1 }
        }
    }
}
