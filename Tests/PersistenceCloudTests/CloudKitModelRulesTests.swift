import PersistenceCore
import PersistenceWorkbench
import Testing

// Models that break every rule CloudKit has for a store that syncs.

@Model
final class StrictFolder {
    var name: String
    @Attribute(.unique) var code: String = ""
    @Relationship(deleteRule: .deny, inverse: \StrictNote.folder) var notes: [StrictNote] = []

    init(name: String) {
        self.name = name
    }
}

@Model
final class StrictNote {
    var title: String
    var body: String?
    var folder: StrictFolder?
    var attachments: [StrictAttachment]? = []

    init(title: String) {
        self.title = title
    }
}

@Model
final class StrictAttachment {
    var fileName: String = ""
    var size: Int = 0

    init(fileName: String) {
        self.fileName = fileName
    }
}

// Models CloudKit accepts: every attribute optional or defaulted, every relationship optional with an
// inverse, `.noAction` as a delete rule.

@Model
final class ReadyShelf {
    var label: String = ""
    @Relationship(deleteRule: .noAction, inverse: \ReadyBook.shelf) var books: [ReadyBook]? = []

    init(label: String) {
        self.label = label
    }
}

@Model
final class ReadyBook {
    var title: String = ""
    var shelf: ReadyShelf?
    var cover: ReadyCover?

    init(title: String) {
        self.title = title
    }
}

@Model
final class ReadyCover {
    var colour: String?
    @Relationship(inverse: \ReadyBook.cover) var book: ReadyBook?

    init(colour: String?) {
        self.colour = colour
    }
}

/// Runs `body` on a throwaway device, as an app with the given entitlements.
private func onThrowawayDevice<Result>(entitlements: AppEntitlements = .none, _ body: () throws -> Result) rethrows
    -> Result
{
    let sandbox = AppSandbox.temporary(appIdentifier: "com.example.Strict")
    defer { try? FileManager.default.removeItem(at: sandbox.deviceRoot) }
    return try AppSandbox.withCurrent(sandbox) {
        try AppEntitlements.withCurrent(entitlements) { try body() }
    }
}

/// The load error's reason, or nil when the container loads.
private func loadError(_ configuration: () -> ModelConfiguration, for types: [any PersistentModel.Type])
    -> SwiftDataError?
{
    do {
        _ = try ModelContainer(for: Schema(types), configurations: configuration())
        return nil
    } catch let error as SwiftDataError {
        return error
    } catch {
        Issue.record("unexpected error \(error)")
        return nil
    }
}

@Suite("CloudKit's model rules at load")
struct CloudKitModelRulesTests {
    @Test("A schema that breaks CloudKit's rules is refused with every violation, in Core Data's words, and the fix")
    func everyViolationListed() throws {
        let error = try #require(
            onThrowawayDevice {
                loadError(
                    { ModelConfiguration(cloudKitDatabase: .private("iCloud.com.example.strict")) },
                    for: [StrictFolder.self, StrictNote.self])
            })
        #expect(error.workbenchKind == .loadIssueModelContainer)
        let expected = """
            CloudKit integration requires that all attributes be optional, or have a default value set. \
            The following attributes are marked non-optional but do not have a default value:
            StrictFolder: name
            StrictNote: title
            Fix: give each a default value where it is declared (`var title: String = ""`) or make it optional (`var title: String?`).

            CloudKit integration requires that all relationships be optional, the following are not:
            StrictFolder: notes
            Fix: declare each as optional (`var folder: Folder?`, `var tags: [Tag]? = []`).

            CloudKit integration requires that all relationships have an inverse, the following do not:
            StrictNote: attachments
            Fix: name each inverse with `@Relationship(inverse: \\Destination.property)`, declaring that property if it is missing.

            CloudKit integration does not support unique constraints. The following entities are constrained:
            StrictFolder: code
            Fix: remove `@Attribute(.unique)` and `#Unique`; to keep one model per value, remove duplicates after each import.

            The following relationships are configured with unsupported delete rules:
            StrictFolder:notes - Deny
            Fix: use `.nullify` (the default), `.cascade` or `.noAction` instead of `.deny`.
            """
        #expect(error.reason.contains(expected), "\(error.reason)")
        #expect(error.context.contains("iCloud.com.example.strict"))
    }

    @Test("The same rule-breaking schema loads with cloudKitDatabase .none, and saves as before")
    func loadsWithNone() throws {
        try onThrowawayDevice(entitlements: AppEntitlements(iCloudContainerIdentifiers: ["iCloud.com.example.strict"]))
        {
            let container = try ModelContainer(
                for: StrictFolder.self, StrictNote.self,
                configurations: ModelConfiguration(cloudKitDatabase: .none)
            )
            let context = ModelContext(container)
            context.insert(StrictNote(title: "Kept locally"))
            try context.save()
            #expect(try context.fetchCount(FetchDescriptor<StrictNote>()) == 1)
        }
    }

    @Test(".automatic stays local for an app without an iCloud entitlement, as a test bundle does on a device")
    func automaticWithoutEntitlementStaysLocal() throws {
        try onThrowawayDevice {
            _ = try ModelContainer(for: StrictFolder.self, StrictNote.self, configurations: ModelConfiguration())
            _ = try ModelContainer(for: StrictFolder.self, StrictNote.self)
        }
    }

    @Test(".automatic checks the rules when the app declares an iCloud container")
    func automaticWithEntitlementChecks() throws {
        let error = onThrowawayDevice(
            entitlements: AppEntitlements(iCloudContainerIdentifiers: ["iCloud.com.example.declared"])
        ) {
            loadError({ ModelConfiguration() }, for: [StrictNote.self])
        }
        #expect(error?.workbenchKind == .loadIssueModelContainer)
        #expect(error?.context.contains("iCloud.com.example.declared") == true)
        #expect(error?.reason.contains("StrictNote: attachments") == true)
    }

    @Test(
        "A schema that follows the rules loads with a private database, .noAction and optional to-many relationships included"
    )
    func readySchemaLoads() throws {
        try onThrowawayDevice {
            let container = try ModelContainer(
                for: ReadyShelf.self, ReadyBook.self, ReadyCover.self,
                configurations: ModelConfiguration(cloudKitDatabase: .private("iCloud.com.example.ready"))
            )
            #expect(container.schema.entities.count == 3)
        }
    }

    @Test("A relationship to a model kept in a configuration that does not sync is refused, before the two-store check")
    func relationshipToALocalStore() throws {
        let error = onThrowawayDevice { () -> SwiftDataError? in
            do {
                _ = try ModelContainer(
                    for: Schema([ReadyShelf.self, ReadyBook.self, ReadyCover.self]),
                    configurations: [
                        ModelConfiguration(
                            "Books", schema: Schema([ReadyShelf.self, ReadyBook.self]),
                            cloudKitDatabase: .private("iCloud.com.example.ready")),
                        ModelConfiguration("Covers", schema: Schema([ReadyCover.self]), cloudKitDatabase: .none),
                    ]
                )
                return nil
            } catch {
                return error as? SwiftDataError
            }
        }
        let reason = try #require(error?.reason)
        #expect(
            reason.contains(
                "CloudKit integration does not support relationships to objects in a store that does not sync."))
        #expect(
            reason.contains(
                "ReadyBook: cover -> ReadyCover (kept in the configuration \"Covers\", which does not sync)"))
    }
}
