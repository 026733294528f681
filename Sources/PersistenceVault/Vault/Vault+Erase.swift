import Foundation

extension Vault {
    /// Removes every item of the vault, whichever app added it, and the vault's integrity record, leaving
    /// an empty vault that works with the device key in place (a new one when it is missing or damaged).
    ///
    /// It is the equivalent of erasing a device's keychain, which iOS apps cannot do; the workbench offers
    /// it as the recovery from a lost or replaced device key, or from a vault whose manifest is damaged. It
    /// works whatever the state of the vault, even when the device key does not match it.
    ///
    /// ```swift
    /// // The device key is lost for good, and with it every item sealed under it: start again.
    /// try vault.erase()
    /// try vault.setPassword(Data(newPIN.utf8), service: "com.example.NoteTaker", account: "pin")
    /// ```
    /// - Throws: ``VaultError`` with `.io` when the vault folder is read-only or a file cannot be removed.
    public func erase() throws(VaultError) {
        try store(for: .erase).erase()
    }
}
