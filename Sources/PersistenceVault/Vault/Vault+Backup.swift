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
    /// Takes a backup of every item on the device, whichever app added it.
    /// - Throws: ``VaultError`` with `.io` when the vault cannot be read.
    public func makeBackup() throws(VaultError) -> VaultBackup {
        let operation = VaultOperation.backup
        let store = try openStore(for: operation)
        let contents = try store.locked(exclusive: false) { () throws(VaultError) in try store.readAll() }
        return VaultBackup(sourceDeviceIdentifier: store.keys.deviceIdentifier, items: contents.items.map(\.item))
    }

    /// Restores a backup into this device's vault: each backed-up item replaces the item with the same
    /// primary key. Items marked ThisDeviceOnly are skipped unless the backup was taken on this device.
    /// - Returns: How many items were restored.
    /// - Throws: ``VaultError`` with `.io` when the vault cannot be written.
    @discardableResult
    public func restore(_ backup: VaultBackup) throws(VaultError) -> Int {
        let operation = VaultOperation.restore
        let store = try openStore(for: operation)
        let isSameDevice = backup.sourceDeviceIdentifier == store.keys.deviceIdentifier
        let restorable = backup.items.filter { isSameDevice || !$0.accessibility.isThisDeviceOnly }
        try store.locked(exclusive: true) { () throws(VaultError) in
            for item in restorable {
                guard let schema = VaultItemSchema.schema(for: item.itemClass) else { continue }
                try store.write(item, named: store.fileName(for: item, schema: schema))
            }
        }
        return restorable.count
    }
}
