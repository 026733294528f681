import Foundation
import PersistenceCore
import Section13PackingSync
import Testing

/// The laptop seeds first and files Charger under its Electronics; the phone seeds later, so its copies
/// are the newer, and files Passport under its Documents. Both have synced once before, so that no
/// import but the ones the check asks for happens. Returns after the phone's sync that brings it the
/// laptop's copies, with the phone's categories at that moment.
private func twoSeededDevices(_ fixture: SyncFixture) throws -> (
    phone: PackingApp, laptop: PackingApp, phoneAfterImport: [String]
) {
    let phone = try fixture.device("phone").launch()
    try phone.sync()
    let laptop = try fixture.device("laptop").launch()
    try laptop.sync()

    try laptop.seed()
    try laptop.addTrip("Lisbon", items: [("Charger", .electronics)])
    try laptop.sync()
    try phone.seed()
    try phone.addTrip("Porto", items: [("Passport", .documents)])
    try phone.sync()
    return (phone, laptop, try phone.categoryNames())
}

/// Syncs the devices in turn until each has seen the others' merges.
private func settle(_ apps: PackingApp...) throws {
    for _ in 0..<2 {
        for app in apps { try app.sync() }
    }
}

@Suite("Section 13: default data seeded on every device")
struct DuplicateChecks {
    @Test("a first launch seeds the four default categories, and the next launch seeds none")
    func seedOnFirstLaunchOnly() throws {
        try SyncFixture.run { fixture in
            let device = try fixture.device("phone")
            let first = try device.launch()
            let added = try first.seed()
            #expect(
                added == 4, "seedDefaultCategories(in:) on a first launch: expected it to return 4, found \(added).")
            let seeded = try first.categoryNames()
            #expect(
                seeded == defaultNames,
                "The categories after the first launch: expected \(describe(defaultNames)), found \(describe(seeded)).")

