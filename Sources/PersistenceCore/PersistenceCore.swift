// The module learners import. Each part of the core lives in its own module; this one re-exports them
// so that `import PersistenceCore` gives the whole API, the way `import SwiftData` does on Apple platforms.
//
// Foundation comes along too: code written for Apple platforms often imports only Security or SwiftData
// yet uses `Data`, `Date` and `LocalizedError`.
@_exported import Foundation
@_exported import PersistenceModels
@_exported import PersistenceSQLiteStore
@_exported import PersistencePreferences
@_exported import PersistenceSandbox
@_exported import PersistenceVault
