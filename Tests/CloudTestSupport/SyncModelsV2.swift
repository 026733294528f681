import PersistenceCore

/// The sync tests' app in its second version, which adds trips: a device still on the first version
/// receives trip records its schema does not have. Its notes, tags and folders are the first version's.
public enum SyncModelsV2 {
    /// A note, as in the first version.
    @Model
    public final class Note {
        public var title: String = ""
        public var body: String = ""
        public var modifiedAt: Date = Date(timeIntervalSince1970: 0)
        public var isPinned: Bool = false
        public var folder: Folder?
        @Relationship(inverse: \Tag.notes) public var tags: [Tag]? = []

        public init(title: String) {
            self.title = title
        }
    }

    /// A tag, as in the first version.
    @Model
    public final class Tag {
        public var name: String = ""
        public var notes: [Note]? = []

        public init(name: String) {
            self.name = name
        }
    }

    /// A folder, which now holds trips too (a relationship without a field of the folder's record).
    @Model
    public final class Folder {
        public var name: String = ""
        @Relationship(inverse: \Note.folder) public var notes: [Note]? = []
        @Relationship(inverse: \Trip.folder) public var trips: [Trip]? = []

        public init(name: String) {
            self.name = name
        }
    }

    /// A trip, new in the second version: its records are `CD_Trip`, with the folder as a field.
    @Model
    public final class Trip {
        public var name: String = ""
        public var folder: Folder?

        public init(name: String) {
            self.name = name
        }
    }

    /// The second version's models.
    public static let models: [any PersistentModel.Type] = [Note.self, Tag.self, Folder.self, Trip.self]
    /// The second version's schema version.
    public static let version = Schema.Version(2, 0, 0)
}

extension SimulatedDevice {
    /// Opens the test app's container on this device in the app's second version.
    public func makeContainerV2() throws -> ModelContainer {
        try makeContainer(SyncModelsV2.models, version: SyncModelsV2.version)
    }
}
