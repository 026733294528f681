import Foundation
import PersistenceSandbox

/// The iCloud servers of this machine: a folder holding one store per account, which every simulated
/// device on the machine reaches.
///
/// By default it is `$PERSISTENCE_ICLOUD_ROOT`, else the folder `iCloud` beside the default device's
/// containers (`~/.local/share/persistence-workbench/iCloud`). Each account's store is
/// `Accounts/<Apple ID>/CloudKit.sqlite` inside it.
///
/// ```swift
/// let account = SimulatedICloud.default.account("you@example.com")
/// ```
public struct SimulatedICloud: Sendable, Hashable {
    /// The folder that holds the accounts.
    public let root: URL

    /// The servers kept in `root`.
    public init(root: URL) {
        self.root = root
    }

    /// The machine's servers: `$PERSISTENCE_ICLOUD_ROOT`, else `iCloud` in the default device's folder.
    public static var `default`: SimulatedICloud {
        if let root = ProcessInfo.processInfo.environment["PERSISTENCE_ICLOUD_ROOT"], root.hasPrefix("/") {
            return SimulatedICloud(root: URL(filePath: root, directoryHint: .isDirectory))
        }
        return SimulatedICloud(
            root: AppSandbox.environmentDeviceRoot.appending(path: "iCloud", directoryHint: .isDirectory))
    }

    /// Servers in a fresh folder under the system's temporary folder, for tests and experiments.
    public static func temporary() -> SimulatedICloud {
        SimulatedICloud(
            root: FileManager.default.temporaryDirectory.appending(
                path: "persistence-icloud-\(UUID().uuidString)", directoryHint: .isDirectory))
    }

    /// The folder of an account's store.
    public func accountFolder(appleID: String) -> URL {
        root.appending(path: "Accounts", directoryHint: .isDirectory)
            .appending(path: Self.folderName(of: appleID), directoryHint: .isDirectory)
    }

    /// The servers of one account; its store is made on first use.
    public func account(_ appleID: String) -> SQLiteAccountServer {
        SQLiteAccountServer(appleID: appleID, folder: accountFolder(appleID: appleID))
    }

    /// The Apple IDs of the accounts that have a store here, sorted.
    public func appleIDs() -> [String] {
        let accounts = root.appending(path: "Accounts", directoryHint: .isDirectory)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: accounts.path)) ?? []
        return names.compactMap { $0.removingPercentEncoding }.sorted()
    }

    /// An Apple ID as a folder name: letters, digits and `@._-` as they are, anything else escaped.
    private static func folderName(of appleID: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "@._-")
        let escaped = appleID.addingPercentEncoding(withAllowedCharacters: allowed) ?? appleID
        return escaped.hasPrefix(".") ? "%2E" + escaped.dropFirst() : escaped
    }
}
