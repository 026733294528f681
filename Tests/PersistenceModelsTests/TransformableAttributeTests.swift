import Foundation
import GRDB
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

/// Turns a ``ThemeColor`` into the text "#rrggbb"; registered by name for ``Document/accentColor``.
private final class HexColorTransformer: ValueTransformer {
    override func transformedValue(_ value: Any?) -> Any? {
        guard let color = value as? ThemeColor else { return nil }
        let hex = [color.red, color.green, color.blue].map { String(format: "%02x", Int(($0 * 255).rounded())) }
            .joined()
        return Data("#\(hex)".utf8)
    }

    override func reverseTransformedValue(_ value: Any?) -> Any? {
        guard let data = value as? Data else { return nil }
        let text = String(decoding: data, as: UTF8.self).dropFirst()
        guard text.count == 6, let number = Int(text, radix: 16) else { return nil }
        return ThemeColor(
            red: Double(number >> 16) / 255, green: Double((number >> 8) & 0xFF) / 255,
            blue: Double(number & 0xFF) / 255)
    }
}

@Suite("Transformable attributes")
struct TransformableAttributeTests {
    init() {
        ValueTransformer.setValueTransformer(
            HexColorTransformer(), forName: NSValueTransformerName(Document.accentTransformerName))
    }

    @Test("the column holds the transformer's data, and a fetch in a reopened store gives the value back")
    func storesTransformedData() throws {
        let store = try ModelStoreFixture(fileNamed: "documents.store", types: [Document.self])
        defer { store.removeFiles() }
        store.context.insert(Document(title: "Brochure", themeColor: ThemeColor(red: 0.25, green: 0.5, blue: 1)))
        store.context.insert(Document(title: "Blank"))
        try store.context.save()

        let rows = try store.rows(
            "SELECT \"title\", \"themeColor\", typeof(\"themeColor\") AS \"kind\" FROM \"Document\" ORDER BY \"title\"")
        let reopened = try ModelContainer(for: Document.self, configurations: ModelConfiguration(url: store.storeURL))
        let documents = try ModelContext(reopened).fetch(FetchDescriptor<Document>(sortBy: [SortDescriptor(\.title)]))

        #expect(rows.map { $0["kind"] as String } == ["null", "blob"])
        #expect(rows.last?["themeColor"] as Data? == Data("0.25,0.5,1.0".utf8))
        #expect(documents.map(\.title) == ["Blank", "Brochure"])
        #expect(documents[0].themeColor == nil)
        #expect(documents[1].themeColor == ThemeColor(red: 0.25, green: 0.5, blue: 1))
    }

    @Test("a transformer registered by name stores and reads the attribute")
    func registeredByName() throws {
        let store = try ModelStoreFixture(fileNamed: "documents.store", types: [Document.self])
        defer { store.removeFiles() }
        let document = Document(title: "Poster")
        document.accentColor = ThemeColor(red: 1, green: 0, blue: 0.5)
        store.context.insert(document)
        try store.context.save()

        let stored = try #require(try store.rows("SELECT \"accentColor\" FROM \"Document\"").first)
        let read = try #require(try store.newContext().fetch(FetchDescriptor<Document>()).first)

        #expect(stored["accentColor"] as Data? == Data("#ff0080".utf8))
        #expect(read.accentColor == ThemeColor(red: 1, green: 0, blue: 128.0 / 255))
    }

    @Test("saving a value whose transformer name nothing registered fails and names the name and the fix")
    func unregisteredName() throws {
        let store = try ModelStoreFixture([Poster.self])
        store.context.insert(Poster(title: "Sunset", tint: ThemeColor(red: 1, green: 0.5, blue: 0)))

        let error = try #require(throws: SwiftDataError.self) { try store.context.save() }

        #expect(error.workbenchKind == .unsupportedValue)
        #expect(error.description.contains("\"UnregisteredPosterTransformer\""))
        #expect(error.description.contains("ValueTransformer.setValueTransformer(_:forName:)"))
    }

    @Test("a transformer that returns something other than Data makes the save fail with its name")
    func transformerMustReturnData() throws {
        let store = try ModelStoreFixture([Sticker.self])
        store.context.insert(Sticker(color: ThemeColor(red: 0, green: 0, blue: 0)))

        let error = try #require(throws: SwiftDataError.self) { try store.context.save() }

        #expect(error.description.contains("DescribingTransformer.transformedValue(_:) returned String"))
        #expect(try store.newContext().fetchCount(FetchDescriptor<Sticker>()) == 0)
    }

    @Test("a predicate on a transformable attribute is evaluated in memory, on the values read back")
    func predicateInMemory() throws {
        let store = try ModelStoreFixture([Document.self])
        store.context.insert(Document(title: "Tinted", themeColor: ThemeColor(red: 0, green: 1, blue: 0)))
        store.context.insert(Document(title: "Plain"))
        try store.context.save()
        let database = store.container.store
        let entity = try #require(database.layout.layout(of: Document.self))
        let tinted = #Predicate<Document> { $0.themeColor != nil }

        #expect(throws: PredicateTranslationError.self) {
            try PredicateTranslator.translate(
                tinted, entity: entity, layout: database.layout, storeIdentifier: database.identifier)
        }
        #expect(try store.newContext().fetch(FetchDescriptor(predicate: tinted)).map(\.title) == ["Tinted"])
    }
}