            let relaunched = try device.launch()
            let again = try relaunched.seed()
            #expect(
                again == 0, "seedDefaultCategories(in:) on the next launch: expected it to return 0, found \(again).")
            let after = try relaunched.categoryNames()
            #expect(
                after == defaultNames,
                "The categories after the next launch: expected \(describe(defaultNames)), found \(describe(after)).")
            let keys = Set(try relaunched.context().fetch(FetchDescriptor<Category>()).map(\.key))
            let expectedKeys = Set(DefaultCategory.allCases.map(PackingStore.key(of:)))
            #expect(
                keys == expectedKeys,
                "The keys of the seeded categories: expected \(describe(expectedKeys.sorted())), found \(describe(keys.sorted()))."
            )
        }
    }

    @Test("a default category the user deleted does not come back at the next launch")
    func deletedDefaultStaysDeleted() throws {
        try SyncFixture.run { fixture in
            let device = try fixture.device("phone")
            let first = try device.launch()
            try first.seed()
            let context = first.context()
            context.delete(try first.category(.documents, in: context))
            try context.save()

            let relaunched = try device.launch()
            let again = try relaunched.seed()
            #expect(
                again == 0,
                "seedDefaultCategories(in:) at the launch after the user deleted Documents: expected it to return 0 (only a store with no category at all is seeded), found \(again)."
            )
            let after = try relaunched.categoryNames()
            let expected = ["Clothes", "Electronics", "Toiletries"]
            #expect(
                after == expected,
                "The categories after that launch: expected \(describe(expected)), found \(describe(after)).")
        }
    }

    @Test("a store holding only the user's own categories is not seeded again")
    func ownCategoriesAreNotSeededOver() throws {
        try SyncFixture.run { fixture in
            let device = try fixture.device("phone")
            let first = try device.launch()
            let seeded = try first.seed()
            #expect(
                seeded == 4, "seedDefaultCategories(in:) on a first launch: expected it to return 4, found \(seeded).")
            let context = first.context()
            for category in try context.fetch(FetchDescriptor<Category>()) {
                context.delete(category)
            }
            context.insert(Category(name: "Camping"))
            try context.save()

            let relaunched = try device.launch()
            let again = try relaunched.seed()
            #expect(
                again == 0,
                "seedDefaultCategories(in:) at the launch after the user deleted every default category and made \"Camping\": expected it to return 0 (the store holds a category), found \(again)."
            )
            let after = try relaunched.categoryNames()
            #expect(
                after == ["Camping"],
                "The categories after that launch: expected [\"Camping\"], found \(describe(after)).")
        }
    }

    @Test("a device that imports another device's default categories has one of each right after that sync")
    func mergedRightAfterTheImport() throws {
        try SyncFixture.run { fixture in
            let (_, _, phoneAfterImport) = try twoSeededDevices(fixture)
            #expect(
                phoneAfterImport == defaultNames,
                "The phone's categories right after the sync that brought the laptop's copies: expected \(describe(defaultNames)), found \(describe(phoneAfterImport))."
            )
        }
    }

    @Test("items filed under either device's copy of a category end under the copy kept, on both devices and in iCloud")
    func itemsMoveOntoTheCopyKept() throws {
        try SyncFixture.run { fixture in
            let (phone, laptop, _) = try twoSeededDevices(fixture)
            try settle(laptop, phone)

            let expected = ["Charger: Lisbon / Electronics", "Passport: Porto / Documents"]
            for app in [phone, laptop] {
                let found = "categories \(describe(try app.categoryNames())), items \(describe(try app.filing()))"
                #expect(
                    found == "categories \(describe(defaultNames)), items \(describe(expected))",
                    "The \(app.device.name) once both devices synced: expected categories \(describe(defaultNames)), items \(describe(expected)), found \(found)."
                )
            }
            let records = try fixture.records(ofType: "CD_Category").count
            #expect(
                records == 4,
                "The CD_Category records in iCloud once both devices synced: expected 4, found \(records).")
        }
    }

    @Test("two devices that merge the same copies before seeing each other's merge keep the same copy, so none is lost")
    func everyDeviceKeepsTheSameCopy() throws {
        try SyncFixture.run { fixture in
            // Without the app's merge after each import: this check merges by hand, at chosen moments.
            let phone = try fixture.device("phone").launch(merging: false)
            let laptop = try fixture.device("laptop").launch(merging: false)
            try phone.sync()
            try laptop.sync()
            try phone.seed()
            try phone.addTrip("Porto", items: [("Passport", .documents)])
            try laptop.seed()
            try laptop.addTrip("Lisbon", items: [("Charger", .electronics)])
            let phoneCopy = try phone.category(.electronics).createdAt
            let laptopCopy = try laptop.category(.electronics).createdAt
            try phone.sync()
            try laptop.sync()
            try phone.sync()
            try #require(
                try phone.categoryNames().count == 8,
                "The check's own setup: the phone should hold both devices' copies.")
            try #require(
                try laptop.categoryNames().count == 8,
                "The check's own setup: the laptop should hold both devices' copies.")

            try phone.device.setOnline(false)
            try laptop.device.setOnline(false)
            let mergedOnPhone = try CategoryMerge.mergeDuplicates(in: phone.context())
            let mergedOnLaptop = try CategoryMerge.mergeDuplicates(in: laptop.context())
            #expect(
                mergedOnPhone == 4 && mergedOnLaptop == 4,
                "mergeDuplicates(in:) on each device holding both devices' four copies: expected 4 deleted on each, found \(mergedOnPhone) on the phone and \(mergedOnLaptop) on the laptop."
            )
            try phone.device.setOnline(true)
            try phone.sync()
            try laptop.device.setOnline(true)
            try settle(laptop, phone)

            let expected = ["Charger: Lisbon / Electronics", "Passport: Porto / Documents"]
            for app in [phone, laptop] {
                let found = "categories \(describe(try app.categoryNames())), items \(describe(try app.filing()))"
                #expect(
                    found == "categories \(describe(defaultNames)), items \(describe(expected))",
                    "The \(app.device.name) after both merged offline and synced: expected categories \(describe(defaultNames)), items \(describe(expected)), found \(found)."
                )
                // A date that travels through iCloud may come back a few nanoseconds off: the nearer copy is the one kept.
                let kept = try? app.category(.electronics).createdAt
                let keptPhones = kept.map {
                    abs($0.timeIntervalSince(phoneCopy)) < abs($0.timeIntervalSince(laptopCopy))
                }
                #expect(
                    keptPhones == true,
                    "The Electronics kept on the \(app.device.name): expected the phone's copy, made first, found \(keptPhones == nil ? "none" : "the laptop's")."
                )
            }
        }
    }

    @Test("a default category renamed on one device before its first sync is still merged with the other device's copy")
    func mergedByKeyNotByName() throws {
        try SyncFixture.run { fixture in
            let phone = try fixture.device("phone").launch()
            let laptop = try fixture.device("laptop").launch()
            try phone.sync()
            try laptop.sync()
            try phone.seed()
            let clothes = phone.context()
            try phone.category(.clothes, in: clothes).name = "Clothing"
            try clothes.save()
            try laptop.seed()
            try phone.sync()
            try settle(laptop, phone)

            let expected = ["Clothing", "Documents", "Electronics", "Toiletries"]
            for app in [phone, laptop] {
                let names = try app.categoryNames()
                #expect(
                    names == expected,
                    "The \(app.device.name)'s categories after the phone renamed its Clothes to Clothing and both synced: expected \(describe(expected)) (the phone's copy is older, so its name stays), found \(describe(names))."
                )
            }
        }
    }

    @Test(
        "merging keeps the oldest copy of each key, moves the items of the others onto it, and says how many it deleted"
    )
    func mergeOnOneDevice() throws {
        try SyncFixture.run { fixture in
            let phone = try fixture.device("phone", signedIn: false).launch(merging: false)
            let context = phone.context()
            let day: (Double) -> Date = { Date(timeIntervalSince1970: 1_780_000_000 + $0 * 86_400) }
            let copies = [
                Category(name: "Snacks (laptop)", key: "snacks", createdAt: day(2)),
                Category(name: "Snacks", key: "snacks", createdAt: day(0)),
                Category(name: "Snacks (tablet)", key: "snacks", createdAt: day(1)),
                Category(name: "Books", key: "books", createdAt: day(3)),
            ]
            for (index, category) in copies.enumerated() {
                context.insert(category)
                let item = PackingItem(name: "Item \(index)")
                context.insert(item)
                item.category = category
            }
            try context.save()

            let deleted = try CategoryMerge.mergeDuplicates(in: phone.context())
            #expect(
                deleted == 2,
                "mergeDuplicates(in:) with three copies of \"snacks\" and one of \"books\": expected it to return 2, found \(deleted)."
            )
            let filing = try phone.filing()
            let expected = [
                "Item 0: no trip / Snacks", "Item 1: no trip / Snacks", "Item 2: no trip / Snacks",
                "Item 3: no trip / Books",
            ]
            #expect(
                filing == expected,
                "The items after the merge (name: trip / category): expected \(describe(expected)), found \(describe(filing))."
            )
            let again = try CategoryMerge.mergeDuplicates(in: phone.context())
            #expect(again == 0, "mergeDuplicates(in:) a second time: expected it to return 0, found \(again).")
            let names = try phone.categoryNames()
            #expect(
                names == ["Books", "Snacks"],
                "The categories after merging: expected [\"Books\", \"Snacks\"], found \(describe(names)).")
        }
    }

    @Test("seeding and merging in a store that refuses saves pass the store's error on")
    func refusedSavesReachTheCaller() throws {
        try SyncFixture.run { fixture in
            func store(_ name: String, allowsSave: Bool = true) throws -> ModelContext {
                let url = fixture.folder.appending(path: name)
                return ModelContext(
                    try ModelContainer(
                        for: Schema(PackingStore.models),
                        configurations: ModelConfiguration(url: url, allowsSave: allowsSave, cloudKitDatabase: .none)
                    ))
            }
            let copies = try store("Copies.store")
            for name in ["Snacks", "Snacks (laptop)"] {
                copies.insert(Category(name: name, key: "snacks"))
            }
            try copies.save()
            _ = try store("Empty.store")

            do {
                let merged = try CategoryMerge.mergeDuplicates(in: try store("Copies.store", allowsSave: false))
                Issue.record(
                    "mergeDuplicates(in:) with two copies of a category, in a store opened with allowsSave: false: expected the save's error to be thrown, but it returned \(merged)."
                )
            } catch let error as SwiftDataError {
                #expect(
                    error.workbenchKind == .saveNotAllowed,
                    "mergeDuplicates(in:) in a store that refuses saves: expected SwiftDataError.saveNotAllowed, found \(error.workbenchKind)."
                )
            }
            do {
                let seeded = try PackingStore.seedDefaultCategories(in: try store("Empty.store", allowsSave: false))
                Issue.record(
                    "seedDefaultCategories(in:) on an empty store opened with allowsSave: false: expected the save's error to be thrown, but it returned \(seeded)."
                )
            } catch let error as SwiftDataError {
                #expect(
                    error.workbenchKind == .saveNotAllowed,
                    "seedDefaultCategories(in:) in a store that refuses saves: expected SwiftDataError.saveNotAllowed, found \(error.workbenchKind)."
                )
            }
        }
    }
}
