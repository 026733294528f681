import Foundation
import PersistenceCore
import Section9MediaLibrary
import Testing

@Suite("Section 9: one item per file, and indexes")
struct UniqueAndIndexChecks {
    @Test("importing the same file from the same device again updates the stored item")
    func reimportUpdates() throws {
        try LibraryBench.run { bench in
            let library = try bench.openLibrary()
            try library.photo("First take", source: "Pixel 8", file: "IMG_0042.jpg", day: 1, image: imageBytes(1))
            try library.photo("Edited", source: "Pixel 8", file: "IMG_0042.jpg", day: 2, image: imageBytes(2))

            let items = try storedItems(in: bench.openContext())
            #expect(
                items.map(\.title) == ["Edited"],
                "Stored items after importing IMG_0042.jpg from \"Pixel 8\" twice: expected one, [\"Edited\"], found \(describe(items.map(\.title)))."
            )
            let photo = items.first as? Photo
            #expect(
                photo?.imageData == imageBytes(2),
                "imageData of the re-imported photo after reopening: expected the second import's bytes, found other bytes."
            )
            #expect(
                photo?.addedAt == moment(day: 2),
                "addedAt of the re-imported photo after reopening: expected the second import's date, found \(String(describing: photo?.addedAt))."
            )
        }
    }

    @Test("importing the same file three times keeps one item with the last values")
    func reimportThreeTimes() throws {
        try LibraryBench.run { bench in
            let library = try bench.openLibrary()
            for (take, seconds) in [("Take 1", 30.0), ("Take 2", 45.0), ("Take 3", 50.0)] {
                try library.video(take, source: "GoPro", file: "GX010001.MP4", seconds: seconds)
            }

            let videos = try stored(Video.self, in: bench.openContext()).map { "\($0.title) (\(Int($0.duration)) s)" }
            #expect(
                videos == ["Take 3 (50 s)"],
                "Stored videos after importing GX010001.MP4 from \"GoPro\" three times: expected [\"Take 3 (50 s)\"], found \(describe(videos))."
            )
        }
    }

    @Test("re-importing a file keeps the comments made on it")
    func reimportKeepsComments() throws {
        try LibraryBench.run { bench in
            let library = try bench.openLibrary()
            let first = try library.photo("Cat", file: "IMG_7.jpg")
            try library.addComment("So fluffy", to: first)
            try library.photo("Cat, cropped", file: "IMG_7.jpg")

            let items = try storedItems(in: bench.openContext())
            let found = items.map { "\($0.title): \($0.comments.map(\.text))" }
            #expect(
                found == ["Cat, cropped: [\"So fluffy\"]"],
                "Stored items and their comments after re-importing a commented photo: expected [\"Cat, cropped: [\\\"So fluffy\\\"]\"], found \(describe(found))."
            )
        }
    }

    @Test("the same file name from two devices is two items")
    func sameNameTwoSources() throws {
        try LibraryBench.run { bench in
            let library = try bench.openLibrary()
            try library.photo("From the phone", source: "Pixel 8", file: "IMG_0001.jpg")
            try library.photo("From the tablet", source: "iPad", file: "IMG_0001.jpg")
            try library.photo("Another phone shot", source: "Pixel 8", file: "IMG_0002.jpg")

            let titles = try storedItems(in: bench.openContext()).map(\.title)
            let expected = ["Another phone shot", "From the phone", "From the tablet"]
            #expect(
                titles == expected,
                "Stored items after importing IMG_0001.jpg from two devices and IMG_0002.jpg from one: expected \(describe(expected)), found \(describe(titles))."
            )
        }
    }

    @Test("the unique key is the device and the file name together")
    func uniqueKeyDeclared() throws {
        let constraints = Schema(LibraryBench.models).entity(for: MediaItem.self)?.uniquenessConstraints ?? []
        let asSets = constraints.map(Set.init)
        #expect(
            asSets.contains(["source", "fileName"]),
            "The uniqueness constraints of MediaItem: expected one on [source, fileName], found \(constraints).")
        #expect(
            asSets.allSatisfy { $0.count > 1 },
            "The uniqueness constraints of MediaItem: expected none on a single property, found \(constraints).")
    }

    @Test("the library keeps an index on the date it sorts by and one on favourites with the date")
    func indexesDeclared() throws {
        let indexes = MediaItem.schemaConstraints.compactMap { constraint -> [String]? in
            if case .index(let names) = constraint { names } else { nil }
        }
        #expect(indexes.contains(["addedAt"]), "The indexes of MediaItem: expected one on [addedAt], found \(indexes).")
        #expect(
            indexes.contains(["isFavorite", "addedAt"]),
            "The indexes of MediaItem: expected one on [isFavorite, addedAt], found \(indexes).")
    }
}

@Suite("Section 9: what the system's search indexes")
struct SpotlightChecks {
    @Test("only the title is marked for Spotlight, the one property the system's search finds items by")
    func titleIndexedForSpotlight() {
        let marked = MediaItem.schemaMetadata.filter { $0.options.contains(.spotlight) }.map(\.name)
        #expect(
            marked == ["title"],
            "The properties of MediaItem marked @Attribute(.spotlight): expected [title], found \(marked). The option asks the device to index a value for its search; only the title names an item to a person searching."
        )
    }
}
