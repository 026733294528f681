import Foundation
import PersistenceModels
import PersistenceSQLiteStore

/// A note, as the guides' note-taking app defines it, with tags (many-to-many) and a folder (to-one).
@Model
final class Note {
    var title: String
    var content: String
    var createdAt: Date
    var isPinned: Bool
    var tags: [Tag]
    var folder: Folder?

    init(title: String, content: String = "", isPinned: Bool = false, createdAt: Date = .now) {
        self.title = title
        self.content = content
        self.createdAt = createdAt
        self.isPinned = isPinned
        self.tags = []
    }
}

@Model
final class Tag {
    var name: String
    var notes: [Note]

    init(name: String) {
        self.name = name
        self.notes = []
    }
}

@Model
final class Folder {
    var name: String
    @Relationship(deleteRule: .cascade) var notes: [Note] = []

    init(name: String) {
        self.name = name
    }
}

enum Priority: String, Codable, CaseIterable {
    case low, medium, high
}

/// The task tracker of the guide's exercise 4.1.
@Model
class TaskItem {
    var title: String
    var notes: String
    var dueDate: Date?
    var priority: Priority
    var isCompleted: Bool
    var createdAt: Date
    var category: Category?

    init(
        title: String, notes: String = "", dueDate: Date? = nil, priority: Priority = .medium, isCompleted: Bool = false
    ) {
        self.title = title
        self.notes = notes
        self.dueDate = dueDate
        self.priority = priority
        self.isCompleted = isCompleted
        self.createdAt = .now
    }
}

@Model
class Category {
    var name: String
    var tasks: [TaskItem]

    init(name: String) {
        self.name = name
        self.tasks = []
    }
}

struct Address: Codable, Hashable {
    var street: String
    var city: String
}

enum Mood: Codable, Hashable {
    case calm
    case busy(level: Int)
}

/// A model holding one attribute of every supported kind.
@Model
final class Sample {
    var text: String
    var int = 0
    var int8: Int8 = 0
    var int16: Int16 = 0
    var int32: Int32 = 0
    var int64: Int64 = 0
    var uint: UInt = 0
    var uint8: UInt8 = 0
    var double = 0.0
    var float: Float = 0
    var flag = true
    var date = Date(timeIntervalSinceReferenceDate: 0)
    var data = Data()
    var url: URL?
    var uuid = UUID()
    var decimal: Decimal = 0
    var optionalText: String?
    var optionalInt: Int?
    var words: [String] = []
    var uniqueNumbers: Set<Int> = []
    var scores: [String: Double] = [:]
    var priority: Priority = .low
    var optionalPriority: Priority?
    var mood: Mood = .calm
    var address: Address?
    @Transient var scratch = "not stored"
    var shout: String { text.uppercased() }

    init(text: String) {
        self.text = text
    }
}
