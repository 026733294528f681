import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section13PackingSync
import Testing

/// The simulated iCloud and the devices of one check, in a temporary folder of their own.
final class SyncFixture: @unchecked Sendable {
    /// The Apple ID every device of the fixture signs in to.
    static let appleID = "traveller@example.com"
    /// The day every trip of the checks starts.
    static let tripStart = Date(timeIntervalSince1970: 1_780_000_000)

    let folder: URL
    let iCloud: SimulatedICloud

    private init() {
        folder = FileManager.default.temporaryDirectory
            .appending(path: "packing-sync-\(UUID().uuidString)", directoryHint: .isDirectory)
        iCloud = SimulatedICloud(root: folder.appending(path: "iCloud", directoryHint: .isDirectory))
    }

    /// Runs `body` on a fresh fixture, then removes its folder.
    static func run(_ body: (SyncFixture) throws -> Void) throws {
        let fixture = SyncFixture()
        defer { try? FileManager.default.removeItem(at: fixture.folder) }
        try body(fixture)
    }

    /// Runs the asynchronous `body` on a fresh fixture, then removes its folder.
    static func run(_ body: (SyncFixture) async throws -> Void) async throws {
        let fixture = SyncFixture()
        defer { try? FileManager.default.removeItem(at: fixture.folder) }
        try await body(fixture)
    }

    /// A device named `name`, signed in to the fixture's account unless `signedIn` is false.
    func device(_ name: String, signedIn: Bool = true) throws -> Device {
        let sandbox = AppSandbox(
            appIdentifier: "com.example.PackingList",
            deviceRoot: folder.appending(path: "Devices", directoryHint: .isDirectory).appending(
                path: name, directoryHint: .isDirectory)
        )
        let device = Device(name: name, sandbox: sandbox)
        try device.cloud.rename(to: name)
        if signedIn { try device.cloud.signIn(appleID: Self.appleID, iCloud: iCloud) }
        return device
    }

    /// The records of `type` the account holds for the app's container.
    func records(ofType type: String) throws -> [CloudRecord] {
        try iCloud.account(Self.appleID).records(
            containerIdentifier: PackingStore.containerIdentifier, recordType: type
        ).records
    }
}

/// A simulated device: a folder with the app's sandbox and the device's iCloud settings.
struct Device: Sendable {
    let name: String
    let sandbox: AppSandbox

    /// The device's iCloud settings: account and network.
    var cloud: CloudDevice { CloudDevice(sandbox) }

    /// The app's store file on this device.
    var storeURL: URL { sandbox.applicationSupportDirectory.appending(path: "PackingList.store") }

    /// Launches the app: opens its store with `PackingStore.makeContainer(storeURL:)` on this device and,
    /// unless `merging` is false, keeps a `CategoryMerge` on it, as the app does. The app is signed with
    /// `PackingStore.entitlements` when `signed` is true, and with none otherwise, so that other devices'
    /// changes arrive only when a check syncs.
    func launch(merging: Bool = true, signed: Bool = false) throws -> PackingApp {
        let container = try AppEntitlements.withCurrent(signed ? PackingStore.entitlements : .none) {
            try AppSandbox.withCurrent(sandbox) { try PackingStore.makeContainer(storeURL: storeURL) }
        }
        return PackingApp(
            device: self, container: container, merge: merging ? CategoryMerge(container: container) : nil)
    }

    /// The app's sync status on this device, as `SyncStatus.current()` reads it.
    func syncStatus() async -> SyncStatus {
        await AppSandbox.withCurrent(sandbox) { await SyncStatus.current() }
    }

    /// Turns the device's network off or on.
    func setOnline(_ online: Bool) throws {
        try cloud.setNetworkAvailable(online)
    }
}

/// The app running on one device: its container, and the category merge it keeps.
final class PackingApp: @unchecked Sendable {
    let device: Device
    let container: ModelContainer
    let merge: CategoryMerge?

    init(device: Device, container: ModelContainer, merge: CategoryMerge?) {
        self.device = device
        self.container = container
        self.merge = merge
    }

    /// Syncs now, with the documented call.
    @discardableResult
    func sync() throws -> CloudKitSyncReport {
        try container.syncWithCloudKit()
    }

    /// A fresh context, as a screen of the app would make.
    func context() -> ModelContext {
        ModelContext(container)
    }

