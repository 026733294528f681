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
