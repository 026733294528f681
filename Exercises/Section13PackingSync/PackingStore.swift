// Section 13 — iCloud sync
// Opening the store and seeding it. See Trip.swift for the goal.

import PersistenceCore

/// The packing list's store on one device: the models it keeps, how it opens, and what a first launch
/// puts in it.
///
/// ```swift
/// let container = try PackingStore.makeContainer(storeURL: url)
/// try PackingStore.seedDefaultCategories(in: ModelContext(container))
/// ```
public enum PackingStore {
    /// The app's iCloud container.
    public static let containerIdentifier = "iCloud.com.example.PackingList"

    /// Every model the store keeps.
    public static var models: [any PersistentModel.Type] { [Trip.self, PackingItem.self, Category.self, TripBudget.self] }

    /// Opens the store file at `storeURL` on the current device, syncing with the private database of
    /// ``containerIdentifier``.
    ///
    /// - Throws: `SwiftDataError` when the store cannot be opened, or when a model breaks CloudKit's
    ///   rules (the error names each property to fix).
    public static func makeContainer(storeURL: URL) throws -> ModelContainer {
        // TODO: Sync with the private database of `containerIdentifier` (`cloudKitDatabase:`): without it,
        //       a test app has no iCloud entitlement and `.automatic` keeps the store on the device.
        let configuration = ModelConfiguration(url: storeURL)
        return try ModelContainer(for: Schema(models), configurations: configuration)
    }

    /// The key of a default category, the same on every device: `default.` and the case's name.
    public static func key(of category: DefaultCategory) -> String {
        // TODO: Return the same key on every device, such as `default.documents`; a random one is not.
        UUID().uuidString
    }

    /// On first launch (the store holds no category yet), adds every default category with its key,
    /// and saves. Another device seeds its own copies; ``CategoryMerge`` merges them once they meet.
    ///
    /// - Returns: How many categories were added: all of them on first launch, else none.
    /// - Throws: The context's error when fetching or saving fails.
    public static func seedDefaultCategories(in context: ModelContext) throws -> Int {
        // TODO: When the store holds no `Category`, insert one per `DefaultCategory` with
        //       `key(of:)` as its key, save, and return how many were added; otherwise add nothing.
        0
    }
}
