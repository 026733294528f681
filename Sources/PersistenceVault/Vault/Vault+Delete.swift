import Foundation

extension Vault {
    /// Deletes every item a query matches, like `SecItemDelete`.
    ///
    /// A damaged item whose primary key the query gives in full is deleted too, so an app can recover
    /// by deleting and adding it again.
    /// - Parameter query: The class and attributes to match; `kSecMatchLimit` is not allowed.
    /// - Throws: ``VaultError`` with `.itemNotFound` when nothing matches, `.interactionNotAllowed` when a
    ///   match is unavailable in the device's lock state, `.invalidParameter` for a bad dictionary.
    public func delete(_ query: [String: Any]) throws(VaultError) {
        let operation = VaultOperation.delete
        let request = try VaultRequest(query, purpose: .delete, accessGroups: accessGroups, operation: operation)
        let store = try openStore(for: operation)
        try store.locked(exclusive: true) { () throws(VaultError) in
            let contents = try store.readAll()
            let damaged = damagedFiles(pinnedBy: request, in: contents, store: store)
            let matches = contents.items.filter { request.matches($0.item, accessGroups: accessGroups) }
            guard !matches.isEmpty || !damaged.isEmpty else {
                throw VaultError(.itemNotFound, "no item matches the query", during: operation)
            }
            try requireAccess(to: matches.map(\.item.accessibility), operation: operation)
            for name in matches.map(\.fileName) + damaged {
                try store.remove(named: name)
            }
        }
    }
}
