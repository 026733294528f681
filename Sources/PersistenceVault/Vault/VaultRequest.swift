import Foundation

/// A query or attribute dictionary, checked and typed the way the Security framework checks it.
struct VaultRequest {
    /// What the dictionary is for; each purpose accepts a different set of keys.
    enum Purpose {
        case add, search, updateQuery, updateAttributes, delete
    }

    enum SynchronizableMatch: Equatable {
        case localOnly, synchronizableOnly, any
    }

    enum MatchLimit: Equatable {
        case one, all
        case count(Int)
    }

    struct ReturnKinds: Equatable {
        var data = false
        var attributes = false
        var reference = false
        var persistentReference = false

        var isEmpty: Bool { !(data || attributes || reference || persistentReference) }
    }

    var schema: VaultItemSchema
    /// Attributes to match (queries) or to store (add, update).
    var attributes: [String: VaultValue] = [:]
    var synchronizable: SynchronizableMatch = .localOnly
    var persistentReference: Data?
    var valueData: Data?
    var returns = ReturnKinds()
    var limit: MatchLimit = .one

    /// Parses a dictionary.
    /// - Parameter schema: For `.updateAttributes`, the schema of the update's query; nil for every other purpose.
    init(
        _ dictionary: [String: Any],
        purpose: Purpose,
        schema knownSchema: VaultItemSchema? = nil,
        accessGroups: [String],
        operation: VaultOperation
    ) throws(VaultError) {
        func failure(_ code: VaultError.Code, _ reason: String) -> VaultError {
            VaultError(code, reason, during: operation)
        }

        if let knownSchema {
            schema = knownSchema
        } else {
            guard let rawClass = dictionary["class"] else {
                throw failure(.invalidParameter, "the query has no kSecClass")
            }
            guard let itemClass = QueryValueReader.string(rawClass) else {
                throw failure(.invalidParameter, "kSecClass is not a string")
            }
            if VaultItemSchema.unsupportedClasses.contains(itemClass) {
                throw failure(.unimplemented, "the vault stores passwords only, not certificates, keys or identities")
            }
            guard let schema = VaultItemSchema.schema(for: itemClass) else {
                throw failure(.noSuchClass, "kSecClass is not a known item class")
            }
            self.schema = schema
        }

        let isQuery = purpose == .search || purpose == .updateQuery || purpose == .delete
        let isWrite = purpose == .add || purpose == .updateAttributes

        for (key, value) in dictionary {
            switch key {
            case "class":
                if purpose == .updateAttributes {
                    throw failure(.noSuchAttribute, "kSecClass cannot be changed by an update")
                }
            case "r_Data", "r_Attributes", "r_Ref", "r_PersistentRef":
                guard purpose != .updateQuery, purpose != .updateAttributes else {
                    throw failure(.invalidParameter, "an update query cannot ask for results (\(key))")
                }
                guard let flag = QueryValueReader.boolean(value) else {
                    throw failure(.invalidParameter, "the return flag \(key) is not a Boolean")
                }
                switch key {
                case "r_Data": returns.data = flag
                case "r_Attributes": returns.attributes = flag
                case "r_Ref": returns.reference = flag
                default: returns.persistentReference = flag
                }
            case "m_Limit":
                switch purpose {
                case .updateQuery, .updateAttributes, .delete:
                    throw failure(.invalidParameter, "kSecMatchLimit is only allowed in a search")
                case .add:
                    break
                case .search:
                    limit = try Self.matchLimit(value, failure: failure)
                }
            case "v_Data":
                guard isWrite else {
                    throw failure(.invalidParameter, "kSecValueData cannot be matched in a query")
                }
                guard let data = QueryValueReader.data(value) else {
                    throw failure(.invalidParameter, "kSecValueData is not Data")
                }
                valueData = data
            case "v_PersistentRef":
                guard isQuery else {
                    throw failure(.invalidParameter, "kSecValuePersistentRef can only be matched in a query")
                }
                guard let reference = QueryValueReader.data(value) else {
                    throw failure(.invalidParameter, "kSecValuePersistentRef is not Data")
                }
                persistentReference = reference
            case "nleg":
                guard QueryValueReader.boolean(value) != nil else {
                    throw failure(.invalidParameter, "kSecUseDataProtectionKeychain is not a Boolean")
                }
            case "sync":
                if let flag = QueryValueReader.boolean(value) {
                    synchronizable = flag ? .synchronizableOnly : .localOnly
                    attributes["sync"] = .bool(flag)
                } else if QueryValueReader.string(value) == "syna", isQuery {
                    synchronizable = .any
                } else {
                    throw failure(
                        .invalidParameter,
                        "kSecAttrSynchronizable is neither a Boolean nor, in a query, kSecAttrSynchronizableAny")
                }
            case "pdmn":
                guard let raw = QueryValueReader.string(value), VaultAccessibility(rawValue: raw) != nil else {
                    throw failure(.invalidParameter, "kSecAttrAccessible is not one of the kSecAttrAccessible values")
                }
                attributes["pdmn"] = .string(raw)
            case "agrp":
                guard let group = QueryValueReader.string(value) else {
                    throw failure(.invalidParameter, "kSecAttrAccessGroup is not a string")
                }
                guard accessGroups.contains(group) else {
                    throw failure(.missingEntitlement, "the app is not entitled to the requested access group")
                }
                attributes["agrp"] = .string(group)
            default:
                guard let kind = schema.kinds[key] else {
                    if VaultItemSchema.allAttributes.contains(key) {
                        throw failure(
                            .noSuchAttribute, "the attribute \(key) does not belong to class \(schema.itemClass)")
                    }
                    throw failure(.invalidParameter, "\(key) is not a key the vault understands")
                }
                if isWrite, VaultItemSchema.readOnlyAttributes.contains(key) {
                    throw failure(.readOnlyAttribute, "the attribute \(key) is set by the vault")
                }
                attributes[key] = try Self.typedValue(value, kind: kind, key: key, failure: failure)
            }
        }

        if isWrite, synchronizable == .synchronizableOnly,
            let accessibility = attributes["pdmn"].flatMap(Self.accessibility), accessibility.isThisDeviceOnly
        {
            throw failure(.invalidParameter, "a synchronizable item cannot have a ThisDeviceOnly accessibility")
        }
    }

