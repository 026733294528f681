// Custom data stores as the guides and Apple's sample write them, importing only PersistenceCore.
import PersistenceCore
import Testing

@Model
final class Voyage {
    var name: String
    var destination: String
    var startDate: Date
    var stops: [Stop] = []

    init(name: String, destination: String, startDate: Date = .now) {
        self.name = name
        self.destination = destination
        self.startDate = startDate
    }
}

@Model
final class Stop {
    var place: String
    var voyage: Voyage?

    init(place: String) {
        self.place = place
    }
}

// MARK: - The complete reference's in-memory store

// The reference's store, with the corrections Apple's SDK requires of it too: a configuration's schema
// is settable (`var`, where the reference wrote `let`), a store declares its `identifier`, a save's
// `deleted` holds snapshots (not identifiers), and `Dictionary.Values` needs `Array(_:)` before `??`.

struct InMemoryStoreConfiguration: DataStoreConfiguration {
    typealias Store = InMemoryStore
    let name: String
    var schema: Schema?
    init(name: String = "InMemoryStore", schema: Schema? = nil) {
        self.name = name
        self.schema = schema
    }
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

final class InMemoryStore: DataStore {
    typealias Configuration = InMemoryStoreConfiguration
    typealias Snapshot = DefaultSnapshot
    let configuration: Configuration
    let name: String
    let schema: Schema
    var identifier: String { name }
    private var storage: [String: [PersistentIdentifier: Snapshot]] = [:]
    init(_ configuration: Configuration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        self.configuration = configuration
        self.name = configuration.name
        self.schema = configuration.schema ?? Schema([])
    }
    func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, Snapshot> {
        let entityName = String(describing: T.self)
        let snapshots = storage[entityName].map { Array($0.values) } ?? []
        return DataStoreFetchResult(descriptor: request.descriptor, fetchedSnapshots: snapshots)
    }
    func save(_ request: DataStoreSaveChangesRequest<Snapshot>) throws -> DataStoreSaveChangesResult<Snapshot> {
        for snapshot in request.inserted {
            let entityName = snapshot.persistentIdentifier.entityName
            if storage[entityName] == nil { storage[entityName] = [:] }
            storage[entityName]?[snapshot.persistentIdentifier] = snapshot
        }
        for snapshot in request.updated {
            let entityName = snapshot.persistentIdentifier.entityName
            storage[entityName]?[snapshot.persistentIdentifier] = snapshot
        }
        for snapshot in request.deleted {
            storage[snapshot.persistentIdentifier.entityName]?.removeValue(forKey: snapshot.persistentIdentifier)
        }
        return DataStoreSaveChangesResult(for: name, remappedIdentifiers: [:])
    }
    func erase() throws { storage.removeAll() }
}

// MARK: - A JSON file store in the shape of Apple's sample

/// A store that keeps every snapshot in one JSON file, remaps new models to UUID keys, and leaves
/// filtering and sorting to the context.
final class JSONStore: DataStore {
    typealias Configuration = JSONStoreConfiguration
    typealias Snapshot = DefaultSnapshot
    let configuration: JSONStoreConfiguration
    let schema: Schema
    let identifier: String

    init(_ configuration: JSONStoreConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        self.configuration = configuration
        self.schema = configuration.schema!
        self.identifier = configuration.fileURL.lastPathComponent
    }

    func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<
        T, DefaultSnapshot
    > {
        if request.descriptor.predicate != nil { throw DataStoreError.preferInMemoryFilter }
        if !request.descriptor.sortBy.isEmpty { throw DataStoreError.preferInMemorySort }
        let all = try read()
        let entityName = String(describing: T.self)
        return DataStoreFetchResult(
            descriptor: request.descriptor,
            fetchedSnapshots: all.values.filter { $0.persistentIdentifier.entityName == entityName },
            relatedSnapshots: all
        )
    }

    func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<
        DefaultSnapshot
    > {
        var remapped: [PersistentIdentifier: PersistentIdentifier] = [:]
        var stored = try read()
        for snapshot in request.inserted {
            let permanent = try PersistentIdentifier.identifier(
                for: identifier, entityName: snapshot.persistentIdentifier.entityName, primaryKey: UUID()
            )
            stored[permanent] = snapshot.copy(persistentIdentifier: permanent)
            remapped[snapshot.persistentIdentifier] = permanent
        }
        for snapshot in request.updated { stored[snapshot.persistentIdentifier] = snapshot }
        for snapshot in request.deleted { stored[snapshot.persistentIdentifier] = nil }
        stored = stored.mapValues {
            $0.copy(persistentIdentifier: $0.persistentIdentifier, remappedIdentifiers: remapped)
        }
        try write(stored)
        return DataStoreSaveChangesResult(for: identifier, remappedIdentifiers: remapped)
    }

    func erase() throws {
        try? FileManager.default.removeItem(at: configuration.fileURL)
    }

