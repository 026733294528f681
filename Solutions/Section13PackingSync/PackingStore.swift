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
        let configuration = ModelConfiguration(url: storeURL, cloudKitDatabase: .private(containerIdentifier))
        return try ModelContainer(for: Schema(models), configurations: configuration)
    }

    /// The key of a default category, the same on every device: `default.` and the case's name.
    public static func key(of category: DefaultCategory) -> String {
        "default.\(category.rawValue)"
    }

    /// On first launch (the store holds no category yet), adds every default category with its key,
    /// and saves. Another device seeds its own copies; ``CategoryMerge`` merges them once they meet.
    ///
    /// - Returns: How many categories were added: all of them on first launch, else none.
    /// - Throws: The context's error when fetching or saving fails.
    public static func seedDefaultCategories(in context: ModelContext) throws -> Int {
        guard try context.fetch(FetchDescriptor<Category>()).isEmpty else { return 0 }
        for category in DefaultCategory.allCases {
            context.insert(Category(name: category.name, key: key(of: category)))
        }
        try context.save()
        return DefaultCategory.allCases.count
    }
}