    /// Seeds the default categories, as the app does at launch.
    @discardableResult
    func seed() throws -> Int {
        try PackingStore.seedDefaultCategories(in: context())
    }

    /// Adds a trip with items, each filed under the category of this device with the given default's key.
    func addTrip(_ name: String, budget: Int? = nil, items: [(String, DefaultCategory)] = []) throws {
        let context = context()
        let trip = Trip(name: name, startDate: SyncFixture.tripStart)
        context.insert(trip)
        if let budget { trip.setBudget(budget) }
        for (itemName, category) in items {
            let item = PackingItem(name: itemName)
            context.insert(item)
            item.trip = trip
            item.category = try self.category(category, in: context)
        }
        try context.save()
    }

    /// Adds items to the trip named `tripName`.
    func addItems(_ items: [(String, DefaultCategory)], toTrip tripName: String) throws {
        let context = context()
        let trip = try self.trip(tripName, in: context)
        for (itemName, category) in items {
            let item = PackingItem(name: itemName)
            context.insert(item)
            item.trip = trip
            item.category = try self.category(category, in: context)
        }
        try context.save()
    }

    /// Changes the trip named `name` in a fresh context and saves.
    func editTrip(_ name: String, _ change: (Trip) -> Void) throws {
        let context = context()
        change(try trip(name, in: context))
        try context.save()
    }

    /// Changes the item named `name` in a fresh context and saves.
    func editItem(_ name: String, _ change: (PackingItem) -> Void) throws {
        let context = context()
        change(try item(name, in: context))
        try context.save()
    }

    /// Deletes the item named `name` and saves.
    func deleteItem(_ name: String) throws {
        let context = context()
        context.delete(try item(name, in: context))
        try context.save()
    }

    /// Deletes the trip named `name` and saves.
    func deleteTrip(_ name: String) throws {
        let context = context()
        context.delete(try trip(name, in: context))
        try context.save()
    }

    // MARK: Reading

    /// The trip named `name`.
    func trip(_ name: String, in context: ModelContext? = nil) throws -> Trip {
        let found = try (context ?? self.context()).fetch(
            FetchDescriptor<Trip>(predicate: #Predicate { $0.name == name }))
        return try #require(
            found.first, "The trip \"\(name)\" on the \(device.name): expected it to exist, found none.")
    }

    /// The item named `name`.
    func item(_ name: String, in context: ModelContext? = nil) throws -> PackingItem {
        let found = try (context ?? self.context()).fetch(
            FetchDescriptor<PackingItem>(predicate: #Predicate { $0.name == name }))
        return try #require(
            found.first, "The item \"\(name)\" on the \(device.name): expected it to exist, found none.")
    }

    /// The category of this device with the key of `category`, the oldest copy if there are several.
    func category(_ category: DefaultCategory, in context: ModelContext? = nil) throws -> Category {
        let key = PackingStore.key(of: category)
        let found = try (context ?? self.context()).fetch(
            FetchDescriptor<Category>(predicate: #Predicate { $0.key == key }, sortBy: [SortDescriptor(\.createdAt)])
        )
        return try #require(
            found.first,
            "The category \(category.name) (key \(key)) on the \(device.name): expected it to exist, found none."
        )
    }

    /// The names of the trips, A to Z.
    func tripNames() throws -> [String] {
        try context().fetch(FetchDescriptor<Trip>()).map(\.name).sorted()
    }

    /// The names of the categories, A to Z, a name once per copy.
    func categoryNames() throws -> [String] {
        try context().fetch(FetchDescriptor<Category>()).map(\.name).sorted()
    }

    /// Every item as "name: trip / category", A to Z.
    func filing() throws -> [String] {
        try context().fetch(FetchDescriptor<PackingItem>()).map { item in
            let trip: Trip? = item.trip
            let category: Category? = item.category
            return "\(item.name): \(trip?.name ?? "no trip") / \(category?.name ?? "no category")"
        }.sorted()
    }

    /// How many models of `type` the store holds.
    func count<Model: PersistentModel>(_ type: Model.Type) throws -> Int {
        try context().fetchCount(FetchDescriptor<Model>())
    }
}

/// A list as a learner reads it: quoted, in brackets.
func describe(_ names: [String]) -> String {
    "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
}

/// The default categories' names, A to Z.
let defaultNames = DefaultCategory.allCases.map(\.name).sorted()
