import CoreTestSupport
import Foundation
import PersistenceCloudServer
import Testing

private let container = "iCloud.com.example.servertests"

/// An account in a throwaway folder.
private func withAccount(_ body: (SQLiteAccountServer) throws -> Void) throws {
    let iCloud = SimulatedICloud.temporary()
    defer { try? FileManager.default.removeItem(at: iCloud.root) }
    try body(iCloud.account("server@example.com"))
}

private let phone = CloudDeviceIdentity(identifier: "phone-id", name: "phone")
private let laptop = CloudDeviceIdentity(identifier: "laptop-id", name: "laptop")

/// Saves one record as `device` and returns its outcome.
private func save(
    _ record: CloudRecord, by device: CloudDeviceIdentity, epoch: Int64? = nil, resolution: CloudSaveResolution = .none,
    on account: SQLiteAccountServer
) throws -> CloudSaveOutcome {
    let result = try account.modifyRecords(
        CloudModifyRecordsRequest(
            containerIdentifier: container, zoneEpoch: epoch, device: device, schemaVersion: "1.0.0",
            saves: [CloudRecordSave(record: record, knownFields: Set(record.fields.keys), resolution: resolution)],
            deletions: []
        ))
    return result.saves[0]
}

private func note(_ name: String, title: String, tag: String? = nil) -> CloudRecord {
    CloudRecord(
        recordName: name, recordType: "CD_Note",
        fields: ["CD_title": .string(title), "CD_entityName": .string("Note")], changeTag: tag)
}

@Suite("The simulated iCloud account server")
struct AccountServerTests {
    @Test("A save with the current change tag is taken, and one with an older tag gets the server's record back")
    func changeTagsGuardSaves() throws {
        try withAccount { account in
            guard case .saved(let first) = try save(note("N", title: "one"), by: phone, on: account) else {
                Issue.record("not saved")
                return
            }
            guard
                case .saved(let second) = try save(
                    note("N", title: "two", tag: first.changeTag), by: laptop, epoch: 1, on: account)
            else {
                Issue.record("the save with the current tag was refused")
                return
            }
            let stale = try save(note("N", title: "three", tag: first.changeTag), by: phone, epoch: 1, on: account)
            guard case .serverRecordChanged(let server) = stale else {
                Issue.record("a stale tag was taken: \(stale)")
                return
            }
            #expect(server.changeTag == second.changeTag)
            #expect(server.fields["CD_title"] == .string("two"))
            #expect(server.version?.savedBy == laptop)
            #expect(try account.zones().first?.changeCounter == 2)
        }
    }

    @Test("A deletion always succeeds, leaves a tombstone, and a later save of the old version is an unknown item")
    func deletionsAndUnknownItems() throws {
        try withAccount { account in
            guard case .saved(let saved) = try save(note("N", title: "one"), by: phone, on: account) else { return }
            let result = try account.modifyRecords(
                CloudModifyRecordsRequest(
                    containerIdentifier: container, zoneEpoch: 1, device: laptop, schemaVersion: "1.0.0",
                    saves: [], deletions: [CloudRecordDeletion(recordName: "N", recordType: "CD_Note", changeTag: nil)]
                ))
            guard case .deleted(let tombstone?) = result.deletions[0] else {
                Issue.record("no tombstone")
                return
            }
            #expect(tombstone.deletedBy == laptop)
            #expect(tombstone.removedUnseenVersion)
            #expect(tombstone.replaced?.changeTag == saved.changeTag)

            guard
                case .unknownItem(let gone) = try save(
                    note("N", title: "edited", tag: saved.changeTag), by: phone, epoch: 1, on: account)
            else {
                Issue.record("a save of a deleted record was taken")
                return
            }
            #expect(gone?.deletedBy == laptop)
            guard
                case .saved(let back) = try save(
                    note("N", title: "edited"), by: phone, epoch: 1, resolution: .undoesDeletion, on: account)
            else { return }
            #expect(back.version?.undidDeletionBy == laptop)
            #expect(try account.tombstones(containerIdentifier: container).isEmpty)
        }
    }

