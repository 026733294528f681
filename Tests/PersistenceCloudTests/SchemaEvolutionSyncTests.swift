import CloudTestSupport
import Foundation
import PersistenceCore
import Testing

// Versions of one app's note, as devices on older and newer builds of the app have it.

enum FirstRelease {
    @Model
    final class Note {
        var title: String = ""
        var body: String = ""

        init(title: String, body: String) {
            self.title = title
            self.body = body
        }
    }
}

enum WithMood {
    @Model
    final class Note {
        var title: String = ""
        var body: String = ""
        var mood: String = "calm"

        init(title: String, body: String, mood: String) {
            self.title = title
            self.body = body
            self.mood = mood
        }
    }
}

enum BodyRenamed {
    @Model
    final class Note {
        var title: String = ""
        @Attribute(originalName: "body") var text: String = ""

        init(title: String) {
            self.title = title
        }
    }
}

enum BodyRemoved {
    @Model
    final class Note {
        var title: String = ""

        init(title: String) {
            self.title = title
        }
    }
}

@Suite("Schema changes once a schema is deployed to the account", .serialized)
struct SchemaEvolutionSyncTests {
    /// A bench whose account holds a first-release note saved by the phone.
    static func deployedFirstRelease() throws -> SyncTestBench {
        let bench = SyncTestBench()
        let phone = try bench.device("phone")
        let container = try phone.makeContainer([FirstRelease.Note.self])
        let context = ModelContext(container)
        context.insert(FirstRelease.Note(title: "Groceries", body: "lemons"))
        try context.save()
        try container.syncWithCloudKit()
        return bench
    }

    @Test("A device whose schema removes a deployed field is refused at load, with the reason")
    func removedFieldIsRefused() throws {
        let bench = try Self.deployedFirstRelease()
        let laptop = try bench.device("laptop")
        let error = #expect(throws: SwiftDataError.self) { try laptop.makeContainer([BodyRemoved.Note.self]) }
        #expect(error?.workbenchKind == .loadIssueModelContainer)
        #expect(error?.reason.contains("CloudKit accepts only additions") == true, "\(error?.reason ?? "")")
        #expect(
            error?.reason.contains("CD_Note.CD_body (STRING, first saved by schema 1.0.0): this schema removes it")
                == true, "\(error?.reason ?? "")")
    }

    @Test("A device whose schema renames a deployed field is refused at load, naming the new name")
    func renamedFieldIsRefused() throws {
        let bench = try Self.deployedFirstRelease()
        let laptop = try bench.device("laptop")
        let error = #expect(throws: SwiftDataError.self) { try laptop.makeContainer([BodyRenamed.Note.self]) }
        #expect(
            error?.reason.contains(
                "CD_Note.CD_body (STRING, first saved by schema 1.0.0): this schema renames it to CD_text") == true,
            "\(error?.reason ?? "")")
    }

    @Test(
        "A schema that only adds a field loads, and a device on the older schema keeps that field's values when it saves"
    )
    func olderDeviceKeepsUnknownFields() throws {
        let bench = try Self.deployedFirstRelease()
        let tablet = try bench.device("tablet")
        let phone = SimulatedDevice(name: "phone", in: bench.folder.appending(path: "Devices"))
        let newer = try tablet.makeContainer([WithMood.Note.self], version: Schema.Version(2, 0, 0))
        try newer.syncWithCloudKit()
        let onTablet = try #require(try ModelContext(newer).fetch(FetchDescriptor<WithMood.Note>()).first)
        onTablet.mood = "happy"
        try onTablet.modelContext?.save()
        try newer.syncWithCloudKit()

        let older = try phone.makeContainer([FirstRelease.Note.self])
        try older.syncWithCloudKit()
        let onPhone = try #require(try ModelContext(older).fetch(FetchDescriptor<FirstRelease.Note>()).first)
        onPhone.body = "lemons and limes"
        try onPhone.modelContext?.save()
        try older.syncWithCloudKit()
        try newer.syncWithCloudKit()

        let record = try #require(
            try bench.account.records(containerIdentifier: SyncSchema.containerIdentifier).records.first)
        #expect(record.fields["CD_mood"] == .string("happy"))
        #expect(record.fields["CD_body"] == .string("lemons and limes"))
        let synced = try #require(try ModelContext(newer).fetch(FetchDescriptor<WithMood.Note>()).first)
        #expect(synced.mood == "happy")
        #expect(synced.body == "lemons and limes")
        let deployed = try bench.account.deployedSchema(containerIdentifier: SyncSchema.containerIdentifier)
        #expect(deployed.recordTypes["CD_Note"]?.first { $0.name == "CD_mood" }?.firstSavedBySchema == "2.0.0")
    }

    @Test("A field a newer version added reaches an older device once it migrates, and its next edit keeps the value")
    func newerFieldArrivesAfterMigration() throws {
        let bench = try Self.deployedFirstRelease()
        let tablet = try bench.device("tablet")
        let phone = SimulatedDevice(name: "phone", in: bench.folder.appending(path: "Devices"))
        let newer = try tablet.makeContainer([WithMood.Note.self], version: Schema.Version(2, 0, 0))
        try newer.syncWithCloudKit()
        let onTablet = try #require(try ModelContext(newer).fetch(FetchDescriptor<WithMood.Note>()).first)
        onTablet.mood = "happy"
        try onTablet.modelContext?.save()
        try newer.syncWithCloudKit()
        do {
            // The older device receives the field it lacks, and edits the note before it migrates, while
            // the tablet saves another note: the older device's upload then comes back in its import.
            let older = try phone.makeContainer([FirstRelease.Note.self])
            let report = try older.syncWithCloudKit()
            #expect(report.received.count == 1)
            #expect(report.unapplied.isEmpty && report.unappliedCount == 0)
            let tabletContext = ModelContext(newer)
            tabletContext.insert(WithMood.Note(title: "Packing", body: "", mood: "busy"))
            try tabletContext.save()
            try newer.syncWithCloudKit()
            let onOlder = try #require(
                try ModelContext(older).fetch(
                    FetchDescriptor<FirstRelease.Note>(predicate: #Predicate { $0.title == "Groceries" })
                ).first
            )
            onOlder.title = "Shopping"
            try onOlder.modelContext?.save()
            try older.syncWithCloudKit()
        }

        let migrated = try phone.makeContainer([WithMood.Note.self], version: Schema.Version(2, 0, 0))
        try migrated.syncWithCloudKit()
        let onPhone = try #require(
            try ModelContext(migrated).fetch(
                FetchDescriptor<WithMood.Note>(predicate: #Predicate { $0.title == "Shopping" })
            ).first
        )
        #expect(onPhone.mood == "happy")
        onPhone.body = "lemons and limes"
        try onPhone.modelContext?.save()
        try migrated.syncWithCloudKit()

        let records = try bench.account.records(containerIdentifier: SyncSchema.containerIdentifier).records
        let record = try #require(records.first { $0.fields["CD_title"] == .string("Shopping") })
        #expect(record.fields["CD_mood"] == .string("happy"))
        #expect(record.fields["CD_body"] == .string("lemons and limes"))
    }
}
