// Section 7 — Core Data, recognised
// The app's Core Data stack, ported. See NoteRequests.swift for the goal.

import Foundation
import PersistenceCore

/// The port of the app's Core Data stack. The old code read:
///
/// ```swift
/// let stack = NSPersistentContainer(name: "Notes")
/// stack.persistentStoreDescriptions.first?.url =
///     inMemory ? URL(fileURLWithPath: "/dev/null") : storeURL
/// stack.loadPersistentStores { _, error in if let error { fatalError("\(error)") } }
/// stack.viewContext.automaticallyMergesChangesFromParent = true
/// stack.viewContext.mergePolicy = NSMergeByPropertyObjectTrumpMergePolicy
/// ```
///
/// ```swift
/// let container = try NoteStack.makeContainer(storeURL: url, inMemory: false)
/// let screen = container.mainContext   // sees every save of the container's other contexts
/// ```
public enum NoteStack {
    /// The container of the app's notes: the `Note` model, kept in memory only when `inMemory` (the old
    /// store at `/dev/null`), else in the store file at `storeURL`.
    ///
    /// - Throws: The container's error when the store cannot be opened.
    public static func makeContainer(storeURL: URL, inMemory: Bool) throws -> ModelContainer {
        let configuration =
            inMemory ? ModelConfiguration(isStoredInMemoryOnly: true) : ModelConfiguration(url: storeURL)
        return try ModelContainer(for: Note.self, configurations: configuration)
    }
}

/// Adds notes away from the main actor: the port of the old background context and its `perform`
/// block, which read:
///
/// ```swift
/// let background = stack.newBackgroundContext()
/// background.perform {
///     for title in titles {
///         let note = CDNote(context: background)
///         note.title = title
///         note.createdAt = createdAt
///     }
///     try? background.save()
/// }
/// ```
///
/// ```swift
/// let importer = NoteImporter(modelContainer: container)
/// try await importer.importTitles(["Groceries", "Dentist"], createdAt: .now)
/// ```
@ModelActor
public actor NoteImporter {
    /// Inserts one note per title, each created at `createdAt`, in the importer's own context, and saves
    /// them, so that every context of the container sees them.
    ///
    /// - Throws: The context's error when the save fails.
    public func importTitles(_ titles: [String], createdAt: Date) throws {
        for title in titles {
            modelContext.insert(Note(title: title, createdAt: createdAt))
        }
        try modelContext.save()
    }
}
