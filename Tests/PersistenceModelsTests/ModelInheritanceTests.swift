import Foundation
import GRDB
import Observation
import PersistenceWorkbench
import Synchronization
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

/// A screen with the reference's two queries: every media item, and the videos only.
private struct LibraryScreen {
    @Query(sort: \Media.MediaItem.title) var allMedia: [Media.MediaItem]
    @Query(sort: \Media.Video.title) var videos: [Media.Video]
}

/// Model classes that inherit from one another, as the SwiftData reference writes them: one table per
/// hierarchy, fetches of a class that return its subclasses' models too, and each model as its own class.
@Suite("Model inheritance")
struct ModelInheritanceTests {
    private static let day: TimeInterval = 86_400

    /// A library of a plain item, two photos, a panorama and two videos, added a day apart in that order.
    private static func makeLibrary(_ store: ModelStoreFixture) throws {
        let context = store.context
        let start = Date(timeIntervalSinceReferenceDate: 0)
        context.insert(Media.MediaItem(title: "Notes", dateAdded: start))
        context.insert(
            Media.Photo(title: "Beach", imageData: Data([1]), width: 800, height: 600, dateAdded: start + day))
        context.insert(Media.Video(title: "Birthday", duration: 95, resolution: "1080p", dateAdded: start + 2 * day))
        context.insert(
            Media.Photo(title: "Alps", imageData: Data([2]), width: 1024, height: 768, dateAdded: start + 3 * day))
        context.insert(Media.Video(title: "Clip", duration: 12, resolution: "720p", dateAdded: start + 4 * day))
        context.insert(Media.Panorama(title: "Harbour", angle: 180, dateAdded: start + 5 * day))
        try context.save()
    }

    private static func describe(_ items: [Media.MediaItem]) -> [String] {
        items.map { "\(type(of: $0)):\($0.title)" }
    }

    @Test("a subclass initializer sets its own and its inherited properties, before and after super.init")
    func initializers() {
        let photo = Media.Photo(title: "Beach", imageData: Data([1]), width: 800, height: 600)
        #expect(photo.title == "Beach")
        #expect(photo.width == 800 && photo.height == 600 && photo.imageData == Data([1]))
        #expect(photo.location == nil && photo.isFavorite == false)
        let panorama = Media.Panorama(title: "Harbour", angle: 180)
        #expect(panorama.angle == 180 && panorama.width == 4000 && panorama.title == "Harbour")
        panorama.title = "Port"
        panorama.angle = 90
        #expect(panorama.title == "Port" && panorama.angle == 90)
    }

