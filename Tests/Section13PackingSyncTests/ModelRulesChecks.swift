import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section13PackingSync
import Testing

@Suite("Section 13: models iCloud can hold")
struct ModelRulesChecks {
    @Test("the packing list's models load in a store that syncs with iCloud")
    func modelsLoad() throws {
        try SyncFixture.run { fixture in
            let phone = try fixture.device("phone")
            do {
                _ = try AppSandbox.withCurrent(phone.sandbox) {
                    try ModelContainer(
                        for: Schema(PackingStore.models),
                        configurations: ModelConfiguration(
                            url: phone.storeURL, cloudKitDatabase: .private(PackingStore.containerIdentifier)
                        )
                    )
                }
            } catch {
                Issue.record(
                    "Loading PackingStore.models in a store that syncs with iCloud: expected it to load, found this error:\n\(error)"
                )
            }
        }
    }

    @Test("the app's store syncs with the app's iCloud container")
    func storeSyncs() throws {
        try SyncFixture.run { fixture in
            let phone = try fixture.device("phone").launch()
            try phone.addTrip("Lisbon", budget: 900, items: [])

            do {
                try phone.sync()
            } catch {
                Issue.record(
                    "syncWithCloudKit() on the container PackingStore.makeContainer(storeURL:) opened: expected it to sync, found this error:\n\(error)"
                )
                return
            }
            let trips = try fixture.records(ofType: "CD_Trip").compactMap { record -> String? in
                if case .string(let name)? = record.fields["CD_name"] { name } else { nil }
            }
            #expect(
                trips == ["Lisbon"],
                "The CD_Trip records in \(PackingStore.containerIdentifier) after the phone saved a trip and synced: expected [\"Lisbon\"], found \(describe(trips))."
            )
            let budgets = try fixture.records(ofType: "CD_TripBudget").count
            #expect(
                budgets == 1,
                "The CD_TripBudget records after the phone saved a trip with a budget and synced: expected 1, found \(budgets)."
            )
        }
    }
}
