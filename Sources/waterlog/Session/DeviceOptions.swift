import ArgumentParser
import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section14WaterLog

/// The options every command takes.
struct DeviceOptions: ParsableArguments {
    @Option(help: "Run on the simulated device NAME (Devices/NAME in the data folder).")
    var device: String?

    /// Makes the app's container on the chosen device current, and returns it.
    func selectSandbox() -> AppSandbox {
        let base = AppSandbox.environmentDeviceRoot
        let root =
            device.map {
                base.appending(path: "Devices", directoryHint: .isDirectory).appending(
                    path: $0, directoryHint: .isDirectory)
            } ?? base
        let sandbox = AppSandbox(appIdentifier: "waterlog", deviceRoot: root)
        AppSandbox.current = sandbox
        return sandbox
    }

    /// The opened app: its log, on the store that syncs once the device is signed in to iCloud.
    ///
    /// - Throws: ``WaterLogCLIError`` when the store cannot be opened.
    func open(syncing: Bool = true) throws -> (sandbox: AppSandbox, log: WaterLog) {
        let sandbox = selectSandbox()
        try FileManager.default.createDirectory(
            at: sandbox.applicationSupportDirectory, withIntermediateDirectories: true)
        do {
            let signedIn = CloudDevice(sandbox).appleID != nil
            let container = try WaterLogStore.makeContainer(sandbox: sandbox, syncsWithICloud: signedIn)
            if syncing, signedIn, CloudDevice(sandbox).isNetworkAvailable { _ = try? container.syncWithCloudKit() }
            return (sandbox, WaterLog(context: ModelContext(container)))
        } catch {
            throw WaterLogCLIError("Opening WaterLog failed: \(error)")
        }
    }
}
