import Foundation
import PersistenceModels
import PersistenceSandbox
import Synchronization

/// A configuration's request to mirror its store to the private database of an iCloud container: it
/// checks CloudKit's model rules before the container opens any store, then starts the mirror.
package struct CloudKitMirroringRequest: StoreMirroringRequest {
    /// The iCloud container, such as `iCloud.com.example.notes`.
    package let containerIdentifier: String
    /// The name of the configuration whose store mirrors.
    package let configurationName: String
    /// The app sandbox the configuration was made in: its device's iCloud account is the one synced with.
    package let device: AppSandbox
    /// Whether the app declares Background Modes → Remote notifications, so that CloudKit's silent pushes
    /// reach it: the mirror then imports as soon as another device's changes reach iCloud.
    package let receivesSilentPushes: Bool

    package init(
        containerIdentifier: String, configurationName: String, device: AppSandbox, receivesSilentPushes: Bool = false
    ) {
        self.containerIdentifier = containerIdentifier
        self.configurationName = configurationName
        self.device = device
        self.receivesSilentPushes = receivesSilentPushes
    }

    /// Whether a load refuses models that break CloudKit's rules (the default, as on a device), or only
    /// lets the caller list them: `notetaker` syncs Section 8's models, which are not ready for CloudKit
    /// until Section 13, and says so when it signs in.
    package static var refusesModelsThatBreakTheRules: Bool {
        get { rulesEnforcement.withLock { $0 } }
        set { rulesEnforcement.withLock { $0 = newValue } }
    }

    private static let rulesEnforcement = Mutex(true)

    /// What the container is doing when this request refuses it.
    var loadingActivity: String {
        "loading the configuration \"\(configurationName)\", which syncs with the iCloud container \(containerIdentifier)"
    }

    /// Refuses models that break CloudKit's rules, listing every break with its fix; then, when the
    /// device can reach its account, a schema that takes away record types or fields the account holds.
    ///
    /// - Throws: ``SwiftDataError/loadIssueModelContainer`` with the list.
    package func validate(_ layout: MirroredContainerLayout, configurationIndex index: Int) throws {
        let violations = CloudKitModelRules.violations(in: layout, configurationIndex: index)
        if !violations.isEmpty, Self.refusesModelsThatBreakTheRules {
            throw SwiftDataError(
                .loadIssueModelContainer,
                reason:
                    "the models break CloudKit's rules for a store that syncs:\n\n\(CloudKitModelRules.describe(violations))\n",
                context: loadingActivity
            )
        }
        try checkDeployedSchema(layout)
    }

    /// Compares the schema of the configurations that sync with the account's deployed one. A device
    /// that cannot reach its account (offline, signed out) loads, and the first sync checks instead;
    /// so does one whose account's store cannot be read: its own data stays usable.
    private func checkDeployedSchema(_ layout: MirroredContainerLayout) throws {
        let device = CloudDevice(deviceRoot: device.deviceRoot)
        let settings = device.settings
        guard settings.networkAvailable, !settings.temporarilyUnavailable, let account = device.account,
            let deployed = try? account.deployedSchema(containerIdentifier: containerIdentifier)
        else { return }
        let schema = MirroredSchema(entities: layout.configurations.filter(\.mirrors).flatMap(\.entities))
        let problems = DeployedSchemaCheck.problems(of: schema, version: layout.schema.version, deployed: deployed)
        guard problems.isEmpty else {
            throw SwiftDataError(
                .loadIssueModelContainer, reason: DeployedSchemaCheck.describe(problems), context: loadingActivity)
        }
    }

    /// Starts the store's mirror.
    package func attach(to container: ModelContainer, store: OpenedStore) throws -> any StoreMirror {
        CloudKitMirror(request: self, container: container, store: store)
    }
}
