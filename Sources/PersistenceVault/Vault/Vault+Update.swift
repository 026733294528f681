import Foundation

extension Vault {
    /// Changes every item a query matches, like `SecItemUpdate`.
    ///
    /// ```swift
    /// try vault.update([kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "api"],
    ///                  with: [kSecValueData as String: newToken])
    /// ```
    /// - Parameters:
    ///   - query: The class and attributes to match; return keys and `kSecMatchLimit` are not allowed.
    ///   - attributesToUpdate: The attributes and `kSecValueData` to set on each match.
    /// - Throws: ``VaultError`` with `.itemNotFound` when nothing matches, `.duplicateItem` when a change
    ///   would give two items the same primary key (nothing is changed then), `.interactionNotAllowed`,
    ///   `.invalidParameter` for a bad dictionary, `.decode` when a damaged item could match the query or
    ///   has a primary key the change would give, or when the device key does not match the vault, `.io`
    ///   when the vault folder is read-only.
    public func update(_ query: [String: Any], with attributesToUpdate: [String: Any]) throws(VaultError) {
        let operation = VaultOperation.update
        let request = try VaultRequest(query, purpose: .updateQuery, accessGroups: accessGroups, operation: operation)
        let changes = try VaultRequest(
            attributesToUpdate, purpose: .updateAttributes, schema: request.schema,
            accessGroups: accessGroups, operation: operation
        )
        do {
            try store(for: operation).change { snapshot throws(VaultError) in
                (try updating(request, with: changes, in: snapshot, operation: operation), ())
            }
        } catch {
            throw error.naming(itemClass: request.schema.itemClass)
        }
    }

    private func updating(
        _ request: VaultRequest,
        with changes: VaultRequest,
        in snapshot: VaultSnapshot,
        operation: VaultOperation
    ) throws(VaultError) -> VaultChange {
        let keys = try snapshot.requiredKeys(during: operation)
        let matches = try matchingItems(request, in: snapshot, operation: operation)
        guard !matches.isEmpty else {
            throw VaultError(.itemNotFound, "no item matches the query", during: operation)
        }
        let now = Date()
        let updated: [VaultItem] = matches.map { match in
            var item = match.item
            item.attributes.merge(changes.attributes) { $1 }
            if let data = changes.valueData { item.data = data }
            item.modified = now
            return item
        }
        try requireAccess(to: matches.map(\.item.accessibility) + updated.map(\.accessibility), operation: operation)
        if updated.contains(where: { $0.isSynchronizable && $0.accessibility.isThisDeviceOnly }) {
            throw VaultError(
                .invalidParameter, "a synchronizable item cannot have a ThisDeviceOnly accessibility", during: operation
            )
        }

        let itemClass = request.schema.itemClass
        let oldCodes = Set(matches.map(\.fileName.primaryKeyCode))
        let newCodes = updated.map { keys.primaryKeyCode(of: $0, schema: request.schema) }
        let collides =
            Set(newCodes).count != newCodes.count
            || newCodes.contains {
                !oldCodes.contains($0) && snapshot.item(withPrimaryKeyCode: $0, itemClass: itemClass) != nil
            }
        if collides {
            throw VaultError(.duplicateItem, "the change would give two items the same primary key", during: operation)
        }
        try requireNoDamagedItem(
            withPrimaryKeyCodes: Set(newCodes), itemClass: itemClass, in: snapshot, operation: operation
        )
        return VaultChange(writes: updated, removals: Set(matches.map(\.fileName.rawValue)))
    }
}
