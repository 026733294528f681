import Foundation
import PersistenceModels

/// The note of the sync workloads: the columns of ``BenchNote``, declared as CloudKit requires (every
/// attribute with a default value, no unique constraint).
@Model
final class BenchSyncNote {
    var identifier = UUID()
    var title: String = ""
    var content: String = ""
    var date: Date = Date(timeIntervalSinceReferenceDate: 0)
    var isArchived: Bool = false
    var priority: Int = 0

    init(_ values: NoteValues) {
        self.identifier = values.identifier
        self.title = values.title
        self.content = values.content
        self.date = values.date
        self.isArchived = values.isArchived
        self.priority = values.priority
    }
}