    private static func accessibility(_ value: VaultValue) -> VaultAccessibility? {
        if case .string(let raw) = value { return VaultAccessibility(rawValue: raw) }
        return nil
    }

    private static func matchLimit(_ value: Any, failure: (VaultError.Code, String) -> VaultError) throws(VaultError)
        -> MatchLimit
    {
        if let name = QueryValueReader.string(value) {
            switch name {
            case "m_LimitOne": return .one
            case "m_LimitAll": return .all
            default:
                throw failure(
                    .invalidParameter, "kSecMatchLimit is neither kSecMatchLimitOne, kSecMatchLimitAll nor a number")
            }
        }
        guard let count = QueryValueReader.integer(value), count > 0 else {
            throw failure(
                .invalidParameter,
                "kSecMatchLimit is neither kSecMatchLimitOne, kSecMatchLimitAll nor a positive number")
        }
        return count == 1 ? .one : .count(Int(count))
    }

    private static func typedValue(
        _ value: Any,
        kind: VaultItemSchema.Kind,
        key: String,
        failure: (VaultError.Code, String) -> VaultError
    ) throws(VaultError) -> VaultValue {
        let typed: VaultValue? =
            switch kind {
            case .string: QueryValueReader.string(value).map(VaultValue.string)
            case .data: QueryValueReader.data(value).map(VaultValue.data)
            case .number: QueryValueReader.integer(value).map(VaultValue.number)
            case .bool: QueryValueReader.boolean(value).map(VaultValue.bool)
            case .date: QueryValueReader.date(value).map(VaultValue.date)
            }
        guard let typed else {
            throw failure(.invalidParameter, "the attribute \(key) has a value of the wrong type")
        }
        return typed
    }

    /// Whether a stored item satisfies this query: same class, an allowed access group, the synchronizable
    /// mode, and every given attribute equal.
    func matches(_ item: VaultItem, accessGroups: [String]) -> Bool {
        guard item.itemClass == schema.itemClass, accessGroups.contains(item.accessGroup) else { return false }
        switch synchronizable {
        case .localOnly: if item.isSynchronizable { return false }
        case .synchronizableOnly: if !item.isSynchronizable { return false }
        case .any: break
        }
        if let persistentReference, item.persistentReference != persistentReference { return false }
        for (key, value) in attributes where key != "sync" {
            switch key {
            case "cdat": guard value == .date(item.created) else { return false }
            case "mdat": guard value == .date(item.modified) else { return false }
            case "pdmn": guard value == .string(item.accessibility.rawValue) else { return false }
            default:
                guard item.attributes[key] == value else { return false }
            }
        }
        return true
    }

    /// Whether a damaged item, of which only what its manifest entry or file name tells is known, could be
    /// one this query matches: what is unknown could match.
    func couldMatch(
        _ damaged: VaultSnapshot.DamagedItem,
        pinnedPrimaryKeyCodes: Set<String>?,
        accessGroups: [String]
    ) -> Bool {
        if let itemClass = damaged.itemClass, itemClass != schema.itemClass { return false }
        if let group = damaged.accessGroup {
            guard accessGroups.contains(group) else { return false }
            if let wanted = attributes["agrp"], wanted != .string(group) { return false }
        }
        if let flag = damaged.isSynchronizable {
            switch synchronizable {
            case .localOnly: if flag { return false }
            case .synchronizableOnly: if !flag { return false }
            case .any: break
            }
        }
        if let pinnedPrimaryKeyCodes, let code = damaged.primaryKeyCode, !pinnedPrimaryKeyCodes.contains(code) {
            return false
        }
        return true
    }

    /// Whether the query names nothing but the class, and perhaps the access group and synchronizable mode:
    /// a delete with such a query removes every item of the class, damaged ones included.
    var namesOnlyClass: Bool {
        persistentReference == nil && attributes.keys.allSatisfy { $0 == "agrp" || $0 == "sync" }
    }

    /// The primary keys a query pins down completely (every key attribute given, the access group and
    /// synchronizable mode possibly open), so that an item that no longer decrypts can still be named.
    func pinnedPrimaryKeys(accessGroups: [String]) -> [[(String, VaultValue)]] {
        guard persistentReference == nil else { return [] }
        let fixed = schema.primaryKey.filter { $0 != "agrp" && $0 != "sync" }
        guard fixed.allSatisfy({ attributes[$0] != nil }) else { return [] }
        let groups = attributes["agrp"].map { [$0] } ?? accessGroups.map(VaultValue.string)
        let syncValues: [Bool] =
            switch synchronizable {
            case .localOnly: [false]
            case .synchronizableOnly: [true]
            case .any: [false, true]
            }
        var keys: [[(String, VaultValue)]] = []
        for group in groups {
            for sync in syncValues {
                keys.append(
                    schema.primaryKey.map { name in
                        switch name {
                        case "agrp": (name, group)
                        case "sync": (name, .bool(sync))
                        default: (name, attributes[name]!)
                        }
                    })
            }
        }
        return keys
    }
}
