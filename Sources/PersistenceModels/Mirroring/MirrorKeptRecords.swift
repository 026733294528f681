import Foundation

/// A relationship an import received and could not connect yet, because a record it names has not
/// arrived: kept with the mirror's state until that record arrives, as Core Data keeps its pending
/// relationships (`NSCKImportPendingRelationship`), and connected by the import that brings it.
package struct PendingMirroredRelationship: Hashable, Sendable {
    /// A to-one relationship, held by a field of its owner's record, or a many-to-many link, a record of its own.
    package enum Kind: Int, Sendable {
        case toOne = 0
        case link = 1
    }

    /// The record that names the related records: the owner's record for a to-one relationship, the
    /// link record for a many-to-many link.
    package var recordName: String
    /// The field of that record naming the related record: `CD_folder`, or `CD_recordNames` for a link.
    package var field: String
    package var kind: Kind
    /// For a to-one relationship the owner's entity and property (`Note.folder`); for a link, the
    /// link's name (`Note.tags`).
    package var relationship: String
    /// The record of the relationship's side, and the record it links to.
    package var ownerRecordName: String
    package var targetRecordName: String
    /// The link record's change tag; `nil` for a to-one relationship.
    package var changeTag: String?

    package init(
        recordName: String, field: String, kind: Kind, relationship: String, ownerRecordName: String,
        targetRecordName: String,
        changeTag: String? = nil
    ) {
        self.recordName = recordName
        self.field = field
        self.kind = kind
        self.relationship = relationship
        self.ownerRecordName = ownerRecordName
        self.targetRecordName = targetRecordName
        self.changeTag = changeTag
    }

    /// What identifies it: one pending relationship per field of a record.
    package var key: Key { Key(recordName: recordName, field: field) }

    /// A record's field.
    package struct Key: Hashable, Sendable {
        package var recordName: String
        package var field: String

        package init(recordName: String, field: String) {
            self.recordName = recordName
            self.field = field
        }
    }
}

/// A record an import received and the store could not apply (an entity or relationship its schema
/// does not have, a value it cannot read, or a record the server could not read either), kept with the
/// mirror's state with the reason, so that an import after a schema change can apply it. A record
/// applied in part keeps only the fields the schema does not have (a newer version of the app added them).
package struct UnappliedMirrorRecord: Hashable, Sendable {
    package var recordName: String
    package var recordType: String
    /// The entity its record names, when it names one.
    package var entityName: String?
    /// Why the store could not apply it.
    package var reason: String
    /// The record as received, in the mirror's own encoding; `nil` when the server could not read it.
    package var payload: Data?
    /// The fingerprint of the schema that last tried to apply it: a store opened with another schema tries again.
    package var schemaFingerprint: String
    /// Whether the record itself was applied and only the fields its payload holds were not.
    package var appliedInPart: Bool

    package init(
        recordName: String, recordType: String, entityName: String?, reason: String, payload: Data?,
        schemaFingerprint: String,
        appliedInPart: Bool = false
    ) {
        self.recordName = recordName
        self.recordType = recordType
        self.entityName = entityName
        self.reason = reason
        self.payload = payload
        self.schemaFingerprint = schemaFingerprint
        self.appliedInPart = appliedInPart
    }

    /// What an import needs to know of a kept record before reading it.
    package struct Summary: Hashable, Sendable {
        package var schemaFingerprint: String
        package var appliedInPart: Bool

        package init(schemaFingerprint: String, appliedInPart: Bool) {
            self.schemaFingerprint = schemaFingerprint
            self.appliedInPart = appliedInPart
        }
    }
}
