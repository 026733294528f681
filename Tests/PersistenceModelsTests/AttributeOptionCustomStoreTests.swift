import Foundation
import PersistenceCore
import Testing

@Suite("Attribute options in a custom store")
struct AttributeOptionCustomStoreTests {
    @Test("a custom store's snapshots carry a transformable value as the transformer's data and never an ephemeral one")
    func snapshotsOfOptions() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "json-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "library.json")
        let first = ModelContext(
            try ModelContainer(
                for: Document.self, User.self, configurations: JSONStoreConfiguration(name: "Library", fileURL: url)))
        let user = User(email: "ada@example.com", name: "Ada")
        user.temporaryState = "typing a reply"
        first.insert(user)
        first.insert(Document(title: "Brochure", themeColor: ThemeColor(red: 0.25, green: 0.5, blue: 1)))
        try first.save()

        let file = try String(contentsOf: url, encoding: .utf8)
        let second = ModelContext(
            try ModelContainer(
                for: Document.self, User.self, configurations: JSONStoreConfiguration(name: "Library", fileURL: url)))
        let document = try #require(try second.fetch(FetchDescriptor<Document>()).first)
        let reread = try #require(try second.fetch(FetchDescriptor<User>()).first)

        #expect(!file.contains("typing a reply"))
        #expect(file.contains(Data("0.25,0.5,1.0".utf8).base64EncodedString()))
        #expect(document.themeColor == ThemeColor(red: 0.25, green: 0.5, blue: 1))
        #expect(reread.name == "Ada")
        #expect(reread.temporaryState == nil)
    }
}
