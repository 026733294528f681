import Foundation

extension Vault {
    /// Deletes every item a query matches, like `SecItemDelete`.
    ///
    /// Damaged items, which cannot be read, are deleted in two ways: by a query that gives their primary
    /// key in full, or by a query that names only their class (and perhaps the access group), which
    /// deletes every item of the class. Any other query that a damaged item could match fails with
    /// `.decode` and deletes nothing, so that the app does not believe the damaged item gone.
    /// - Parameter query: The class and attributes to match; `kSecMatchLimit` is not allowed.
    /// - Throws: ``VaultError`` with `.itemNotFound` when nothing matches, `.interactionNotAllowed` when a
    ///   match is unavailable in the device's lock state, `.invalidParameter` for a bad dictionary,
    ///   `.decode` as above or when the device key does not match the vault, `.io` when the vault folder
    ///   is read-only.
    public func delete(_ query: [String: Any]) throws(VaultError) {
        let operation = VaultOperation.delete
        let request = try VaultRequest(query, purpose: .delete, accessGroups: accessGroups, operation: operation)
        do {
            try store(for: operation).change { snapshot throws(VaultError) in
                (try deletion(request, in: snapshot, operation: operation), ())
            }
        } catch {
            throw error.naming(itemClass: request.schema.itemClass)
        }
    }

    private func deletion(
        _ request: VaultRequest,
        in snapshot: VaultSnapshot,
        operation: VaultOperation
    ) throws(VaultError) -> VaultChange {
        let damaged = damagedItems(couldMatch: request, in: snapshot)
        let namesDamagedExactly =
            snapshot.keys.flatMap { pinnedPrimaryKeyCodes(request, keys: $0) } != nil
            && damaged.allSatisfy { $0.primaryKeyCode != nil }
        if !damaged.isEmpty, !request.namesOnlyClass, !namesDamagedExactly {
            throw VaultIntegrityFailure.damagedItems(
                count: damaged.count, itemClass: request.schema.itemClass, operation: operation
            )
        }
        let matches = snapshot.items.filter { request.matches($0.item, accessGroups: accessGroups) }
        guard !matches.isEmpty || !damaged.isEmpty else {
            throw VaultError(.itemNotFound, "no item matches the query", during: operation)
        }
        try requireAccess(to: matches.map(\.item.accessibility), operation: operation)
        return VaultChange(removals: Set(matches.map(\.fileName.rawValue) + damaged.map(\.fileName)))
    }
}
