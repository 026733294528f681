import Foundation

extension Vault {
    /// Finds items, like `SecItemCopyMatching`.
    ///
    /// The result's shape follows Apple's rules: only `kSecReturnData` gives `Data`; only
    /// `kSecReturnPersistentRef` gives `Data`; attributes or any combination give `[String: Any]`
    /// (data under `kSecValueData`); `kSecMatchLimitAll` or a limit above one gives an array, even of one.
    /// A search writes nothing and creates nothing, so it works in a folder the process cannot write.
    /// - Parameter query: The class, attributes to match, return keys and match limit.
    /// - Returns: The requested values, or nil when the query asks for none.
    /// - Throws: ``VaultError`` with `.itemNotFound` when nothing matches, `.interactionNotAllowed` when a
    ///   match is unavailable in the device's lock state, `.decode` when a damaged item could match the
    ///   query (whatever the match limit) or the device key does not match the vault.
    public func copyMatching(_ query: [String: Any]) throws(VaultError) -> Any? {
        let operation = VaultOperation.search
        let request = try VaultRequest(query, purpose: .search, accessGroups: accessGroups, operation: operation)
        do {
            return try search(request, operation: operation)
        } catch {
            throw error.naming(itemClass: request.schema.itemClass)
        }
    }

    private func search(_ request: VaultRequest, operation: VaultOperation) throws(VaultError) -> Any? {
        let snapshot = try store(for: operation).readSnapshot()
        var matches = try matchingItems(request, in: snapshot, operation: operation).map(\.item)
        guard !matches.isEmpty else {
            throw VaultError(.itemNotFound, "no item matches the query", during: operation)
        }
        switch request.limit {
        case .one: matches = [matches[0]]
        case .count(let count): matches = Array(matches.prefix(count))
        case .all: break
        }
        try requireAccess(to: matches.map(\.accessibility), operation: operation)

        guard !request.returns.isEmpty else { return nil }
        if request.limit == .one {
            return Self.resultValue(for: matches[0], returns: request.returns)
        }
        let values = matches.compactMap { Self.resultValue(for: $0, returns: request.returns) }
        return values.isEmpty ? nil : values
    }
}
