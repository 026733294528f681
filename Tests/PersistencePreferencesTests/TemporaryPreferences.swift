import Foundation
import PersistencePreferences
import PersistenceSandbox
import PersistenceWorkbench

/// Foundation's own `UserDefaults` is imported here too; this module means the workbench's.
typealias UserDefaults = PersistencePreferences.UserDefaults

/// A throwaway device with the app's preference store, deleted at the end of the scope.
struct TemporaryPreferences: ~Copyable {
    let sandbox = AppSandbox.temporary(appIdentifier: "com.example.NoteTaker")

    /// The app domain's store in the throwaway sandbox.
    var store: UserDefaults { UserDefaults(sandbox: sandbox) }

    deinit {
        try? FileManager.default.removeItem(at: sandbox.deviceRoot)
    }

    /// The property list on disk, parsed by Foundation, or nil when there is no file.
    func fileContents(_ name: String = "com.example.NoteTaker") throws -> [String: Any]? {
        let url = sandbox.preferencesDirectory.appending(path: "\(name).plist")
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: Any]
    }
}

/// Counts the change notifications one store posts.
final class NotificationCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var observer: (any NSObjectProtocol)?

    init(observing store: UserDefaults) {
        observer = NotificationCenter.default.addObserver(
            forName: UserDefaults.didChangeNotification, object: store, queue: nil
        ) { [weak self] _ in self?.increment() }
    }

    private func increment() {
        lock.withLock { count += 1 }
    }

    /// How many notifications arrived so far.
    var value: Int { lock.withLock { count } }

    deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }
}
