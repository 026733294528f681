// The module learners import. Each part of the core lives in its own module; this one re-exports them
// so that `import PersistenceCore` gives the whole API, the way `import SwiftData` does on Apple platforms.
//
// Foundation comes along too: code written for Apple platforms often imports only Security or SwiftData
// yet uses `Data`, `Date` and `LocalizedError`.
@_exported import Foundation
@_exported import PersistenceCloud
@_exported import PersistenceCloudServer
@_exported import PersistenceModels
@_exported import PersistenceNotifications
@_exported import PersistenceSQLiteStore
@_exported import PersistencePreferences
@_exported import PersistenceSandbox
@_exported import PersistenceVault

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
