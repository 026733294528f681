import PersistenceCore
import PersistenceWorkbench
import Testing

@Model
final class MirroredMemo {
    var text: String = ""

    init(text: String) {
        self.text = text
    }
}

@Test("A store opened through import PersistenceCore with a CloudKit database sends its saves to the account")
func coreConfigurationMirrors() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "core-mirroring-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let sandbox = AppSandbox(appIdentifier: "com.example.Memos", deviceRoot: folder.appending(path: "phone"))
    try CloudDevice(sandbox).signIn(
        appleID: "memo@example.com", iCloud: SimulatedICloud(root: folder.appending(path: "iCloud")))

    let report = try AppSandbox.withCurrent(sandbox) {
        let configuration = ModelConfiguration(
            url: sandbox.applicationSupportDirectory.appending(path: "Memos.store"),
            cloudKitDatabase: .private("iCloud.com.example.Memos")
        )
        let container = try ModelContainer(for: MirroredMemo.self, configurations: configuration)
        let context = ModelContext(container)
        context.insert(MirroredMemo(text: "water the plants"))
        try context.save()
        return try container.syncWithCloudKit()
    }

    #expect(report.sent.count == 1, "\(report)")
}
