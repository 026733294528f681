import Foundation
import PersistenceCore
import Section13PackingSync
import Testing

@Suite("Section 13: the iCloud account")
struct AccountChecks {
    @Test("each account status gives the app's message: syncing, sign in, paused or unavailable")
    func statusOfEachAccountStatus() {
        let statuses: [CKAccountStatus] = [
            .available, .noAccount, .temporarilyUnavailable, .restricted, .couldNotDetermine,
        ]
        let found = statuses.map { "\($0) → \(SyncStatus($0))" }
        let expected = [
            "available → \(SyncStatus.syncing)", "noAccount → \(SyncStatus.signedOut)",
            "temporarilyUnavailable → \(SyncStatus.paused)", "restricted → \(SyncStatus.unavailable)",
            "couldNotDetermine → \(SyncStatus.unavailable)",
        ]
        #expect(
            found == expected,
            "SyncStatus(_:) for each CKAccountStatus: expected \(describe(expected)), found \(describe(found)).")
    }

    @Test("signing out removes the trips from the phone while iCloud keeps them, and signing in again brings them back")
    func signOutAndBackIn() async throws {
        try await SyncFixture.run { fixture in
            let phoneDevice = try fixture.device("phone")
            let phone = try phoneDevice.launch()
            try phone.seed()
            try phone.addTrip("Lisbon", budget: 900, items: [("Passport", .documents)])
            try phone.sync()
            let signedIn = await phoneDevice.syncStatus()
            #expect(
                signedIn == .syncing, "SyncStatus.current() on a signed-in phone: expected syncing, found \(signedIn).")

            try phoneDevice.cloud.signOut()
            let report = try phone.sync()
            let status = await phoneDevice.syncStatus()
            #expect(
                status == .signedOut,
                "SyncStatus.current() after the phone signed out: expected signedOut, found \(status).")
            let removed = report.removals.map(\.removedModels).reduce(0, +)
            let left =
                "trips \(describe(try phone.tripNames())), items \(try phone.count(PackingItem.self)), removed \(removed)"
            #expect(
                left == "trips [], items 0, removed 7",
                "The phone after signing out and syncing: expected trips [], items 0, removed 7 (a trip, its budget and item, four categories), found \(left)."
            )
            let kept = try fixture.records(ofType: "CD_Trip").count
            #expect(kept == 1, "The CD_Trip records in iCloud after the phone signed out: expected 1, found \(kept).")

            try phoneDevice.cloud.signIn(appleID: SyncFixture.appleID, iCloud: fixture.iCloud)
            try phone.sync()
            let back = "trips \(describe(try phone.tripNames())), items \(describe(try phone.filing()))"
            #expect(
                back == "trips [\"Lisbon\"], items [\"Passport: Lisbon / Documents\"]",
                "The phone after signing in again and syncing: expected trips [\"Lisbon\"], items [\"Passport: Lisbon / Documents\"], found \(back)."
            )
        }
    }

    @Test(
        "a temporarily unavailable account pauses sync and keeps the phone's trips, which reach the laptop once it is available"
    )
    func temporarilyUnavailable() async throws {
        try await SyncFixture.run { fixture in
            let phoneDevice = try fixture.device("phone")
            let phone = try phoneDevice.launch()
            let laptop = try fixture.device("laptop").launch()
            try phone.sync()

            try phoneDevice.cloud.setAccountTemporarilyUnavailable(true)
            let status = await phoneDevice.syncStatus()
            #expect(
                status == .paused,
                "SyncStatus.current() while the phone's account is temporarily unavailable: expected paused, found \(status)."
            )
            try phone.addTrip("Porto")
            var error: CKError?
            do { try phone.sync() } catch let caught as CKError { error = caught }
            #expect(
                error?.code == .accountTemporarilyUnavailable,
                "syncWithCloudKit() while the account is temporarily unavailable: expected CKError.accountTemporarilyUnavailable, found \(error.map { "\($0.code)" } ?? "no error")."
            )
            let phoneTrips = try phone.tripNames()
            #expect(
                phoneTrips == ["Porto"],
                "The phone's trips while sync is paused: expected [\"Porto\"], found \(describe(phoneTrips)).")

            try phoneDevice.cloud.setAccountTemporarilyUnavailable(false)
            try phone.sync()
            try laptop.sync()
            let laptopTrips = try laptop.tripNames()
            #expect(
                laptopTrips == ["Porto"],
                "The laptop's trips once the phone's account was available again and both synced: expected [\"Porto\"], found \(describe(laptopTrips))."
            )
        }
    }
}
