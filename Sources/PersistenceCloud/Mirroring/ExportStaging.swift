import Foundation
import PersistenceCloudServer
import PersistenceModels

/// The names the mirror keeps its state under, and the authors of the store transactions it writes.
enum MirrorState {
    /// The Apple ID of the account the store mirrors to.
    static let account = "account"
    /// The zone epoch the store last synced with.
    static let zoneEpoch = "zoneEpoch"
    /// The server change token of the last import.
    static let serverToken = "serverToken"
    /// The last transaction of the store's history that export has taken into the queue.
    static let exportedTransaction = "exportedTransaction"
    /// When the store last synced, as seconds since 1970.
    static let lastSync = "lastSync"

    /// The author of the transactions an import writes; export never sends them back.
    static let importAuthor = "NSCloudKitMirroringDelegate.import"
    /// The author of the transactions that remove mirrored data after an account change.
    static let resetAuthor = "NSCloudKitMirroringDelegate.reset"

    /// Whether a transaction was written by the mirror itself.
    static func isMirrorAuthor(_ author: String?) -> Bool {
        author?.hasPrefix("NSCloudKitMirroringDelegate") == true
    }

    /// The change tag a record has between its first send and the server's answer: the device does
    /// not know whether the server has it.
    static let unacknowledgedTag = "?"
}

/// Takes what the store's history recorded since the last export into the queue of changes to send,
/// in one transaction of the store: each changed row becomes a save of its record (named with a new
/// UUID the first time), each deleted row a deletion, and each many-to-many link added or removed a
/// save or deletion of its link record. A row inserted and deleted before it was ever sent is dropped
/// from the queue, and nothing the mirror itself wrote is taken.
struct ExportStaging {
    let schema: MirroredSchema
    let rootOfEntity: (String) -> String?

    /// Queues what changed since the last export.
    ///
    /// - Returns: How many changes wait in the queue afterwards.
    func stage(in tx: any MirrorStateTransaction) throws -> Int {
        guard let exported = try tx.value(forKey: MirrorState.exportedTransaction).flatMap(Int64.init) else {
            try stageEverything(in: tx)
            return try tx.pendingCount()
        }
        let changes = try tx.historyChanges(after: exported)
        guard let latest = changes.map(\.transaction).max() else { return try tx.pendingCount() }
        var saved: [MirroredRow: String] = [:]
        // Rows inserted since the last export have no record yet: keys are never handed out twice.
        var inserted: Set<MirroredRow> = []
        var deleted: Set<MirroredRow> = []
        // The to-one relationships the device set, whose value replaces any an import left waiting.
        var setToOne: [MirroredRow: Set<String>] = [:]
        var touchedLinks: [String: (first: Set<Int64>, second: Set<Int64>)] = [:]
        for change in changes where !MirrorState.isMirrorAuthor(change.author) {
            guard let root = rootOfEntity(change.entity), let shape = schema.entities[change.entity] else { continue }
            let toOneFields =
                change.kind == .update
                ? shape.toOne.filter { change.updatedAttributes.contains($0.property.name) }.map(\.field) : []
            let links = schema.linksOfEntity[change.entity] ?? [:]
            let linkProperties: [String] =
                change.kind == .update ? change.updatedAttributes.filter { links[$0] != nil } : Array(links.keys)
            // A change of links alone is sent as link records: the model's own record stays as it was.
            let changesRecord =
                change.kind != .update
                || change.updatedAttributes.contains { schema.entities[change.entity]?.fieldOfProperty[$0] != nil }
            for key in change.primaryKeys {
                let row = MirroredRow(rootEntity: root, primaryKey: key)
                if change.kind == .delete {
                    saved[row] = nil
                    deleted.insert(row)
                } else if changesRecord {
                    saved[row] = change.entity
                    if change.kind == .insert { inserted.insert(row) }
                }
                if !toOneFields.isEmpty { setToOne[row, default: []].formUnion(toOneFields) }
                for property in linkProperties {
                    guard let (link, isFirst) = links[property] else { continue }
                    if isFirst {
                        touchedLinks[link, default: ([], [])].first.insert(key)
                    } else {
                        touchedLinks[link, default: ([], [])].second.insert(key)
                    }
                }
            }
        }
        if !setToOne.isEmpty || !deleted.isEmpty {
            try forgetWaitingRelationships(set: setToOne, deleted: deleted, in: tx)
        }
        try queueSaves(of: saved, new: inserted, in: tx)
        try queueDeletions(of: deleted, in: tx)
        for (link, keys) in touchedLinks.sorted(by: { $0.key < $1.key }) {
            guard let shape = schema.links[link] else { continue }
            try reconcile(shape, firstKeys: Array(keys.first), secondKeys: Array(keys.second), in: tx)
        }
        try tx.setValue(String(latest), forKey: MirrorState.exportedTransaction)
        return try tx.pendingCount()
    }

