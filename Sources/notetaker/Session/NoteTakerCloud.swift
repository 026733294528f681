import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section8NoteTaker
import Synchronization

/// NoteTaker on several simulated devices of one iCloud account: which device runs (`--device NAME`),
/// the app's iCloud container, and the syncs a command makes.
///
/// NoteTaker syncs as an app in the foreground does: when it opens (so a list shows what other devices
/// sent) and after a command saved (so the change leaves at once). Each is the core's automatic sync
/// made to finish before the command ends, since a command-line app does not keep running.
enum NoteTakerCloud {
    /// The iCloud container NoteTaker's entitlements declare; its store's `.automatic` database syncs with it.
    static let containerIdentifier = "iCloud.com.example.NoteTaker"

    /// The device chosen with `--device`, if any.
    private static let chosenDevice = Mutex<String?>(nil)
    /// The container of the command that runs, to sync once it is done.
    private static let openedContainer = Mutex<ModelContainerReference?>(nil)

    /// Declares NoteTaker's iCloud container, as signing the app with the iCloud capability does.
    ///
    /// Section 8's models are not ready for CloudKit (Section 13 makes them so), and a device would
    /// refuse to load them; notetaker lists what a device would refuse when it signs in, and syncs them
    /// anyway so that a learner can watch sync between devices.
    static func declareEntitlements() {
        AppEntitlements.current = AppEntitlements(iCloudContainerIdentifiers: [containerIdentifier])
        CloudKitMirroringRequest.refusesModelsThatBreakTheRules = false
    }

    /// Takes `--device NAME` (or `--device=NAME`) out of the arguments, wherever it is before `--`.
    ///
    /// - Throws: `ValidationError`-style `NoteTakerCLIError` naming `--device` for a missing or unusable name.
    static func takeDeviceOption(from arguments: [String]) throws -> [String] {
        var remaining: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                remaining += arguments[index...]
                break
            }
            if argument == "--device" || argument.hasPrefix("--device=") {
                let name: String
                if argument == "--device" {
                    guard index + 1 < arguments.count else {
                        throw NoteTakerCLIError("--device needs a name, such as --device phone")
                    }
                    name = arguments[index + 1]
                    index += 2
                } else {
                    name = String(argument.dropFirst("--device=".count))
                    index += 1
                }
                guard !name.isEmpty, name.count <= 64,
                    name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }),
                    !name.hasPrefix(".")
                else {
                    throw NoteTakerCLIError(
                        "--device \"\(TerminalText.line(name))\" is not a device name: use letters, digits, '-', '_' or '.', such as --device phone"
                    )
                }
                chosenDevice.withLock { $0 = name }
                continue
            }
            remaining.append(argument)
            index += 1
        }
        return remaining
    }

    /// The device root of the device that runs: `Devices/<NAME>` beside the default device's
    /// containers with `--device NAME`, else the default device.
    static var deviceRoot: URL {
        let base = AppSandbox.environmentDeviceRoot
        guard let name = chosenDevice.withLock({ $0 }) else { return base }
        return base.appending(path: "Devices", directoryHint: .isDirectory).appending(
            path: name, directoryHint: .isDirectory)
    }

    /// The device that runs, for its iCloud settings.
    static var device: CloudDevice { CloudDevice(deviceRoot: deviceRoot) }

    /// `--device phone` as the command line writes it, or nothing for the default device.
    static var deviceFlag: String {
        chosenDevice.withLock { $0 }.map { " --device \($0)" } ?? ""
    }

    /// Syncs `container` when the device is signed in, printing what another device changed under this
    /// one (conflicts, removals, records kept without being applied) on standard error; being offline is
    /// not worth a word.
    static func syncQuietly(_ container: ModelContainer, repository: NoteRepository) {
        openedContainer.withLock { $0 = ModelContainerReference(container: container, repository: repository) }
        guard device.appleID != nil, container.mirrorsToCloudKit else { return }
        do {
            let report = try container.syncWithCloudKit()
            for line in SyncReportFormatter.notices(report, repository: repository) {
                FileHandle.standardError.write(Data("iCloud: \(line)\n".utf8))
            }
        } catch let error as CKError
            where [.networkUnavailable, .notAuthenticated, .accountTemporarilyUnavailable].contains(error.code)
        {
            return
        } catch {
            FileHandle.standardError.write(Data("iCloud: sync failed: \(error)\n".utf8))
        }
    }

    /// Sends what the command saved, once it has run.
    static func finishCommand() {
        guard let opened = openedContainer.withLock({ $0 }) else { return }
        syncQuietly(opened.container, repository: opened.repository)
    }
}

/// The opened container and its repository, kept for the sync at the end of the command.
// Unchecked Sendable: the container and repository are used by the command's own thread only; this carries them through a Mutex to the sync at the end of the same command.
private struct ModelContainerReference: @unchecked Sendable {
    let container: ModelContainer
    let repository: NoteRepository
}
