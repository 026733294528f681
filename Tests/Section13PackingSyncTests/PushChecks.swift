import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section13PackingSync
import Testing

@Suite("Section 13: silent pushes")
struct PushChecks {
    @Test("with Remote notifications declared, the running app brings in the other device's changes without syncing")
    func changesArriveOnPush() throws {
        let entitlements = PackingStore.entitlements
        // Without these, nothing below could pass: the check stops here rather than wait for pushes.
        try #require(
            entitlements.iCloudContainerIdentifiers.contains(PackingStore.containerIdentifier),
            "PackingStore.entitlements: expected its iCloud containers to include \(PackingStore.containerIdentifier); found \(entitlements.iCloudContainerIdentifiers)."
        )
        try #require(
            entitlements.backgroundModes.contains(.remoteNotification),
            "PackingStore.entitlements: expected the background mode .remoteNotification (Background Modes → Remote notifications); found \(entitlements.backgroundModes.map(\.rawValue).sorted())."
        )
        try SyncFixture.run { fixture in
            let phone = try fixture.device("phone").launch()
            let laptop = try fixture.device("laptop").launch(signed: true)
            // A screen open on the laptop the whole time: what it reads is what the user sees.
            let screen = laptop.context()
            try phone.addTrip("Lisbon")
            try phone.sync()
            try requireArrival(
                "the phone added the trip \"Lisbon\" and synced", on: screen,
                { $0.map(\.name) == ["Lisbon"] })

            // The phone's own export after a save: neither device is asked to sync.
            try phone.editTrip("Lisbon") { $0.notes = "Tram 28 at nine" }
            try requireArrival(
                "the phone changed the trip's notes to \"Tram 28 at nine\" and saved", on: screen,
                { $0.map(\.notes) == ["Tram 28 at nine"] })

            try phone.addTrip("Porto")
            try requireArrival(
                "the phone added a second trip, \"Porto\", and saved", on: screen,
                { $0.map(\.name) == ["Lisbon", "Porto"] })
        }
    }

    /// Waits up to ten seconds for the trips `screen` fetches to satisfy `arrived`, without syncing; the
    /// check stops at the first change that does not arrive.
    private func requireArrival(
        _ what: String, on screen: ModelContext, _ arrived: ([Trip]) -> Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let descriptor = FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)])
        let deadline = Date().addingTimeInterval(10)
        var trips = try screen.fetch(descriptor)
        while !arrived(trips), Date() < deadline {
            usleep(20_000)
            trips = try screen.fetch(descriptor)
        }
        try #require(
            arrived(trips),
            "The laptop, signed with PackingStore.entitlements, 10 seconds after \(what), without syncing: the change had not arrived; it holds \(trips.map { "\"\($0.name)\" (notes \"\($0.notes)\")" }).",
            sourceLocation: sourceLocation)
    }
}
