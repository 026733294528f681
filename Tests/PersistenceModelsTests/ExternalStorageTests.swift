import Foundation
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

@Suite("External storage")
struct ExternalStorageTests {
    nonisolated(unsafe) static let models: [any PersistentModel.Type] = [Photo.self]

    static func files(in store: ModelStoreFixture) -> [String] {
        guard let directory = store.container.store.externalData?.directory else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    @Test("external data is written to a file beside the store and read back after reopening")
    func dataLivesInAFile() throws {
        let store = try ModelStoreFixture(fileNamed: "photos.store", types: Self.models)
        defer { store.removeFiles() }
        let bytes = Data((0..<100_000).map { UInt8($0 % 251) })
        store.context.insert(Photo(caption: "Big", imageData: bytes))
        try store.context.save()
        let files = Self.files(in: store)
        #expect(files.count == 1)
        let column = try store.container.store.read(while: "test") { db in
            try String.fetchOne(db, sql: #"SELECT "imageData" FROM "Photo""#)
        }
        #expect(column == files.first)
        let directory = try #require(store.container.store.externalData?.directory)
        #expect(directory.path.hasSuffix(".photos.store_SUPPORT/_EXTERNAL_DATA"))

        let reopened = try ModelContainer(
            for: Schema(Self.models), configurations: Array(store.container.configurations))
        let loaded = try #require(try ModelContext(reopened).fetch(FetchDescriptor<Photo>()).first)
        #expect(loaded.imageData == bytes)
    }

    @Test("replacing or deleting external data removes the old file after the save")
    func oldFilesAreRemoved() throws {
        let store = try ModelStoreFixture(fileNamed: "photos.store", types: Self.models)
        defer { store.removeFiles() }
        let photo = Photo(caption: "P", imageData: Data([1, 2, 3]))
        store.context.insert(photo)
        try store.context.save()
        let first = Self.files(in: store)
        photo.imageData = Data([4, 5, 6])
        try store.context.save()
        let second = Self.files(in: store)
        #expect(second.count == 1)
        #expect(second != first)
        store.context.delete(photo)
        try store.context.save()
        #expect(Self.files(in: store).isEmpty)
    }

    @Test("an upsert that replaces external data keeps the new file and removes the old one")
    func upsertKeepsTheNewFile() throws {
        let store = try ModelStoreFixture(fileNamed: "scans.store", types: [Scan.self])
        defer { store.removeFiles() }
        store.context.insert(Scan(fileName: "page-1", pixels: Data([1, 1, 1])))
        try store.context.save()
        let first = Self.files(in: store)
        store.context.insert(Scan(fileName: "page-1", pixels: Data([2, 2, 2])))
        try store.context.save()
        let second = Self.files(in: store)
        #expect(second.count == 1)
        #expect(second != first)

        let reopened = try ModelContainer(
            for: Schema([Scan.self]), configurations: Array(store.container.configurations))
        let scans = try ModelContext(reopened).fetch(FetchDescriptor<Scan>())
        #expect(scans.map(\.pixels) == [Data([2, 2, 2])])
    }

    @Test("a store in memory keeps external data in the table")
    func inMemoryKeepsDataInline() throws {
        let store = try ModelStoreFixture(Self.models)
        store.context.insert(Photo(caption: "Small", imageData: Data([9, 9])))
        try store.context.save()
        let blob = try store.container.store.read(while: "test") { db in
            try Data.fetchOne(db, sql: #"SELECT "imageData" FROM "Photo""#)
        }
        #expect(blob == Data([9, 9]))
        #expect(try store.newContext().fetch(FetchDescriptor<Photo>()).first?.imageData == Data([9, 9]))
    }
}

/// A scanned page identified by its file name, with its bytes kept beside the store.
@Model
final class Scan {
    #Unique<Scan>([\.fileName])
    var fileName: String
    @Attribute(.externalStorage) var pixels: Data

    init(fileName: String, pixels: Data) {
        self.fileName = fileName
        self.pixels = pixels
    }
}
