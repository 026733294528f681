import Foundation

/// One stored item: its class, typed attributes, secret data and bookkeeping. Only ever on disk encrypted.
struct VaultItem: Codable, Sendable, Equatable {
    var itemClass: String
    var attributes: [String: VaultValue]
    var data: Data?
    var identifier: UUID
    var created: Date
    var modified: Date

    var accessibility: VaultAccessibility {
        if case .string(let raw)? = attributes["pdmn"], let accessibility = VaultAccessibility(rawValue: raw) {
            return accessibility
        }
        return .whenUnlocked
    }

    var isSynchronizable: Bool {
        if case .bool(let flag)? = attributes["sync"] { return flag }
        return false
    }

    var accessGroup: String {
        if case .string(let group)? = attributes["agrp"] { return group }
        return ""
    }

    /// An opaque reference that finds this item again: its class followed by its identifier.
    var persistentReference: Data {
        var bytes = Data(itemClass.utf8)
        withUnsafeBytes(of: identifier.uuid) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// The attributes as Apple returns them, with the class and the dates.
    var attributeDictionary: [String: Any] {
        var dictionary: [String: Any] = ["class": itemClass, "cdat": created, "mdat": modified]
        for (key, value) in attributes {
            dictionary[key] = value.object
        }
        return dictionary
    }

    /// The values of the schema's primary-key attributes, in the schema's order.
    func primaryKeyValues(in schema: VaultItemSchema) -> [(String, VaultValue)] {
        schema.primaryKey.map { ($0, attributes[$0] ?? schema.defaultValue(for: $0)) }
    }
}
