import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section13PackingSync
import Testing

/// The packing list's first release, as it went out: items with a name, a quantity and a packed flag,
/// and nothing else. Its devices deployed these fields to the account's schema.
enum FirstRelease {
    /// One thing to pack, as the first release stored it.
    @Model
    final class PackingItem {
        var name: String = ""
        var quantity: Int = 1
        var isPacked: Bool = false

        init(name: String, quantity: Int) {
            self.name = name
            self.quantity = quantity
        }
    }
}

@Suite("Section 13: after release")
struct ReleaseChecks {
    @Test("the app opens and syncs on an account where the first release already deployed the items' fields")
    func opensOnTheFirstReleaseSchema() throws {
        try SyncFixture.run { fixture in
            let old = try fixture.device("old-phone")
            try AppSandbox.withCurrent(old.sandbox) {
                let configuration = ModelConfiguration(
                    url: old.storeURL, cloudKitDatabase: .private(PackingStore.containerIdentifier))
                let container = try ModelContainer(for: FirstRelease.PackingItem.self, configurations: configuration)
                let context = ModelContext(container)
                context.insert(FirstRelease.PackingItem(name: "Sunscreen", quantity: 2))
                try context.save()
                try container.syncWithCloudKit()
            }

            let found: String
            do {
                let phone = try fixture.device("phone").launch()
                try phone.sync()
                let items = try phone.context().fetch(FetchDescriptor<PackingItem>())
                found = items.map { "\($0.name) × \($0.quantity), packed \($0.isPacked)" }.joined(separator: "; ")
            } catch {
                found = "error: \(error)"
            }
            #expect(
                found == "Sunscreen × 2, packed false",
                "A phone on this release, launched on an account where the first release had synced Sunscreen × 2 (fields name: String, quantity: Int, isPacked: Bool): expected it to load, sync and show \"Sunscreen × 2, packed false\"; found \(found). A deployed field is never removed, renamed or retyped."
            )
        }
    }
}
