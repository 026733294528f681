import Foundation
import PersistenceCore
import Section9MediaLibrary
import Testing

@Suite("Section 9: what a delete does to the other side")
struct DeleteRuleChecks {
    // MARK: .cascade

    @Test("deleting an item deletes its comments and no others")
    func cascadeComments() throws {
        try LibraryBench.run { bench in
            let library = try bench.openLibrary()
            let dog = try library.photo("Dog")
            let cat = try library.photo("Cat")
            try library.addComment("Good boy", to: dog)
            try library.addComment("Muddy paws", to: dog)
            try library.addComment("Asleep again", to: cat)
            try library.delete(dog)

            let context = try bench.openContext()
            let comments = try stored(Comment.self, in: context).map(\.text)
            #expect(
                comments == ["Asleep again"],
                "Stored comments after deleting a photo with two comments: expected [\"Asleep again\"] (the other photo's), found \(describe(comments))."
            )
            #expect(
                try storedItems(in: context).map(\.title) == ["Cat"],
                "Stored items after deleting \"Dog\": expected [\"Cat\"].")
        }
    }

    @Test("deleting an item without comments deletes only the item")
    func cascadeWithNothingToCascade() throws {
        try LibraryBench.run { bench in
            let library = try bench.openLibrary()
            let bare = try library.video("No comments")
            let talked = try library.video("Talked about")
            try library.addComment("Nice", to: talked)
            try library.delete(bare)

            let context = try bench.openContext()
            let titles = try storedItems(in: context).map(\.title)
            #expect(
                titles == ["Talked about"],
                "Stored items after deleting a video that has no comments: expected [\"Talked about\"], found \(describe(titles))."
            )
            let comments = try stored(Comment.self, in: context).map(\.text)
            #expect(
                comments == ["Nice"],
                "Stored comments after deleting a video that had none: expected [\"Nice\"], found \(describe(comments))."
            )
        }
    }

    @Test("deleting a comment keeps its item and the item's other comments")
    func deletingACommentKeepsTheItem() throws {
        try LibraryBench.run { bench in
            let library = try bench.openLibrary()
            let owl = try library.photo("Owl")
            let spam = try library.addComment("Buy followers now", to: owl)
            try library.addComment("Wonderful eyes", to: owl)
            try library.delete(spam)

            // A model marked deleted is described rather than read: reading its properties would stop the check.
            let live = owl.isDeleted ? "deleted" : "kept with \(describe(owl.comments.map(\.text)))"
            #expect(
                live == "kept with [\"Wonderful eyes\"]",
                "The photo right after one of its two comments was deleted: expected it kept with [\"Wonderful eyes\"], found it \(live)."
            )
            let context = try bench.openContext()
            let items = try storedItems(in: context).map { "\($0.title): \(describe($0.comments.map(\.text)))" }
            #expect(
                items == ["Owl: [\"Wonderful eyes\"]"],
                "Stored items and their comments after deleting one comment and reopening: expected [\"Owl: [\\\"Wonderful eyes\\\"]\"] (a comment's delete leaves its item alone), found \(describe(items))."
            )
        }
    }

    // MARK: .nullify

    @Test("deleting an album keeps its items and takes the album off them")
    func nullifyAlbum() throws {
        try LibraryBench.run { bench in
            let library = try bench.openLibrary()
            let trip = Album(name: "Trip")
            library.context.insert(trip)
            let boat = try library.photo("Boat")
            let train = try library.video("Train")
            try library.add(boat, to: trip)
            try library.add(train, to: trip)
            try library.delete(trip)

            #expect(
                boat.albums.isEmpty,
                "albums of a photo right after its only album was deleted: expected none, found \(describe(boat.albums.map(\.name)))."
            )
            let context = try bench.openContext()
            let items = try storedItems(in: context)
            #expect(
                items.map(\.title) == ["Boat", "Train"],
                "Stored items after deleting their album: expected [\"Boat\", \"Train\"], found \(describe(items.map(\.title)))."
            )
            let albumsOfItems = items.flatMap { $0.albums.map(\.name) }
            #expect(
                albumsOfItems.isEmpty,
                "The albums the items are in after deleting their only album and reopening: expected none, found \(describe(albumsOfItems))."
            )
            #expect(
                try stored(Album.self, in: context).isEmpty, "Stored albums after deleting the only one: expected none."
            )
        }
    }

    @Test("an item in two albums stays in the other when one is deleted")
    func nullifySharedItem() throws {
        try LibraryBench.run { bench in
            let library = try bench.openLibrary()
            let family = Album(name: "Family")
            let best = Album(name: "Best of")
            library.context.insert(family)
            library.context.insert(best)
            let picnic = try library.photo("Picnic")
            try library.add(picnic, to: family)
            try library.add(picnic, to: best)
            try library.delete(family)

            let context = try bench.openContext()
            let albums = try stored(Album.self, in: context).map { "\($0.name): \($0.items.map(\.title))" }
            #expect(
                albums == ["Best of: [\"Picnic\"]"],
                "Stored albums and their items after deleting \"Family\": expected [\"Best of: [\\\"Picnic\\\"]\"], found \(describe(albums))."
            )
            let picnicAlbums = try storedItems(in: context).first.map { $0.albums.map(\.name) } ?? []
            #expect(
                picnicAlbums == ["Best of"],
                "The albums \"Picnic\" is in after deleting \"Family\" and reopening: expected [\"Best of\"], found \(describe(picnicAlbums))."
            )
        }
    }

    @Test("putting an item in an album twice keeps it there once")
    func addToAlbumOnce() throws {
        try LibraryBench.run { bench in
            let library = try bench.openLibrary()
            let pets = Album(name: "Pets")
            library.context.insert(pets)
            let hamster = try library.photo("Hamster")
            let rabbit = try library.photo("Rabbit")
            try library.add(hamster, to: pets)
            try library.add(hamster, to: pets)
            try library.add(rabbit, to: pets)
            try library.add(hamster, to: pets)

            // The live album is what the screen shows until the next launch: it must hold the photo once too.
            let live = pets.items.map(\.title).sorted()
            #expect(
                live == ["Hamster", "Rabbit"],
                "items of the album right after adding \"Hamster\" three times and \"Rabbit\" once: expected [\"Hamster\", \"Rabbit\"], found \(describe(live))."
            )
            let hamsterAlbums = hamster.albums.map(\.name)
            #expect(
                hamsterAlbums == ["Pets"],
                "albums of \"Hamster\" right after adding it to the same album three times: expected [\"Pets\"], found \(describe(hamsterAlbums))."
            )
            let albums = try stored(Album.self, in: bench.openContext()).map {
                "\($0.name): \($0.items.map(\.title).sorted())"
            }
            #expect(
                albums == ["Pets: [\"Hamster\", \"Rabbit\"]"],
                "The album after adding \"Hamster\" three times and \"Rabbit\" once, and reopening: expected [\"Pets: [\\\"Hamster\\\", \\\"Rabbit\\\"]\"], found \(describe(albums))."
            )
        }
    }

    @Test("deleting an item takes it off its albums and its creator")
    func nullifyFromTheItemSide() throws {
        try LibraryBench.run { bench in
            let library = try bench.openLibrary()
            let album = Album(name: "Street")
            let ansel = Creator(name: "Ansel")
            library.context.insert(album)
            library.context.insert(ansel)
            let corner = try library.photo("Corner")
            let bus = try library.photo("Bus")
            corner.creator = ansel
            bus.creator = ansel
            try library.add(corner, to: album)
            try library.add(bus, to: album)
            try library.delete(corner)

            let context = try bench.openContext()
            let albumItems = try stored(Album.self, in: context).first.map { $0.items.map(\.title) } ?? []
            #expect(
                albumItems == ["Bus"],
                "The album's items after deleting \"Corner\" and reopening: expected [\"Bus\"], found \(describe(albumItems))."
            )
            let works = try stored(Creator.self, in: context).first.map { $0.works.map(\.title) } ?? []
            #expect(
                works == ["Bus"],
                "The creator's works after deleting \"Corner\" and reopening: expected [\"Bus\"], found \(describe(works))."
            )
        }
    }

    // MARK: .deny

    @Test("retiring a creator who still has works is refused, and nothing changes")
    func denyRetirement() throws {
        try LibraryBench.run { bench in
            let library = try bench.openLibrary()
            let vivian = Creator(name: "Vivian")
            library.context.insert(vivian)
            try library.photo("Chicago, 1956").creator = vivian
            try library.photo("Self-portrait").creator = vivian
            try library.context.save()

            do {
                try library.retire(vivian)
                Issue.record(
                    "retire(_:) for a creator credited with two photos: expected LibraryError.creatorHasWorks to be thrown, but it returned normally."
                )
            } catch let error as LibraryError {
                #expect(
                    error == .creatorHasWorks(creator: "Vivian", works: 2),
                    "The error retire(_:) threw for \"Vivian\" with two works: expected creatorHasWorks(creator: \"Vivian\", works: 2), found \(error)."
                )
            } catch {
                Issue.record(
                    "retire(_:) for a creator credited with two photos: expected LibraryError.creatorHasWorks, found \(error)."
                )
            }
            #expect(
                !library.context.hasChanges,
                "hasChanges of the library's context after a refused retirement: expected false (nothing left waiting to be saved), found true."
            )
            let context = try bench.openContext()
            let creators = try stored(Creator.self, in: context).map { "\($0.name): \($0.works.count) works" }
            #expect(
                creators == ["Vivian: 2 works"],
                "Stored creators after the refused retirement and reopening: expected [\"Vivian: 2 works\"], found \(describe(creators))."
            )
            #expect(
                try storedItems(in: context).count == 2,
                "Stored items after the refused retirement: expected both photos.")
        }
    }

    @Test("after a refused retirement the library goes on saving")
    func denyLeavesTheLibraryUsable() throws {
        try LibraryBench.run { bench in
            let library = try bench.openLibrary()
            let dorothea = Creator(name: "Dorothea")
            library.context.insert(dorothea)
            try library.photo("Migrant Mother").creator = dorothea
            try library.context.save()
            _ = try? library.retire(dorothea)

            do {
                try library.photo("Later import")
            } catch {
                Issue.record(
                    "Importing a photo after a refused retirement: expected it to save, found the error \(error).")
            }
            let titles = try storedItems(in: bench.openContext()).map(\.title)
            #expect(
                titles == ["Later import", "Migrant Mother"],
                "Stored items after a refused retirement and a later import: expected [\"Later import\", \"Migrant Mother\"], found \(describe(titles))."
            )
        }
    }

    @Test("a creator's delete rule refuses a delete made straight through the context")
    func denyRuleInTheModel() throws {
        try LibraryBench.run { bench in
            let library = try bench.openLibrary()
            let robert = Creator(name: "Robert")
            library.context.insert(robert)
            try library.video("Newsreel").creator = robert
            try library.context.save()

            let context = try bench.openContext()
            let creator = try #require(
                try stored(Creator.self, in: context).first, "The check's own setup: the saved creator is missing.")
            context.delete(creator)
            do {
                try context.save()
                Issue.record(
                    "Saving a context that deletes a creator who still has a work: expected the save to throw (the .deny rule), but it saved."
                )
            } catch {
                #expect(
                    (error as? CocoaError)?.code == .validationRelationshipDeniedDelete,
                    "The error of saving a delete of a creator who still has a work: expected Core Data's CocoaError.validationRelationshipDeniedDelete, found \(error)."
                )
            }
            let names = try stored(Creator.self, in: bench.openContext()).map(\.name)
            #expect(
                names == ["Robert"],
                "Stored creators after the refused save: expected [\"Robert\"], found \(describe(names)).")
        }
    }

    @Test("a creator without works can be retired")
    func denyWithNoWorks() throws {
        try LibraryBench.run { bench in
            let library = try bench.openLibrary()
            let idle = Creator(name: "Idle")
            let busy = Creator(name: "Busy")
            library.context.insert(idle)
            library.context.insert(busy)
            try library.photo("Work").creator = busy
            try library.context.save()
            try library.retire(idle)

            let names = try stored(Creator.self, in: bench.openContext()).map(\.name)
            #expect(
                names == ["Busy"],
                "Stored creators after retiring one without works: expected [\"Busy\"], found \(describe(names)).")
        }
    }

    @Test("a creator whose works went to another creator can be retired")
    func denyAfterMovingWorks() throws {
        try LibraryBench.run { bench in
            let library = try bench.openLibrary()
            let old = Creator(name: "Old studio")
            let new = Creator(name: "New studio")
            library.context.insert(old)
            library.context.insert(new)
            let reel = try library.video("Reel")
            reel.creator = old
            try library.context.save()
            reel.creator = new
            try library.context.save()
            try library.retire(old)

            let context = try bench.openContext()
            let creators = try stored(Creator.self, in: context).map { "\($0.name): \($0.works.map(\.title))" }
            #expect(
                creators == ["New studio: [\"Reel\"]"],
                "Stored creators after moving the work and retiring the old one: expected [\"New studio: [\\\"Reel\\\"]\"], found \(describe(creators))."
            )
        }
    }

    // MARK: .noAction

    @Test("deleting an import session leaves its items and their link to it untouched")
    func noActionSession() throws {
        try LibraryBench.run { bench in
            let library = try bench.openLibrary()
            let session = ImportSession(startedAt: moment(day: 1))
            library.context.insert(session)
            let first = try library.photo("Roll 1", session: session)
            let second = try library.video("Roll 2", session: session)
            #expect(
                session.items.count == 2,
                "items of the import session after importing two files with it: expected 2, found \(session.items.count)."
            )
            try library.delete(session)

            let links = [first, second].map {
                "\($0.title) → \($0.importSession === session ? "the deleted session" : $0.importSession == nil ? "nil" : "another session")"
            }
            let expected = ["Roll 1 → the deleted session", "Roll 2 → the deleted session"]
            #expect(
                links == expected,
                "importSession of each imported item right after deleting the session (.noAction leaves it as it is): expected \(describe(expected)), found \(describe(links))."
            )
            let context = try bench.openContext()
            #expect(
                try storedItems(in: context).map(\.title) == ["Roll 1", "Roll 2"],
                "Stored items after deleting their import session: expected both to remain.")
            #expect(
                try stored(ImportSession.self, in: context).isEmpty,
                "Stored import sessions after deleting the only one: expected none.")
        }
    }

    @Test("deleting an imported item keeps its import session and the session's other items")
    func deletingAnItemKeepsItsSession() throws {
        try LibraryBench.run { bench in
            let library = try bench.openLibrary()
            let session = ImportSession(startedAt: moment(day: 2))
            library.context.insert(session)
            let blurry = try library.photo("Blurry", session: session)
            try library.photo("Sharp", session: session)
            try library.video("Clip", session: session)
            try library.delete(blurry)

            let live = session.isDeleted ? "deleted" : "kept with \(describe(session.items.map(\.title).sorted()))"
            #expect(
                live == "kept with [\"Clip\", \"Sharp\"]",
                "The import session right after deleting one of its three items: expected it kept with [\"Clip\", \"Sharp\"], found it \(live)."
            )
            let context = try bench.openContext()
            let sessions = try stored(ImportSession.self, in: context).map { describe($0.items.map(\.title).sorted()) }
            #expect(
                sessions == ["[\"Clip\", \"Sharp\"]"],
                "Stored import sessions and their items after deleting one imported item and reopening: expected one session with [\"Clip\", \"Sharp\"], found \(describe(sessions))."
            )
            #expect(
                try storedItems(in: context).map(\.title) == ["Clip", "Sharp"],
                "Stored items after deleting \"Blurry\": expected [\"Clip\", \"Sharp\"].")
        }
    }
}
