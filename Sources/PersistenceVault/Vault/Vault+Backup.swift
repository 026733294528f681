import Foundation

/// A copy of a device's vault items, as an encrypted device backup would carry them.
///
/// Restored to the device it came from, it brings back every item; restored to another device, it leaves
/// out the `…ThisDeviceOnly` items, as iOS does.
public struct VaultBackup: Sendable {
    /// The device the backup was taken on.
    let sourceDeviceIdentifier: String
    let items: [VaultItem]

    /// How many items the backup holds.
    public var itemCount: Int { items.count }
}

extension Vault {
    /// Takes a backup of every item on the device, whichever app added it. Writes nothing.
    /// - Throws: ``VaultError`` with `.io` when the vault cannot be read, `.decode` when an item cannot be
    ///   read (a backup would silently lose it) or the device key does not match the vault.
    public func makeBackup() throws(VaultError) -> VaultBackup {
        let operation = VaultOperation.backup
        let snapshot = try store(for: operation).readSnapshot()
        if !snapshot.damaged.isEmpty {
            let counts = Dictionary(snapshot.damaged.map { ($0.itemClass ?? "", 1) }, uniquingKeysWith: +)
            throw VaultIntegrityFailure.damagedItems(byClass: counts, operation: operation)
        }
        return VaultBackup(
            sourceDeviceIdentifier: snapshot.keys?.deviceIdentifier ?? "", items: snapshot.items.map(\.item))
    }

    /// Restores a backup into this device's vault: each backed-up item replaces the item with the same
    /// primary key, even a damaged one. Items marked ThisDeviceOnly are skipped unless the backup was
    /// taken on this device.
    /// - Returns: How many items were restored.
    /// - Throws: ``VaultError`` with `.io` when the vault cannot be written, `.decode` when the device key
    ///   does not match the vault.
    @discardableResult
    public func restore(_ backup: VaultBackup) throws(VaultError) -> Int {
        let operation = VaultOperation.restore
        return try store(for: operation).change { snapshot throws(VaultError) in
            let keys = try snapshot.requiredKeys(during: operation)
            let isSameDevice = backup.sourceDeviceIdentifier == keys.deviceIdentifier
            let restorable = backup.items.filter { isSameDevice || !$0.accessibility.isThisDeviceOnly }
            var change = VaultChange()
            for item in restorable {
                guard let schema = VaultItemSchema.schema(for: item.itemClass) else { continue }
                let code = keys.primaryKeyCode(of: item, schema: schema)
                let replaced = snapshot.items
                    .filter { $0.fileName.itemClass == item.itemClass && $0.fileName.primaryKeyCode == code }
                    .map(\.fileName.rawValue)
                let replacedDamaged = snapshot.damaged
                    .filter { $0.itemClass == item.itemClass && $0.primaryKeyCode == code }
                    .map(\.fileName)
                change.removals.formUnion(replaced + replacedDamaged)
                change.writes.append(item)
            }
            return (change, restorable.count)
        }
    }
}
