// The one place that sees both the store and the sync layer: a configuration of the default store that
// names a CloudKit database asks the container to mirror it. The store knows nothing of sync and the sync
// layer nothing of the store's configuration type, so the conformance lives here, in the umbrella every
// app links (see ARCHITECTURE.md).

import PersistenceCloud
import PersistenceModels
import PersistenceSQLiteStore
import PersistenceSandbox

extension ModelConfiguration: MirroringConfiguration {
    /// A request to mirror the store to its iCloud container, or `nil` when it stays on the device;
    /// whether the device is signed in to iCloud is the mirror's business.
    package var mirroringRequest: (any StoreMirroringRequest)? {
        let entitlements = AppEntitlements.current
        guard let identifier = cloudKitDatabase.containerIdentifier(entitlements: entitlements) else { return nil }
        return CloudKitMirroringRequest(
            containerIdentifier: identifier, configurationName: name, device: sandbox,
            receivesSilentPushes: entitlements.backgroundModes.contains(.remoteNotification))
    }
}
