import Foundation
import PersistenceCore
import Section8NoteTaker
import Testing

@Suite("Section 8: note images")
struct ImageChecks {
    @Test("an attached image is a file in Application Support/NoteImages and the note keeps only its filename")
    func imageFileAndFilename() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let note = try repository.addNote(title: "Whiteboard photo")
            try repository.attachImage(sampleImage("whiteboard"), pathExtension: "png", to: note)

            let filename = note.imageFilename ?? ""
            #expect(!filename.isEmpty && !filename.contains("/"), "imageFilename after attaching an image: expected a bare file name such as \"3F25….png\", found \(describe(note.imageFilename)). Store only the name: the folder's full path changes between installs.")
            #expect(filename.hasSuffix(".png"), "imageFilename after attaching a png: expected a name ending in \".png\", found \(describe(note.imageFilename)).")
            let files = bench.imageFiles()
            #expect(files == [filename], "Files in Application Support/NoteImages after attaching one image: expected [\"\(filename)\"], found \(describe(files)).")
            let onDisk = FileManager.default.contents(atPath: bench.imagesFolder.appending(path: filename).path)
            #expect(onDisk == sampleImage("whiteboard"), "The image file's bytes: expected the \(sampleImage("whiteboard").count) bytes attached, found \(onDisk.map { "\($0.count) other bytes" } ?? "no file").")
            let stored = try storedNotes(in: bench.openContext()).first?.imageFilename
            #expect(stored == note.imageFilename, "imageFilename after reopening the store: expected \(describe(note.imageFilename)), found \(describe(stored)). Save after setting it.")
        }
    }

    @Test("an attached image reads back unchanged after reopening the store")
    func imageReadsBack() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let note = try repository.addNote(title: "Receipt")
            try repository.attachImage(sampleImage("receipt"), pathExtension: "jpg", to: note)

            let reopened = NoteRepository(context: try bench.openContext())
            let loaded = try reopened.notes().first.flatMap { try reopened.imageData(of: $0) }
            #expect(loaded == sampleImage("receipt"), "imageData(of:) for the note after reopening the store: expected the \(sampleImage("receipt").count) bytes attached, found \(loaded.map { "\($0.count) other bytes" } ?? "nil").")
        }
    }

    @Test("each image gets a file of its own under a unique name")
    func uniqueNames() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let first = try repository.addNote(title: "Sketch 1")
            let second = try repository.addNote(title: "Sketch 2")
            try repository.attachImage(sampleImage("sketch"), pathExtension: "png", to: first)
            try repository.attachImage(sampleImage("sketch"), pathExtension: "png", to: second)

            let names = [first.imageFilename, second.imageFilename].compactMap { $0 }
            #expect(names.count == 2 && names[0] != names[1], "The two notes' imageFilename after attaching the same picture to both: expected two different names, found \(describe(names)). Make each name unique, for example with FileStore.uniqueFilename(pathExtension:).")
            let files = bench.imageFiles()
            #expect(files == names.sorted(), "Files in Application Support/NoteImages: expected one per note, \(describe(names.sorted())), found \(describe(files)).")
        }
    }

    @Test("replacing an image removes the old file")
    func replaceRemovesOld() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let note = try repository.addNote(title: "Kitchen layout")
            try repository.attachImage(sampleImage("first draft"), pathExtension: "png", to: note)
            let oldName = note.imageFilename
            try repository.attachImage(sampleImage("final"), pathExtension: "png", to: note)
            let newName = note.imageFilename

            #expect(newName != nil && newName != oldName, "imageFilename after replacing the image: expected a new name, found \(describe(newName)) (the old one was \(describe(oldName))).")
            let files = bench.imageFiles()
            #expect(files == [newName].compactMap { $0 }, "Files in Application Support/NoteImages after replacing the image: expected only the new file \(describe(newName)), found \(describe(files)). Remove the old file once the new one is saved.")
            let loaded = try repository.imageData(of: note)
            #expect(loaded == sampleImage("final"), "imageData(of:) after replacing the image: expected the new image's bytes, found \(loaded.map { "\($0.count) other bytes" } ?? "nil").")
        }
    }

    @Test("removing a note's image deletes its file and clears the filename")
    func removeImage() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let note = try repository.addNote(title: "Parking spot")
            try repository.attachImage(sampleImage("level 2"), pathExtension: "jpg", to: note)
            let name = note.imageFilename
            try repository.removeImage(from: note)

            let stored = try storedNotes(in: bench.openContext()).map(\.imageFilename)
            #expect(name != nil && stored == [nil], "imageFilename after removing the image and reopening: expected nil (it was \(describe(name))), found \(stored.map { describe($0) }).")
            let files = bench.imageFiles()
            #expect(name != nil && files.isEmpty, "Files in Application Support/NoteImages after removing the only image: expected none, found \(describe(files)).")
        }
    }

    @Test("deleting a note removes its image file")
    func deleteRemovesImage() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let doomed = try repository.addNote(title: "Blurry photo")
            let kept = try repository.addNote(title: "Sharp photo")
            try repository.attachImage(sampleImage("blurry"), pathExtension: "jpg", to: doomed)
            try repository.attachImage(sampleImage("sharp"), pathExtension: "jpg", to: kept)
            try repository.deleteNote(doomed)

            let files = bench.imageFiles()
            let expected = [kept.imageFilename].compactMap { $0 }
            #expect(!expected.isEmpty && files == expected, "Files in Application Support/NoteImages after deleting \"Blurry photo\": expected only the other note's image \(describe(expected)), found \(describe(files)). Deleting a note must delete its image file too.")
            let titles = try storedNotes(in: bench.openContext()).map(\.title)
            #expect(titles == ["Sharp photo"], "Stored notes after the delete: expected [\"Sharp photo\"], found \(describe(titles)).")
        }
    }
}
