import Foundation
import PersistenceModels
import PersistenceSQLiteStore

/// The note every single-table workload stores: the same columns for the core, raw SQLite and GRDB.
@Model
final class BenchNote {
    #Index<BenchNote>([\.priority, \.date])
    @Attribute(.unique) var identifier: UUID
    var title: String
    var content: String
    var date: Date
    var isArchived: Bool
    var priority: Int

    init(identifier: UUID, title: String, content: String, date: Date, isArchived: Bool, priority: Int) {
        self.identifier = identifier
        self.title = title
        self.content = content
        self.date = date
        self.isArchived = isArchived
        self.priority = priority
    }
}

/// A note with tags, for the many-to-many workload; its links live in `BenchTaggedNote_tags`.
@Model
final class BenchTaggedNote {
    var title: String
    var tags: [BenchTag] = []

    init(title: String) {
        self.title = title
    }
}

/// A tag shared by many notes.
@Model
final class BenchTag {
    var name: String

    init(name: String) {
        self.name = name
    }
}
