import Foundation

extension Vault {
    /// The readable items `request` matches, in the order they were added.
    /// - Throws: `.decode` when a damaged item could match the request, whatever its match limit: an item
    ///   that cannot be read is never reported as absent, so that an app does not take it for unset.
    func matchingItems(
        _ request: VaultRequest,
        in snapshot: VaultSnapshot,
        operation: VaultOperation
    ) throws(VaultError) -> [VaultSnapshot.StoredItem] {
        let damaged = damagedItems(couldMatch: request, in: snapshot)
        if !damaged.isEmpty {
            throw VaultIntegrityFailure.damagedItems(
                count: damaged.count, itemClass: request.schema.itemClass, operation: operation
            )
        }
        return snapshot.items.filter { request.matches($0.item, accessGroups: accessGroups) }
    }

    /// The damaged items `request` could match, as far as what is known of them tells.
    func damagedItems(couldMatch request: VaultRequest, in snapshot: VaultSnapshot) -> [VaultSnapshot.DamagedItem] {
        guard !snapshot.damaged.isEmpty else { return [] }
        let pinned = snapshot.keys.flatMap { pinnedPrimaryKeyCodes(request, keys: $0) }
        return snapshot.damaged.filter {
            request.couldMatch($0, pinnedPrimaryKeyCodes: pinned, accessGroups: accessGroups)
        }
    }

    /// The primary-key codes of the items a query names exactly, or nil when it leaves part of the key open.
    func pinnedPrimaryKeyCodes(_ request: VaultRequest, keys: VaultKeys) -> Set<String>? {
        let pinned = request.pinnedPrimaryKeys(accessGroups: accessGroups)
        guard !pinned.isEmpty else { return nil }
        return Set(pinned.map { keys.primaryKeyCode(itemClass: request.schema.itemClass, primaryKey: $0) })
    }

    /// Throws `.decode` when a damaged item of `itemClass` may have one of the primary keys in `codes`: a
    /// write must not put a second item beside a damaged one with the same primary key.
    func requireNoDamagedItem(
        withPrimaryKeyCodes codes: Set<String>,
        itemClass: String,
        in snapshot: VaultSnapshot,
        operation: VaultOperation
    ) throws(VaultError) {
        let colliding = snapshot.damaged.filter { damaged in
            (damaged.itemClass ?? itemClass) == itemClass && damaged.primaryKeyCode.map(codes.contains) ?? true
        }
        if !colliding.isEmpty {
            throw VaultIntegrityFailure.damagedItems(count: colliding.count, itemClass: itemClass, operation: operation)
        }
    }

    /// Throws `errSecInteractionNotAllowed` unless the device's lock state lets every item be used.
    func requireAccess(to accessibilities: [VaultAccessibility], operation: VaultOperation) throws(VaultError) {
        let state = device.lockState
        if accessibilities.contains(where: { !$0.permitsAccess(on: state) }) {
            throw VaultError(
                .interactionNotAllowed,
                state.isLocked ? "the device is locked" : "the device has not been unlocked since it started",
                during: operation
            )
        }
    }

    /// The value Apple returns for one item given the requested return kinds, or nil when nothing is asked
    /// for or only a reference is, which password items do not have.
    static func resultValue(for item: VaultItem, returns: VaultRequest.ReturnKinds) -> Any? {
        let asked = [returns.data, returns.attributes, returns.reference, returns.persistentReference].filter { $0 }
            .count
        if asked == 1 {
            if returns.data { return item.data ?? Data() }
            if returns.persistentReference { return item.persistentReference }
            if returns.reference { return nil }
        }
        guard asked > 0 else { return nil }
        var dictionary = item.attributeDictionary
        if returns.data { dictionary["v_Data"] = item.data ?? Data() }
        if returns.persistentReference { dictionary["v_PersistentRef"] = item.persistentReference }
        return dictionary
    }
}