    @Test("Changes since a token come in the server's order, and a token of a deleted zone is refused")
    func changesSinceAToken() throws {
        try withAccount { account in
            _ = try save(note("A", title: "a"), by: phone, on: account)
            let first = try account.fetchChanges(CloudFetchChangesRequest(containerIdentifier: container, since: nil))
            _ = try save(note("B", title: "b"), by: laptop, epoch: 1, on: account)
            _ = try save(note("C", title: "c"), by: phone, epoch: 1, on: account)

            let next = try account.fetchChanges(
                CloudFetchChangesRequest(containerIdentifier: container, since: first.token))
            #expect(next.savedRecords.map(\.recordName) == ["B", "C"])
            #expect(next.token == CloudServerChangeToken(zoneEpoch: 1, changeCounter: 3))

            #expect(try account.deleteZone(containerIdentifier: container))
            #expect(throws: CloudServerError.self) {
                try account.fetchChanges(CloudFetchChangesRequest(containerIdentifier: container, since: next.token))
            }
            _ = try save(note("D", title: "d"), by: phone, on: account)
            #expect(try account.zones().first?.epoch == 2)
        }
    }

    @Test(
        "A save keeps the fields its device does not know, and the deployed schema remembers each field's first schema")
    func unknownFieldsAreKept() throws {
        try withAccount { account in
            var newer = note("N", title: "one")
            newer.fields["CD_mood"] = .string("happy")
            guard case .saved(let saved) = try save(newer, by: phone, on: account) else { return }
            let older = CloudRecordSave(
                record: note("N", title: "two", tag: saved.changeTag), knownFields: ["CD_title", "CD_entityName"])
            let result = try account.modifyRecords(
                CloudModifyRecordsRequest(
                    containerIdentifier: container, zoneEpoch: 1, device: laptop, schemaVersion: "0.9.0",
                    saves: [older], deletions: []
                ))
            guard case .saved(let merged) = result.saves[0] else {
                Issue.record("refused")
                return
            }
            #expect(merged.fields["CD_mood"] == .string("happy"))
            #expect(merged.fields["CD_title"] == .string("two"))
            let schema = try account.deployedSchema(containerIdentifier: container)
            #expect(schema.recordTypes["CD_Note"]?.map(\.name).sorted() == ["CD_entityName", "CD_mood", "CD_title"])
            #expect(schema.recordTypes["CD_Note"]?.allSatisfy { $0.firstSavedBySchema == "1.0.0" } == true)
        }
    }

    @Test("Fields of every type, with quotes, line breaks and emoji, read back as they were written")
    func storedFieldsRoundTrip() throws {
        try withAccount { account in
            let fields: [String: CloudValue] = [
                "CD_text": .string("say \"hi\"\\n\n\ttab, é, 🚀, \u{1}"),
                "CD_count": .int64(-42),
                "CD_ratio": .double(0.1),
                "CD_when": .timestamp(Date(timeIntervalSince1970: 1_234_567.25)),
                "CD_blob": .bytes(Data([0, 1, 2, 255])),
                "CD_secret": .encrypted(.string, Data([9, 8, 7, 0, 255])),
                "CD_sealedDate": .encrypted(.timestamp, Data([1])),
                "CD_entityName": .string("Note"),
            ]
            _ = try save(CloudRecord(recordName: "N", recordType: "CD_Note", fields: fields), by: phone, on: account)
            let record = try #require(try account.records(containerIdentifier: container).records.first)
            #expect(record.fields == fields)
        }
    }

    @Test("The console shows zones, record types, records with change tags, tombstones and devices")
    func consoleOverview() throws {
        try withAccount { account in
            _ = try save(note("N", title: "Groceries"), by: phone, on: account)
            try account.recordSync(
                CloudDeviceSyncReport(
                    device: phone, containerIdentifier: container, date: Date(), pendingChanges: 2,
                    storePath: "/phone.store"))
            let text = try AccountConsole(account: account).overview()
            #expect(text.contains("Container \(container), private database"))
            #expect(text.contains("CD_Note: CD_entityName STRING, CD_title STRING"))
            #expect(
                text.contains(
                    "Zone com.apple.coredata.cloudkit.zone  epoch 1, change counter 1, 1 record, 0 tombstones"))
            #expect(text.contains("CD_Note N  change tag 1-1 saved by phone, 1 save"))
            #expect(text.contains("CD_title STRING = \"Groceries\""))
            #expect(text.contains("phone  last sync") && text.contains("2 changes waiting then  (/phone.store)"))
        }
    }
}

extension AccountServerTests {
    /// Opening sets a new file to write-ahead logging, which SQLite refuses at once (SQLITE_BUSY, without its
    /// busy handler) while another connection opens the same file: two devices starting on a new account.
    @Test("Devices that open one new account at the same moment all open it")
    func simultaneousOpensOfANewAccount() throws {
        let devices = 6
        for _ in 0..<50 {
            let iCloud = SimulatedICloud.temporary()
            defer { try? FileManager.default.removeItem(at: iCloud.root) }
            let failures = SimultaneousStart.failures(of: devices) { _ in
                _ = try iCloud.account("server@example.com").zones()
            }
            #expect(failures == [])
        }
    }
}
