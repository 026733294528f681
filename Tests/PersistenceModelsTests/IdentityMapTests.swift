import Foundation
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

/// The context's identity map: one object per stored row while someone uses it, and nothing kept once
/// nobody does.
@Suite("Identity map")
struct IdentityMapTests {
    /// How many models of `Note` the context has registered.
    private func registeredNoteCount(in context: ModelContext) -> Int {
        context.registeredModels[Schema.entityName(of: Note.self)]?.count ?? 0
    }

    /// Saves notes titled `titles` and lets go of them.
    private func saveNotes(_ titles: [String], in context: ModelContext) throws {
        for title in titles { context.insert(Note(title: title)) }
        try context.save()
    }

    /// Fetches every note and returns weak references to them, so the caller holds none.
    private func fetchWeakly(in context: ModelContext) throws -> [WeakNote] {
        try context.fetch(FetchDescriptor<Note>(sortBy: [SortDescriptor(\.title)])).map(WeakNote.init)
    }

    private struct WeakNote {
        weak var note: Note?
        let identifier: ObjectIdentifier

        init(_ note: Note) {
            self.note = note
            identifier = ObjectIdentifier(note)
        }
    }

    @Test("a fetched model nobody holds is released and leaves the map; a refetch makes a new one")
    func unusedModelsAreReleased() throws {
        let store = try ModelStoreFixture()
        try saveNotes(["A", "B"], in: store.context)
        #expect(registeredNoteCount(in: store.context) == 0)

        let fetched = try fetchWeakly(in: store.context)
        #expect(fetched.allSatisfy { $0.note == nil })
        #expect(registeredNoteCount(in: store.context) == 0)

        let again = try store.context.fetch(FetchDescriptor<Note>(sortBy: [SortDescriptor(\.title)]))
        #expect(again.map(\.title) == ["A", "B"])
        #expect(registeredNoteCount(in: store.context) == 2)
    }

    @Test("a model still held stays the one object of its row while its neighbours are released")
    func heldModelsKeepTheirIdentity() throws {
        let store = try ModelStoreFixture()
        // Enough rows to span several pages of the map.
        try saveNotes((0..<300).map { String(format: "note %03d", $0) }, in: store.context)
        let all = try store.context.fetch(FetchDescriptor<Note>(sortBy: [SortDescriptor(\.title)]))
        var held = all.enumerated().filter { $0.offset.isMultiple(of: 3) }.map(\.element)
        let heldIdentifiers = held.map(ObjectIdentifier.init)
        _ = consume all
        #expect(registeredNoteCount(in: store.context) == 100)

        let refetched = try store.context.fetch(FetchDescriptor<Note>(sortBy: [SortDescriptor(\.title)]))
        #expect(refetched.count == 300)
        let refetchedHeld = refetched.enumerated().filter { $0.offset.isMultiple(of: 3) }.map {
            ObjectIdentifier($0.element)
        }
        #expect(refetchedHeld == heldIdentifiers)
        #expect(registeredNoteCount(in: store.context) == 300)
        held.removeAll()
    }

    @Test("scattered rows fetched after others were released are each found alone, in pages used before")
    func scatteredRowsReuseEmptiedPages() throws {
        let store = try ModelStoreFixture()
        try saveNotes((0..<300).map { String(format: "note %03d", $0) }, in: store.context)
        let entity = Schema.entityName(of: Note.self)
        // Every page of the map is filled, then emptied as the notes go.
        #expect(try store.context.fetch(FetchDescriptor<Note>()).count == 300)
        #expect(registeredNoteCount(in: store.context) == 0)

        let titles = ["note 073", "note 137", "note 265"]
        let scattered = try store.context.fetch(
            FetchDescriptor<Note>(
                predicate: #Predicate { titles.contains($0.title) }, sortBy: [SortDescriptor(\.title)]))
        let keys = scattered.map { $0.persistentBackingData.primaryKey }
        #expect(keys == [74, 138, 266])
        #expect(registeredNoteCount(in: store.context) == 3)
        for key in Int64(1)...300 {
            let found = store.context.registeredModel(entity: entity, primaryKey: key)
            if let position = keys.firstIndex(of: key) {
                #expect(found === scattered[position])
            } else {
                #expect(found == nil, "row \(key) is found though no model of it lives")
            }
        }

        let all = try store.context.fetch(FetchDescriptor<Note>(sortBy: [SortDescriptor(\.title)]))
        #expect(all.map(\.title) == (0..<300).map { String(format: "note %03d", $0) })
        #expect(scattered.allSatisfy { note in all.contains { $0 === note } })
        #expect(registeredNoteCount(in: store.context) == 300)
    }

    @Test("finding a registered model again does not keep it alive")
    func lookupsDoNotRetain() throws {
        let store = try ModelStoreFixture()
        try saveNotes(["A", "B", "C"], in: store.context)
        var held: [Note]? = try store.context.fetch(FetchDescriptor<Note>())
        let refetched = try fetchWeakly(in: store.context)
        #expect(refetched.map(\.identifier).sorted() == held!.map(ObjectIdentifier.init).sorted())
        #expect(store.context.registeredModel(entity: Schema.entityName(of: Note.self), primaryKey: 1) != nil)

        held = nil
        #expect(refetched.allSatisfy { $0.note == nil })
        #expect(registeredNoteCount(in: store.context) == 0)
    }

    @Test("backing data that outlives its model does not bring the model back or drop its successor")
    func backingDataOutlivingItsModel() throws {
        let store = try ModelStoreFixture()
        try saveNotes(["Kept backing"], in: store.context)
        var oldBacking: ModelBackingData? = try store.context.fetch(FetchDescriptor<Note>())[0].persistentBackingData
        #expect(oldBacking != nil)

        // The first model is gone; its backing data is not. A refetch must make a new, usable model.
        let successor = try store.context.fetch(FetchDescriptor<Note>())[0]
        #expect(successor.title == "Kept backing")
        #expect(successor.persistentBackingData !== oldBacking)
        #expect(registeredNoteCount(in: store.context) == 1)

        // When the old backing data finally goes, the successor stays registered.
        oldBacking = nil
        #expect(registeredNoteCount(in: store.context) == 1)
        #expect(try store.context.fetch(FetchDescriptor<Note>())[0] === successor)
    }

    @Test("a model with unsaved changes is kept by its context until it is saved")
    func changedModelsAreKept() throws {
        let store = try ModelStoreFixture()
        try saveNotes(["Draft"], in: store.context)
        try store.context.fetch(FetchDescriptor<Note>())[0].title = "Edited"

        #expect(store.context.hasChanges)
        #expect(try store.context.fetch(FetchDescriptor<Note>()).map(\.title) == ["Edited"])
        try store.context.save()
        #expect(try store.newContext().fetch(FetchDescriptor<Note>()).map(\.title) == ["Edited"])
    }

    @Test("a deleted model leaves the map once the delete is saved")
    func deletedModelsLeaveTheMap() throws {
        let store = try ModelStoreFixture()
        try saveNotes(["Gone", "Stays"], in: store.context)
        let notes = try store.context.fetch(FetchDescriptor<Note>(sortBy: [SortDescriptor(\.title)]))
        #expect(registeredNoteCount(in: store.context) == 2)

        store.context.delete(notes[0])
        try store.context.save()
        #expect(registeredNoteCount(in: store.context) == 1)
        #expect(
            try store.context.fetch(FetchDescriptor<Note>()).map { ObjectIdentifier($0) } == [
                ObjectIdentifier(notes[1])
            ])
    }
}
