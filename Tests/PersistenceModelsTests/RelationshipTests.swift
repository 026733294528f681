import Foundation
import Observation
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

@Suite("Relationships")
struct RelationshipTests {
    nonisolated(unsafe) static let models: [any PersistentModel.Type] = [
        Note.self, Tag.self, Folder.self, TaskItem.self, Category.self, Owner.self, Pet.self, Shelf.self, Book.self,
        Person.self, Playlist.self, Song.self,
    ]

    @Test("appending a tag to a note adds the note to the tag at once, and both sides persist")
    func manyToMany() throws {
        let store = try ModelStoreFixture(Self.models)
        let note = Note(title: "Plan")
        let work = Tag(name: "Work")
        store.context.insert(note)
        store.context.insert(work)
        note.tags.append(work)
        #expect(work.notes.map(\.title) == ["Plan"])
        try store.context.save()

        let other = store.newContext()
        let loadedTag = try #require(try other.fetch(FetchDescriptor<Tag>()).first)
        #expect(loadedTag.notes.map(\.title) == ["Plan"])
        #expect(loadedTag.notes.first?.tags.first === loadedTag)

        work.notes.removeAll()
        #expect(note.tags.isEmpty)
        try store.context.save()
        #expect(try store.newContext().fetch(FetchDescriptor<Note>()).first?.tags.isEmpty == true)
    }

