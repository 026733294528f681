// swift-format-ignore-file: OrderedImports
// The module learners import, in place of SwiftData, Security, UserNotifications and the parts of
// Foundation, SwiftUI and CloudKit the course uses. It exports Apple's API and nothing else: each part of
// the core lives in its own module, and this one re-exports only the names Apple's frameworks have, so a
// line that compiles with `import PersistenceCore` alone uses nothing a device lacks. What exists only on
// the workbench (simulated devices and accounts, the sandbox and file store, sync and notifications on
// demand, the SQL capture) is in `PersistenceWorkbench`, which a file imports on purpose.
//
// SwiftData's module (the macros, models, containers and contexts) and the notification centre have Apple's
// names throughout, so they are re-exported whole; a macro cannot be re-exported by name. From the other
// modules, each Apple name is re-exported on its own. `course/api/apple.json` lists every public symbol
// learners can reach with the page of Apple's documentation it mirrors, and `coach verify` checks the two
// agree.
//
// Foundation comes along too: code written for Apple platforms often imports only Security or SwiftData
// yet uses `Data`, `Date` and `LocalizedError`.
@_exported import Foundation
@_exported import PersistenceModels
@_exported import PersistenceNotifications

// PersistenceCloud
@_exported import class PersistenceCloud.CKContainer
@_exported import enum PersistenceCloud.CKAccountStatus
@_exported import enum PersistenceCloud.NSPersistentCloudKitContainer
@_exported import struct PersistenceCloud.CKError
// PersistencePreferences
@_exported import class PersistencePreferences.UserDefaults
@_exported import struct PersistencePreferences.AppStorage
// PersistenceSQLiteStore
@_exported import class PersistenceSQLiteStore.DefaultStore
@_exported import struct PersistenceSQLiteStore.ModelConfiguration
// PersistenceVault
@_exported import func PersistenceVault.SecCopyErrorMessageString
@_exported import func PersistenceVault.SecItemAdd
@_exported import func PersistenceVault.SecItemCopyMatching
@_exported import func PersistenceVault.SecItemDelete
@_exported import func PersistenceVault.SecItemUpdate
@_exported import typealias PersistenceVault.CFArray
@_exported import typealias PersistenceVault.CFBoolean
@_exported import typealias PersistenceVault.CFData
@_exported import typealias PersistenceVault.CFDictionary
@_exported import typealias PersistenceVault.CFNumber
@_exported import typealias PersistenceVault.CFString
@_exported import typealias PersistenceVault.CFTypeRef
@_exported import typealias PersistenceVault.OSStatus
@_exported import var PersistenceVault.errSecAllocate
@_exported import var PersistenceVault.errSecAuthFailed
@_exported import var PersistenceVault.errSecBadReq
@_exported import var PersistenceVault.errSecDataNotAvailable
@_exported import var PersistenceVault.errSecDataTooLarge
@_exported import var PersistenceVault.errSecDecode
@_exported import var PersistenceVault.errSecDiskFull
@_exported import var PersistenceVault.errSecDuplicateItem
@_exported import var PersistenceVault.errSecIO
@_exported import var PersistenceVault.errSecInteractionNotAllowed
@_exported import var PersistenceVault.errSecInteractionRequired
@_exported import var PersistenceVault.errSecInternalComponent
@_exported import var PersistenceVault.errSecItemNotFound
@_exported import var PersistenceVault.errSecMissingEntitlement
@_exported import var PersistenceVault.errSecNoSuchAttr
@_exported import var PersistenceVault.errSecNoSuchClass
@_exported import var PersistenceVault.errSecNoSuchKeychain
@_exported import var PersistenceVault.errSecNotAvailable
@_exported import var PersistenceVault.errSecParam
@_exported import var PersistenceVault.errSecReadOnly
@_exported import var PersistenceVault.errSecReadOnlyAttr
@_exported import var PersistenceVault.errSecRestrictedAPI
@_exported import var PersistenceVault.errSecSuccess
@_exported import var PersistenceVault.errSecUnimplemented
@_exported import var PersistenceVault.errSecUserCanceled
@_exported import var PersistenceVault.errSecWrPerm
@_exported import var PersistenceVault.kCFBooleanFalse
@_exported import var PersistenceVault.kCFBooleanTrue
@_exported import var PersistenceVault.kSecAttrAccessGroup
@_exported import var PersistenceVault.kSecAttrAccessible
@_exported import var PersistenceVault.kSecAttrAccessibleAfterFirstUnlock
@_exported import var PersistenceVault.kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
@_exported import var PersistenceVault.kSecAttrAccessibleAlways
@_exported import var PersistenceVault.kSecAttrAccessibleAlwaysThisDeviceOnly
@_exported import var PersistenceVault.kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
@_exported import var PersistenceVault.kSecAttrAccessibleWhenUnlocked
@_exported import var PersistenceVault.kSecAttrAccessibleWhenUnlockedThisDeviceOnly
@_exported import var PersistenceVault.kSecAttrAccount
@_exported import var PersistenceVault.kSecAttrAuthenticationType
@_exported import var PersistenceVault.kSecAttrAuthenticationTypeDefault
@_exported import var PersistenceVault.kSecAttrAuthenticationTypeHTMLForm
@_exported import var PersistenceVault.kSecAttrComment
@_exported import var PersistenceVault.kSecAttrCreationDate
@_exported import var PersistenceVault.kSecAttrDescription
@_exported import var PersistenceVault.kSecAttrGeneric
@_exported import var PersistenceVault.kSecAttrLabel
@_exported import var PersistenceVault.kSecAttrModificationDate
@_exported import var PersistenceVault.kSecAttrPath
@_exported import var PersistenceVault.kSecAttrPort
@_exported import var PersistenceVault.kSecAttrProtocol
@_exported import var PersistenceVault.kSecAttrProtocolHTTP
@_exported import var PersistenceVault.kSecAttrProtocolHTTPS
@_exported import var PersistenceVault.kSecAttrSecurityDomain
@_exported import var PersistenceVault.kSecAttrServer
@_exported import var PersistenceVault.kSecAttrService
@_exported import var PersistenceVault.kSecAttrSynchronizable
@_exported import var PersistenceVault.kSecAttrSynchronizableAny
@_exported import var PersistenceVault.kSecClass
@_exported import var PersistenceVault.kSecClassCertificate
@_exported import var PersistenceVault.kSecClassGenericPassword
@_exported import var PersistenceVault.kSecClassIdentity
@_exported import var PersistenceVault.kSecClassInternetPassword
@_exported import var PersistenceVault.kSecClassKey
@_exported import var PersistenceVault.kSecMatchLimit
@_exported import var PersistenceVault.kSecMatchLimitAll
@_exported import var PersistenceVault.kSecMatchLimitOne
@_exported import var PersistenceVault.kSecReturnAttributes
@_exported import var PersistenceVault.kSecReturnData
@_exported import var PersistenceVault.kSecReturnPersistentRef
@_exported import var PersistenceVault.kSecReturnRef
@_exported import var PersistenceVault.kSecUseDataProtectionKeychain
@_exported import var PersistenceVault.kSecValueData
@_exported import var PersistenceVault.kSecValuePersistentRef
@_exported import var PersistenceVault.kSecValueRef
// Refused with a message that names the real API: a guide's name that exists on no Apple platform.
@_exported import struct PersistenceSQLiteStore.ModelStoreDescription

/// The app's preferences, under the name Apple's guides use: `UserDefaults.standard`,
/// `UserDefaults(suiteName:)` and the `store:` of `@AppStorage` all reach the property lists in the
/// current app's `Library/Preferences`.
///
/// Foundation on Linux has a `UserDefaults` of its own, which writes to `~/.config` and which
/// `@AppStorage` never reads. In a file that imports only `PersistenceCore`, this declaration shadows
/// Foundation's, so `UserDefaults` is always the workbench's. A file that also imports Foundation itself
/// sees both names; Swift then prefers a declaration of the file's own module, so such a module declares
/// the name once, in any one of its files:
///
/// ```swift
/// import Foundation
/// import PersistenceCore
///
/// typealias UserDefaults = PersistenceCore.UserDefaults
/// ```
public typealias UserDefaults = PersistencePreferences.UserDefaults
