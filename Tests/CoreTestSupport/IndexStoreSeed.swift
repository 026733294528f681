import Foundation

/// The index store of the build folder the running tests came from, handed on to fixture packages.
///
/// A debug build indexes each module it compiles and each module that one imports. A package's first build
/// starts from an empty store and indexes the toolchain's modules (`Swift`, `Foundation`, `Testing`,
/// `XCTest`…) on the way: 9.4 CPU-seconds for one small file importing Foundation and Testing, against 3.2
/// with a seeded store and 3.4 without indexing (`swiftc` with a fresh module cache, side by side).
/// `CoachCommandTests` took 261 CPU-seconds instead of 280 (one run each, two cores). Seeded, the compiler
/// finds their units up to date. The store's files are written once and replaced by renaming, never
/// rewritten in place, so the fixture's store links to them where the file system allows and copies them
/// where not.
public enum IndexStoreSeed {
    /// Gives the package at `root` the running tests' index store, where its debug build writes its own.
    /// Does nothing when the tests' build folder has none or the package already has one.
    public static func seed(packageAt root: URL) {
        let (source, destination) = RunningTestsBuild.folders("index/store", inPackageAt: root)
        let files = FileManager.default
        guard files.fileExists(atPath: source.path), !files.fileExists(atPath: destination.path),
            let paths = try? files.subpathsOfDirectory(atPath: source.path),
            (try? files.createDirectory(at: destination, withIntermediateDirectories: true)) != nil
        else { return }
        // Sorted, each folder comes before what it holds.
        for path in paths.sorted() {
            let from = source.appending(path: path)
            let to = destination.appending(path: path)
            var isFolder: ObjCBool = false
            guard files.fileExists(atPath: from.path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                try? files.createDirectory(at: to, withIntermediateDirectories: true)
            } else if (try? files.linkItem(at: from, to: to)) == nil {
                try? files.copyItem(at: from, to: to)
            }
        }
    }
}
