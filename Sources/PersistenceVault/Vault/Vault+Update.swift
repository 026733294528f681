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
    ///   `.invalidParameter` for a bad dictionary.
    public func update(_ query: [String: Any], with attributesToUpdate: [String: Any]) throws(VaultError) {
        let operation = VaultOperation.update
        let request = try VaultRequest(query, purpose: .updateQuery, accessGroups: accessGroups, operation: operation)
        let changes = try VaultRequest(
            attributesToUpdate, purpose: .updateAttributes, schema: request.schema,
            accessGroups: accessGroups, operation: operation
        )
        let store = try openStore(for: operation)
        try store.locked(exclusive: true) { () throws(VaultError) in
            let matches = try matchingItems(request, in: try store.readAll(), store: store, operation: operation)
            guard !matches.isEmpty else {
                throw VaultError(.itemNotFound, "no item matches the query", during: operation)
            }
            let now = Date()
            let updated: [VaultItemStore.StoredItem] = matches.map { match in
                var item = match.item
                item.attributes.merge(changes.attributes) { $1 }
                if let data = changes.valueData { item.data = data }
                item.modified = now
                return VaultItemStore.StoredItem(fileName: store.fileName(for: item, schema: request.schema), item: item)
            }
            try requireAccess(to: matches.map(\.item.accessibility) + updated.map(\.item.accessibility), operation: operation)
            if updated.contains(where: { $0.item.isSynchronizable && $0.item.accessibility.isThisDeviceOnly }) {
                throw VaultError(.invalidParameter, "a synchronizable item cannot have a ThisDeviceOnly accessibility", during: operation)
            }

            let oldNames = Set(matches.map(\.fileName))
            let newNames = updated.map(\.fileName)
            let collides = Set(newNames).count != newNames.count
                || newNames.contains { !oldNames.contains($0) && store.fileExists($0) }
            if collides {
                throw VaultError(.duplicateItem, "the change would give two items the same primary key", during: operation)
            }
            for name in oldNames.subtracting(newNames) {
                try store.remove(named: name)
            }
            for entry in updated {
                try store.write(entry.item, named: entry.fileName)
            }
        }
    }
}
