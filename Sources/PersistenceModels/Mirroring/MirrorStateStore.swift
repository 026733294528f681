import Foundation

/// A store that keeps the state of its mirror to a cloud database beside its models, and changes that
/// state in the same transactions as the models, as Core Data keeps its mirroring metadata in the
/// store file: an import's rows and the server token it reached commit together or not at all.
package protocol MirrorStateStore: AnyObject {
    /// Runs `body` in one write transaction of the store.
    ///
    /// - Throws: ``SwiftDataError`` when the store cannot be written, or what `body` throws (nothing is kept then).
    func withMirrorTransaction<T>(while activity: String, _ body: (any MirrorStateTransaction) throws -> T) throws -> T

    /// Runs `body` with read access to one consistent state of the store.
    ///
    /// - Throws: ``SwiftDataError`` when the store cannot be read, or what `body` throws.
    func readMirrorState<T>(while activity: String, _ body: (any MirrorStateTransaction) throws -> T) throws -> T
}

/// A row of a model's table: its root entity (whose table keeps it) and primary key.
package struct MirroredRow: Hashable, Sendable {
    package var rootEntity: String
    package var primaryKey: Int64

    package init(rootEntity: String, primaryKey: Int64) {
        self.rootEntity = rootEntity
        self.primaryKey = primaryKey
    }
}

/// What the mirror knows of one record it mirrors a row as.
package struct MirroredRecord: Hashable, Sendable {
    /// The record's name: a UUID, chosen once for the row.
    package var recordName: String
    package var row: MirroredRow
    /// The change tag of the version the device last saw; `nil` for a record never sent nor received.
    package var changeTag: String?

    package init(recordName: String, row: MirroredRow, changeTag: String?) {
        self.recordName = recordName
        self.row = row
        self.changeTag = changeTag
    }
}

/// What the mirror knows of one many-to-many link it mirrors as a link record.
package struct MirroredLink: Hashable, Sendable {
    package var recordName: String
    /// The relationship, named from its first side: `Note.tags`.
    package var relationship: String
    /// The row on the relationship's side, and the row it links to.
    package var owner: Int64
    package var target: Int64
    package var changeTag: String?

    package init(recordName: String, relationship: String, owner: Int64, target: Int64, changeTag: String?) {
        self.recordName = recordName
        self.relationship = relationship
        self.owner = owner
        self.target = target
        self.changeTag = changeTag
    }
}

/// A change waiting to be sent: the queue survives a crash and a relaunch.
package struct PendingMirrorChange: Hashable, Sendable {
    package enum Kind: Int, Sendable {
        case save = 0
        case delete = 1
    }

    package var recordName: String
    package var kind: Kind
    /// The record type, such as `CD_Note` or `CDMR`.
    package var recordType: String
    /// Moved on each time the change is queued again, so a send acknowledges only what it sent.
    package var generation: Int64

    package init(recordName: String, kind: Kind, recordType: String, generation: Int64 = 0) {
        self.recordName = recordName
        self.kind = kind
        self.recordType = recordType
        self.generation = generation
    }
}

/// One change a transaction of the store's history recorded for one entity.
package struct MirroredHistoryChange: Sendable {
    package enum Kind: Int, Sendable {
        case insert = 0
        case update = 1
        case delete = 2
    }

    package var transaction: Int64
    package var author: String?
    package var kind: Kind
    package var entity: String
    package var primaryKeys: [Int64]
    package var updatedAttributes: [String]

    package init(
        transaction: Int64, author: String?, kind: Kind, entity: String, primaryKeys: [Int64],
        updatedAttributes: [String]
    ) {
        self.transaction = transaction
        self.author = author
        self.kind = kind
        self.entity = entity
        self.primaryKeys = primaryKeys
        self.updatedAttributes = updatedAttributes
    }
}

