import Foundation

extension Vault {
    /// Reads the data of the generic password for `service` and `account`, or nil when there is none.
    ///
    /// ```swift
    /// let pin = try vault.password(service: "com.example.NoteTaker", account: "pin")
    /// ```
    /// - Throws: ``VaultError`` with `.interactionNotAllowed` while the item is unavailable, `.decode` when
    ///   it is damaged.
    public func password(service: String, account: String) throws(VaultError) -> Data? {
        do {
            return try copyMatching([
                "class": "genp", "svce": service, "acct": account, "r_Data": true,
            ]) as? Data
        } catch  where error.code == .itemNotFound {
            return nil
        }
    }

    /// Stores `data` as the generic password for `service` and `account`, replacing any previous one.
    /// - Parameter accessibility: When the item can be read; `.whenUnlocked` unless given.
    /// - Throws: ``VaultError`` with `.interactionNotAllowed` while the device's lock state forbids it.
    public func setPassword(
        _ data: Data,
        service: String,
        account: String,
        accessibility: VaultAccessibility = .whenUnlocked
    ) throws(VaultError) {
        let query: [String: Any] = ["class": "genp", "svce": service, "acct": account]
        do {
            try add(query.merging(["v_Data": data, "pdmn": accessibility.rawValue]) { $1 })
        } catch  where error.code == .duplicateItem {
            try update(query, with: ["v_Data": data, "pdmn": accessibility.rawValue])
        }
    }

    /// Deletes the generic password for `service` and `account`; does nothing when there is none.
    /// - Throws: ``VaultError`` with `.interactionNotAllowed` while the device's lock state forbids it.
    public func removePassword(service: String, account: String) throws(VaultError) {
        do {
            try delete(["class": "genp", "svce": service, "acct": account])
        } catch  where error.code == .itemNotFound {
            return
        }
    }
}
