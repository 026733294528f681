import Foundation
import PersistenceCore
import Section13PackingSync
import Testing

@Suite("Section 13: changes travel between devices")
struct SyncChecks {
    @Test(
        "a trip with its budget and items added on the phone arrives on the laptop, each item in its trip and category")
    func tripArrives() throws {
        try SyncFixture.run { fixture in
            let phone = try fixture.device("phone").launch()
            let laptop = try fixture.device("laptop").launch()
            try phone.seed()
            try phone.addTrip("Lisbon", budget: 900, items: [("Passport", .documents), ("Sandals", .clothes)])
            let socksContext = phone.context()
            let socks = PackingItem(name: "Socks", quantity: 3)
            socksContext.insert(socks)
            socks.trip = try phone.trip("Lisbon", in: socksContext)
            try socksContext.save()
            try phone.sync()

            try laptop.sync()

            let laptopTrips = try laptop.tripNames()
            #expect(
                laptopTrips == ["Lisbon"],
                "The laptop's trips after the phone added \"Lisbon\" and both synced: expected [\"Lisbon\"], found \(describe(laptopTrips))."
            )
            let start = try laptop.trip("Lisbon").startDate
            #expect(
                start == SyncFixture.tripStart,
                "The start date of \"Lisbon\" on the laptop: expected \(SyncFixture.tripStart), found \(start).")
            let quantity = try laptop.item("Socks").quantity
            #expect(
                quantity == 3,
                "The quantity of Socks, made with PackingItem(name: \"Socks\", quantity: 3) on the phone, on the laptop: expected 3, found \(quantity)."
            )
            let filing = try laptop.filing()
            let expected = ["Passport: Lisbon / Documents", "Sandals: Lisbon / Clothes", "Socks: Lisbon / no category"]
            #expect(
                filing == expected,
                "The laptop's items (name: trip / category) after syncing: expected \(describe(expected)), found \(describe(filing))."
            )
            let budget = try laptop.trip("Lisbon").budgetAmount
            #expect(
                budget == 900,
                "The budget of \"Lisbon\" on the laptop: expected 900, found \(budget.map(String.init) ?? "none").")
        }
    }

    @Test("a budget changed again is changed in place: each device keeps one budget for the trip")
    func budgetChangedInPlace() throws {
        try SyncFixture.run { fixture in
            let phone = try fixture.device("phone").launch()
            let laptop = try fixture.device("laptop").launch()
            try phone.seed()
            try phone.addTrip("Lisbon", budget: 900)
            try phone.sync()
            try laptop.sync()

            try laptop.editTrip("Lisbon") { $0.setBudget(1_200) }
            try laptop.sync()
            try phone.sync()
            for app in [laptop, phone] {
                let found =
                    "\(try app.count(TripBudget.self)) budget(s), Lisbon's \(try app.trip("Lisbon").budgetAmount.map(String.init) ?? "none")"
                #expect(
                    found == "1 budget(s), Lisbon's 1200",
                    "The \(app.device.name)'s budgets after the laptop changed Lisbon's from 900 to 1200 and both synced: expected 1 budget(s), Lisbon's 1200 (setBudget(_:) changes the trip's TripBudget, never adds another), found \(found)."
                )
            }
        }
    }

    @Test("an edit made on the laptop arrives on the phone at its next sync")
    func editArrives() throws {
        try SyncFixture.run { fixture in
            let phone = try fixture.device("phone").launch()
            let laptop = try fixture.device("laptop").launch()
            try phone.seed()
            try phone.addTrip("Lisbon", items: [("Passport", .documents)])
            try phone.sync()
            try laptop.sync()

            try laptop.editItem("Passport") { $0.isPacked = true }
            try laptop.editTrip("Lisbon") { $0.notes = "Check in online" }
            try laptop.sync()
            try phone.sync()

            let packed = try phone.item("Passport").isPacked
            #expect(
                packed,
                "Passport's isPacked on the phone after the laptop packed it and both synced: expected true, found false."
            )
            let notes = try phone.trip("Lisbon").notes
            #expect(
                notes == "Check in online",
                "The notes of \"Lisbon\" on the phone: expected \"Check in online\", found \"\(notes)\".")
        }
    }

    @Test("a laptop that was offline sends its waiting changes once when back, and catches up with the phone's")
    func offlineCatchesUp() throws {
        try SyncFixture.run { fixture in
            let phone = try fixture.device("phone").launch()
            let laptopDevice = try fixture.device("laptop")
            let laptop = try laptopDevice.launch()
            try phone.seed()
            try phone.addTrip("Lisbon", items: [("Passport", .documents)])
            try phone.sync()
            try laptop.sync()

            try laptopDevice.setOnline(false)
            try laptop.addItems([("Charger", .electronics)], toTrip: "Lisbon")
            try laptop.editItem("Charger") { $0.quantity = 2 }
            try phone.addItems([("Sun hat", .clothes)], toTrip: "Lisbon")
            try phone.sync()
            var offlineError: CKError?
            do { try laptop.sync() } catch let error as CKError { offlineError = error }
            #expect(
                offlineError?.code == .networkUnavailable,
                "syncWithCloudKit() on the offline laptop: expected CKError.networkUnavailable, found \(offlineError.map { "\($0.code)" } ?? "no error")."
            )

            try laptopDevice.setOnline(true)
            try laptop.sync()
            try phone.sync()

            let expected = [
                "Charger: Lisbon / Electronics", "Passport: Lisbon / Documents", "Sun hat: Lisbon / Clothes",
            ]
            for app in [phone, laptop] {
                let filing = try app.filing()
                #expect(
                    filing == expected,
                    "The \(app.device.name)'s items after the laptop came back online and both synced: expected \(describe(expected)), found \(describe(filing))."
                )
            }
            let chargers = try fixture.records(ofType: "CD_PackingItem").filter {
                $0.fields["CD_name"] == .string("Charger")
            }
            let saves = chargers.first?.version?.saveCount
            #expect(
                chargers.count == 1 && saves == 1,
                "The Charger added and changed offline, in iCloud: expected one record saved once, found \(chargers.count) record(s), saved \(saves.map(String.init) ?? "no") time(s)."
            )
            let quantity = try phone.item("Charger").quantity
            #expect(quantity == 2, "The Charger's quantity on the phone: expected 2, found \(quantity).")
        }
    }
}
