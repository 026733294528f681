import Foundation

extension Vault {
    /// Adds an item, like `SecItemAdd`.
    ///
    /// ```swift
    /// try vault.add([kSecClass as String: kSecClassGenericPassword,
    ///                kSecAttrService as String: "com.example.bank",
    ///                kSecAttrAccount as String: "ada",
    ///                kSecValueData as String: Data("s3cret".utf8)])
    /// ```
    /// - Parameter attributes: The item's class, attributes and `kSecValueData`, plus any return keys.
    /// - Returns: What the return keys ask for (as for a search limited to one item), or nil without them.
    /// - Throws: ``VaultError`` with `.duplicateItem` when an item with the same primary key exists (the
    ///   stored item is left as it was), `.interactionNotAllowed` while the item's accessibility forbids it,
    ///   `.invalidParameter`, `.noSuchAttribute` or `.missingEntitlement` for a bad dictionary.
    @discardableResult
    public func add(_ attributes: [String: Any]) throws(VaultError) -> Any? {
        let operation = VaultOperation.add
        let request = try VaultRequest(attributes, purpose: .add, accessGroups: accessGroups, operation: operation)
        let schema = request.schema

        var stored = request.attributes
        stored["agrp"] = stored["agrp"] ?? .string(accessGroups[0])
        stored["pdmn"] = stored["pdmn"] ?? .string(VaultAccessibility.whenUnlocked.rawValue)
        stored["sync"] = stored["sync"] ?? .bool(false)
        for name in schema.primaryKey where stored[name] == nil {
            stored[name] = schema.defaultValue(for: name)
        }
        let now = Date()
        let item = VaultItem(
            itemClass: schema.itemClass, attributes: stored, data: request.valueData,
            identifier: UUID(), created: now, modified: now
        )

        try requireAccess(to: [item.accessibility], operation: operation)
        if item.accessibility == .whenPasscodeSetThisDeviceOnly, !device.isPasscodeSet {
            throw VaultError(.notAvailable, "the item needs a device passcode and none is set", during: operation)
        }

        let store = try openStore(for: operation)
        try store.locked(exclusive: true) { () throws(VaultError) in
            let name = store.fileName(for: item, schema: schema)
            if store.fileExists(name) {
                throw VaultError(.duplicateItem, "an item with the same primary key already exists", during: operation)
            }
            try store.write(item, named: name)
        }

        guard !request.returns.isEmpty else { return nil }
        return Self.resultValue(for: item, returns: request.returns)
    }
}
