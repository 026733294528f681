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
    /// The iCloud database the store syncs with: `.automatic` (the app's first iCloud container, if it
    /// declares one in ``AppEntitlements``), a named container's private database, or `.none`.
    public let cloudKitDatabase: CloudKitDatabase
    /// The app sandbox the configuration was made in, whose device the store syncs from.
    package let sandbox: AppSandbox

    /// A configuration whose store file is `<name>.store` in the app's Application Support folder, or in memory.
    ///
    /// - Parameters:
    ///   - name: The configuration's name; `"default"` when `nil`.
    ///   - schema: The models to store; the container's schema when `nil`.
    ///   - isStoredInMemoryOnly: Keep the store in memory only.
    ///   - allowsSave: Whether contexts may save.
    ///   - groupContainer: Accepted for source compatibility; the store stays in the app's own container.
    ///   - cloudKitDatabase: The iCloud database to sync with; see ``cloudKitDatabase``.
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
        self.cloudKitDatabase = cloudKitDatabase
        self.sandbox = AppSandbox.current
        self.url = sandbox.applicationSupportDirectory.appending(path: "\(name).store")
    }

    /// A configuration whose store is the file at `url`.
    ///
    /// - Parameters:
    ///   - name: The configuration's name; `"default"` when `nil`.
    ///   - schema: The models to store; the container's schema when `nil`.
    ///   - url: The store file; its folder is created when missing.
    ///   - allowsSave: Whether contexts may save.
    ///   - cloudKitDatabase: The iCloud database to sync with; see ``cloudKitDatabase``.
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
        self.cloudKitDatabase = cloudKitDatabase
        self.sandbox = AppSandbox.current
        self.url = url
    }
}

extension ModelConfiguration {
    /// Whether the store lives in memory: asked for with ``isStoredInMemoryOnly``, or with a store file at
    /// `/dev/null`, which Core Data, and so SwiftData on a device, opens as a store in memory (older code
    /// and tests write it that way). Nothing is then written beside the URL.
    package var keepsStoreInMemory: Bool {
        isStoredInMemoryOnly || url.standardizedFileURL.path == "/dev/null"
    }

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

    /// The iCloud database a store syncs with.
    ///
    /// ```swift
    /// ModelConfiguration(cloudKitDatabase: .private("iCloud.com.example.notes"))
    /// ```
    public struct CloudKitDatabase: Hashable, Sendable {
        private enum Choice: Hashable, Sendable {
            case automatic
            case none
            case privateDatabase(String)
        }

        private let choice: Choice

        /// The private database of the app's first iCloud container, when the app declares one in
        /// ``AppEntitlements``; without one, the store stays on the device.
        public static let automatic = CloudKitDatabase(choice: .automatic)
        /// No syncing: the store stays on the device.
        public static let none = CloudKitDatabase(choice: .none)
        /// The private database of the iCloud container with the given identifier.
        public static func `private`(_ containerIdentifier: String) -> CloudKitDatabase {
            CloudKitDatabase(choice: .privateDatabase(containerIdentifier))
        }

        /// The iCloud container the store syncs with under `entitlements`, or `nil` when it stays local.
        package func containerIdentifier(entitlements: AppEntitlements) -> String? {
            switch choice {
            case .automatic: entitlements.iCloudContainerIdentifiers.first
            case .none: nil
            case .privateDatabase(let identifier): identifier
            }
        }
    }
}

extension ModelConfiguration: Hashable {
    /// Configurations are the same store when their names, places and modes agree.
    public static func == (lhs: ModelConfiguration, rhs: ModelConfiguration) -> Bool {
        lhs.name == rhs.name && lhs.url == rhs.url && lhs.isStoredInMemoryOnly == rhs.isStoredInMemoryOnly
            && lhs.allowsSave == rhs.allowsSave
    }

    /// Hashes the name and the place.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(url)
        hasher.combine(isStoredInMemoryOnly)
    }
}

/// Not a SwiftData type: one guide configures an in-memory store with `ModelStoreDescription(inMemory:)`,
/// which exists on no Apple platform. It is declared only so the compiler can name the real API.
@available(
    *, unavailable,
    message:
        "SwiftData has no ModelStoreDescription: write ModelConfiguration(isStoredInMemoryOnly: true) for a store in memory"
)
public struct ModelStoreDescription: Sendable {
    /// A description of a store kept in memory, as that guide writes it.
    @available(
        *, unavailable,
        message: "SwiftData has no ModelStoreDescription: write ModelConfiguration(isStoredInMemoryOnly: true)"
    )
    public init(inMemory: Bool) {}
}

extension ModelConfiguration {
    /// Not an initializer of SwiftData's `ModelConfiguration`; see ``ModelStoreDescription``.
    @available(
        *, unavailable,
        message:
            "SwiftData's ModelConfiguration has no init(storeDescriptions:): write ModelConfiguration(isStoredInMemoryOnly: true), or ModelConfiguration(url:) for a file"
    )
    public init(storeDescriptions: [ModelStoreDescription]) {
        fatalError("unavailable")
    }
}
