import Foundation

/// The errors that say the vault's content cannot be trusted, each with the way to recover. All are
/// `errSecDecode`: the vault fails closed, so that an app never mistakes a damaged item for an absent one.
enum VaultIntegrityFailure {
    static let eraseAdvice = "or erase the vault with Vault.erase(), which removes every item"

    /// The device key file is gone while the vault holds items sealed under it.
    static func deviceKeyMissing(at url: URL, operation: VaultOperation) -> VaultError {
        VaultError(
            .decode, "the device key \(url.path) is missing, and the vault holds items sealed under it",
            recoverySuggestion: "put back the original device key file at \(url.path), \(eraseAdvice)",
            during: operation
        )
    }

    /// The device key file holds another key than the one the vault was sealed with.
    static func deviceKeyMismatch(at url: URL, operation: VaultOperation) -> VaultError {
        VaultError(
            .decode, "the device key \(url.path) does not match this vault: its items were sealed under another key",
            recoverySuggestion: "put back the original device key file at \(url.path), \(eraseAdvice)",
            during: operation
        )
    }

    /// The device key file is not a key at all.
    static func deviceKeyDamaged(at url: URL, byteCount: Int, operation: VaultOperation) -> VaultError {
        VaultError(
            .decode,
            "the device key file \(url.path) is damaged (\(byteCount) bytes where a key has \(VaultKeys.byteCount))",
            recoverySuggestion: "put back the original device key file at \(url.path), \(eraseAdvice)",
            during: operation
        )
    }

    /// Item files without the manifest that vouches for them.
    static func manifestMissing(itemFileCount: Int, operation: VaultOperation) -> VaultError {
        VaultError(
            .decode,
            "the vault holds \(itemFiles(itemFileCount)) but no manifest (written by an older version of the "
                + "vault, or its manifest was removed), so none of its items can be trusted",
            recoverySuggestion: "erase the vault with Vault.erase() and add the items again",
            during: operation
        )
    }

    /// A manifest that does not open under the right key.
    static func manifestDamaged(operation: VaultOperation) -> VaultError {
        VaultError(
            .decode,
            "the vault's manifest is damaged or was changed outside the vault, so none of its items can be trusted",
            recoverySuggestion: "erase the vault with Vault.erase() and add the items again",
            during: operation
        )
    }

    /// Items of `itemClass` that a query could match but that cannot be read.
    static func damagedItems(count: Int, itemClass: String, operation: VaultOperation) -> VaultError {
        VaultError(
            .decode,
            "\(storedItems(count)) of class \(itemClass) cannot be read (damaged, or changed outside the vault)",
            recoverySuggestion: deletionAdvice(count: count), itemClass: itemClass, during: operation
        )
    }

    /// Damaged items that keep a whole-vault operation, such as a backup, from being complete.
    /// - Parameter counts: How many damaged items each class has; the empty string counts those of unknown class.
    static func damagedItems(byClass counts: [String: Int], operation: VaultOperation) -> VaultError {
        let total = counts.values.reduce(0, +)
        let classes = counts.keys.sorted().map { itemClass in
            "\(counts[itemClass]!) \(itemClass.isEmpty ? "of an unknown class" : "of class \(itemClass)")"
        }.joined(separator: ", ")
        return VaultError(
            .decode, "\(storedItems(total)) (\(classes)) cannot be read (damaged, or changed outside the vault)",
            recoverySuggestion: deletionAdvice(count: total), during: operation
        )
    }

    private static func storedItems(_ count: Int) -> String {
        count == 1 ? "1 stored item" : "\(count) stored items"
    }

    private static func deletionAdvice(count: Int) -> String {
        let (object, possessive) = count == 1 ? ("it", "its") : ("them", "their")
        return "delete \(object) with SecItemDelete naming \(possessive) class and primary-key attributes, "
            + "or delete every item of the class with a query naming only the class"
    }

    private static func itemFiles(_ count: Int) -> String {
        count == 1 ? "1 item file" : "\(count) item files"
    }
}
