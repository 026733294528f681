import Foundation

// Names the guides use on SwiftData's types that exist on no Apple platform there: they belong to Core
// Data, or to nothing at all. Each is declared unavailable, so code that uses one fails to compile here as
// it would for a device, with a message that names the API a device does have.

/// Core Data's query generation token, which SwiftData has no use for: it only gives the guides' call
/// `setQueryGenerationFrom(.current)` something to name, so the compiler can say what to write instead.
@available(
    *, unavailable,
    message:
        "query generations belong to Core Data's NSManagedObjectContext, not SwiftData: a ModelContext's fetch always reads the store as it is now"
)
public struct NSQueryGenerationToken: Sendable {
    /// The generation of the store as it is now.
    @available(*, unavailable, message: "query generations belong to Core Data's NSManagedObjectContext, not SwiftData")
    public static var current: NSQueryGenerationToken { fatalError("unavailable") }
}

extension ModelContext {
    /// Not a method of SwiftData's `ModelContext`: `reset()` is Core Data's (`NSManagedObjectContext`).
    ///
    /// To keep memory flat over a long job, work in batches with `enumerate(_:batchSize:)` or a new
    /// `ModelContext(container)` per batch; to throw unsaved changes away, call ``rollback()``.
    @available(
        *, unavailable,
        message:
            "SwiftData's ModelContext has no reset(), which is Core Data's NSManagedObjectContext's: to keep memory flat over a long job, use enumerate(_:batchSize:) or a new ModelContext(container) per batch; to throw unsaved changes away, call rollback()"
    )
    public func reset() {}

    /// Not a method of SwiftData's `ModelContext`: query generations are Core Data's.
    @available(
        *, unavailable,
        message:
            "SwiftData's ModelContext has no setQueryGenerationFrom(_:), which is Core Data's NSManagedObjectContext's: a SwiftData fetch always reads the store as it is now; to hear of other contexts' changes, use a @Query or the context's history (fetchHistory)"
    )
    public func setQueryGenerationFrom(_ generation: NSQueryGenerationToken) throws {}
}

extension ModelContainer {
    /// Not a method of SwiftData's `ModelContainer`: `initializeCloudKitSchema(options:)` is Core Data's
    /// `NSPersistentCloudKitContainer`'s.
    @available(
        *, unavailable,
        message:
            "SwiftData's ModelContainer has no initializeCloudKitSchema(): it is NSPersistentCloudKitContainer's (Core Data). A SwiftData app's schema reaches CloudKit's development environment when the store first syncs there; to create it ahead of time, open an NSPersistentCloudKitContainer over the same store in a debug build and call initializeCloudKitSchema(options:), then deploy the schema to production in the CloudKit console"
    )
    public func initializeCloudKitSchema() throws {}
}