    private func read() throws -> [PersistentIdentifier: DefaultSnapshot] {
        guard FileManager.default.fileExists(atPath: configuration.fileURL.path) else { return [:] }
        let snapshots = try JSONDecoder().decode([DefaultSnapshot].self, from: Data(contentsOf: configuration.fileURL))
        return Dictionary(snapshots.map { ($0.persistentIdentifier, $0) }, uniquingKeysWith: { $1 })
    }

    private func write(_ snapshots: [PersistentIdentifier: DefaultSnapshot]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(Array(snapshots.values)).write(to: configuration.fileURL, options: .atomic)
    }
}

final class JSONStoreConfiguration: DataStoreConfiguration {
    typealias Store = JSONStore
    var name: String
    var schema: Schema?
    var fileURL: URL

    init(name: String, schema: Schema? = nil, fileURL: URL) {
        self.name = name
        self.schema = schema
        self.fileURL = fileURL
    }

    static func == (lhs: JSONStoreConfiguration, rhs: JSONStoreConfiguration) -> Bool { lhs.name == rhs.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

// MARK: - Tests

@Suite("Custom data stores")
struct GuideCustomStoreTests {
    @Test("the reference's in-memory store saves and fetches a voyage, as its test does")
    func inMemoryStoreAsTheReferenceTestsIt() throws {
        let config = InMemoryStoreConfiguration(schema: Schema([Voyage.self]))
        let container = try ModelContainer(for: Voyage.self, configurations: config)
        let context = ModelContext(container)
        let voyage = Voyage(name: "Test", destination: "Paris")
        context.insert(voyage)
        try context.save()
        let fetched = try context.fetch(FetchDescriptor<Voyage>())
        #expect(fetched.count == 1)
        #expect(fetched.first === voyage)
    }

    @Test("a custom store's snapshots are filtered, sorted, skipped and limited by the context")
    func contextAppliesTheDescriptor() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "json-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = JSONStoreConfiguration(name: "Voyages", fileURL: folder.appending(path: "voyages.json"))
        let context = ModelContext(try ModelContainer(for: Voyage.self, configurations: configuration))
        for (name, destination) in [("Delta", "Oslo"), ("Alpha", "Rome"), ("Charlie", "Oslo"), ("Bravo", "Oslo")] {
            context.insert(Voyage(name: name, destination: destination))
        }
        try context.save()

        var descriptor = FetchDescriptor<Voyage>(
            predicate: #Predicate { $0.destination == "Oslo" }, sortBy: [SortDescriptor(\.name)])
        descriptor.fetchOffset = 1
        descriptor.fetchLimit = 1
        #expect(try context.fetch(descriptor).map(\.name) == ["Charlie"])
        #expect(
            try context.fetchCount(FetchDescriptor<Voyage>(predicate: #Predicate { $0.destination == "Oslo" })) == 3)
    }

    @Test("a JSON store keeps models and their relationships across containers, under permanent identifiers")
    func jsonStorePersistsAcrossContainers() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "json-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "voyages.json")
        let first = ModelContext(
            try ModelContainer(for: Voyage.self, configurations: JSONStoreConfiguration(name: "Voyages", fileURL: url)))
        let voyage = Voyage(name: "Spring", destination: "Lisbon")
        first.insert(voyage)
        voyage.stops.append(Stop(place: "Porto"))
        voyage.stops.append(Stop(place: "Faro"))
        try first.save()
        #expect(!voyage.persistentModelID.isTemporary)
        voyage.destination = "Madeira"
        try first.save()

        let second = ModelContext(
            try ModelContainer(for: Voyage.self, configurations: JSONStoreConfiguration(name: "Voyages", fileURL: url)))
        let reread = try #require(try second.fetch(FetchDescriptor<Voyage>()).first)
        #expect(reread.destination == "Madeira")
        #expect(reread.persistentModelID == voyage.persistentModelID)
        #expect(reread.stops.map(\.place).sorted() == ["Faro", "Porto"])
        #expect(reread.stops.first?.voyage === reread)

        second.delete(reread.stops.first { $0.place == "Faro" }!)
        try second.save()
        let third = ModelContext(
            try ModelContainer(for: Voyage.self, configurations: JSONStoreConfiguration(name: "Voyages", fileURL: url)))
        #expect(try third.fetch(FetchDescriptor<Stop>()).map(\.place) == ["Porto"])
    }

    @Test("a relationship between entities of different stores is refused when the container loads, naming both")
    func crossStoreRelationshipIsRefused() {
        let error = #expect(throws: SwiftDataError.self) {
            try ModelContainer(
                for: Schema([Voyage.self, Stop.self]),
                configurations: ModelConfiguration(
                    "Voyages", schema: Schema([Voyage.self]), isStoredInMemoryOnly: true),
                ModelConfiguration("Stops", schema: Schema([Stop.self]), isStoredInMemoryOnly: true)
            )
        }
        #expect(error?.description.contains("Voyage") == true && error?.description.contains("Stop") == true)
    }
}
