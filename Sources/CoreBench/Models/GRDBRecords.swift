import Foundation
import GRDB

/// The GRDB Codable record for ``BenchNote``'s table, encoded the way the core stores it.
struct NoteRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "BenchNote"
    static var databaseUUIDEncodingStrategy: DatabaseUUIDEncodingStrategy { .uppercaseString }
    static var databaseDateEncodingStrategy: DatabaseDateEncodingStrategy { .timeIntervalSinceReferenceDate }
    static var databaseDateDecodingStrategy: DatabaseDateDecodingStrategy { .timeIntervalSinceReferenceDate }

    var _pk: Int64?
    var identifier: UUID
    var title: String
    var content: String
    var date: Date
    var isArchived: Bool
    var priority: Int

    init(_ values: NoteValues) {
        identifier = values.identifier
        title = values.title
        content = values.content
        date = values.date
        isArchived = values.isArchived
        priority = values.priority
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { _pk = inserted.rowID }
}

/// The GRDB record for ``BenchTaggedNote``.
struct TaggedNoteRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "BenchTaggedNote"
    static let links = hasMany(TagLinkRecord.self, using: ForeignKey(["owner"]))
    static let tags = hasMany(TagRecord.self, through: links, using: TagLinkRecord.tag).forKey("tags")

    var _pk: Int64?
    var title: String

    mutating func didInsert(_ inserted: InsertionSuccess) { _pk = inserted.rowID }
}

/// The GRDB record for ``BenchTag``.
struct TagRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "BenchTag"

    var _pk: Int64?
    var name: String

    mutating func didInsert(_ inserted: InsertionSuccess) { _pk = inserted.rowID }
}

/// A row of the link table between notes and tags.
struct TagLinkRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "BenchTaggedNote_tags"
    static let tag = belongsTo(TagRecord.self, using: ForeignKey(["target"]))

    var owner: Int64
    var target: Int64
}

/// A note decoded with all its tags.
struct TaggedNoteWithTags: Decodable, FetchableRecord {
    var note: TaggedNoteRecord
    var tags: [TagRecord]

    enum CodingKeys: String, CodingKey { case tags }

    init(from decoder: any Decoder) throws {
        note = try TaggedNoteRecord(from: decoder)
        tags = try decoder.container(keyedBy: CodingKeys.self).decode([TagRecord].self, forKey: .tags)
    }
}
