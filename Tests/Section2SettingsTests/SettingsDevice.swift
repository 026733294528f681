import Foundation
import PersistenceCore
import PersistenceWorkbench

/// Foundation's own `UserDefaults` is imported here too; this module means the workbench's.
typealias UserDefaults = PersistenceCore.UserDefaults

/// A throwaway device for one check: NoteTaker's sandbox and preferences in a temporary folder, deleted afterwards.
struct SettingsDevice: ~Copyable {
    /// The folder that holds this device, and the relaunched copy of it, if any.
    let folder = FileManager.default.temporaryDirectory
        .appending(path: "section2-\(UUID().uuidString)", directoryHint: .isDirectory)

    /// The app's container on this device.
    var sandbox: AppSandbox {
        AppSandbox(appIdentifier: "com.example.NoteTaker", deviceRoot: folder.appending(path: "device"))
    }

    /// A store for the app's own preferences on this device.
    var store: UserDefaults { UserDefaults(sandbox: sandbox) }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `body` with this device's app as the current one, so `.standard` and `@AppStorage` without a
    /// store land here and never in the real preferences of the person running the checks.
    func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        try AppSandbox.withCurrent(sandbox, operation: body)
    }

    /// The preference file's text, or nil while there is no file.
    func preferenceFileText() -> String? {
        FileManager.default.contents(atPath: store.fileURL.path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The keys saved in the preference file; empty while there is no file.
    func savedKeys() -> Set<String> {
        guard let data = FileManager.default.contents(atPath: store.fileURL.path),
            let root = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
                as? [String: Any]
        else { return [] }
        return Set(root.keys)
    }

    /// The XML element the preference file holds for `key`, such as `<integer>35</integer>` or `<true/>`.
    func savedElement(forKey key: String) -> String? {
        guard let text = preferenceFileText(), let keyTag = text.range(of: "<key>\(key)</key>") else { return nil }
        let rest = text[keyTag.upperBound...].drop { $0.isWhitespace }
        guard rest.first == "<", let tagEnd = rest.firstIndex(of: ">") else { return nil }
        let tag = rest[...tagEnd]
        if tag.hasSuffix("/>") { return String(tag) }
        let name = tag.dropFirst().dropLast()
        guard let closing = rest.range(of: "</\(name)>") else { return nil }
        return String(rest[..<closing.upperBound])
    }

    /// The sandbox the app finds on its next launch, in a folder this process has never loaded.
    ///
    /// A new process remembers nothing of the old one: only the files on disk carry over. Moving the
    /// device to a new folder gives the next store a path no cache knows, so it can only read the file.
    /// - Throws: When the device folder cannot be moved.
    func relaunch() throws -> AppSandbox {
        let newRoot = folder.appending(path: "relaunched")
        try FileManager.default.moveItem(at: sandbox.deviceRoot, to: newRoot)
        return AppSandbox(appIdentifier: sandbox.appIdentifier, deviceRoot: newRoot)
    }
}

/// How a list of saved keys reads in a message.
func describe(_ keys: Set<String>) -> String {
    keys.isEmpty ? "no key" : keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
}
