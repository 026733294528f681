// Section 13 — iCloud sync
// What the app is signed with. See Trip.swift for the goal.

import PersistenceCore
import PersistenceWorkbench

extension PackingStore {
    /// What the app is signed with, as Xcode's Signing & Capabilities pane sets it: iCloud → CloudKit with
    /// the app's container, and Background Modes → Remote notifications, so that CloudKit's silent pushes
    /// bring other devices' changes in while the app runs.
    ///
    /// On a device these live in the app's entitlements file and Info.plist, set in Xcode; the workbench's
    /// `AppEntitlements` (from `import PersistenceWorkbench`) stands in for them.
    public static let entitlements = AppEntitlements(
        iCloudContainerIdentifiers: [containerIdentifier], backgroundModes: [.remoteNotification])
}