    /// The first export of a store: every row and every link, whatever the history holds.
    private func stageEverything(in tx: any MirrorStateTransaction) throws {
        let latest = try tx.latestHistoryTransaction()
        var saved: [MirroredRow: String] = [:]
        for root in schema.rootEntities {
            for (key, entity) in try tx.rows(ofRootEntity: root.name) where schema.entities[entity] != nil {
                saved[MirroredRow(rootEntity: root.name, primaryKey: key)] = entity
            }
        }
        try queueSaves(of: saved, in: tx)
        for shape in schema.links.values.sorted(by: { $0.name < $1.name }) {
            try reconcile(shape, firstKeys: nil, secondKeys: [], in: tx)
        }
        try tx.setValue(String(latest), forKey: MirrorState.exportedTransaction)
    }

    /// Queues a save of every record of the rows, naming a record for a row that has none; the rows of
    /// `new` are known to have none.
    private func queueSaves(
        of rows: [MirroredRow: String], new: Set<MirroredRow> = [], in tx: any MirrorStateTransaction
    ) throws {
        guard !rows.isEmpty else { return }
        let known = Dictionary(grouping: try tx.records(ofRows: rows.keys.filter { !new.contains($0) }), by: \.row)
        var named: [MirroredRecord] = []
        var queuedKnown: [PendingMirrorChange] = []
        var queuedNew: [PendingMirrorChange] = []
        var names = RecordNameGenerator()
        for (row, entity) in rows.sorted(by: {
            ($0.key.rootEntity, $0.key.primaryKey) < ($1.key.rootEntity, $1.key.primaryKey)
        }) {
            guard let recordType = schema.entities[entity]?.recordType else { continue }
            if let records = known[row], !records.isEmpty {
                queuedKnown += records.map {
                    PendingMirrorChange(recordName: $0.recordName, kind: .save, recordType: recordType)
                }
            } else {
                let record = MirroredRecord(recordName: names.next(), row: row, changeTag: nil)
                named.append(record)
                queuedNew.append(
                    PendingMirrorChange(recordName: record.recordName, kind: .save, recordType: recordType))
            }
        }
        // In name order, neighbouring writes land on neighbouring pages of the tables keyed by name; new
        // names come in ascending order, after every name made before.
        try tx.saveRecords(named)
        try tx.enqueue(queuedKnown.sorted { $0.recordName < $1.recordName } + queuedNew)
    }

    /// Forgets the relationships an import left waiting for a record that the device has decided
    /// since: a to-one relationship it set, and any relationship of a row it deleted.
    private func forgetWaitingRelationships(
        set: [MirroredRow: Set<String>], deleted: Set<MirroredRow>, in tx: any MirrorStateTransaction
    ) throws {
        guard try tx.pendingRelationshipCount() > 0 else { return }
        var keys: [PendingMirroredRelationship.Key] = []
        var deletedNames: [String] = []
        for record in try tx.records(ofRows: Array(Set(set.keys).union(deleted))) {
            if deleted.contains(record.row) { deletedNames.append(record.recordName) }
            for field in set[record.row] ?? [] {
                keys.append(PendingMirroredRelationship.Key(recordName: record.recordName, field: field))
            }
        }
        keys += try tx.pendingRelationships(involving: deletedNames).map(\.key)
        try tx.removePendingRelationships(keys)
    }

    /// Queues a deletion of every record of the rows; a record never sent is forgotten instead.
    private func queueDeletions(of rows: Set<MirroredRow>, in tx: any MirrorStateTransaction) throws {
        guard !rows.isEmpty else { return }
        var forgotten: [String] = []
        var queued: [PendingMirrorChange] = []
        for record in try tx.records(ofRows: Array(rows)) {
            if record.changeTag == nil {
                forgotten.append(record.recordName)
            } else {
                queued.append(
                    PendingMirrorChange(
                        recordName: record.recordName, kind: .delete, recordType: "CD_\(record.row.rootEntity)"))
            }
        }
        try tx.removePending(named: forgotten)
        try tx.removeRecords(named: forgotten)
        try tx.enqueue(queued)
    }

