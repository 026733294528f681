import CloudTestSupport
import Foundation
import PersistenceCore
import PersistenceWorkbench
import Testing

@Suite("The names of new records", .serialized)
struct RecordNameTests {
    @Test("New records get distinct UUID names, each export's after the one before, on every device")
    func namesAreUniqueAndAscending() throws {
        let bench = SyncTestBench()
        let (phone, laptop) = (try bench.device("phone"), try bench.device("laptop"))
        let a = try phone.makeContainer()
        let b = try laptop.makeContainer()
        var sentNames: [[String]] = []
        for (container, prefix) in [(a, "first"), (a, "second"), (b, "laptop")] {
            let context = ModelContext(container)
            for index in 0..<3 { context.insert(Note(title: "\(prefix) \(index)", body: "")) }
            try context.save()
            sentNames.append(try container.syncWithCloudKit().sent.map(\.recordName))
        }

        let names = sentNames.flatMap { $0 }
        #expect(names.count == 9)
        #expect(Set(names).count == 9)
        for name in names {
            let uuid = try #require(UUID(uuidString: name), "\(name) is not a UUID")
            #expect(uuid.uuidString == name)
        }
        // Names a device makes later sort after the ones it made before.
        #expect(sentNames[0].max()! < sentNames[1].min()!)
        let stored = try bench.account.records(containerIdentifier: SyncSchema.containerIdentifier).records
        #expect(Set(stored.map(\.recordName)) == Set(names))
    }
}
