import Foundation
import PersistenceModels
import PersistenceSQLiteStore
import Synchronization

/// The first released shape of a journal: entries with a title and a text.
enum JournalSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Entry.self] }

    @Model
    final class Entry {
        var title: String
        var text: String
        init(title: String, text: String) {
            self.title = title
            self.text = text
        }
    }
}

/// Version 2 renames `text` to `body`.
enum JournalSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Entry.self] }

    @Model
    final class Entry {
        var title: String
        @Attribute(originalName: "text") var body: String
        init(title: String, body: String) {
            self.title = title
            self.body = body
        }
    }
}

/// Version 3 makes titles unique and adds a mood with a default value.
enum JournalSchemaV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static var models: [any PersistentModel.Type] { [Entry.self] }

    @Model
    final class Entry {
        @Attribute(.unique) var title: String
        @Attribute(originalName: "text") var body: String
        var mood: String = "calm"
        init(title: String, body: String) {
            self.title = title
            self.body = body
        }
    }
}

/// Version 4 changes the stored type of `title`, which no lightweight change can do.
enum JournalSchemaV4: VersionedSchema {
    static let versionIdentifier = Schema.Version(4, 0, 0)
    static var models: [any PersistentModel.Type] { [Entry.self] }

    @Model
    final class Entry {
        var title: Int
        init(title: Int) { self.title = title }
    }
}

/// v1 → v2 lightweight, v2 → v3 custom: duplicates are removed before titles become unique.
enum JournalMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [JournalSchemaV1.self, JournalSchemaV2.self, JournalSchemaV3.self]
    }
    static var stages: [MigrationStage] { [renameText, removeDuplicateTitles] }

    static let renameText = MigrationStage.lightweight(
        fromVersion: JournalSchemaV1.self, toVersion: JournalSchemaV2.self)

    static let removeDuplicateTitles = MigrationStage.custom(
        fromVersion: JournalSchemaV2.self,
        toVersion: JournalSchemaV3.self,
        willMigrate: { context in
            let entries = try context.fetch(FetchDescriptor<JournalSchemaV2.Entry>(sortBy: [SortDescriptor(\.body)]))
            JournalMigrationLog.append("will: \(entries.map(\.body).joined(separator: ","))")
            var seen: Set<String> = []
            for entry in entries where !seen.insert(entry.title).inserted {
                context.delete(entry)
            }
            try context.save()
        },
        didMigrate: { context in
            let entries = try context.fetch(FetchDescriptor<JournalSchemaV3.Entry>(sortBy: [SortDescriptor(\.title)]))
            JournalMigrationLog.append("did: \(entries.map { "\($0.title)=\($0.mood)" }.joined(separator: ","))")
        }
    )
}

/// What the journal plan's closures saw; only the test running the full chain reads it.
enum JournalMigrationLog {
    private static let lines = Mutex<[String]>([])
    static func append(_ line: String) { lines.withLock { $0.append(line) } }
    static var all: [String] { lines.withLock { $0 } }
}

/// A plan whose only stage deletes every entry, saves, then throws.
enum FailingJournalMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [JournalSchemaV1.self, JournalSchemaV2.self] }
    static var stages: [MigrationStage] {
        [
            .custom(
                fromVersion: JournalSchemaV1.self,
                toVersion: JournalSchemaV2.self,
                willMigrate: { context in
                    for entry in try context.fetch(FetchDescriptor<JournalSchemaV1.Entry>()) { context.delete(entry) }
                    try context.save()
                    throw JournalCleanupError.refused
                },
                didMigrate: nil
            )
        ]
    }
}

/// The error the failing stage throws.
enum JournalCleanupError: Error, CustomStringConvertible {
    case refused
    var description: String { "the cleanup was refused" }
}

/// A plan that only knows how to go from v2 to v3.
enum PartialJournalMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [JournalSchemaV2.self, JournalSchemaV3.self] }
    static var stages: [MigrationStage] {
        [.lightweight(fromVersion: JournalSchemaV2.self, toVersion: JournalSchemaV3.self)]
    }
}

/// A plan from v3 to v4 that changes a column's type with a lightweight stage.
enum RetypingJournalMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [JournalSchemaV3.self, JournalSchemaV4.self] }
    static var stages: [MigrationStage] {
        [.lightweight(fromVersion: JournalSchemaV3.self, toVersion: JournalSchemaV4.self)]
    }
}

/// Unversioned shapes of one entity, for lightweight changes made without a plan.
enum ShelfBefore {
    @Model
    final class Book {
        var title: String
        var author: String
        var shelfMark: String
        init(title: String, author: String, shelfMark: String) {
            self.title = title
            self.author = author
            self.shelfMark = shelfMark
        }
    }
}

/// `Book` with `author` renamed, `shelfMark` removed, optional and defaulted properties, an index and a relationship added.
enum ShelfAfter {
    @Model
    final class Book {
        #Index<Book>([\.title])
        var title: String
        @Attribute(originalName: "author") var writer: String
        var subtitle: String?
        var pageCount: Int = 100
        var isRead = false
        var series: Series?
        init(title: String, writer: String) {
            self.title = title
            self.writer = writer
        }
    }

    @Model
    final class Series {
        var name: String
        var books: [Book] = []
        init(name: String) { self.name = name }
    }
}

/// `Book` with a new required property that has no default value.
enum ShelfRequired {
    @Model
    final class Book {
        var title: String
        var author: String
        var shelfMark: String
        var isbn: String
        init(title: String, author: String, shelfMark: String, isbn: String) {
            self.title = title
            self.author = author
            self.shelfMark = shelfMark
            self.isbn = isbn
        }
    }
}

/// Photos and labels linked many-to-many; the label side owns the link table.
enum AlbumBefore {
    @Model
    final class Photo {
        var name: String
        var labels: [Label] = []
        init(name: String) { self.name = name }
    }

    @Model
    final class Label {
        var text: String
        var photos: [Photo] = []
        init(text: String) { self.text = text }
    }
}

/// The same models with the owning side's relationship renamed.
enum AlbumAfter {
    @Model
    final class Photo {
        var name: String
        var labels: [Label] = []
        init(name: String) { self.name = name }
    }

    @Model
    final class Label {
        var text: String
        @Relationship(originalName: "photos") var pictures: [Photo] = []
        init(text: String) { self.text = text }
    }
}

/// A plan whose didMigrate keeps its context, to show the context stops working when the step ends.
enum KeepingJournalMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [JournalSchemaV1.self, JournalSchemaV2.self] }
    static var stages: [MigrationStage] {
        [
            .custom(
                fromVersion: JournalSchemaV1.self, toVersion: JournalSchemaV2.self, willMigrate: nil,
                didMigrate: { keptContext = $0 })
        ]
    }

    /// The context didMigrate was given; only the test using this plan reads it.
    nonisolated(unsafe) static var keptContext: ModelContext?
}

/// A plan whose didMigrate fills every entry's mood but never saves its context, as a stage that forgets
/// `try context.save()` does.
enum UnsavedJournalMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [JournalSchemaV2.self, JournalSchemaV3.self] }
    static var stages: [MigrationStage] {
        [
            .custom(
                fromVersion: JournalSchemaV2.self,
                toVersion: JournalSchemaV3.self,
                willMigrate: nil,
                didMigrate: { context in
                    for entry in try context.fetch(FetchDescriptor<JournalSchemaV3.Entry>()) { entry.mood = "stormy" }
                }
            )
        ]
    }
}
