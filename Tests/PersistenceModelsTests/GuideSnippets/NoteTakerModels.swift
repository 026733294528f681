// Model code shaped like the course guides', with `import SwiftData` replaced by `import PersistenceCore`.
import PersistenceCore

@Model
class JournalEntry {
    var title: String
    var content: String
    var createdAt: Date
    var isPinned: Bool
    var labels: [JournalLabel]
    var notebook: Notebook?

    init(title: String, content: String, isPinned: Bool = false) {
        self.title = title
        self.content = content
        self.createdAt = .now
        self.isPinned = isPinned
        self.labels = []
    }
}

@Model
class JournalLabel {
    var name: String
    var entries: [JournalEntry]

    init(name: String) {
        self.name = name
        self.entries = []
    }
}

@Model
class Notebook {
    var name: String
    var entries: [JournalEntry]

    init(name: String) {
        self.name = name
        self.entries = []
    }
}

enum EntryMood: String, Codable, CaseIterable {
    case calm, busy
}

/// A model that declares its own `id`, as many guide models do.
@Model
final class Reminder {
    @Attribute(.unique) var id: UUID
    var text: String
    var mood: EntryMood
    var dueDate: Date?

    init(text: String, mood: EntryMood = .calm, dueDate: Date? = nil) {
        self.id = UUID()
        self.text = text
        self.mood = mood
        self.dueDate = dueDate
    }
}

/// A public model, as an exercise library would declare it.
@Model
public final class Bookmark {
    public var url: URL
    public var visits: Int = 0

    public init(url: URL) {
        self.url = url
    }
}
