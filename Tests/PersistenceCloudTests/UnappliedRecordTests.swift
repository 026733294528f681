import CloudTestSupport
import Foundation
import PersistenceCore
import PersistenceWorkbench
import Testing

/// The trips a second-version container holds, each as `name in folder`, sorted.
func trips(in container: ModelContainer) throws -> [String] {
    try ModelContext(container).fetch(FetchDescriptor<SyncModelsV2.Trip>()).map {
        "\($0.name) in \($0.folder?.name ?? "no folder")"
    }.sorted()
}

/// Renames the one trip named `old` in a second-version container, and syncs.
func renameTrip(_ old: String, to new: String, in container: ModelContainer) throws {
    let context = ModelContext(container)
    let trip = try #require(
        try context.fetch(FetchDescriptor<SyncModelsV2.Trip>(predicate: #Predicate { $0.name == old })).first)
    trip.name = new
    try context.save()
    try container.syncWithCloudKit()
}

@Suite("Records a device cannot apply are kept, and applied once it can", .serialized)
struct UnappliedRecordTests {
    /// A bench whose phone runs the app's second version and sent a trip in a folder.
    private func phoneWithTrip() throws -> (SyncTestBench, ModelContainer) {
        let bench = SyncTestBench()
        let phone = try bench.device("phone")
        let container = try phone.makeContainerV2()
        let context = ModelContext(container)
        let folder = SyncModelsV2.Folder(name: "Summer")
        let trip = SyncModelsV2.Trip(name: "Lisbon")
        context.insert(folder)
        context.insert(trip)
        trip.folder = folder
        try context.save()
        try container.syncWithCloudKit()
        return (bench, container)
    }

    @Test(
        "A record of an entity the device's schema lacks is kept with why, and the first sync after migrating applies it"
    )
    func keptUntilMigration() throws {
        let (bench, _) = try phoneWithTrip()
        let laptop = try bench.device("laptop")
        do {
            let older = try laptop.makeContainer()
            let report = try older.syncWithCloudKit()
            #expect(report.unapplied.map(\.entityName) == ["Trip"])
            #expect(
                report.unapplied.first?.reason.contains("\"Trip\" names an entity this store's schema does not have")
                    == true, "\(report.unapplied)")
            #expect(report.unappliedCount == 1)
            #expect(try ModelContext(older).fetch(FetchDescriptor<Folder>()).map(\.name) == ["Summer"])
            #expect(try older.cloudKitUnappliedRecords().map(\.recordType) == ["CD_Trip"])
            #expect(try older.syncWithCloudKit().unappliedCount == 1)
        }

        let newer = try laptop.makeContainerV2()
        let report = try newer.syncWithCloudKit()

        #expect(try trips(in: newer) == ["Lisbon in Summer"])
        #expect(report.received.contains { $0.entityName == "Trip" })
        #expect(report.unappliedCount == 0)
        #expect(try newer.cloudKitUnappliedRecords().isEmpty)
    }

    @Test(
        "A kept record edited again on another device arrives in its latest version, once, before or after the migration"
    )
    func keptRecordEditedAgain() throws {
        let (bench, phone) = try phoneWithTrip()
        let (laptop, tablet) = (try bench.device("laptop"), try bench.device("tablet"))
        for device in [laptop, tablet] {
            try device.makeContainer().syncWithCloudKit()
        }
        try renameTrip("Lisbon", to: "Porto", in: phone)
        // The laptop receives the edit while it still cannot apply it; the tablet with its migration.
        let stillOlder = try laptop.makeContainer().syncWithCloudKit()
        #expect(stillOlder.unapplied.count == 1 && stillOlder.unappliedCount == 1)

        let onLaptop = try laptop.makeContainerV2()
        let onTablet = try tablet.makeContainerV2()
        try onLaptop.syncWithCloudKit()
        try onTablet.syncWithCloudKit()

        #expect(try trips(in: onLaptop) == ["Porto in Summer"])
        #expect(try trips(in: onTablet) == ["Porto in Summer"])
        try renameTrip("Porto", to: "Faro", in: phone)
        try onLaptop.syncWithCloudKit()
        #expect(try trips(in: onLaptop) == ["Faro in Summer"])
    }

    @Test("A kept record deleted on another device is forgotten")
    func keptRecordDeleted() throws {
        let (bench, phone) = try phoneWithTrip()
        let laptop = try bench.device("laptop")
        try laptop.makeContainer().syncWithCloudKit()
        let context = ModelContext(phone)
        try context.delete(model: SyncModelsV2.Trip.self)
        try context.save()
        try phone.syncWithCloudKit()

        let report = try laptop.makeContainer().syncWithCloudKit()
        let newer = try laptop.makeContainerV2()
        try newer.syncWithCloudKit()

        #expect(report.unappliedCount == 0)
        #expect(try trips(in: newer).isEmpty)
    }

    @Test("A kept trip's link to a folder that arrives later connects once the trip applies")
    func linkOfAKeptRecordWaits() throws {
        let bench = SyncTestBench()
        let (phone, laptop) = (try bench.device("phone"), try bench.device("laptop"))
        let tripRecord = CoreDataRecords.newName()
        let folderRecord = CoreDataRecords.newName()
        try phone.send(
            [
                CloudRecord(
                    recordName: tripRecord, recordType: "CD_Trip",
                    fields: [
                        "CD_entityName": .string("Trip"), "CD_name": .string("Oslo"),
                        "CD_folder": .string(folderRecord),
                    ])
            ], schemaVersion: "2.0.0")
        do {
            let older = try laptop.makeContainer()
            #expect(try older.syncWithCloudKit().unappliedCount == 1)
            try phone.send([CoreDataRecords.folder(folderRecord, name: "Winter")])
            try older.syncWithCloudKit()
        }

        let newer = try laptop.makeContainerV2()
        let report = try newer.syncWithCloudKit()

        #expect(try trips(in: newer) == ["Oslo in Winter"])
        #expect(report.waitingRelationships == 0)
    }
}
