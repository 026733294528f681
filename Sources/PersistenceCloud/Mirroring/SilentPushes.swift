import Foundation
import Synchronization

/// CloudKit's silent pushes between the simulated devices open in this process: when a device's export
/// changes what an iCloud container holds, every other device signed in to the same account, online, whose
/// app declares Background Modes → Remote notifications and has a store that syncs with that container
/// open, is told, and its mirror imports at once, as a device does when the push arrives.
///
/// As on a device, the device that made the change is not told, nor is an app without the background mode
/// (it brings the change in at its next sync, as an app does when it returns to the foreground). A
/// device in another process is not told: it imports when its store loads or syncs.
enum SilentPushes {
    /// A mirror that listens, held weakly: a closed container stops listening.
    private struct Listener {
        weak var mirror: CloudKitMirror?
        let identity: ObjectIdentifier
    }

    private static let listeners = Mutex<[Listener]>([])

    /// Starts delivering pushes to `mirror`.
    static func subscribe(_ mirror: CloudKitMirror) {
        listeners.withLock { $0.append(Listener(mirror: mirror, identity: ObjectIdentifier(mirror))) }
    }

    /// Stops delivering pushes to the mirror with `identity` (from its deinit).
    static func unsubscribe(_ identity: ObjectIdentifier) {
        listeners.withLock { $0.removeAll { $0.identity == identity || $0.mirror == nil } }
    }

    /// Tells the listening mirrors of `containerIdentifier` on the account `appleID` of the simulated
    /// iCloud at `iCloudRoot` that the account changed, except those of the device at `senderDevice`.
    static func post(containerIdentifier: String, appleID: String, iCloudRoot: String, senderDevice: URL) {
        let sender = senderDevice.standardizedFileURL
        let mirrors = listeners.withLock { $0.compactMap(\.mirror) }
        for mirror in mirrors where mirror.request.containerIdentifier == containerIdentifier {
            let deviceRoot = mirror.request.device.deviceRoot.standardizedFileURL
            guard deviceRoot != sender else { continue }
            let settings = CloudDevice(deviceRoot: deviceRoot).settings
            guard settings.appleID == appleID, settings.iCloudRoot == iCloudRoot, settings.networkAvailable,
                !settings.temporarilyUnavailable
            else { continue }
            mirror.schedule(.sync)
        }
    }
}