    @Test("a subclass's schema lists the inherited properties first, with key paths rooted at the subclass")
    func schemaOfSubclass() throws {
        #expect(
            Media.Photo.schemaMetadata.map(\.name) == [
                "title", "dateAdded", "isFavorite", "fileSize", "album", "imageData", "width", "height", "location",
            ])
        #expect(Media.Photo.schemaMetadata[0].keyPath == \Media.Photo.title as AnyKeyPath)
        #expect(
            Media.MediaItem.schemaMetadata.map(\.name) == ["title", "dateAdded", "isFavorite", "fileSize", "album"])
        let schema = Schema([Media.Video.self, Media.Panorama.self])
        let names = Set(schema.entities.map(\.name))
        #expect(names.isSuperset(of: ["MediaItem", "Photo", "Video", "Panorama", "Album"]))
        #expect(schema.entity(named: "Panorama")?.superentity?.name == "Photo")
        #expect(schema.entity(named: "MediaItem")?.subentities.map(\.name).sorted() == ["Photo", "Video"])
        #expect(schema.entity(named: "MediaItem")?.superentity == nil)
    }

    @Test(
        "fetching the base class returns every kind as its own class; fetching a subclass returns only its own and below"
    )
    func polymorphicFetches() throws {
        let store = try ModelStoreFixture(inheritanceModels)
        try Self.makeLibrary(store)
        let reader = store.newContext()
        let all = try reader.fetch(
            FetchDescriptor<Media.MediaItem>(sortBy: [SortDescriptor(\.dateAdded, order: .reverse)]))
        #expect(
            Self.describe(all) == [
                "Panorama:Harbour", "Video:Clip", "Photo:Alps", "Video:Birthday", "Photo:Beach", "MediaItem:Notes",
            ])
        let photos = try reader.fetch(FetchDescriptor<Media.Photo>(sortBy: [SortDescriptor(\.title)]))
        #expect(Self.describe(photos) == ["Photo:Alps", "Photo:Beach", "Panorama:Harbour"])
        #expect(try reader.fetchCount(FetchDescriptor<Media.Video>()) == 2)
        #expect(try reader.fetchCount(FetchDescriptor<Media.MediaItem>()) == 6)
        #expect(try reader.fetch(FetchDescriptor<Media.Panorama>()).map(\.angle) == [180])
        // Values of both levels come back with the model.
        let alps = try #require(photos.first)
        #expect(alps.width == 1024 && alps.height == 768 && alps.imageData == Data([2]) && alps.title == "Alps")
    }

    @Test("predicates and sorts run on inherited and own properties, in SQL")
    func predicatesOnBothLevels() throws {
        let store = try ModelStoreFixture(inheritanceModels)
        try Self.makeLibrary(store)
        let reader = store.newContext()
        let long = FetchDescriptor<Media.Video>(predicate: #Predicate { $0.duration > 60 })
        #expect(try reader.fetch(long).map(\.title) == ["Birthday"])
        let cutoff = Date(timeIntervalSinceReferenceDate: Self.day)
        let recentPhotos = FetchDescriptor<Media.Photo>(
            predicate: #Predicate { $0.dateAdded > cutoff && $0.width >= 1024 },
            sortBy: [SortDescriptor(\.width, order: .reverse), SortDescriptor(\.title)]
        )
        var titles: [String] = []
        let statements = try store.statements { titles = try reader.fetch(recentPhotos).map(\.title) }
        #expect(titles == ["Harbour", "Alps"])
        // One query selects the photos and panoramas, filters and sorts them.
        #expect(statements.filter { $0.hasPrefix("SELECT") }.count == 1)
        #expect(
            statements.contains {
                $0.contains("\"_entity\" IN ('Photo', 'Panorama')") && $0.contains("ORDER BY \"width\" DESC")
            })
        let titled = FetchDescriptor<Media.MediaItem>(
            predicate: #Predicate { $0.title.starts(with: "B") }, sortBy: [SortDescriptor(\.title)])
        #expect(Self.describe(try reader.fetch(titled)) == ["Photo:Beach", "Video:Birthday"])
        // Limits and offsets count the subclass's rows only.
        var page = FetchDescriptor<Media.Photo>(sortBy: [SortDescriptor(\.dateAdded)])
        page.fetchOffset = 1
        page.fetchLimit = 1
        #expect(try reader.fetch(page).map(\.title) == ["Alps"])
    }

    @Test("one row is one model, whether it was read through its class or its superclass")
    func identityAcrossLevels() throws {
        let store = try ModelStoreFixture(inheritanceModels)
        try Self.makeLibrary(store)
        let reader = store.newContext()
        let photo = try #require(
            try reader.fetch(FetchDescriptor<Media.Photo>(predicate: #Predicate { $0.title == "Alps" })).first)
        let asItem = try #require(
            try reader.fetch(FetchDescriptor<Media.MediaItem>(predicate: #Predicate { $0.title == "Alps" })).first)
        #expect(asItem === photo)
        #expect((asItem as Media.MediaItem).persistentModelID.entityName == "Photo")
        #expect(reader.model(for: photo.persistentModelID) === photo)
        let identifier = photo.persistentModelID
        #expect(
            try reader.fetch(
                FetchDescriptor<Media.MediaItem>(predicate: #Predicate { $0.persistentModelID == identifier })
            ).first === photo)
    }

    @Test("a file store keeps each model's class and values across a reopen, in one table with an entity column")
    func reopenKeepsClasses() throws {
        let first = try ModelStoreFixture(fileNamed: "media.store", types: inheritanceModels)
        defer { first.removeFiles() }
        try Self.makeLibrary(first)
        let columns = try first.columns(of: "MediaItem")
        #expect(
            columns.contains("_entity") && columns.contains("width") && columns.contains("duration")
                && columns.contains("angle"))
        #expect(!(try DatabaseQueue(path: first.storeURL.path).read { try $0.tableExists("Photo") }))
        let entities = try first.rows("SELECT _entity FROM MediaItem ORDER BY _pk").map { $0[0] as String }
        #expect(entities == ["MediaItem", "Photo", "Video", "Photo", "Video", "Panorama"])

        let reopened = ModelContext(
            try ModelContainer(for: Schema(inheritanceModels), configurations: ModelConfiguration(url: first.storeURL)))
        let all = try reopened.fetch(FetchDescriptor<Media.MediaItem>(sortBy: [SortDescriptor(\.dateAdded)]))
        #expect(
            Self.describe(all) == [
                "MediaItem:Notes", "Photo:Beach", "Video:Birthday", "Photo:Alps", "Video:Clip", "Panorama:Harbour",
            ])
        let clip = try #require(all[4] as? Media.Video)
        #expect(clip.duration == 12 && clip.resolution == "720p" && clip.hasAudio)
    }

    @Test("a relationship to the base class holds models of every subclass, and its delete rules reach them")
    func relationshipsToTheBase() throws {
        let store = try ModelStoreFixture(inheritanceModels)
        let album = Media.Album(name: "Summer")
        store.context.insert(album)
        let beach = Media.Photo(title: "Beach", imageData: Data([1]), width: 800, height: 600)
        let clip = Media.Video(title: "Clip", duration: 12, resolution: "720p")
        album.items = [beach, clip, Media.MediaItem(title: "Notes")]
        album.cover = clip
        try store.context.save()

        let reader = store.newContext()
        let read = try #require(try reader.fetch(FetchDescriptor<Media.Album>()).first)
        #expect(
            Self.describe(read.items.sorted { $0.title < $1.title }) == [
                "Photo:Beach", "Video:Clip", "MediaItem:Notes",
            ])
        #expect(read.cover is Media.Video)
        let photo = try #require(try reader.fetch(FetchDescriptor<Media.Photo>()).first)
        #expect(photo.album === read)
        // Prefetching reads the same models.
        var prefetching = FetchDescriptor<Media.Album>()
        prefetching.relationshipKeyPathsForPrefetching = [\.items]
        let prefetched = try #require(try store.newContext().fetch(prefetching).first)
        #expect(prefetched.items.count == 3 && prefetched.items.contains { $0 is Media.Video })

        // Deleting the album cascades to every item, whatever its class.
        reader.delete(read)
        try reader.save()
        #expect(try store.newContext().fetchCount(FetchDescriptor<Media.MediaItem>()) == 0)
    }

    @Test("deleting by predicate through the base class removes subclass rows; through a subclass, only its own")
    func deletesByPredicate() throws {
        let store = try ModelStoreFixture(inheritanceModels)
        try Self.makeLibrary(store)
        let context = store.newContext()
        try context.delete(model: Media.Photo.self)
        // Pending batch deletes already hide the rows from fetches of the base class.
        #expect(
            Self.describe(try context.fetch(FetchDescriptor<Media.MediaItem>(sortBy: [SortDescriptor(\.title)]))) == [
                "Video:Birthday", "Video:Clip", "MediaItem:Notes",
            ])
        try context.save()
        #expect(try store.newContext().fetchCount(FetchDescriptor<Media.MediaItem>()) == 3)
        try context.delete(model: Media.MediaItem.self, where: #Predicate { $0.title == "Clip" })
        try context.save()
        #expect(
            try store.newContext().fetch(FetchDescriptor<Media.MediaItem>(sortBy: [SortDescriptor(\.title)])).map(
                \.title) == ["Birthday", "Notes"])
    }

    @Test("deleting by predicate with includeSubclasses false leaves the subclasses' rows and models alone")
    func deletesOwnRowsOnly() throws {
        let store = try ModelStoreFixture(inheritanceModels)
        try Self.makeLibrary(store)
        let context = store.newContext()
        let start = Date(timeIntervalSinceReferenceDate: 0)
        context.insert(Media.MediaItem(title: "Draft", dateAdded: start))
        context.insert(Media.Video(title: "Trailer", duration: 30, resolution: "720p", dateAdded: start))

        try context.delete(model: Media.MediaItem.self, includeSubclasses: false)
        try context.save()

        let library = try store.newContext().fetch(FetchDescriptor<Media.MediaItem>(sortBy: [SortDescriptor(\.title)]))
        #expect(
            Self.describe(library) == [
                "Photo:Alps", "Photo:Beach", "Video:Birthday", "Video:Clip", "Panorama:Harbour", "Video:Trailer",
            ])

        // And with a predicate, through a class whose subclass holds a match.
        try context.delete(
            model: Media.MediaItem.self, where: #Predicate { $0.title == "Clip" }, includeSubclasses: false)
        try context.save()
        #expect(try store.newContext().fetch(FetchDescriptor<Media.MediaItem>()).contains { $0.title == "Clip" })
    }

    @Test("a live query of the base class sees a saved subclass model, and one of a subclass ignores its siblings")
    func liveQueries() throws {
        let store = try ModelStoreFixture(inheritanceModels)
        try Self.makeLibrary(store)
        let context = store.context
        let screen = ModelEnvironment.with(context) { LibraryScreen() }
        #expect(screen.allMedia.count == 6 && screen.videos.count == 2)
        context.insert(Media.Photo(title: "Zoo", imageData: Data(), width: 1, height: 1))
        try context.save()
        #expect(Self.describe(screen.allMedia).last == "Photo:Zoo")
        #expect(screen.videos.count == 2)
    }

    @Test("observers hear of changes to inherited and own properties of a subclass model")
    func observation() {
        let photo = Media.Photo(title: "Beach", imageData: Data(), width: 1, height: 1)
        let heard = Mutex<[String]>([])
        withObservationTracking {
            _ = photo.title
        } onChange: {
            heard.withLock { $0.append("title") }
        }
        withObservationTracking {
            _ = photo.width
        } onChange: {
            heard.withLock { $0.append("width") }
        }
        photo.title = "Sea"
        photo.width = 2
        #expect(heard.withLock { $0 } == ["title", "width"])
    }

    @Test("adding a subclass to a stored schema keeps every row, which reads as the base class")
    func migrationAddsSubclass() throws {
        let first = try ModelStoreFixture(fileNamed: "library.store", types: [MediaLibraryV1.MediaItem.self])
        defer { first.removeFiles() }
        first.context.insert(MediaLibraryV1.MediaItem(title: "Old"))
        try first.context.save()

        let url = first.storeURL
        let second = ModelContext(
            try ModelContainer(
                for: MediaLibraryV2.MediaItem.self, MediaLibraryV2.Photo.self,
                configurations: ModelConfiguration(url: url)
            ))
        let old = try second.fetch(FetchDescriptor<MediaLibraryV2.MediaItem>())
        #expect(old.map(\.title) == ["Old"] && !(old[0] is MediaLibraryV2.Photo))
        second.insert(MediaLibraryV2.Photo(title: "New", width: 640))
        try second.save()

        let third = ModelContext(
            try ModelContainer(
                for: MediaLibraryV2.MediaItem.self, MediaLibraryV2.Photo.self,
                configurations: ModelConfiguration(url: url)
            ))
        let all = try third.fetch(FetchDescriptor<MediaLibraryV2.MediaItem>(sortBy: [SortDescriptor(\.title)]))
        #expect(all.map { "\(type(of: $0)):\($0.title)" } == ["Photo:New", "MediaItem:Old"])
        #expect(try third.fetch(FetchDescriptor<MediaLibraryV2.Photo>()).map(\.width) == [640])
    }

    @Test("the reference's type switch tells the kinds apart")
    func typeSwitch() throws {
        let store = try ModelStoreFixture(inheritanceModels)
        try Self.makeLibrary(store)
        var lines: [String] = []
        for item in try store.newContext().fetch(
            FetchDescriptor<Media.MediaItem>(sortBy: [SortDescriptor(\.dateAdded)]))
        {
            switch item {
            case let photo as Media.Photo: lines.append("Photo: \(photo.width)x\(photo.height)")
            case let video as Media.Video: lines.append("Video: \(video.duration)s")
            default: lines.append("Unknown media type")
            }
        }
        #expect(
            lines == [
                "Unknown media type", "Photo: 800x600", "Video: 95.0s", "Photo: 1024x768", "Video: 12.0s",
                "Photo: 4000x1000",
            ])
    }
}
