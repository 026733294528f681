// This file imports only PersistenceCore, as a learner's file does: a `ModelConfiguration` that names a
// CloudKit database must ask its container to mirror the store. The store's module knows nothing of sync;
// the umbrella joins the two, so this is what proves the join is there.
import PersistenceCore
import Testing

@Model
final class UniqueBadge {
    @Attribute(.unique) var code: String = ""

    init(code: String) {
        self.code = code
    }
}

@Suite("A CloudKit configuration reached through import PersistenceCore")
struct CloudKitConfigurationTests {
    @Test("checks CloudKit's model rules when the container loads, as a store that mirrors does")
    func asksForMirroring() {
        let configuration = ModelConfiguration(
            isStoredInMemoryOnly: true, cloudKitDatabase: .private("iCloud.com.example.badges")
        )

        let error = #expect(throws: SwiftDataError.self) {
            try ModelContainer(for: UniqueBadge.self, configurations: configuration)
        }

        #expect(error?.description.contains("CloudKit integration does not support unique constraints") == true)
    }

    @Test("loads the same models when it names no CloudKit database")
    func staysLocalWithNone() throws {
        let configuration = ModelConfiguration(isStoredInMemoryOnly: true, cloudKitDatabase: .none)

        let container = try ModelContainer(for: UniqueBadge.self, configurations: configuration)

        #expect(container.schema.entities.map(\.name) == ["UniqueBadge"])
    }
}
