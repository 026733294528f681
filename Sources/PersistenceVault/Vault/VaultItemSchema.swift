import Foundation

/// The attributes an item class accepts, their types, and which of them form the class's primary key.
struct VaultItemSchema: Sendable {
    enum Kind: Sendable {
        case string, data, number, bool, date
    }

    let itemClass: String
    let kinds: [String: Kind]
    /// Attributes whose values identify an item; a second item with the same values is a duplicate.
    /// `agrp` and `sync` are always part of it.
    let primaryKey: [String]

    private static let shared: [String: Kind] = [
        "acct": .string, "agrp": .string, "pdmn": .string, "sync": .bool, "labl": .string, "desc": .string,
        "icmt": .string, "crtr": .number, "type": .number, "invi": .bool, "nega": .bool,
        "cdat": .date, "mdat": .date,
    ]

    static let genericPassword = VaultItemSchema(
        itemClass: "genp",
        kinds: shared.merging(["svce": .string, "gena": .data]) { $1 },
        primaryKey: ["agrp", "acct", "svce", "sync"]
    )

    static let internetPassword = VaultItemSchema(
        itemClass: "inet",
        kinds: shared.merging([
            "sdmn": .string, "srvr": .string, "ptcl": .string, "atyp": .string, "port": .number, "path": .string,
        ]) { $1 },
        primaryKey: ["agrp", "acct", "sdmn", "srvr", "ptcl", "atyp", "port", "path", "sync"]
    )

    /// Classes Apple's keychain knows but the vault does not store.
    static let unsupportedClasses: Set<String> = ["cert", "keys", "idnt"]

    /// Every attribute any class accepts: a key outside this set is not an attribute at all.
    static let allAttributes: Set<String> = Set(genericPassword.kinds.keys).union(internetPassword.kinds.keys)

    /// Attributes the vault sets itself.
    static let readOnlyAttributes: Set<String> = ["cdat", "mdat"]

    static func schema(for itemClass: String) -> VaultItemSchema? {
        switch itemClass {
        case genericPassword.itemClass: genericPassword
        case internetPassword.itemClass: internetPassword
        default: nil
        }
    }

    /// The value an absent primary-key attribute takes when an item is added.
    func defaultValue(for attribute: String) -> VaultValue {
        switch kinds[attribute] {
        case .number: .number(0)
        case .bool: .bool(false)
        default: .string("")
        }
    }
}