    @Test("setting a note's folder adds it to the folder's notes and moves it out of the previous folder")
    func toOneUpdatesToMany() throws {
        let store = try ModelStoreFixture(Self.models)
        let inbox = Folder(name: "Inbox")
        let archive = Folder(name: "Archive")
        let note = Note(title: "Memo")
        store.context.insert(inbox)
        store.context.insert(archive)
        store.context.insert(note)
        note.folder = inbox
        #expect(inbox.notes.map(\.title) == ["Memo"])
        note.folder = archive
        #expect(inbox.notes.isEmpty)
        #expect(archive.notes.map(\.title) == ["Memo"])
        archive.notes.removeAll()
        #expect(note.folder == nil)
        inbox.notes.append(note)
        #expect(note.folder === inbox)
        try store.context.save()
        let loaded = try #require(
            try store.newContext().fetch(FetchDescriptor<Folder>(predicate: #Predicate { $0.name == "Inbox" })).first)
        #expect(loaded.notes.map(\.title) == ["Memo"])
        #expect(loaded.notes.first?.folder === loaded)
    }

    @Test("an inverse is inferred when each side has exactly one relationship to the other")
    func inferredInverse() throws {
        let store = try ModelStoreFixture(Self.models)
        let home = Category(name: "Home")
        let task = TaskItem(title: "Dishes")
        store.context.insert(home)
        home.tasks.append(task)
        #expect(task.category === home)
        #expect(task.modelContext === store.context)
        try store.context.save()
        let loaded = try #require(try store.newContext().fetch(FetchDescriptor<TaskItem>()).first)
        #expect(loaded.category?.name == "Home")
    }

    @Test("explicit inverses tell apart two relationships to the same type")
    func explicitInverseOnSelfRelationship() throws {
        let store = try ModelStoreFixture(Self.models)
        let ada = Person(name: "Ada")
        let bob = Person(name: "Bob")
        store.context.insert(ada)
        store.context.insert(bob)
        ada.following.append(bob)
        #expect(bob.followers.map(\.name) == ["Ada"])
        #expect(ada.followers.isEmpty)
        try store.context.save()
        let loaded = try store.newContext().fetch(FetchDescriptor<Person>(sortBy: [SortDescriptor(\.name)]))
        #expect(loaded[0].following.map(\.name) == ["Bob"])
        #expect(loaded[1].followers.map(\.name) == ["Ada"])
        #expect(loaded[1].following.isEmpty)
    }

    @Test("inserting a model inserts every model reachable from it, and links inverses set in initializers")
    func insertInsertsGraph() throws {
        let store = try ModelStoreFixture(Self.models)
        let owner = Owner(name: "Sam")
        let pet = Pet(name: "Rex", owner: owner)
        store.context.insert(pet)
        #expect(owner.modelContext === store.context)
        #expect(owner.pets.map(\.name) == ["Rex"])
        try store.context.save()
        #expect(try store.newContext().fetchCount(FetchDescriptor<Owner>()) == 1)
    }

    @Test("changing one side notifies observers of the other side")
    func inverseChangeIsObserved() throws {
        let store = try ModelStoreFixture(Self.models)
        let folder = Folder(name: "F")
        let note = Note(title: "N")
        store.context.insert(folder)
        store.context.insert(note)
        _ = folder.notes
        let fired = Flag()
        withObservationTracking {
            _ = folder.notes
        } onChange: {
            fired.set()
        }
        note.folder = folder
        #expect(fired.value)
    }

    @Test("deleting with the default rule removes the model from the other side")
    func nullifyRule() throws {
        let store = try ModelStoreFixture(Self.models)
        let note = Note(title: "N")
        let tag = Tag(name: "T")
        store.context.insert(note)
        note.tags = [tag]
        try store.context.save()
        store.context.delete(tag)
        try store.context.save()
        #expect(note.tags.isEmpty)
        let loaded = try #require(try store.newContext().fetch(FetchDescriptor<Note>()).first)
        #expect(loaded.tags.isEmpty)
        #expect(try store.newContext().fetchCount(FetchDescriptor<Tag>()) == 0)
    }

    @Test("a cascade rule deletes the linked models too")
    func cascadeRule() throws {
        let store = try ModelStoreFixture(Self.models)
        let folder = Folder(name: "Old")
        store.context.insert(folder)
        folder.notes = [Note(title: "A"), Note(title: "B")]
        let survivor = Note(title: "Loose")
        store.context.insert(survivor)
        try store.context.save()
        store.context.delete(folder)
        try store.context.save()
        #expect(try store.newContext().fetch(FetchDescriptor<Note>()).map(\.title) == ["Loose"])
        #expect(try store.newContext().fetchCount(FetchDescriptor<Folder>()) == 0)
    }

    @Test(
        "a deny rule makes save throw Core Data's denied-delete validation error while linked models exist, and deletes nothing"
    )
    func denyRule() throws {
        let store = try ModelStoreFixture(Self.models)
        let owner = Owner(name: "Sam")
        store.context.insert(owner)
        owner.pets.append(Pet(name: "Rex"))
        try store.context.save()
        store.context.delete(owner)
        let error = try #require(throws: CocoaError.self) { try store.context.save() }
        #expect(error.code == .validationRelationshipDeniedDelete)
        #expect((error as NSError).domain == NSCocoaErrorDomain && (error as NSError).code == 1600)
        #expect(error.localizedDescription.contains("Owner.pets"))
        do {
            try store.context.save()
            Issue.record("a second save of the denied delete must throw again")
        } catch CocoaError.validationRelationshipDeniedDelete {
            // A `catch` pattern matches the code, as on a device.
        }
        #expect(try store.newContext().fetchCount(FetchDescriptor<Owner>()) == 1)
        #expect(try store.newContext().fetchCount(FetchDescriptor<Pet>()) == 1)
        store.context.rollback()
        owner.pets.removeAll()
        store.context.delete(owner)
        try store.context.save()
        #expect(try store.newContext().fetchCount(FetchDescriptor<Owner>()) == 0)
    }

    @Test("a noAction rule leaves the linked models as they are")
    func noActionRule() throws {
        let store = try ModelStoreFixture(Self.models)
        let shelf = Shelf(label: "S")
        let book = Book(title: "B")
        store.context.insert(shelf)
        shelf.books.append(book)
        try store.context.save()
        store.context.delete(shelf)
        try store.context.save()
        #expect(book.shelf === shelf)
        #expect(try store.newContext().fetchCount(FetchDescriptor<Book>()) == 1)
    }

    @Test(
        "prefetching loads a relationship for every fetched model in one query, a many-to-many one in two: links, then rows"
    )
    func prefetching() throws {
        let store = try ModelStoreFixture(Self.models)
        for name in ["A", "B", "C"] {
            let folder = Folder(name: name)
            store.context.insert(folder)
            folder.notes = [Note(title: "\(name)1"), Note(title: "\(name)2")]
            folder.notes[0].tags = [Tag(name: "t\(name)")]
        }
        try store.context.save()
        let other = store.newContext()
        var descriptor = FetchDescriptor<Folder>(sortBy: [SortDescriptor(\.name)])
        descriptor.relationshipKeyPathsForPrefetching = [\.notes]
        var folders: [Folder] = []
        let statements = try store.statements { folders = try other.fetch(descriptor) }
        #expect(statements.filter { $0.hasPrefix("SELECT") }.count == 2)
        let loadsAfterwards = store.statements {
            #expect(folders.map { $0.notes.map(\.title) } == [["A1", "A2"], ["B1", "B2"], ["C1", "C2"]])
        }
        #expect(loadsAfterwards.isEmpty)

        var noteDescriptor = FetchDescriptor<Note>(sortBy: [SortDescriptor(\.title)])
        noteDescriptor.relationshipKeyPathsForPrefetching = [\.folder, \.tags]
        let third = store.newContext()
        var notes: [Note] = []
        let noteStatements = try store.statements { notes = try third.fetch(noteDescriptor) }
        // The notes, their folders, the tags' links, the tags.
        #expect(noteStatements.filter { $0.hasPrefix("SELECT") }.count == 4)
        let noteLoads = store.statements {
            #expect(notes.map { $0.folder?.name } == ["A", "A", "B", "B", "C", "C"])
            #expect(notes.map { $0.tags.map(\.name) } == [["tA"], [], ["tB"], [], ["tC"], []])
        }
        #expect(noteLoads.isEmpty)
    }

    @Test("prefetched to-many relationships list each owner's models in the order a lazy load gives, from either side")
    func prefetchOrderMatchesLazyLoad() throws {
        let store = try ModelStoreFixture(Self.models)
        let tags = (0..<6).map { Tag(name: "t\($0)") }
        let folder = Folder(name: "F")
        store.context.insert(folder)
        for index in 0..<5 {
            let note = Note(title: "n\(index)")
            store.context.insert(note)
            note.tags = [tags[(index * 4) % 6], tags[(index + 5) % 6], tags[(index * 2 + 1) % 6]]
            folder.notes.insert(note, at: 0)
        }
        try store.context.save()

        func names(of notes: [Note]) -> [[String]] { notes.map { $0.tags.map(\.name) } }
        func titles(of tags: [Tag]) -> [[String]] { tags.map { $0.notes.map(\.title) } }
        let lazyNotes = try store.newContext().fetch(FetchDescriptor<Note>(sortBy: [SortDescriptor(\.title)]))
        let lazyTags = try store.newContext().fetch(FetchDescriptor<Tag>(sortBy: [SortDescriptor(\.name)]))
        let lazyFolder = try #require(try store.newContext().fetch(FetchDescriptor<Folder>()).first)

        var noteDescriptor = FetchDescriptor<Note>(sortBy: [SortDescriptor(\.title)])
        noteDescriptor.relationshipKeyPathsForPrefetching = [\.tags]
        var tagDescriptor = FetchDescriptor<Tag>(sortBy: [SortDescriptor(\.name)])
        tagDescriptor.relationshipKeyPathsForPrefetching = [\.notes]
        var folderDescriptor = FetchDescriptor<Folder>()
        folderDescriptor.relationshipKeyPathsForPrefetching = [\.notes]
        let prefetchedNotes = try store.newContext().fetch(noteDescriptor)
        let prefetchedTags = try store.newContext().fetch(tagDescriptor)
        let prefetchedFolder = try #require(try store.newContext().fetch(folderDescriptor).first)

        #expect(names(of: prefetchedNotes) == names(of: lazyNotes))
        #expect(titles(of: prefetchedTags) == titles(of: lazyTags))
        #expect(prefetchedFolder.notes.map(\.title) == lazyFolder.notes.map(\.title))
        #expect(names(of: prefetchedNotes).allSatisfy { $0.count == 3 || $0.count == 2 })
    }

    @Test("a prefetch of links to many distinct models gives every owner the models a lazy load gives")
    func prefetchOfManyDistinctTargets() throws {
        let store = try ModelStoreFixture(Self.models)
        // More distinct tags than the prefetch's key table first holds (it doubles twice), each note on five.
        let tags = (0..<150).map { Tag(name: "t\($0)") }
        for index in 0..<60 {
            let note = Note(title: "n\(index)")
            store.context.insert(note)
            note.tags = (0..<5).map { tags[(index * 7 + $0 * 31) % 150] }
        }
        try store.context.save()
        let names = { (notes: [Note]) in notes.map { $0.tags.map(\.name).sorted() } }
        let lazy = names(try store.newContext().fetch(FetchDescriptor<Note>(sortBy: [SortDescriptor(\.title)])))

        var descriptor = FetchDescriptor<Note>(sortBy: [SortDescriptor(\.title)])
        descriptor.relationshipKeyPathsForPrefetching = [\.tags]
        var notes: [Note] = []
        let statements = try store.statements { notes = try store.newContext().fetch(descriptor) }
        let loads = store.statements { #expect(names(notes) == lazy) }
        #expect(statements.filter { $0.hasPrefix("SELECT") }.count == 3)
        #expect(loads.isEmpty)
        #expect(lazy.allSatisfy { $0.count == 5 })
        #expect(Set(lazy.joined()).count > 64)
    }

    @Test("a prefetch selects its owners as the fetch did, by condition, limit and offset, without listing their keys")
    func prefetchSelectsOwnersLikeTheFetch() throws {
        let store = try ModelStoreFixture(Self.models)
        let tags = (0..<4).map { Tag(name: "t\($0)") }
        for index in 0..<12 {
            let folder = Folder(name: "f\(index)")
            store.context.insert(folder)
            folder.notes = [Note(title: "n\(index)a", isPinned: index % 3 == 0), Note(title: "n\(index)b")]
            folder.notes[0].tags = [tags[index % 4], tags[(index + 1) % 4]]
            folder.notes[1].tags = [tags[(index + 2) % 4]]
        }
        try store.context.save()

        var noteDescriptor = FetchDescriptor<Note>(
            predicate: #Predicate { !$0.isPinned },
            sortBy: [SortDescriptor(\.title, order: .reverse)]
        )
        noteDescriptor.fetchOffset = 3
        noteDescriptor.fetchLimit = 7
        var folderDescriptor = FetchDescriptor<Folder>(
            predicate: #Predicate { $0.name != "f4" }, sortBy: [SortDescriptor(\.name)])
        folderDescriptor.fetchLimit = 5
        let lazyNotes = try store.newContext().fetch(noteDescriptor).map { $0.tags.map(\.name) }
        let lazyFolders = try store.newContext().fetch(folderDescriptor).map { $0.notes.map(\.title) }
        #expect(lazyNotes.count == 7 && lazyFolders.count == 5)

        noteDescriptor.relationshipKeyPathsForPrefetching = [\.tags]
        folderDescriptor.relationshipKeyPathsForPrefetching = [\.notes]
        let context = store.newContext()
        var notes: [Note] = []
        var folders: [Folder] = []
        let statements = try store.statements {
            notes = try context.fetch(noteDescriptor)
            folders = try context.fetch(folderDescriptor)
        }
        // The tags' links are read alone (their rows follow by key); the folders' notes with their owners.
        let prefetches = statements.filter { $0.contains("_owner") || $0.contains(#"FROM "Note_tags""#) }
        #expect(prefetches.count == 2)
        #expect(prefetches.allSatisfy { $0.contains("IN (SELECT") && !$0.contains("?, ?") })
        let loads = store.statements {
            #expect(notes.map { $0.tags.map(\.name) } == lazyNotes)
            #expect(folders.map { $0.notes.map(\.title) } == lazyFolders)
        }
        #expect(loads.isEmpty)

        // Without a condition, limit or offset the prefetch reads every owner's links with no filter at all.
        var everyNote = FetchDescriptor<Note>(sortBy: [SortDescriptor(\.title)])
        everyNote.relationshipKeyPathsForPrefetching = [\.tags]
        var allNotes: [Note] = []
        let plain = try store.statements { allNotes = try store.newContext().fetch(everyNote) }
        #expect(plain.filter { $0.contains(#"FROM "Note_tags""#) }.allSatisfy { !$0.contains(" IN (") })
        let lazyAll = try store.newContext().fetch(FetchDescriptor<Note>(sortBy: [SortDescriptor(\.title)]))
        #expect(allNotes.map { $0.tags.map(\.name) } == lazyAll.map { $0.tags.map(\.name) })
    }

    @Test("a prefetch skips owners whose relationship is already loaded and still fills the rest")
    func prefetchAfterPartialLoad() throws {
        let store = try ModelStoreFixture(Self.models)
        for index in 0..<6 {
            let note = Note(title: "n\(index)")
            store.context.insert(note)
            note.tags = [Tag(name: "t\(index)"), Tag(name: "u\(index)")]
        }
        try store.context.save()
        let context = store.newContext()
        let first = try context.fetch(FetchDescriptor<Note>(sortBy: [SortDescriptor(\.title)]))
        #expect(first[1].tags.map(\.name).sorted() == ["t1", "u1"])
        var descriptor = FetchDescriptor<Note>(sortBy: [SortDescriptor(\.title)])
        descriptor.relationshipKeyPathsForPrefetching = [\.tags]
        var notes: [Note] = []
        let statements = try store.statements { notes = try context.fetch(descriptor) }
        let prefetch = try #require(statements.first { $0.contains(#"FROM "Note_tags""#) })
        // Five owners still need their tags, listed by key; the one already loaded is left out.
        #expect(prefetch.components(separatedBy: "?").count - 1 == 5)
        let loads = store.statements {
            #expect(notes.map { $0.tags.map(\.name).sorted() } == (0..<6).map { ["t\($0)", "u\($0)"] })
        }
        #expect(loads.isEmpty)
    }

    @Test("a prefetched optional array of models holds what a lazy load gives, an empty array for an owner without any")
    func prefetchOfOptionalToMany() throws {
        let store = try ModelStoreFixture(Self.models)
        for (name, count) in [("a", 3), ("b", 0), ("c", 2)] {
            let playlist = Playlist(name: name)
            store.context.insert(playlist)
            playlist.songs = (0..<count).map { Song(title: "\(name)\($0)") }
        }
        try store.context.save()
        let titles = { (playlists: [Playlist]) in playlists.map { $0.songs?.map(\.title).sorted() } }
        let lazy = titles(try store.newContext().fetch(FetchDescriptor<Playlist>(sortBy: [SortDescriptor(\.name)])))

        var descriptor = FetchDescriptor<Playlist>(sortBy: [SortDescriptor(\.name)])
        descriptor.relationshipKeyPathsForPrefetching = [\.songs]
        let context = store.newContext()
        let playlists = try context.fetch(descriptor)
        let loads = store.statements { #expect(titles(playlists) == lazy) }
        #expect(loads.isEmpty)
        #expect(lazy == [["a0", "a1", "a2"], [], ["c0", "c1"]])
        // Each song is the context's one object for its row, with its inverse in step.
        let songs = playlists.flatMap { $0.songs ?? [] }
        #expect(songs.allSatisfy { song in playlists.contains { $0 === song.playlist } })
        let fetchedSongs = try context.fetch(FetchDescriptor<Song>())
        #expect(Set(fetchedSongs.map(ObjectIdentifier.init)) == Set(songs.map(ObjectIdentifier.init)))
    }

    @Test("an optional array of models is a to-many relationship with a working inverse and delete rule")
    func optionalToMany() throws {
        let store = try ModelStoreFixture(Self.models)
        let playlist = Playlist(name: "Mix")
        store.context.insert(playlist)
        let song = Song(title: "One")
        playlist.songs?.append(song)
        #expect(song.playlist === playlist)
        try store.context.save()
        let loaded = try #require(try store.newContext().fetch(FetchDescriptor<Playlist>()).first)
        #expect(loaded.songs?.map(\.title) == ["One"])
        store.context.delete(playlist)
        try store.context.save()
        #expect(try store.newContext().fetchCount(FetchDescriptor<Song>()) == 0)
    }

    @Test("a deleted model's unloaded relationships read as empty instead of failing")
    func deletedModelRelationshipsReadEmpty() throws {
        let store = try ModelStoreFixture(Self.models)
        let note = Note(title: "N")
        store.context.insert(note)
        note.tags = [Tag(name: "T")]
        try store.context.save()
        let other = store.newContext()
        let loaded = try #require(try other.fetch(FetchDescriptor<Note>()).first)
        other.delete(loaded)
        try other.save()
        #expect(loaded.modelContext == nil)
        #expect(loaded.isDeleted)
        #expect(loaded.folder == nil)
    }
}
