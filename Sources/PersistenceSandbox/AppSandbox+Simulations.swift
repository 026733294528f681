import Foundation

extension AppSandbox {
    /// Simulates deleting and reinstalling the app: the whole container goes, preferences included.
    ///
    /// The vault lives outside the container, so its items survive, as Keychain items do on iOS.
    /// The standard folders are recreated empty, as a fresh install has them.
    /// - Throws: ``SandboxError`` when the container cannot be removed or recreated.
    public func reinstall() throws(SandboxError) {
        try Self.removeItemIfPresent(at: containerURL, operation: "Removing the app container")
        try createContainerDirectories()
    }

    /// Simulates the system reclaiming space: empties `Library/Caches` and `tmp`, and nothing else.
    /// - Throws: ``SandboxError`` when an item cannot be removed.
    public func purgeCachesAndTemporaryFiles() throws(SandboxError) {
        for directory in [cachesDirectory, temporaryDirectory] {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            } catch {
                let failure = SandboxError(error, operation: "Listing a folder to purge", url: directory)
                if failure.kind == .notFound { continue }
                throw failure
            }
            for name in names {
                try Self.removeItemIfPresent(at: directory.appending(path: name), operation: "Purging an item")
            }
        }
    }

    static func removeItemIfPresent(at url: URL, operation: String) throws(SandboxError) {
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            let failure = SandboxError(error, operation: operation, url: url)
            if failure.kind != .notFound { throw failure }
        }
    }
}
