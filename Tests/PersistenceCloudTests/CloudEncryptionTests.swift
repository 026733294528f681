import CloudTestSupport
import Foundation
import PersistenceCore
import PersistenceWorkbench
import Synchronization
import Testing

@testable import PersistenceCloud

enum EncryptedRelease {
    @Model
    final class Note {
        var title: String = ""
        @Attribute(.allowsCloudEncryption) var body: String = ""
        @Attribute(.allowsCloudEncryption) var pin: Int = 0

        init(title: String, body: String, pin: Int = 0) {
            self.title = title
            self.body = body
            self.pin = pin
        }
    }
}

@Suite("Attributes marked .allowsCloudEncryption travel sealed with the account's key")
struct CloudEncryptionTests {
    private static let notes = [EncryptedRelease.Note.self]

    private func records(in bench: SyncTestBench) throws -> [CloudRecord] {
        try bench.account.records(containerIdentifier: SyncSchema.containerIdentifier).records
    }

    /// Inserts `notes` in a fresh context of `container`, saves and syncs.
    private func saveAndSync(_ notes: [EncryptedRelease.Note], on container: ModelContainer) throws {
        let context = ModelContext(container)
        for note in notes { context.insert(note) }
        try context.save()
        try container.syncWithCloudKit()
    }

    private func note(titled title: String, in container: ModelContainer) throws -> EncryptedRelease.Note? {
        try ModelContext(container).fetch(
            FetchDescriptor<EncryptedRelease.Note>(predicate: #Predicate { $0.title == title })
        ).first
    }

    @Test("The server holds only sealed bytes of an ENCRYPTED_ type, and the other device reads the values, both ways")
    func sealedOnTheServerPlainOnDevices() throws {
        let bench = SyncTestBench()
        let (phone, laptop) = (try bench.device("phone"), try bench.device("laptop"))
        let a = try phone.makeContainer(Self.notes)
        try saveAndSync([EncryptedRelease.Note(title: "Flat", body: "door code 4711-secret", pin: 8_642)], on: a)

        let record = try #require(try records(in: bench).first)
        #expect(record.fields["CD_title"] == .string("Flat"))
        #expect(record.fields["CD_body"]?.typeName == "ENCRYPTED_STRING")
        #expect(record.fields["CD_pin"]?.typeName == "ENCRYPTED_INT64")
        guard case .encrypted(let type, let sealed)? = record.fields["CD_body"] else {
            Issue.record("CD_body is \(String(describing: record.fields["CD_body"])), not encrypted")
            return
        }
        #expect(type == .string)
        #expect(!sealed.isEmpty)
        let accountFiles = try FileManager.default.contentsOfDirectory(
            at: bench.iCloud.accountFolder(appleID: bench.appleID), includingPropertiesForKeys: nil)
        for file in accountFiles where file.lastPathComponent.hasPrefix("CloudKit.sqlite") {
            let bytes = try Data(contentsOf: file)
            #expect(
                bytes.range(of: Data("door code 4711-secret".utf8)) == nil, "plain text in \(file.lastPathComponent)")
        }
        let schema = try bench.account.deployedSchema(containerIdentifier: SyncSchema.containerIdentifier)
        #expect(schema.recordTypes["CD_Note"]?.first { $0.name == "CD_body" }?.type == .encryptedString)

        let b = try laptop.makeContainer(Self.notes)
        try b.syncWithCloudKit()
        let onLaptop = try #require(try note(titled: "Flat", in: b))
        #expect(onLaptop.body == "door code 4711-secret")
        #expect(onLaptop.pin == 8_642)

        onLaptop.body = "door code 9000-secret"
        try onLaptop.modelContext?.save()
        try b.syncWithCloudKit()
        try a.syncWithCloudKit()
        #expect(try note(titled: "Flat", in: a)?.body == "door code 9000-secret")
    }

    @Test("The console names the encrypted type and shows no value")
    func consoleShowsNoValue() throws {
        let bench = SyncTestBench()
        let a = try bench.device("phone").makeContainer(Self.notes)
        try saveAndSync([EncryptedRelease.Note(title: "Flat", body: "door code 4711-secret")], on: a)

        let overview = try AccountConsole(account: bench.account).overview()
        #expect(overview.contains("CD_body ENCRYPTED_STRING = encrypted, "), "\(overview)")
        #expect(!overview.contains("4711"), "\(overview)")
        #expect(overview.contains("CD_title STRING = \"Flat\""), "\(overview)")
    }

