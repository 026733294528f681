import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section13PackingSync
import Testing

@Suite("Section 13: encrypted notes")
struct EncryptionChecks {
    @Test("a trip's notes reach iCloud encrypted, and each device reads them as written")
    func notesTravelEncrypted() throws {
        try SyncFixture.run { fixture in
            let phone = try fixture.device("phone").launch()
            let laptop = try fixture.device("laptop").launch()
            let first = "Door code 4711, booking ZX-93"
            let second = "Door code 8086, booking QK-27"
            try phone.addTrip("Lisbon")
            try phone.editTrip("Lisbon") { $0.notes = first }
            try phone.sync()
            try expectSealed(first, in: fixture, after: "the phone synced a trip whose notes are \"\(first)\"")

            try laptop.sync()
            let onLaptop = try laptop.trip("Lisbon").notes
            #expect(
                onLaptop == first,
                "The laptop, after syncing the phone's trip: expected its notes to read \"\(first)\" as written; found \"\(onLaptop)\"."
            )

            try laptop.editTrip("Lisbon") { $0.notes = second }
            try laptop.sync()
            try expectSealed(second, in: fixture, after: "the laptop changed the notes to \"\(second)\" and synced")
            try phone.sync()
            let onPhone = try phone.trip("Lisbon").notes
            #expect(
                onPhone == second,
                "The phone, after the laptop changed the notes: expected \"\(second)\"; found \"\(onPhone)\"."
            )
        }
    }

    /// Expects the trip's record to hold its notes encrypted, and the account's files not to hold `secret`.
    private func expectSealed(_ secret: String, in fixture: SyncFixture, after situation: String) throws {
        let trips = try fixture.records(ofType: "CD_Trip")
        let notes = trips.first?.fields["CD_notes"]
        #expect(
            trips.count == 1 && notes?.typeName == "ENCRYPTED_STRING",
            "iCloud, after \(situation): expected one CD_Trip record whose CD_notes is ENCRYPTED_STRING (sealed on the device with the account's keys, `@Attribute(.allowsCloudEncryption)`); found \(trips.count) record(s), CD_notes \(notes.map { "\($0.typeName) = \($0)" } ?? "missing")."
        )
        let folder = fixture.iCloud.accountFolder(appleID: SyncFixture.appleID)
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        let holding = try files.filter { file in
            guard file.lastPathComponent.hasPrefix("CloudKit.sqlite") else { return false }
            return try Data(contentsOf: file).range(of: Data(secret.utf8)) != nil
        }
        #expect(
            holding.isEmpty,
            "iCloud, after \(situation): expected the account's store to hold the notes only encrypted; \(holding.map(\.lastPathComponent).joined(separator: ", ")) holds \"\(secret)\" in plain text."
        )
    }
}
