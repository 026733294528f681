import PersistenceCore

/// A note as an app that syncs with iCloud declares it: every attribute with a default, every
/// relationship optional with an inverse. Its records are `CD_Note`.
@Model
public final class Note {
    public var title: String = ""
    public var body: String = ""
    /// When the note was last edited, by the editing device's clock: never what decides a conflict.
    public var modifiedAt: Date = Date(timeIntervalSince1970: 0)
    public var isPinned: Bool = false
    public var folder: Folder?
    @Relationship(inverse: \Tag.notes) public var tags: [Tag]? = []

    public init(title: String, body: String = "", modifiedAt: Date = .now) {
        self.title = title
        self.body = body
        self.modifiedAt = modifiedAt
    }
}

/// A tag on many notes; many notes per tag: the links are `CDMR` records.
@Model
public final class Tag {
    public var name: String = ""
    public var notes: [Note]? = []

    public init(name: String) {
        self.name = name
    }
}

/// A folder of notes: each note's folder is a field of the note's record.
@Model
public final class Folder {
    public var name: String = ""
    @Relationship(inverse: \Note.folder) public var notes: [Note]? = []

    public init(name: String) {
        self.name = name
    }
}

/// The schema the sync tests and their second process share.
public enum SyncSchema {
    public static let models: [any PersistentModel.Type] = [Note.self, Tag.self, Folder.self]
    /// The iCloud container the tests' app syncs with.
    public static let containerIdentifier = "iCloud.com.example.synctests"
    /// The store file's name in Application Support.
    public static let storeName = "Sync.store"
}