/// The mirror's tables inside one transaction of the store.
package protocol MirrorStateTransaction {
    /// A value of the mirror's state, such as the server token, by key.
    func value(forKey key: String) throws -> String?
    /// Sets (or, with `nil`, removes) a value of the mirror's state.
    func setValue(_ value: String?, forKey key: String) throws

    /// The records known by these names.
    func records(named names: [String]) throws -> [MirroredRecord]
    /// The records of these rows (a row may have more than one).
    func records(ofRows rows: [MirroredRow]) throws -> [MirroredRecord]
    /// Adds records or updates their rows and change tags.
    func saveRecords(_ records: [MirroredRecord]) throws
    /// Forgets records.
    func removeRecords(named names: [String]) throws
    /// How many records the mirror knows.
    func recordCount() throws -> Int

    /// The links known by these names.
    func links(named names: [String]) throws -> [MirroredLink]
    /// The links of a relationship that involve these rows on the relationship's side (`owners`) or the other (`targets`).
    func links(of relationship: String, owners: [Int64], targets: [Int64]) throws -> [MirroredLink]
    func saveLinks(_ links: [MirroredLink]) throws
    func removeLinks(named names: [String]) throws

    /// The queued changes, oldest first.
    func pendingChanges() throws -> [PendingMirrorChange]
    /// Queues changes: a change already queued for the record is replaced and its generation moved on.
    func enqueue(_ changes: [PendingMirrorChange]) throws
    /// Removes queued changes whose generation is still the one given.
    func dequeue(_ changes: [PendingMirrorChange]) throws
    /// Removes the queued changes of these records, whatever their generation.
    func removePending(named names: [String]) throws
    /// How many changes are queued.
    func pendingCount() throws -> Int

    /// The changes of the history's transactions after `transaction`, in order.
    func historyChanges(after transaction: Int64) throws -> [MirroredHistoryChange]
    /// The number of the history's latest transaction, 0 without any.
    func latestHistoryTransaction() throws -> Int64

    /// Every row of a root entity's table, with each row's entity.
    func rows(ofRootEntity entity: String) throws -> [(primaryKey: Int64, entity: String)]
    /// The pairs of a many-to-many relationship (`Entity.property`) that involve these rows of its
    /// entity, as (row of the entity, linked row); every pair when `keys` is `nil`.
    func linkedPairs(of relationship: String, keys: [Int64]?) throws -> [(Int64, Int64)]

    /// The relationships waiting for a record that involve these records: held by one of them, or
    /// naming one of them on either side. Nothing when none waits.
    func pendingRelationships(involving names: [String]) throws -> [PendingMirroredRelationship]
    /// The relationships waiting for a record that these records hold.
    func pendingRelationships(heldBy names: [String]) throws -> [PendingMirroredRelationship]
    /// Keeps relationships waiting for a record, replacing one kept for the same field of the same record.
    func savePendingRelationships(_ relationships: [PendingMirroredRelationship]) throws
    /// Forgets relationships that waited for a record.
    func removePendingRelationships(_ keys: [PendingMirroredRelationship.Key]) throws
    /// How many relationships wait for a record.
    func pendingRelationshipCount() throws -> Int

    /// The names of the records kept unapplied (whole or in part), each with what an import decides by.
    func unappliedRecordSummaries() throws -> [String: UnappliedMirrorRecord.Summary]
    /// The records kept unapplied (whole or in part) with these names, or every one when `names` is `nil`, by name.
    func unappliedRecords(named names: [String]?) throws -> [UnappliedMirrorRecord]
    /// Keeps records unapplied, replacing what was kept under the same names.
    func saveUnappliedRecords(_ records: [UnappliedMirrorRecord]) throws
    /// Forgets records kept unapplied; with `onlyWhole`, keeps the fields kept from records applied in part.
    func removeUnappliedRecords(named names: [String], onlyWhole: Bool) throws
    /// How many records are kept without having been applied at all.
    func unappliedRecordCount() throws -> Int

    /// Forgets everything the mirror kept: records, links, queue, pending relationships, records kept
    /// unapplied and state.
    func eraseMirrorState() throws
}
