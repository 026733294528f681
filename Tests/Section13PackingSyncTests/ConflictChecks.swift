import Foundation
import PersistenceCore
import Section13PackingSync
import Testing

/// A phone and a laptop that both have the trip "Lisbon" (budget 900) with Passport and Sunscreen, synced.
private func sharedTrip(_ fixture: SyncFixture) throws -> (phone: PackingApp, laptop: PackingApp) {
    let phone = try fixture.device("phone").launch()
    let laptop = try fixture.device("laptop").launch()
    try phone.seed()
    try phone.addTrip("Lisbon", budget: 900, items: [("Passport", .documents), ("Sunscreen", .toiletries)])
    try phone.sync()
    try laptop.sync()
    return (phone, laptop)
}

/// Takes both devices offline, makes `phoneChange` and `laptopChange` there, then brings them back online
/// one at a time, `first` first, syncing each, so that `first`'s changes reach iCloud first; then syncs
/// both again.
private func offlineEdits(
    phone: PackingApp, laptop: PackingApp, uploadFirst first: String,
    phoneChange: () throws -> Void, laptopChange: () throws -> Void
) throws {
    try phone.device.setOnline(false)
    try laptop.device.setOnline(false)
    try phoneChange()
    try laptopChange()
    let (early, late) = first == "phone" ? (phone, laptop) : (laptop, phone)
    try early.device.setOnline(true)
    try early.sync()
    try late.device.setOnline(true)
    try late.sync()
    try early.sync()
}

@Suite("Section 13: conflicts, record by record")
struct ConflictChecks {
    @Test("two devices editing different fields of one item: the later upload wins the whole item")
    func laterUploadWinsTheWholeRecord() throws {
        try SyncFixture.run { fixture in
            let (phone, laptop) = try sharedTrip(fixture)

            try offlineEdits(
                phone: phone, laptop: laptop, uploadFirst: "phone",
                phoneChange: { try phone.editItem("Sunscreen") { $0.quantity = 2 } },
                laptopChange: { try laptop.editItem("Sunscreen") { $0.isPacked = true } }
            )

            for app in [phone, laptop] {
                let sunscreen = try app.item("Sunscreen")
                let found = "quantity \(sunscreen.quantity), packed \(sunscreen.isPacked)"
                #expect(
                    found == "quantity 1, packed true",
                    "Sunscreen on the \(app.device.name) after the phone set its quantity to 2 and the laptop, uploading later, packed it: expected \"quantity 1, packed true\" (the laptop's whole record), found \"\(found)\"."
                )
            }
        }
    }

    @Test("the trip's notes edited on the phone and its budget on the laptop, both offline, are both kept")
    func splitModelKeepsBothEdits() throws {
        try SyncFixture.run { fixture in
            let (phone, laptop) = try sharedTrip(fixture)

            try offlineEdits(
                phone: phone, laptop: laptop, uploadFirst: "laptop",
                phoneChange: { try phone.editTrip("Lisbon") { $0.notes = "Bring adapters" } },
                laptopChange: { try laptop.editTrip("Lisbon") { $0.setBudget(1_200) } }
            )

            for app in [phone, laptop] {
                let lisbon = try app.trip("Lisbon")
                let found = "notes \"\(lisbon.notes)\", budget \(lisbon.budgetAmount.map(String.init) ?? "none")"
                #expect(
                    found == "notes \"Bring adapters\", budget 1200",
                    "\"Lisbon\" on the \(app.device.name) after the phone edited its notes and the laptop its budget, offline: expected notes \"Bring adapters\", budget 1200, found \(found)."
                )
            }
        }
    }

    @Test(
        "an item deleted on the phone and packed on the laptop comes back when the laptop's edit reaches iCloud later")
    func editAfterDeletionBringsItBack() throws {
        try SyncFixture.run { fixture in
            let (phone, laptop) = try sharedTrip(fixture)

            try offlineEdits(
                phone: phone, laptop: laptop, uploadFirst: "phone",
                phoneChange: { try phone.deleteItem("Sunscreen") },
                laptopChange: { try laptop.editItem("Sunscreen") { $0.isPacked = true } }
            )

            let expected = ["Passport: Lisbon / Documents", "Sunscreen: Lisbon / Toiletries"]
            for app in [phone, laptop] {
                let filing = try app.filing()
                #expect(
                    filing == expected,
                    "The \(app.device.name)'s items after the phone deleted Sunscreen and the laptop's edit of it reached iCloud later: expected \(describe(expected)), found \(describe(filing))."
                )
            }
            let packed = try phone.item("Sunscreen").isPacked
            #expect(
                packed,
                "Sunscreen's isPacked on the phone, brought back by the laptop's edit: expected true, found false.")
        }
    }

    @Test(
        "an item packed on the laptop and deleted on the phone is gone from both when the deletion reaches iCloud later"
    )
    func deletionAfterEditRemovesIt() throws {
        try SyncFixture.run { fixture in
            let (phone, laptop) = try sharedTrip(fixture)

            try offlineEdits(
                phone: phone, laptop: laptop, uploadFirst: "laptop",
                phoneChange: { try phone.deleteItem("Sunscreen") },
                laptopChange: { try laptop.editItem("Sunscreen") { $0.isPacked = true } }
            )

            for app in [phone, laptop] {
                let filing = try app.filing()
                #expect(
                    filing == ["Passport: Lisbon / Documents"],
                    "The \(app.device.name)'s items after the laptop packed Sunscreen and the phone's deletion of it reached iCloud later: expected [\"Passport: Lisbon / Documents\"], found \(describe(filing))."
                )
            }
        }
    }

    @Test("deleting a trip on the phone deletes its items and budget on the laptop")
    func tripDeletionCascades() throws {
        try SyncFixture.run { fixture in
            let (phone, laptop) = try sharedTrip(fixture)
            try phone.addTrip("Porto", budget: 300, items: [("Umbrella", .clothes)])
            try phone.sync()
            try laptop.sync()

            try phone.deleteTrip("Lisbon")
            try phone.sync()
            try laptop.sync()

            for app in [phone, laptop] {
                let found =
                    "trips \(describe(try app.tripNames())), items \(describe(try app.filing())), budgets \(try app.count(TripBudget.self))"
                let expected = "trips [\"Porto\"], items [\"Umbrella: Porto / Clothes\"], budgets 1"
                #expect(
                    found == expected,
                    "The \(app.device.name) after the phone deleted the trip \"Lisbon\" and both synced: expected \(expected), found \(found)."
                )
            }
            let items = try fixture.records(ofType: "CD_PackingItem").count
            #expect(items == 1, "The CD_PackingItem records left in iCloud: expected 1 (Umbrella), found \(items).")
        }
    }
}
