import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section15SensorLog
import Testing

@Suite("Section 15: the app's files")
struct FileChecks {
    static let small = Data("thumbnail of photo 17".utf8)
    static let larger = Data("a larger thumbnail of photo 17".utf8)
    static let map = Data("offline map of the valley".utf8)

    /// The paths, inside the app's container, of every file on the device that holds exactly `data`.
    static func files(holding data: Data, on device: ThrowawayDevice) -> [String] {
        let container = "Containers/\(ThrowawayDevice.stationApp)/"
        return device.everyFileOnDevice().filter { $0.contents == data }
            .map { $0.path.hasPrefix(container) ? String($0.path.dropFirst(container.count)) : $0.path }.sorted()
    }

    @Test("a stored thumbnail is read back by a new cache after a relaunch, and an unknown key reads nil")
    func thumbnailSurvivesRelaunch() throws {
        try ThrowawayDevice.run(app: ThrowawayDevice.stationApp) { _ in
            try ThumbnailCache().store(Self.small, forKey: "photo-17")
            let relaunched = ThumbnailCache()
            let found = [relaunched.data(forKey: "photo-17"), relaunched.data(forKey: "photo-18")]
            #expect(
                found == [Self.small, nil],
                "data(forKey:) from a new cache for \"photo-17\" (stored) and \"photo-18\" (never stored): expected [\"thumbnail of photo 17\", nil], found [\(describe(found[0])), \(describe(found[1]))]."
            )
        }
    }

    @Test("thumbnails on disk are in Caches: out of the backup, and gone for a new cache once the system purges caches")
    func thumbnailsAreInCaches() throws {
        try ThrowawayDevice.run(app: ThrowawayDevice.stationApp) { device in
            try ThumbnailCache().store(Self.small, forKey: "photo-17")
            let paths = Self.files(holding: Self.small, on: device)
            #expect(
                paths == ["Library/Caches/Thumbnails/photo-17"],
                "The files holding the thumbnail stored under \"photo-17\": expected [\"Library/Caches/Thumbnails/photo-17\"], found \(describe(paths))."
            )

            try device.sandbox.purgeCachesAndTemporaryFiles()
            let afterPurge = ThumbnailCache().data(forKey: "photo-17")
            #expect(
                afterPurge == nil,
                "data(forKey: \"photo-17\") from a new cache after the system emptied Caches: expected nil, found \(describe(afterPurge))."
            )
        }
    }

    @Test("a thumbnail stored or read once is served from memory after the system purged the disk cache")
    func memoryOutlivesPurge() throws {
        try ThrowawayDevice.run(app: ThrowawayDevice.stationApp) { device in
            let storing = ThumbnailCache()
            try storing.store(Self.small, forKey: "photo-17")
            let reading = ThumbnailCache()
            let first = reading.data(forKey: "photo-17")
            try device.sandbox.purgeCachesAndTemporaryFiles()
            let found = [first, storing.data(forKey: "photo-17"), reading.data(forKey: "photo-17")]
            let expected: [Data?] = [Self.small, Self.small, Self.small]
            #expect(
                found == expected,
                "data(forKey: \"photo-17\") from a new cache before a purge, then after the system emptied Caches from the cache that stored it and from the one that read it: expected it every time, found \(found.map(describe))."
            )
        }
    }

    @Test("storing a key again replaces its thumbnail, in memory and for a new cache")
    func storeAgainReplaces() throws {
        try ThrowawayDevice.run(app: ThrowawayDevice.stationApp) { _ in
            let cache = ThumbnailCache()
            try cache.store(Self.small, forKey: "photo-17")
            _ = cache.data(forKey: "photo-17")
            try cache.store(Self.larger, forKey: "photo-17")
            let found = [cache.data(forKey: "photo-17"), ThumbnailCache().data(forKey: "photo-17")]
            #expect(
                found == [Self.larger, Self.larger],
                "data(forKey: \"photo-17\") after storing a larger thumbnail under it, from the same cache and a new one: expected the larger one both times, found \(found.map(describe))."
            )
        }
    }

    @Test(
        "a download is kept in Application Support, survives a cache purge and a relaunch, and an unknown file reads nil"
    )
    func downloadIsKept() throws {
        try ThrowawayDevice.run(app: ThrowawayDevice.stationApp) { device in
            try DownloadFolder().save(Self.map, filename: "valley.map")
            let paths = Self.files(holding: Self.map, on: device)
            try device.sandbox.purgeCachesAndTemporaryFiles()
            let found = [
                try DownloadFolder().load(filename: "valley.map"), try DownloadFolder().load(filename: "hills.map"),
            ]
            #expect(
                paths == ["Library/Application Support/Downloads/valley.map"],
                "The files holding a saved download: expected [\"Library/Application Support/Downloads/valley.map\"], found \(describe(paths))."
            )
            #expect(
                found == [Self.map, nil],
                "load(filename:) from a new folder after the system emptied Caches, for \"valley.map\" (saved) and \"hills.map\" (never saved): expected [the map, nil], found \(found.map(describe))."
            )
        }
    }

    @Test("a download is left out of the backup, and still is after it is saved again")
    func downloadOutOfBackup() throws {
        try ThrowawayDevice.run(app: ThrowawayDevice.stationApp) { device in
            let folder = DownloadFolder()
            try folder.save(Self.map, filename: "valley.map")
            let first = try device.sandbox.backupManifest().paths
            try folder.save(Data("the valley's map, updated".utf8), filename: "valley.map")
            let second = try device.sandbox.backupManifest().paths
            let stored = try DownloadFolder().load(filename: "valley.map")
            #expect(
                stored == Data("the valley's map, updated".utf8),
                "load(filename: \"valley.map\") after saving it twice: expected the second map, found \(describe(stored))."
            )
            #expect(
                first.isEmpty && second.isEmpty,
                "The files a backup would copy after saving \"valley.map\", then after saving it again: expected none both times (every save writes a new file, which starts out included), found \(describe(first)) and then \(describe(second))."
            )
        }
    }

    @Test("a cache and a download folder made for a sandbox keep their files in that sandbox")
    func filesGoToTheGivenSandbox() throws {
        try ThrowawayDevice.run(app: ThrowawayDevice.stationApp) { device in
            let other = AppSandbox(appIdentifier: "com.example.SensorLogWidget", deviceRoot: device.sandbox.deviceRoot)
            try other.createContainerDirectories()
            try ThumbnailCache(sandbox: other).store(Self.small, forKey: "photo-17")
            try DownloadFolder(sandbox: other).save(Self.map, filename: "valley.map")
            let paths = Self.files(holding: Self.small, on: device) + Self.files(holding: Self.map, on: device)
            let expected = [
                "Containers/com.example.SensorLogWidget/Library/Caches/Thumbnails/photo-17",
                "Containers/com.example.SensorLogWidget/Library/Application Support/Downloads/valley.map",
            ]
            #expect(
                paths == expected,
                "The files written by ThumbnailCache(sandbox:) and DownloadFolder(sandbox:) given another app's sandbox than the current one: expected \(describe(expected)), found \(describe(paths))."
            )
        }
    }

    @Test("a thumbnail or a download that cannot be written is an error for the caller")
    func writeFailuresAreThrown() throws {
        try ThrowawayDevice.run(app: ThrowawayDevice.stationApp) { device in
            // A plain file where each folder should be: nothing can be saved inside it.
            let thumbnails = device.sandbox.cachesDirectory.appending(path: "Thumbnails")
            let downloads = device.sandbox.applicationSupportDirectory.appending(path: "Downloads")
            try Data("not a folder".utf8).write(to: thumbnails)
            try Data("not a folder".utf8).write(to: downloads)
            let cacheError = thrownError { try ThumbnailCache().store(Self.small, forKey: "photo-17") }
            let downloadError = thrownError { try DownloadFolder().save(Self.map, filename: "valley.map") }
            let found = [cacheError, downloadError].map { $0.map { "\(type(of: $0))" } ?? "no error" }
            #expect(
                cacheError != nil && downloadError != nil,
                "store(_:forKey:) and save(_:filename:) when their folder cannot be made: expected both to throw, found \(describe(found))."
            )
        }
    }
}
