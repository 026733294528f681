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
    ///   `.invalidParameter`, `.noSuchAttribute` or `.missingEntitlement` for a bad dictionary, `.io` when
    ///   the vault folder is read-only, `.decode` when the device key does not match the vault or a damaged
    ///   item may have the same primary key. The damaged case is `.decode` rather than `.duplicateItem`
    ///   because apps commonly answer a duplicate by updating, or by taking the item as set; the add fails
    ///   closed instead and says how to delete the damaged item.
    @discardableResult
    public func add(_ attributes: [String: Any]) throws(VaultError) -> Any? {
        let operation = VaultOperation.add
        let request = try VaultRequest(attributes, purpose: .add, accessGroups: accessGroups, operation: operation)
        do {
            return try add(request, operation: operation)
        } catch {
            throw error.naming(itemClass: request.schema.itemClass)
        }
    }

    private func add(_ request: VaultRequest, operation: VaultOperation) throws(VaultError) -> Any? {
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

        try store(for: operation).change { snapshot throws(VaultError) in
            let code = try snapshot.requiredKeys(during: operation).primaryKeyCode(of: item, schema: schema)
            if snapshot.item(withPrimaryKeyCode: code, itemClass: schema.itemClass) != nil {
                throw VaultError(.duplicateItem, "an item with the same primary key already exists", during: operation)
            }
            try requireNoDamagedItem(
                withPrimaryKeyCodes: [code], itemClass: schema.itemClass, in: snapshot, operation: operation
            )
            return (VaultChange(writes: [item]), ())
        }

        guard !request.returns.isEmpty else { return nil }
        return Self.resultValue(for: item, returns: request.returns)
    }
}