    /// Compares the links a relationship has now for some rows with the links the mirror knows, and
    /// queues the difference; `firstKeys` `nil` means every row of the first side.
    private func reconcile(
        _ shape: MirroredSchema.LinkShape, firstKeys: [Int64]?, secondKeys: [Int64], in tx: any MirrorStateTransaction
    ) throws {
        var current = Set(
            try tx.linkedPairs(of: "\(shape.firstEntity).\(shape.firstProperty)", keys: firstKeys).map(Pair.init))
        if !secondKeys.isEmpty, let secondProperty = shape.secondProperty {
            current.formUnion(
                try tx.linkedPairs(of: "\(shape.secondEntity).\(secondProperty)", keys: secondKeys).map {
                    Pair(($0.1, $0.0))
                })
        }
        let pendingDeletions = Set(try tx.pendingChanges().filter { $0.kind == .delete }.map(\.recordName))
        let known = try tx.links(of: shape.name, owners: firstKeys ?? current.map(\.first), targets: secondKeys)
            .filter { !pendingDeletions.contains($0.recordName) }
        let knownPairs = Set(known.map { Pair(($0.owner, $0.target)) })
        let added = current.subtracting(knownPairs).sorted { ($0.first, $0.second) < ($1.first, $1.second) }
        let removed = known.filter { !current.contains(Pair(($0.owner, $0.target))) }
        if !added.isEmpty {
            let names = try recordNames(
                of: added.map { MirroredRow(rootEntity: shape.firstRoot, primaryKey: $0.first) }
                    + added.map { MirroredRow(rootEntity: shape.secondRoot, primaryKey: $0.second) },
                in: tx
            )
            var links: [MirroredLink] = []
            for pair in added {
                guard let first = names[MirroredRow(rootEntity: shape.firstRoot, primaryKey: pair.first)],
                    let second = names[MirroredRow(rootEntity: shape.secondRoot, primaryKey: pair.second)]
                else { continue }
                let name = MirroredSchema.linkRecordName(link: shape.name, first: first, second: second)
                links.append(
                    MirroredLink(
                        recordName: name, relationship: shape.name, owner: pair.first, target: pair.second,
                        changeTag: nil))
            }
            // A link removed and added again before its deletion was sent keeps the tag the server knows.
            let earlier = Dictionary(try tx.links(named: links.map(\.recordName)).map { ($0.recordName, $0.changeTag) })
            { first, _ in first }
            for index in links.indices { links[index].changeTag = earlier[links[index].recordName] ?? nil }
            try tx.saveLinks(links)
            try tx.enqueue(
                links.map {
                    PendingMirrorChange(recordName: $0.recordName, kind: .save, recordType: CloudZone.linkRecordType)
                })
        }
        let forgotten = removed.filter { $0.changeTag == nil }.map(\.recordName)
        try tx.removePending(named: forgotten)
        try tx.removeLinks(named: forgotten)
        try tx.enqueue(
            removed.filter { $0.changeTag != nil }.map {
                PendingMirrorChange(recordName: $0.recordName, kind: .delete, recordType: CloudZone.linkRecordType)
            })
    }

    /// The first record name of each row, naming (and queuing a save of) a row that has none, as a row
    /// of a store that held data before it first synced.
    private func recordNames(of rows: [MirroredRow], in tx: any MirrorStateTransaction) throws -> [MirroredRow: String]
    {
        var names: [MirroredRow: String] = [:]
        for record in try tx.records(ofRows: rows) where names[record.row] == nil {
            names[record.row] = record.recordName
        }
        var missing: [MirroredRow: String] = [:]
        for row in rows where names[row] == nil {
            if let entity = schema.entities[row.rootEntity] { missing[row] = entity.entity.name }
        }
        if !missing.isEmpty {
            try queueSaves(of: missing, in: tx)
            for record in try tx.records(ofRows: Array(missing.keys)) where names[record.row] == nil {
                names[record.row] = record.recordName
            }
        }
        return names
    }
}

/// Two primary keys linked by a relationship: a row of its first side and a row of its second.
struct Pair: Hashable {
    let first: Int64
    let second: Int64

    init(_ pair: (Int64, Int64)) {
        first = pair.0
        second = pair.1
    }
}

/// Names for new records: UUIDs in the layout of version 7 — the time in milliseconds, then a counter
/// that starts at a random value — so that names come in ascending order. The tables keyed by record
/// name then grow at their end (a random name lands on a random page), and the names need no sorting
/// before they are written; the counter's random start keeps the names of two devices apart.
struct RecordNameGenerator {
    private let milliseconds: UInt64
    /// The twelve bits after the version and the 62 after the variant, counted up together.
    private var high: UInt64 = 0
    private var low: UInt64

    init(now: Date = Date()) {
        milliseconds = UInt64(max(0, now.timeIntervalSince1970 * 1_000)) & 0xFFFF_FFFF_FFFF
        var system = SystemRandomNumberGenerator()
        // The counter starts below 2^60, so it carries into `high` only after more than 2^61 names.
        low = system.next() >> 4
    }

    /// A new record name, after every name this generator made.
    mutating func next() -> String {
        low += 1
        if low > 0x3FFF_FFFF_FFFF_FFFF {
            low = 0
            high = (high + 1) & 0xFFF
        }
        return Self.uuidString(high: milliseconds << 16 | 0x7000 | high, low: 0x8000_0000_0000_0000 | low)
    }

    /// The 36 characters of a UUID in upper case, as `UUID.uuidString` writes them.
    static func uuidString(high: UInt64, low: UInt64) -> String {
        let bytes = withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { $0.load(as: uuid_t.self) }
        return UUID(uuid: bytes).uppercaseText
    }
}
