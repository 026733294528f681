import Foundation
import PersistenceModels
import PersistenceSandbox

/// Where and how a container keeps a store of the default kind (SQLite): in memory or in a file, which
/// models, and whether it may save.
///
/// ```swift
/// let configuration = ModelConfiguration(isStoredInMemoryOnly: true)
/// let container = try ModelContainer(for: Note.self, configurations: configuration)
/// ```
public struct ModelConfiguration: DataStoreConfiguration, Sendable {
    /// The default store opens this configuration.
    public typealias Store = DefaultStore

    /// The configuration's name; it also names the default store file.
    public let name: String
    /// The store file (unused when the store is in memory).
    public let url: URL
    /// Whether the store lives only in memory and vanishes with the container.
    public let isStoredInMemoryOnly: Bool
    /// Whether contexts may save to the store.
    public let allowsSave: Bool
    /// The models this configuration stores; the container's when `nil` (the container then sets it).
    public var schema: Schema?

    /// A configuration whose store file is `<name>.store` in the app's Application Support folder, or in memory.
    ///
    /// - Parameters:
    ///   - name: The configuration's name; `"default"` when `nil`.
    ///   - schema: The models to store; the container's schema when `nil`.
    ///   - isStoredInMemoryOnly: Keep the store in memory only.
    ///   - allowsSave: Whether contexts may save.
    ///   - groupContainer: Accepted for source compatibility; the store stays in the app's own container.
    ///   - cloudKitDatabase: Accepted for source compatibility; the store is never synced.
    public init(
        _ name: String? = nil,
        schema: Schema? = nil,
        isStoredInMemoryOnly: Bool = false,
        allowsSave: Bool = true,
        groupContainer: GroupContainer = .automatic,
        cloudKitDatabase: CloudKitDatabase = .automatic
    ) {
        let name = name ?? "default"
        self.name = name
        self.schema = schema
        self.isStoredInMemoryOnly = isStoredInMemoryOnly
        self.allowsSave = allowsSave
        self.url = AppSandbox.current.applicationSupportDirectory.appending(path: "\(name).store")
    }

    /// A configuration whose store is the file at `url`.
    ///
    /// - Parameters:
    ///   - name: The configuration's name; `"default"` when `nil`.
    ///   - schema: The models to store; the container's schema when `nil`.
    ///   - url: The store file; its folder is created when missing.
    ///   - allowsSave: Whether contexts may save.
    ///   - cloudKitDatabase: Accepted for source compatibility; the store is never synced.
    public init(
        _ name: String? = nil,
        schema: Schema? = nil,
        url: URL,
        allowsSave: Bool = true,
        cloudKitDatabase: CloudKitDatabase = .automatic
    ) {
        self.name = name ?? "default"
        self.schema = schema
        self.isStoredInMemoryOnly = false
        self.allowsSave = allowsSave
        self.url = url
    }
}

extension ModelConfiguration {
    /// The app group whose container would hold the store; recorded, but the store stays in the app's container.
    public struct GroupContainer: Hashable, Sendable {
        let identifier: String?

        /// The app's default group, if any.
        public static let automatic = GroupContainer(identifier: nil)
        /// No app group.
        public static let none = GroupContainer(identifier: nil)
        /// The app group with the given identifier.
        public static func identifier(_ groupName: String) -> GroupContainer { GroupContainer(identifier: groupName) }
    }

    /// The iCloud database the store would sync with; recorded, but the store is local only.
    public struct CloudKitDatabase: Hashable, Sendable {
        let containerIdentifier: String?

        /// The app's default iCloud container, if any.
        public static let automatic = CloudKitDatabase(containerIdentifier: nil)
        /// No syncing.
        public static let none = CloudKitDatabase(containerIdentifier: nil)
        /// The private database of the iCloud container with the given identifier.
        public static func `private`(_ containerIdentifier: String) -> CloudKitDatabase {
            CloudKitDatabase(containerIdentifier: containerIdentifier)
        }
    }
}

extension ModelConfiguration: Hashable {
    /// Configurations are the same store when their names, places and modes agree.
    public static func == (lhs: ModelConfiguration, rhs: ModelConfiguration) -> Bool {
        lhs.name == rhs.name && lhs.url == rhs.url && lhs.isStoredInMemoryOnly == rhs.isStoredInMemoryOnly && lhs.allowsSave == rhs.allowsSave
    }

    /// Hashes the name and the place.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(url)
        hasher.combine(isStoredInMemoryOnly)
    }
}
