import Foundation
import PersistenceCore
import Section9MediaLibrary
import Testing

@Suite("Section 9: photos and videos as media items")
struct InheritanceChecks {
    @Test("the library lists photos and videos together, newest first, each as its own class")
    func allItemsNewestFirst() throws {
        try LibraryBench.run { bench in
            let library = try bench.openLibrary()
            // Imported in neither date nor title order, so only a sort on addedAt gives the expected list.
            try library.photo("Harbour", day: 2)
            try library.video("Fireworks", day: 4)
            try library.photo("Sunrise", day: 1)
            try library.video("Market", day: 3)

            let items = try bench.openLibrary().allItems()
            let expected = "[\"Fireworks\" (Video), \"Market\" (Video), \"Harbour\" (Photo), \"Sunrise\" (Photo)]"
            #expect(
                describeKinds(items) == expected,
                "allItems() after reopening a library imported on days 2, 4, 1 and 3: expected \(expected), found \(describeKinds(items))."
            )
        }
    }

    @Test("items added at the same moment are listed by title")
    func allItemsTieBrokenByTitle() throws {
        let library = try LibraryBench.inMemoryLibrary()
        // Imported in reverse title order on the same day: only a second sort on title puts them in order.
        try library.video("Zebras", day: 5)
        try library.photo("Meadow", day: 5)
        try library.photo("Antelope", day: 5)
        try library.photo("Older", day: 1)

        let titles = try library.allItems().map(\.title)
        let expected = ["Antelope", "Meadow", "Zebras", "Older"]
        #expect(
            titles == expected,
            "allItems() for three items added on day 5 (imported as Zebras, Meadow, Antelope) and one on day 1: expected \(describe(expected)), found \(describe(titles))."
        )
    }

    @Test("a photo fetched as a media item is a Photo, with its size and image")
    func photoFetchedThroughTheBase() throws {
        try LibraryBench.run { bench in
            let library = try bench.openLibrary()
            try library.photo("Lighthouse", size: PixelSize(width: 3000, height: 4000), image: imageBytes(7))

            let item = try #require(
                try bench.openLibrary().allItems().first,
                "allItems() after reopening: expected the imported photo, found nothing.")
            let photo = try #require(
                item as? Photo,
                "The item allItems() returned for an imported photo: expected an instance of Photo, found \(type(of: item))."
            )
            #expect(
                photo.size == PixelSize(width: 3000, height: 4000),
                "size of the photo fetched as a MediaItem: expected 3000×4000, found \(photo.size.width)×\(photo.size.height)."
            )
            #expect(
                photo.imageData == imageBytes(7),
                "imageData of the photo fetched as a MediaItem: expected the imported bytes, found \(photo.imageData.count) other bytes."
            )
        }
    }

    @Test("photos lists only photos, newest first")
    func photosOnly() throws {
        try LibraryBench.run { bench in
            let library = try bench.openLibrary()
            try library.photo("Kayak", day: 1)
            try library.video("Waves", day: 3)
            try library.photo("Pier", day: 2)
            try library.photo("Gulls", day: 2)

            let photos = try bench.openLibrary().photos()
            let expected = ["Gulls", "Pier", "Kayak"]
            #expect(
                photos.map(\.title) == expected,
                "photos() after reopening a library of three photos and a video: expected \(describe(expected)) (newest first, the same day by title), found \(describe(photos.map(\.title)))."
            )
        }
    }

    @Test("videos longer than a length leave out a video of exactly that length, longest first")
    func videosLongerThan() throws {
        let library = try LibraryBench.inMemoryLibrary()
        try library.video("Exactly a minute", seconds: 60)
        try library.video("Short", seconds: 59.5)
        try library.video("Just over", seconds: 60.5)
        try library.video("Long B", seconds: 600)
        try library.video("Long A", seconds: 600)
        try library.photo("A still")

        let titles = try library.videos(longerThan: 60).map(\.title)
        let expected = ["Long A", "Long B", "Just over"]
        #expect(
            titles == expected,
            "videos(longerThan: 60) for videos of 60, 59.5, 60.5, 600 and 600 seconds: expected \(describe(expected)) (longest first, equal lengths by title), found \(describe(titles))."
        )
    }

    @Test("favourites include photos and videos, newest first, and nothing else")
    func favoritesAcrossSubclasses() throws {
        try LibraryBench.run { bench in
            let library = try bench.openLibrary()
            let clip = try library.video("Clip", day: 1)
            let portrait = try library.photo("Portrait", day: 3)
            try library.photo("Blurry", day: 2)
            let sketch = try library.photo("Sketch", day: 3)
            for item in [clip, portrait, sketch] { item.isFavorite = true }
            try library.context.save()

            let favorites = try bench.openLibrary().favorites()
            let expected = "[\"Portrait\" (Photo), \"Sketch\" (Photo), \"Clip\" (Video)]"
            #expect(
                describeKinds(favorites) == expected,
                "favorites() after reopening, with a video and two photos marked: expected \(expected), found \(describeKinds(favorites))."
            )
        }
    }

    @Test("the summary of a photo names its size")
    func photoSummary() throws {
        let library = try LibraryBench.inMemoryLibrary()
        let photo = try library.photo("Dunes", size: PixelSize(width: 1920, height: 1080))
        let asItem: MediaItem = photo

        #expect(
            library.summary(of: asItem) == "Photo 1920×1080",
            "summary(of:) for a 1920×1080 photo passed as a MediaItem: expected \"Photo 1920×1080\", found \"\(library.summary(of: asItem))\"."
        )
    }

    @Test("the summary of a video names its length and quality")
    func videoSummary() throws {
        try LibraryBench.run { bench in
            try bench.openLibrary().video("Parade", seconds: 3725, quality: .ultraHigh)
            let library = try bench.openLibrary()
            let item = try #require(
                try library.allItems().first, "allItems() after reopening: expected the imported video, found nothing.")

            #expect(
                library.summary(of: item) == "Video 1:02:05 4K",
                "summary(of:) for a 4K video of 3725 seconds, fetched as a MediaItem: expected \"Video 1:02:05 4K\", found \"\(library.summary(of: item))\"."
            )
        }
    }

    @Test("the summary of an item that is neither a photo nor a video says Item")
    func plainItemSummary() throws {
        let library = try LibraryBench.inMemoryLibrary()
        let note = MediaItem(title: "Voice memo", source: "Recorder", fileName: "memo.m4a", addedAt: moment(day: 1))
        library.context.insert(note)

        #expect(
            library.summary(of: note) == "Item",
            "summary(of:) for a plain MediaItem: expected \"Item\", found \"\(library.summary(of: note))\".")
    }
}
