import Foundation

extension Vault {
    /// The items `request` matches, in the order they were added. A file that no longer decrypts is
    /// reported as `errSecDecode` when the request names its primary key exactly; otherwise it is skipped,
    /// since nothing in it can be read to match against.
    func matchingItems(
        _ request: VaultRequest,
        in contents: VaultItemStore.Contents,
        store: VaultItemStore,
        operation: VaultOperation
    ) throws(VaultError) -> [VaultItemStore.StoredItem] {
        let damaged = damagedFiles(pinnedBy: request, in: contents, store: store)
        if !damaged.isEmpty {
            throw VaultError(.decode, "the stored item could not be decrypted", during: operation)
        }
        return contents.items.filter { request.matches($0.item, accessGroups: accessGroups) }
    }

    /// Names of undecryptable files whose primary key the request gives in full.
    func damagedFiles(
        pinnedBy request: VaultRequest,
        in contents: VaultItemStore.Contents,
        store: VaultItemStore
    ) -> [String] {
        guard !contents.unreadableFileNames.isEmpty else { return [] }
        return request.pinnedPrimaryKeys(accessGroups: accessGroups)
            .map { store.keys.fileName(itemClass: request.schema.itemClass, primaryKey: $0) }
            .filter { contents.unreadableFileNames.contains($0) }
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
        let asked = [returns.data, returns.attributes, returns.reference, returns.persistentReference].filter { $0 }.count
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
