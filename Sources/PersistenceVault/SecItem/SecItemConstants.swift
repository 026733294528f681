import Foundation

// Keys and values of vault queries. The string values are the ones Apple's Security framework uses
// (`SecItemConstants.c`), so dictionaries printed or stored by either side read the same.

// MARK: - Item classes

/// The query key that names the class of item: `kSecClass as String: kSecClassGenericPassword`.
nonisolated(unsafe) public let kSecClass: CFString = "class"
/// The class of a generic password, identified by service and account.
nonisolated(unsafe) public let kSecClassGenericPassword: CFString = "genp"
/// The class of an internet password, identified by server, protocol, port, path, account and more.
nonisolated(unsafe) public let kSecClassInternetPassword: CFString = "inet"
/// The class of a certificate (not stored by the vault: its functions return `errSecUnimplemented`).
nonisolated(unsafe) public let kSecClassCertificate: CFString = "cert"
/// The class of a cryptographic key (not stored by the vault: its functions return `errSecUnimplemented`).
nonisolated(unsafe) public let kSecClassKey: CFString = "keys"
/// The class of an identity (not stored by the vault: its functions return `errSecUnimplemented`).
nonisolated(unsafe) public let kSecClassIdentity: CFString = "idnt"

// MARK: - Attributes

/// The service a generic password belongs to; part of its primary key.
nonisolated(unsafe) public let kSecAttrService: CFString = "svce"
/// The account name of a password; part of its primary key.
nonisolated(unsafe) public let kSecAttrAccount: CFString = "acct"
/// The access group an item is shared in; part of its primary key. Defaults to the app's identifier.
nonisolated(unsafe) public let kSecAttrAccessGroup: CFString = "agrp"
/// When the item may be read, one of the `kSecAttrAccessible…` values.
nonisolated(unsafe) public let kSecAttrAccessible: CFString = "pdmn"
/// Whether the item syncs through iCloud Keychain; part of its primary key.
nonisolated(unsafe) public let kSecAttrSynchronizable: CFString = "sync"
/// A query value for `kSecAttrSynchronizable` that matches synchronizable and local items alike.
nonisolated(unsafe) public let kSecAttrSynchronizableAny: CFString = "syna"
/// Free-form data attached to a generic password; not part of its primary key.
nonisolated(unsafe) public let kSecAttrGeneric: CFString = "gena"
/// A user-visible label for the item.
nonisolated(unsafe) public let kSecAttrLabel: CFString = "labl"
/// A user-visible description of the kind of item.
nonisolated(unsafe) public let kSecAttrDescription: CFString = "desc"
/// A user-editable comment.
nonisolated(unsafe) public let kSecAttrComment: CFString = "icmt"
/// The date the item was created (read-only).
nonisolated(unsafe) public let kSecAttrCreationDate: CFString = "cdat"
/// The date the item was last changed (read-only).
nonisolated(unsafe) public let kSecAttrModificationDate: CFString = "mdat"
/// The server of an internet password; part of its primary key.
nonisolated(unsafe) public let kSecAttrServer: CFString = "srvr"
/// The security domain of an internet password; part of its primary key.
nonisolated(unsafe) public let kSecAttrSecurityDomain: CFString = "sdmn"
/// The protocol of an internet password, one of the `kSecAttrProtocol…` values; part of its primary key.
nonisolated(unsafe) public let kSecAttrProtocol: CFString = "ptcl"
/// The authentication scheme of an internet password; part of its primary key.
nonisolated(unsafe) public let kSecAttrAuthenticationType: CFString = "atyp"
/// The port number of an internet password; part of its primary key.
nonisolated(unsafe) public let kSecAttrPort: CFString = "port"
/// The path of an internet password; part of its primary key.
nonisolated(unsafe) public let kSecAttrPath: CFString = "path"

/// The HTTP protocol value for `kSecAttrProtocol`.
nonisolated(unsafe) public let kSecAttrProtocolHTTP: CFString = "http"
/// The HTTPS protocol value for `kSecAttrProtocol`.
nonisolated(unsafe) public let kSecAttrProtocolHTTPS: CFString = "htps"
/// The default authentication type value for `kSecAttrAuthenticationType`.
nonisolated(unsafe) public let kSecAttrAuthenticationTypeDefault: CFString = "dflt"
/// The HTML form authentication type value for `kSecAttrAuthenticationType`.
nonisolated(unsafe) public let kSecAttrAuthenticationTypeHTMLForm: CFString = "form"

// MARK: - Accessibility

/// Readable only while the device is unlocked; the default when `kSecAttrAccessible` is absent.
nonisolated(unsafe) public let kSecAttrAccessibleWhenUnlocked: CFString = "ak"
/// Readable once the device has been unlocked after its last restart.
nonisolated(unsafe) public let kSecAttrAccessibleAfterFirstUnlock: CFString = "ck"
/// Always readable, even while locked (deprecated on Apple platforms).
nonisolated(unsafe) public let kSecAttrAccessibleAlways: CFString = "dk"
/// Like `kSecAttrAccessibleWhenUnlocked`, and never restored to another device from a backup.
nonisolated(unsafe) public let kSecAttrAccessibleWhenUnlockedThisDeviceOnly: CFString = "aku"
/// Like `kSecAttrAccessibleAfterFirstUnlock`, and never restored to another device from a backup.
nonisolated(unsafe) public let kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString = "cku"
/// Like `kSecAttrAccessibleAlways`, and never restored to another device from a backup.
nonisolated(unsafe) public let kSecAttrAccessibleAlwaysThisDeviceOnly: CFString = "dku"
/// Readable while unlocked, only on a device with a passcode, and never restored to another device.
nonisolated(unsafe) public let kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly: CFString = "akpu"

// MARK: - Values

/// The item's secret bytes, as `Data`.
nonisolated(unsafe) public let kSecValueData: CFString = "v_Data"
/// A reference to the item; only certificates, keys and identities have one.
nonisolated(unsafe) public let kSecValueRef: CFString = "v_Ref"
/// A persistent reference to the item, as `Data`: it stays valid across launches and can find the item again.
nonisolated(unsafe) public let kSecValuePersistentRef: CFString = "v_PersistentRef"

// MARK: - Return types

/// Ask for the item's data (`Data`).
nonisolated(unsafe) public let kSecReturnData: CFString = "r_Data"
/// Ask for the item's attributes (`[String: Any]`).
nonisolated(unsafe) public let kSecReturnAttributes: CFString = "r_Attributes"
/// Ask for a reference to the item; password items have none, so this yields nothing for them.
nonisolated(unsafe) public let kSecReturnRef: CFString = "r_Ref"
/// Ask for a persistent reference to the item (`Data`).
nonisolated(unsafe) public let kSecReturnPersistentRef: CFString = "r_PersistentRef"

// MARK: - Match limits

/// How many items a search returns: `kSecMatchLimitOne` (the default), `kSecMatchLimitAll` or a number.
nonisolated(unsafe) public let kSecMatchLimit: CFString = "m_Limit"
/// Return at most one item, as a single value.
nonisolated(unsafe) public let kSecMatchLimitOne: CFString = "m_LimitOne"
/// Return every match, as an array, even when only one item matches.
nonisolated(unsafe) public let kSecMatchLimitAll: CFString = "m_LimitAll"

// MARK: - Options

/// Use the data-protection keychain on macOS; accepted and ignored, since the vault always behaves like it.
nonisolated(unsafe) public let kSecUseDataProtectionKeychain: CFString = "nleg"
