import Foundation
import PersistenceCore
import Section9MediaLibrary
import Testing

/// Each change the library makes ends with a save, and a save can fail: these checks give the library a
/// container whose configuration has `allowsSave: false` and expect the context's own error to reach
/// the caller.
@Suite("Section 9: failed saves")
struct SaveFailureChecks {
    @Test("importing a photo or a video passes on the error of a save the store refuses")
    func importsThrow() throws {
        let library = try LibraryBench.inMemoryLibrary(allowsSave: false)
        expectRefusedSave("importPhoto(…) through a context that may not save") { try library.photo("Refused photo") }
        expectRefusedSave("importVideo(…) through a context that may not save") { try library.video("Refused video") }
    }

    @Test("commenting and filing in an album pass on the error of a save the store refuses")
    func linksThrow() throws {
        try LibraryBench.run { bench in
            try bench.openLibrary().photo("Saved")
            let library = try bench.openLibrary(allowsSave: false)
            let photo = try #require(try library.photos().first, "The check's own setup: the saved photo is missing.")
            expectRefusedSave("addComment(_:to:) through a context that may not save") {
                try library.addComment("Hi", to: photo)
            }
            library.context.rollback()
            let album = Album(name: "Refused")
            library.context.insert(album)
            expectRefusedSave("add(_:to:) through a context that may not save") { try library.add(photo, to: album) }
        }
    }

    @Test("deleting passes on the error of a save the store refuses")
    func deleteThrows() throws {
        try LibraryBench.run { bench in
            try bench.openLibrary().photo("Saved")
            let library = try bench.openLibrary(allowsSave: false)
            let photo = try #require(try library.photos().first, "The check's own setup: the saved photo is missing.")
            expectRefusedSave("delete(_:) through a context that may not save") { try library.delete(photo) }
        }
    }

    @Test("retiring a creator passes on the error of a save the store refuses")
    func retireThrows() throws {
        try LibraryBench.run { bench in
            let setup = try bench.openLibrary()
            setup.context.insert(Creator(name: "Nobody"))
            try setup.context.save()
            let library = try bench.openLibrary(allowsSave: false)
            let creator = try #require(
                try stored(Creator.self, in: library.context).first,
                "The check's own setup: the saved creator is missing.")
            expectRefusedSave("retire(_:) through a context that may not save") { try library.retire(creator) }
        }
    }
}
