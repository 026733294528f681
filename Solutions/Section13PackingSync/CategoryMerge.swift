// Section 13 — iCloud sync
// Merging the copies of a category that several devices made. See Trip.swift for the goal.

import PersistenceCore

/// Merges the copies of a category (the categories that share a key): keeps the oldest copy, the
/// same one on every device, moves the items of the others onto it, and deletes the others.
///
/// A device cannot know when another device's copies arrive, so the app merges after every import: it
/// keeps a `CategoryMerge` for as long as its container is open.
///
/// ```swift
/// let merge = CategoryMerge(container: container)   // merges after each import from now on
/// try container.syncWithCloudKit()
/// ```
public final class CategoryMerge {
    private var observer: (any NSObjectProtocol)?

    /// Merges after every import into `container` that ends, for as long as this object lives.
    public init(container: ModelContainer) {
        observer = NotificationCenter.default.addObserver(
            forName: NSPersistentCloudKitContainer.eventChangedNotification, object: container, queue: nil
        ) { notification in
            guard let event = notification.userInfo?[NSPersistentCloudKitContainer.eventNotificationUserInfoKey]
                as? NSPersistentCloudKitContainer.Event,
                event.type == .import, event.endDate != nil
            else { return }
            // A failed merge is tried again after the next import.
            _ = try? CategoryMerge.mergeDuplicates(in: ModelContext(container))
        }
    }

    deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }

    /// Merges every category's copies in `context`, and saves: for each key, the copy made first
    /// (`createdAt`) is kept, the items of the other copies are moved onto it, and the other copies
    /// are deleted. Every device that merges the same copies keeps the same one.
    ///
    /// - Returns: How many copies were deleted.
    /// - Throws: The context's error when fetching or saving fails.
    public static func mergeDuplicates(in context: ModelContext) throws -> Int {
        let oldestFirst = try context.fetch(FetchDescriptor<Category>(sortBy: [SortDescriptor(\.createdAt)]))
        var kept: [String: Category] = [:]
        var deleted = 0
        for category in oldestFirst {
            guard let keeper = kept[category.key] else {
                kept[category.key] = category
                continue
            }
            for item in category.items ?? [] {
                item.category = keeper
            }
            context.delete(category)
            deleted += 1
        }
        try context.save()
        return deleted
    }
}
