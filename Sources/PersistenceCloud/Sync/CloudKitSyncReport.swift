import Foundation
import PersistenceModels

/// What a store's mirror sent, received and resolved, as ``ModelContainer/syncWithCloudKit()`` reports
/// it: everything the mirror did since the last report, automatic exports and imports included.
///
/// A device has no such report (nor any "fully synced" flag); it is the workbench's, so that tests and
/// `notetaker sync` can say what happened.
public struct CloudKitSyncReport: Sendable, CustomStringConvertible {
    /// One record sent or received.
    public struct RecordChange: Sendable, Hashable {
        /// Whether the record was saved or deleted.
        public enum Kind: String, Sendable {
            /// Saved.
            case saved
            /// Deleted.
            case deleted
        }

        /// Whether it was saved or deleted.
        public let kind: Kind
        /// The record's name on the server.
        public let recordName: String
        /// `CD_<root entity>`, or `CDMR` for a many-to-many link.
        public let recordType: String
        /// The model's entity; `nil` for a link.
        public let entityName: String?
        /// The model's identifier in this store; `nil` for a link, or a model deleted here.
        public let persistentIdentifier: PersistentIdentifier?
        /// The device that saved or deleted the record, for a received change.
        public let device: String?
    }

    /// A conflict between this device and another, and who won: the later upload wins the whole record.
    public struct Conflict: Sendable, Hashable {
        /// How the conflict ended for this device.
        public enum Outcome: String, Sendable {
            /// This device's edit reached the server later and replaced the other device's record.
            case editWon
            /// Another device's edit reached the server later and replaced this device's record.
            case editLost
            /// This device's edit reached the server after the other device deleted the record, and brought it back.
            case editUndidDeletion
            /// This device's deletion was undone by another device's edit that reached the server later.
            case deletionUndone
            /// Another device deleted the record after this device's edit reached the server.
            case editLostToDeletion
            /// This device deleted a record another device had edited since this device last saw it.
            case deletionWon
        }

        /// How it ended for this device.
        public let outcome: Outcome
        /// The record's name on the server.
        public let recordName: String
        /// The model's entity.
        public let entityName: String
        /// The model's identifier in this store, while it exists here.
        public let persistentIdentifier: PersistentIdentifier?
        /// The other device's name.
        public let otherDevice: String
        /// This device's values of the record's attributes (without the `CD_` prefix), as text, when the
        /// model is gone from this store: what was lost.
        public let lostValues: [String: String]
    }

    /// A record received that this store could not apply: an entity or relationship its schema does not
    /// have (a newer version of the app made it), a value it cannot read, or a record the server could
    /// not read. The device keeps it with the reason: the first sync after a schema that can apply it
    /// opens the store applies it, and a newer version from the server replaces it.
    public struct UnappliedRecord: Sendable, Hashable {
        /// The record's name on the server.
        public let recordName: String
        /// The record's type.
        public let recordType: String
        /// The entity the record names, when it names one.
        public let entityName: String?
        /// Why the store could not apply it.
        public let reason: String
    }

    /// Mirrored data removed from the store.
    public struct Removal: Sendable, Hashable {
        /// Why: a sign-out, an account switch, or the user deleting the app's iCloud data.
        public let reason: String
        /// How many models were removed.
        public let removedModels: Int
    }

    /// Records this device sent, in the order the server took them.
    public internal(set) var sent: [RecordChange] = []
    /// Records this device received, in the server's order.
    public internal(set) var received: [RecordChange] = []
    /// Conflicts with other devices, and how they ended.
    public internal(set) var conflicts: [Conflict] = []
    /// Records received in this sync that the store could not apply, kept on the device with the reason.
    public internal(set) var unapplied: [UnappliedRecord] = []
    /// How many received records the device keeps unapplied after the sync, those of earlier syncs included.
    public internal(set) var unappliedCount = 0
    /// How many received relationships wait on the device after the sync for a record that has not
    /// arrived yet; each is connected by the sync that brings its record.
    public internal(set) var waitingRelationships = 0
    /// The mirrored data removed from this store, and why: a sign-out, an account switch, or the user
    /// deleting the app's iCloud data.
    public internal(set) var removals: [Removal] = []
    /// How many changes wait on this device after the sync.
    public internal(set) var pendingChanges = 0

    /// An empty report.
    public init() {}

    /// Adds what `other` reports after this report's content.
    mutating func append(_ other: CloudKitSyncReport) {
        sent += other.sent
        received += other.received
        conflicts += other.conflicts
        unapplied += other.unapplied
        removals += other.removals
        pendingChanges = other.pendingChanges
        unappliedCount = other.unappliedCount
        waitingRelationships = other.waitingRelationships
    }

    /// `sent 2, received 1, 1 conflict(s), 0 unapplied, 0 waiting`.
    public var description: String {
        "sent \(sent.count), received \(received.count), \(conflicts.count) conflict(s), \(unapplied.count) unapplied, "
            + "\(pendingChanges) waiting"
    }
}
