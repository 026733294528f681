import Foundation
import PersistenceCore
import Section9MediaLibrary
import Testing

@Suite("Section 9: what each property keeps")
struct AttributeChecks {
    @Test("a photo's image data is kept in external storage and survives a relaunch")
    func imageDataExternal() throws {
        let property = Schema(LibraryBench.models).entity(for: Photo.self)?.property(named: "imageData")
        let options = property?.options.attributeOptions.map { "\($0)" } ?? []
        #expect(
            property?.options.contains(.externalStorage) == true,
            "The options of Photo.imageData: expected .externalStorage among them, found \(options.isEmpty ? "none" : options.joined(separator: ", "))."
        )
        try LibraryBench.run { bench in
            let bytes = imageBytes(9, count: 300_000)
            try bench.openLibrary().photo("Panorama", image: bytes)

            let photo = try #require(
                try bench.openLibrary().photos().first,
                "photos() after reopening: expected the imported photo, found nothing.")
            #expect(
                photo.imageData == bytes,
                "imageData of a 300,000-byte photo after reopening: expected the same bytes, found \(photo.imageData.count) bytes that differ."
            )
        }
    }

    @Test("a photo's pixel size and a video's quality survive a relaunch")
    func codableValuesSurvive() throws {
        try LibraryBench.run { bench in
            let library = try bench.openLibrary()
            try library.photo("Tall", size: PixelSize(width: 1170, height: 2532))
            try library.video("Sharp", quality: .ultraHigh)
            try library.video("Old", quality: .standard)

            let reopened = try bench.openLibrary()
            let size = try reopened.photos().first?.size
            #expect(
                size == PixelSize(width: 1170, height: 2532),
                "size of the photo after reopening: expected 1170×2532, found \(size.map { "\($0.width)×\($0.height)" } ?? "no photo")."
            )
            let qualities = try reopened.videos(longerThan: 0).sorted { $0.title < $1.title }.map {
                "\($0.title): \($0.quality)"
            }
            #expect(
                qualities == ["Old: standard", "Sharp: ultraHigh"],
                "quality of each video after reopening: expected [\"Old: standard\", \"Sharp: ultraHigh\"], found \(describe(qualities))."
            )
        }
    }

    @Test("a selection is never stored: the library starts again with nothing selected")
    func selectionNotStored() throws {
        let entity = Schema(LibraryBench.models).entity(for: MediaItem.self)
        #expect(
            entity?.property(named: "isSelected") == nil,
            "The stored properties of MediaItem: expected no isSelected among them (it is screen state), found it stored."
        )
        try LibraryBench.run { bench in
            let library = try bench.openLibrary()
            let photo = try library.photo("Picked")
            photo.isSelected = true
            photo.isFavorite = true
            try library.context.save()
            #expect(photo.isSelected, "isSelected on the photo right after selecting it: expected true, found false.")

            let reopened = try #require(
                try bench.openLibrary().allItems().first,
                "allItems() after reopening: expected the photo, found nothing.")
            #expect(
                !reopened.isSelected,
                "isSelected after reopening the library: expected false (never stored), found true.")
            #expect(
                reopened.isFavorite,
                "isFavorite after reopening the library: expected true (it is stored), found false.")
        }
    }

    @Test("a photo is landscape only when it is wider than it is tall")
    func landscape() throws {
        let cases: [(PixelSize, Bool)] = [
            (PixelSize(width: 4032, height: 3024), true),
            (PixelSize(width: 3024, height: 4032), false),
            (PixelSize(width: 2048, height: 2048), false),
            (PixelSize(width: 1001, height: 1000), true),
        ]
        for (size, expected) in cases {
            let photo = Photo(title: "Test", source: "Pixel 8", fileName: "t.jpg", imageData: Data(), size: size)
            #expect(
                photo.isLandscape == expected,
                "isLandscape of a \(size.width)×\(size.height) photo: expected \(expected), found \(photo.isLandscape)."
            )
        }
    }

    @Test("a video's length reads as m:ss under an hour and h:mm:ss from an hour, in whole seconds")
    func formattedDuration() throws {
        let cases: [(TimeInterval, String)] = [
            (0, "0:00"), (9, "0:09"), (10, "0:10"), (59.9, "0:59"), (60, "1:00"), (69, "1:09"), (610, "10:10"),
            (3599, "59:59"), (3600, "1:00:00"), (3609, "1:00:09"), (3660, "1:01:00"), (4210, "1:10:10"),
            (36_000, "10:00:00"),
        ]
        let found = cases.map { seconds, _ in
            Video(title: "Test", source: "Pixel 8", fileName: "t.mp4", duration: seconds, quality: .high)
                .formattedDuration
        }
        for ((seconds, expected), text) in zip(cases, found) {
            #expect(
                text == expected,
                "formattedDuration of a \(seconds)-second video: expected \"\(expected)\", found \"\(text)\".")
        }
    }
}
