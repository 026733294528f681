import CoreTestSupport
import Foundation
import PersistenceCore
import PersistenceWorkbench
import Testing

@Suite(
    "notetaker keeps what a newer NoteTaker sent",
    .enabled(if: notetakerRunsTheReference, "runs the reference NoteTaker"), .serialized)
struct KeptRecordCommandTests {
    @Test("a record of a model this NoteTaker lacks is kept, and `sync`, `account status` and the console say so")
    func recordOfANewerAppIsKept() throws {
        let home = NoteTakerHome()
        defer { home.remove() }
        try home.run(on: "phone", ["account", "sign-in", "you@example.com"])
        try home.run(on: "phone", ["add", "Groceries"])
        // A newer NoteTaker on the tablet saved a checklist, a model this one does not have.
        let account = SimulatedICloud(root: home.dataHome.appending(path: "persistence-workbench/iCloud")).account(
            "you@example.com")
        let checklist = CloudRecord(
            recordName: UUID().uuidString, recordType: "CD_Checklist",
            fields: ["CD_entityName": .string("Checklist"), "CD_title": .string("Camping")]
        )
        _ = try account.modifyRecords(
            CloudModifyRecordsRequest(
                containerIdentifier: "iCloud.com.example.NoteTaker", zoneEpoch: nil,
                device: CloudDeviceIdentity(identifier: "tablet-1", name: "tablet"),
                schemaVersion: "99.0.0",
                saves: [CloudRecordSave(record: checklist, knownFields: Set(checklist.fields.keys))], deletions: []
            ))

        let sync = try home.run(on: "phone", ["sync"])
        let again = try home.run(on: "phone", ["sync"])
        let status = try home.run(on: "phone", ["account", "status"])
        let console = try home.runConsole(["show"])

        #expect(sync.contains("Received nothing this NoteTaker can apply."), "\(sync)")
        #expect(sync.contains("Kept a Checklist record (\(checklist.recordName)) without applying it: "), "\(sync)")
        #expect(
            sync.contains("its CD_entityName \"Checklist\" names an entity this store's schema does not have"),
            "\(sync)")
        #expect(
            again.contains("1 record received earlier waits on this device for a NoteTaker that can apply it"),
            "\(again)")
        #expect(
            status.contains("Received but not applied: 1 record this NoteTaker cannot apply yet, kept on the device:"),
            "\(status)")
        #expect(status.contains("\(checklist.recordName) (CD_Checklist): its CD_entityName"), "\(status)")
        #expect(
            console.output.contains("phone  last sync") && console.output.contains("1 record received but not applied"),
            "\(console.output)")
    }
}