    @Test(
        "A sealed value changed on the server, or moved to another record, is kept unapplied with why; the rest arrives"
    )
    func tamperedValuesDoNotOpen() throws {
        let bench = SyncTestBench()
        let (phone, laptop) = (try bench.device("phone"), try bench.device("laptop"))
        let a = try phone.makeContainer(Self.notes)
        try saveAndSync(["Flat", "Office", "Shed"].map { EncryptedRelease.Note(title: $0, body: "\($0) code") }, on: a)
        let records = try records(in: bench)
        let flat = try #require(records.first { $0.fields["CD_title"] == .string("Flat") })
        let office = try #require(records.first { $0.fields["CD_title"] == .string("Office") })
        guard case .encrypted(let type, var sealed)? = flat.fields["CD_body"] else {
            Issue.record("CD_body of Flat is not encrypted")
            return
        }
        sealed[sealed.count / 2] ^= 0x01
        try overwrite(flat, field: "CD_body", with: .encrypted(type, sealed), in: bench)
        // Office gets Flat's sealed body: it was sealed for another record.
        try overwrite(office, field: "CD_body", with: flat.fields["CD_body"]!, in: bench)

        let b = try laptop.makeContainer(Self.notes)
        let report = try b.syncWithCloudKit()
        #expect(try note(titled: "Shed", in: b)?.body == "Shed code")
        #expect(try note(titled: "Flat", in: b) == nil)
        #expect(try note(titled: "Office", in: b) == nil)
        #expect(Set(report.unapplied.map(\.recordName)) == [flat.recordName, office.recordName])
        #expect(
            report.unapplied.allSatisfy { $0.reason.contains("does not open with the account's key") },
            "\(report.unapplied.map(\.reason))")
        // The phone still has both: a new version replaces what the laptop keeps.
        for title in ["Flat", "Office"] {
            let onPhone = try #require(try note(titled: title, in: a))
            onPhone.body = "\(title) code, again"
            try onPhone.modelContext?.save()
        }
        try a.syncWithCloudKit()
        let repaired = try b.syncWithCloudKit()
        #expect(repaired.unappliedCount == 0)
        #expect(try note(titled: "Office", in: b)?.body == "Office code, again")
    }

    @Test("Every device of the account shares one key, kept in the account's keychain, readable by its owner only")
    func oneKeyPerAccount() throws {
        let bench = SyncTestBench()
        let a = try bench.device("phone").makeContainer(Self.notes)
        let b = try bench.device("laptop").makeContainer(Self.notes)
        try saveAndSync([EncryptedRelease.Note(title: "From the laptop", body: "laptop secret")], on: b)
        try a.syncWithCloudKit()
        #expect(try note(titled: "From the laptop", in: a)?.body == "laptop secret")

        let keyFile = bench.iCloud.accountFolder(appleID: bench.appleID)
            .appending(path: "Keychain/CloudKitEncryption.key")
        let attributes = try FileManager.default.attributesOfItem(atPath: keyFile.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect((attributes[.size] as? Int) == 32)
        let folder = keyFile.deletingLastPathComponent()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["CloudKitEncryption.key"])
    }

    @Test("Marking a deployed field .allowsCloudEncryption is refused at load: CloudKit encrypts only new fields")
    func encryptingADeployedFieldIsRefused() throws {
        let bench = try SchemaEvolutionSyncTests.deployedFirstRelease()
        let laptop = try bench.device("laptop")
        let error = #expect(throws: SwiftDataError.self) { try laptop.makeContainer(Self.notes) }
        #expect(
            error?.reason.contains(
                "CD_Note.CD_body: the field's type changes from STRING to ENCRYPTED_STRING (.allowsCloudEncryption on a field that already exists"
            ) == true, "\(error?.reason ?? "")")
    }

    @Test("Makers of the key at the same moment end with one key that opens what each sealed")
    func keyMadeAtOnce() throws {
        let bench = SyncTestBench()
        let folder = bench.iCloud.accountFolder(appleID: bench.appleID)
        let made = Mutex<[CloudFieldEncryption]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if let encryption = try? CloudFieldEncryption(accountFolder: folder) {
                made.withLock { $0.append(encryption) }
            }
        }
        let all = made.withLock { $0 }
        #expect(all.count == 8)
        for (index, sealer) in all.enumerated() {
            let sealed = try sealer.seal(
                .string("secret \(index)"), field: "CD_body", recordName: "R", recordType: "CD_Note")
            for opener in all {
                #expect(
                    try opener.open(sealed, field: "CD_body", recordName: "R", recordType: "CD_Note")
                        == .string("secret \(index)"))
            }
        }
        let keychain = CloudFieldEncryption.keyFile(inAccountFolder: folder).deletingLastPathComponent()
        #expect(try FileManager.default.contentsOfDirectory(atPath: keychain.path) == ["CloudKitEncryption.key"])
    }

    @Test("A half-made key left by a killed maker is removed, before and after the key exists")
    func abandonedStagedKeyIsRemoved() throws {
        let bench = SyncTestBench()
        let folder = bench.iCloud.accountFolder(appleID: bench.appleID)
        let keychain = CloudFieldEncryption.keyFile(inAccountFolder: folder).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: keychain, withIntermediateDirectories: true)
        let gone = try deadProcessID()
        let abandoned = keychain.appending(path: ".CloudKitEncryption.key.\(gone)-A")
        try Data(repeating: 7, count: 32).write(to: abandoned)
        // A file of a process that still runs is left to it.
        let inFlight = keychain.appending(path: ".CloudKitEncryption.key.\(getppid())-B")
        try Data(repeating: 8, count: 32).write(to: inFlight)

        let first = try CloudFieldEncryption(accountFolder: folder)
        #expect(!FileManager.default.fileExists(atPath: abandoned.path))
        #expect(FileManager.default.fileExists(atPath: inFlight.path))
        try FileManager.default.removeItem(at: inFlight)

        // Killed after linking the key into place, before taking its own file away.
        try Data(repeating: 9, count: 32).write(to: abandoned)
        let second = try CloudFieldEncryption(accountFolder: folder)
        #expect(try FileManager.default.contentsOfDirectory(atPath: keychain.path) == ["CloudKitEncryption.key"])
        let sealed = try first.seal(.int64(42), field: "CD_pin", recordName: "R", recordType: "CD_Note")
        #expect(try second.open(sealed, field: "CD_pin", recordName: "R", recordType: "CD_Note") == .int64(42))
    }

    @Test("A damaged key fails the sync naming the file, and the device keeps its data")
    func damagedKeyFailsClosed() throws {
        let bench = SyncTestBench()
        let a = try bench.device("phone").makeContainer(Self.notes)
        try saveAndSync([EncryptedRelease.Note(title: "Flat", body: "door code")], on: a)
        let keyFile = CloudFieldEncryption.keyFile(inAccountFolder: bench.iCloud.accountFolder(appleID: bench.appleID))
        try Data([1, 2, 3, 4, 5]).write(to: keyFile)

        let laptop = try bench.device("laptop")
        let error = #expect(throws: (any Error).self) {
            let b = try laptop.makeContainer(Self.notes)
            try b.syncWithCloudKit()
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("is 5 bytes, not 32"), "\(String(describing: error))")
        #expect(try note(titled: "Flat", in: a)?.body == "door code")
        #expect(try Data(contentsOf: keyFile) == Data([1, 2, 3, 4, 5]))
    }

    /// The identifier of a process that has ended.
    private func deadProcessID() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(filePath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    private func overwrite(_ record: CloudRecord, field: String, with value: CloudValue, in bench: SyncTestBench) throws
    {
        var fields = record.fields
        fields[field] = value
        let json = try JSONEncoder().encode(fields)
        try bench.account.overwriteStoredFields(
            ofRecord: record.recordName, containerIdentifier: SyncSchema.containerIdentifier,
            with: String(decoding: json, as: UTF8.self))
    }
}
