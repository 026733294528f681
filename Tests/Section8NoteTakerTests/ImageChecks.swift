import Foundation
import PersistenceCore
import PersistenceWorkbench
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
            #expect(
                !filename.isEmpty && !filename.contains("/"),
                "imageFilename after attaching an image: expected a bare file name such as \"3F25….png\", found \(describe(note.imageFilename))."
            )
            #expect(
                filename.hasSuffix(".png"),
                "imageFilename after attaching a png: expected a name ending in \".png\", found \(describe(note.imageFilename))."
            )
            let files = bench.imageFiles()
            #expect(
                files == [filename],
                "Files in Application Support/NoteImages after attaching one image: expected [\"\(filename)\"], found \(describe(files))."
            )
            let onDisk = FileManager.default.contents(atPath: bench.imagesFolder.appending(path: filename).path)
            #expect(
                onDisk == sampleImage("whiteboard"),
                "The image file's bytes: expected the \(sampleImage("whiteboard").count) bytes attached, found \(onDisk.map { "\($0.count) other bytes" } ?? "no file")."
            )
            let stored = try storedNotes(in: bench.openContext()).first?.imageFilename
            #expect(
                stored == note.imageFilename,
                "imageFilename after reopening the store: expected \(describe(note.imageFilename)), found \(describe(stored))."
            )
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
            #expect(
                loaded == sampleImage("receipt"),
                "imageData(of:) for the note after reopening the store: expected the \(sampleImage("receipt").count) bytes attached, found \(loaded.map { "\($0.count) other bytes" } ?? "nil")."
            )
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
            #expect(
                names.count == 2 && names[0] != names[1],
                "The two notes' imageFilename after attaching the same picture to both: expected two different names, found \(describe(names))."
            )
            let files = bench.imageFiles()
            #expect(
                files == names.sorted(),
                "Files in Application Support/NoteImages: expected one per note, \(describe(names.sorted())), found \(describe(files))."
            )
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

            #expect(
                newName != nil && newName != oldName,
                "imageFilename after replacing the image: expected a new name, found \(describe(newName)) (the old one was \(describe(oldName)))."
            )
            let files = bench.imageFiles()
            #expect(
                files == [newName].compactMap { $0 },
                "Files in Application Support/NoteImages after replacing the image: expected only the new file \(describe(newName)), found \(describe(files))."
            )
            let loaded = try repository.imageData(of: note)
            #expect(
                loaded == sampleImage("final"),
                "imageData(of:) after replacing the image: expected the new image's bytes, found \(loaded.map { "\($0.count) other bytes" } ?? "nil")."
            )
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
            #expect(
                name != nil && stored == [nil],
                "imageFilename after removing the image and reopening: expected nil (it was \(describe(name))), found \(stored.map { describe($0) })."
            )
            let files = bench.imageFiles()
            #expect(
                name != nil && files.isEmpty,
                "Files in Application Support/NoteImages after removing the only image: expected none, found \(describe(files))."
            )
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
            #expect(
                !expected.isEmpty && files == expected,
                "Files in Application Support/NoteImages after deleting \"Blurry photo\": expected only the other note's image \(describe(expected)), found \(describe(files))."
            )
            let titles = try storedNotes(in: bench.openContext()).map(\.title)
            #expect(
                titles == ["Sharp photo"],
                "Stored notes after the delete: expected [\"Sharp photo\"], found \(describe(titles)).")
        }
    }

    @Test("an image store keeps its files in the sandbox it is given")
    func storeUsesGivenSandbox() throws {
        try NoteTakerBench.run { bench in
            let elsewhere = AppSandbox.temporary(appIdentifier: "com.example.NoteTaker")
            defer { try? FileManager.default.removeItem(at: elsewhere.deviceRoot) }
            let images = NoteImageStore(sandbox: elsewhere)
            let folder = elsewhere.applicationSupportDirectory.appending(
                path: NoteTakerKeys.imagesFolder, directoryHint: .isDirectory)

            let name = try images.save(sampleImage("map"), pathExtension: "png")
            let filesThere = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
            #expect(
                filesThere == [name],
                "Files in the given sandbox's Application Support/NoteImages after save: expected only the file save returned, \(describe(name)), found \(describe(filesThere))."
            )
            let filesHere = bench.imageFiles()
            #expect(
                filesHere.isEmpty,
                "Files in the current app's NoteImages after saving through NoteImageStore(sandbox:) of another sandbox: expected none, found \(describe(filesHere))."
            )
            let url = images.url(for: name)
            #expect(
                url?.standardizedFileURL.path == folder.appending(path: name).standardizedFileURL.path,
                "url(for:) of the saved image: expected \(folder.appending(path: name).path), found \(url?.path ?? "nil")."
            )
            let loaded = try? images.load(filename: name)
            #expect(
                loaded == sampleImage("map"),
                "load(filename:) of the saved image: expected its \(sampleImage("map").count) bytes, found \(loaded.map { "\($0.count) other bytes" } ?? "an error")."
            )
            try images.remove(filename: name)
            let left = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            #expect(
                left.isEmpty,
                "Files in the given sandbox's NoteImages after remove(filename:): expected none, found \(describe(left))."
            )
        }
    }

    @Test("the repository keeps images in the image store it was given")
    func repositoryUsesGivenImageStore() throws {
        try NoteTakerBench.run { bench in
            let elsewhere = AppSandbox.temporary(appIdentifier: "com.example.NoteTaker")
            defer { try? FileManager.default.removeItem(at: elsewhere.deviceRoot) }
            let folder = elsewhere.applicationSupportDirectory.appending(
                path: NoteTakerKeys.imagesFolder, directoryHint: .isDirectory)
            let repository = NoteRepository(
                context: try bench.openContext(), images: NoteImageStore(sandbox: elsewhere))
            let note = try repository.addNote(title: "Bike serial number")
            try repository.attachImage(sampleImage("frame"), pathExtension: "jpg", to: note)

            let filesThere = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
            let expected = [note.imageFilename].compactMap { $0 }
            #expect(
                !expected.isEmpty && filesThere == expected,
                "Files in the given image store's folder after attachImage: expected only the file the note names, \(describe(note.imageFilename)), found \(describe(filesThere))."
            )
            let filesHere = bench.imageFiles()
            #expect(
                filesHere.isEmpty,
                "Files in the current app's NoteImages when the repository was given another image store: expected none, found \(describe(filesHere))."
            )
            let loaded = try repository.imageData(of: note)
            #expect(
                loaded == sampleImage("frame"),
                "imageData(of:) through the given image store: expected the attached bytes, found \(loaded.map { "\($0.count) other bytes" } ?? "nil")."
            )
            try repository.deleteNote(note)
            let left = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            #expect(
                left.isEmpty,
                "Files in the given image store's folder after deleting the note: expected none, found \(describe(left))."
            )
        }
    }

    @Test("an image's URL is its file in NoteImages, and a name that is not a plain file name has none")
    func imageURL() throws {
        try NoteTakerBench.run { bench in
            let images = NoteImageStore()
            let url = images.url(for: "3F2504E0.png")
            let expected = bench.imagesFolder.appending(path: "3F2504E0.png").standardizedFileURL.path
            #expect(
                url?.standardizedFileURL.path == expected,
                "url(for: \"3F2504E0.png\"): expected \(expected), found \(url?.path ?? "nil").")
            let refused = ["../escape.png", "sub/dir.png", "", ".."].filter { images.url(for: $0) != nil }
            #expect(
                refused.isEmpty,
                "url(for:) of names that are not plain file names: expected nil for each, found a URL for \(describe(refused))."
            )
        }
    }

    @Test("a note without an image has no image data, and removing its image changes nothing")
    func noImage() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let note = try repository.addNote(title: "Plain text only")
            let data = try repository.imageData(of: note)
            #expect(
                data == nil,
                "imageData(of:) for a note without an image: expected nil, found \(data.map { "\($0.count) bytes" } ?? "nil")."
            )
            let removing = thrownError { try repository.removeImage(from: note) }
            #expect(
                removing == nil,
                "removeImage(from:) for a note without an image: expected no error, found \(describe(removing)).")
            let stored = try storedNotes(in: bench.openContext()).map { "\($0.title): \(describe($0.imageFilename))" }
            #expect(
                stored == ["Plain text only: nil"],
                "The note in the store after removeImage on a note without one: expected [\"Plain text only: nil\"], found \(describe(stored))."
            )
        }
    }

    @Test("an image file that is already gone is not an error to remove")
    func goneFileIsFine() throws {
        try NoteTakerBench.run { bench in
            let images = NoteImageStore()
            let removingUnknown = thrownError { try images.remove(filename: "0000-never-saved.png") }
            #expect(
                removingUnknown == nil,
                "remove(filename:) for a file that was never saved: expected no error, found \(describe(removingUnknown))."
            )

            let repository = try bench.openRepository()
            let cleared = try repository.addNote(title: "Lost scan")
            let deleted = try repository.addNote(title: "Lost photo")
            try repository.attachImage(sampleImage("scan"), pathExtension: "png", to: cleared)
            try repository.attachImage(sampleImage("photo"), pathExtension: "png", to: deleted)
            for name in bench.imageFiles() {
                try FileManager.default.removeItem(at: bench.imagesFolder.appending(path: name))
            }

            let removing = thrownError { try repository.removeImage(from: cleared) }
            #expect(
                removing == nil,
                "removeImage(from:) when the image file is already gone: expected no error, found \(describe(removing))."
            )
            let deleting = thrownError { try repository.deleteNote(deleted) }
            #expect(
                deleting == nil,
                "deleteNote when the note's image file is already gone: expected no error, found \(describe(deleting))."
            )
            let stored = try storedNotes(in: bench.openContext()).map { "\($0.title): \(describe($0.imageFilename))" }
            #expect(
                stored == ["Lost scan: nil"],
                "The store after both calls: expected [\"Lost scan: nil\"], found \(describe(stored)).")
        }
    }

    @Test("a missing or unreadable image file is reported as imageFailed")
    func missingFileReported() throws {
        try NoteTakerBench.run { bench in
            let loading = thrownError { _ = try NoteImageStore().load(filename: "0000-never-saved.png") }
            #expect(
                isImageFailed(loading),
                "load(filename:) for a file that was never saved: expected NoteTakerError.imageFailed, found \(describe(loading))."
            )

            let repository = try bench.openRepository()
            let note = try repository.addNote(title: "Moved photo")
            try repository.attachImage(sampleImage("moved"), pathExtension: "jpg", to: note)
            for name in bench.imageFiles() {
                try FileManager.default.removeItem(at: bench.imagesFolder.appending(path: name))
            }
            let reading = thrownError { _ = try repository.imageData(of: note) }
            #expect(
                isImageFailed(reading),
                "imageData(of:) when the note's image file is gone: expected NoteTakerError.imageFailed, found \(describe(reading))."
            )
        }
    }

    @Test("an image file that cannot be written is reported as imageFailed")
    func unwritableFileReported() throws {
        try NoteTakerBench.run { bench in
            try bench.replaceImagesFolderWithFile()
            var saved: String?
            let saving = thrownError { saved = try NoteImageStore().save(sampleImage("chart"), pathExtension: "png") }
            #expect(
                isImageFailed(saving),
                "save(_:pathExtension:) when Application Support/NoteImages is a file, not a folder: expected NoteTakerError.imageFailed, found \(saving == nil ? "the name \(describe(saved))" : describe(saving))."
            )
        }
    }

    @Test("attaching an image that cannot be written keeps the note's current image")
    func failedAttachKeepsImage() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let note = try repository.addNote(title: "Floor plan")
            try repository.attachImage(sampleImage("ground floor"), pathExtension: "png", to: note)
            let current = note.imageFilename

            let tooLong = String(repeating: "x", count: 300)
            let attaching = thrownError {
                try repository.attachImage(sampleImage("first floor"), pathExtension: tooLong, to: note)
            }
            #expect(
                isImageFailed(attaching),
                "attachImage with a \(tooLong.count)-character extension, which no file name can hold: expected NoteTakerError.imageFailed, found \(describe(attaching))."
            )
            let stored = try storedNotes(in: bench.openContext()).map(\.imageFilename)
            #expect(
                current != nil && stored == [current],
                "imageFilename in the store after the failed attach: expected the name it had before, \(describe(current)), found \(stored.map { describe($0) })."
            )
            let files = bench.imageFiles()
            #expect(
                files == [current].compactMap { $0 },
                "Files in NoteImages after the failed attach: expected the current image's file only, \(describe([current].compactMap { $0 })), found \(describe(files))."
            )
        }
    }

    @Test("an image file that exists but cannot be removed is reported as imageFailed")
    func unremovableFileReported() throws {
        try NoteTakerBench.run { bench in
            let removing = try bench.withSealedImagesFolder {
                thrownError { try NoteImageStore().remove(filename: NoteTakerBench.sealedImageName) }
            }
            #expect(
                isImageFailed(removing),
                "remove(filename:) for a file that exists in a folder nobody may delete from: expected NoteTakerError.imageFailed, found \(describe(removing))."
            )
        }
    }

    @Test("deleting a note or its image saves the note first, then reports a file that cannot be removed")
    func unremovableFileAfterSave() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let cleared = try repository.addNote(title: "Old receipt")
            let deleted = try repository.addNote(title: "Old ticket")
            for note in [cleared, deleted] { note.imageFilename = NoteTakerBench.sealedImageName }
            try repository.context.save()

            let (removing, deleting) = try bench.withSealedImagesFolder {
                (
                    thrownError { try repository.removeImage(from: cleared) },
                    thrownError { try repository.deleteNote(deleted) }
                )
            }
            #expect(
                isImageFailed(removing),
                "removeImage(from:) when the image file exists but cannot be removed: expected NoteTakerError.imageFailed, found \(describe(removing))."
            )
            #expect(
                isImageFailed(deleting),
                "deleteNote when the note's image file exists but cannot be removed: expected NoteTakerError.imageFailed, found \(describe(deleting))."
            )
            let stored = try storedNotes(in: bench.openContext()).map { "\($0.title): \(describe($0.imageFilename))" }
            #expect(
                stored == ["Old receipt: nil"],
                "The store after both calls: expected [\"Old receipt: nil\"] (the note saved without its image, the other deleted, before the files were touched), found \(describe(stored))."
            )
        }
    }

    @Test("replacing an image reports an old file that cannot be removed")
    func unremovableOldFileOnReplace() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let note = try repository.addNote(title: "Garden layout")
            note.imageFilename = NoteTakerBench.sealedImageName
            try repository.context.save()

            let replacing = try bench.sealingImagesFolder(whenFilenameOf: note) {
                thrownError { try repository.attachImage(sampleImage("new layout"), pathExtension: "png", to: note) }
            }
            #expect(
                isImageFailed(replacing),
                "attachImage when the replaced image's file exists but cannot be removed: expected NoteTakerError.imageFailed, found \(describe(replacing))."
            )
        }
    }

    @Test(
        "when the store refuses a save, replacing, removing or deleting an image keeps the file the stored note names")
    func failedSaveKeepsFile() throws {
        try NoteTakerBench.run { bench in
            let setUp = try bench.openRepository()
            for title in ["Replaced", "Removed", "Deleted"] {
                try setUp.attachImage(sampleImage(title), pathExtension: "png", to: try setUp.addNote(title: title))
            }
            let refusing = NoteRepository(context: try bench.openContextThatCannotSave())
            let notes = Dictionary(try storedNotes(in: refusing.context).map { ($0.title, $0) }) { first, _ in first }
            let named = notes.mapValues { $0.imageFilename ?? "" }
            let replaced = try #require(notes["Replaced"], "The note \"Replaced\" should be in the store.")
            let removed = try #require(notes["Removed"], "The note \"Removed\" should be in the store.")
            let deleted = try #require(notes["Deleted"], "The note \"Deleted\" should be in the store.")

            let results = [
                (
                    "attachImage",
                    thrownError { try refusing.attachImage(sampleImage("newer"), pathExtension: "png", to: replaced) }
                ),
                ("removeImage", thrownError { try refusing.removeImage(from: removed) }),
                ("deleteNote", thrownError { try refusing.deleteNote(deleted) }),
            ]
            for (call, error) in results {
                #expect(
                    error as? SwiftDataError == SwiftDataError.saveNotAllowed,
                    "\(call) when the store refuses the save: expected the context's SwiftDataError .saveNotAllowed, found \(describe(error))."
                )
            }
            let files = Set(bench.imageFiles())
            for title in ["Replaced", "Removed", "Deleted"] {
                let name = named[title] ?? ""
                #expect(
                    !name.isEmpty && files.contains(name),
                    "The image file of \"\(title)\", which the stored note still names after the refused save: expected \(name) in NoteImages, found \(describe(files.sorted()))."
                )
            }
        }
    }
}
