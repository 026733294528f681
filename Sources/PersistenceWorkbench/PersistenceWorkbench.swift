@_exported import PersistenceCloud
@_exported import PersistenceCloudServer
// What exists only on the workbench, which a file imports on purpose beside `PersistenceCore`:
//
// - the simulated device, its app containers and files (`AppSandbox`, `FileStore`, `AtomicFileWriter`,
//   backups), and the app's entitlements and background modes declared in code (`AppEntitlements`);
// - the keychain's device and its simulated lock (`Vault`, `VaultDevice`);
// - iCloud on one machine: accounts and devices (`SimulatedICloud`, `CloudDevice`), and syncing at a moment
//   a test chooses (`ModelContainer.syncWithCloudKit()`);
// - what a view or the system does on a device: the model environment of a screen (`ModelEnvironment`),
//   notifications delivered on demand (`UNUserNotificationCenter.deliverPendingNotifications(until:)`);
// - what a test inspects: the SQL a piece of work ran (`ModelContainer.captureSQL(during:)`), a
//   preferences file and the errors it reported.
//
// None of it compiles on a device, and that is the point of importing it by name: a line that needs this
// module is a line a device would write differently. Each lesson that uses one of these names says what a
// device does instead, and `course/api/workbench.json` lists them all with that answer.
//
// The types of the workbench's own are re-exported from the modules that declare them; its members of
// Apple's types are declared here (`AppleTypes+Workbench.swift`).
@_exported import PersistenceCore
@_exported import PersistencePreferences
@_exported import PersistenceSQLiteStore
@_exported import PersistenceSandbox
@_exported import PersistenceVault
