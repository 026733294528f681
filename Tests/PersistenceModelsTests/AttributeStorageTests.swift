import Foundation
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

@Suite("Attribute storage")
struct AttributeStorageTests {
    @Test("every supported attribute type round-trips through a file store")
    func everyTypeRoundTrips() throws {
        let store = try ModelStoreFixture(fileNamed: "samples.store")
        defer { store.removeFiles() }
        let sample = Sample(text: "hello")
        sample.int = -7
        sample.int8 = -8
        sample.int16 = 16
        sample.int32 = 32
        sample.int64 = .max
        sample.uint = 9
        sample.uint8 = 255
        sample.double = 3.25
        sample.float = 1.5
        sample.flag = false
        sample.date = Date(timeIntervalSinceReferenceDate: 123_456.789_012)
        sample.data = Data([0, 1, 2, 255])
        sample.url = URL(string: "https://example.com/a?b=c")
        let uuid = UUID()
        sample.uuid = uuid
        sample.decimal = Decimal(string: "12345.6789")!
        sample.optionalText = "maybe"
        sample.words = ["a", "b"]
        sample.uniqueNumbers = [3, 1, 2]
        sample.scores = ["x": 1.5]
        sample.priority = .high
        sample.optionalPriority = .medium
        sample.mood = .busy(level: 3)
        sample.address = Address(street: "1 Main St", city: "Springfield")
        sample.scratch = "changed"
        store.context.insert(sample)
        try store.context.save()

        let reopened = try ModelContainer(
            for: Schema(ModelStoreFixture.allModels), configurations: Array(store.container.configurations))
        let loaded = try #require(try ModelContext(reopened).fetch(FetchDescriptor<Sample>()).first)
        #expect(loaded !== sample)
        #expect(loaded.text == "hello")
        #expect(loaded.int == -7)
        #expect(loaded.int8 == -8)
        #expect(loaded.int16 == 16)
        #expect(loaded.int32 == 32)
        #expect(loaded.int64 == .max)
        #expect(loaded.uint == 9)
        #expect(loaded.uint8 == 255)
        #expect(loaded.double == 3.25)
        #expect(loaded.float == 1.5)
        #expect(loaded.flag == false)
        #expect(loaded.date == sample.date)
        #expect(loaded.data == Data([0, 1, 2, 255]))
        #expect(loaded.url == URL(string: "https://example.com/a?b=c"))
        #expect(loaded.uuid == uuid)
        #expect(loaded.decimal == Decimal(string: "12345.6789")!)
        #expect(loaded.optionalText == "maybe")
        #expect(loaded.optionalInt == nil)
        #expect(loaded.words == ["a", "b"])
        #expect(loaded.uniqueNumbers == [1, 2, 3])
        #expect(loaded.scores == ["x": 1.5])
        #expect(loaded.priority == .high)
        #expect(loaded.optionalPriority == .medium)
        #expect(loaded.mood == .busy(level: 3))
        #expect(loaded.address == Address(street: "1 Main St", city: "Springfield"))
        #expect(loaded.scratch == "not stored")
    }

    @Test("raw-value enums are stored as their raw value and Codable structs as JSON")
    func storedRepresentations() throws {
        let store = try ModelStoreFixture()
        let sample = Sample(text: "x")
        sample.priority = .medium
        sample.address = Address(street: "s", city: "c")
        store.context.insert(sample)
        try store.context.save()
        let row = try store.container.store.read(while: "test") { db in
            try GRDBRow.fetchOne(db, sql: "SELECT priority, address, optionalText FROM Sample")
        }
        #expect(row?["priority"] == "medium")
        #expect(row?["address"] == #"{"city":"c","street":"s"}"#)
        #expect(row?.hasNull(atIndex: 2) == true)
    }

    @Test("the tables hold one column per stored property and none for transient or computed ones")
    func tableColumns() throws {
        let store = try ModelStoreFixture()
        let columns = try store.container.store.read(while: "test") { db in
            try db.columns(in: "Sample").map(\.name)
        }
        #expect(columns.first == "_pk")
        #expect(columns.contains("text"))
        #expect(columns.contains("mood"))
        #expect(!columns.contains("scratch"))
        #expect(!columns.contains("shout"))
    }

    @Test("a stored UUID is read back in either letter case, and text that is not a UUID is a typed error")
    func uuidTextForms() throws {
        let store = try ModelStoreFixture()
        store.context.insert(Sample(text: "lower"))
        store.context.insert(Sample(text: "broken"))
        store.context.insert(Sample(text: "upper"))
        store.context.insert(Sample(text: "not hex"))
        try store.context.save()
        let expected = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        try store.container.store.write(while: "test") { db in
            try db.execute(
                sql: "UPDATE Sample SET uuid = ? WHERE text = 'lower'",
                arguments: ["e621e1f8-c36c-495a-93fc-0c247a3e6e5f"])
            try db.execute(
                sql: "UPDATE Sample SET uuid = ? WHERE text = 'broken'",
                arguments: ["e621e1f8-c36c-495a-93fc-0c247a3e6e5"])
            try db.execute(
                sql: "UPDATE Sample SET uuid = ? WHERE text = 'upper'",
                arguments: ["E621E1F8-C36C-495A-93FC-0C247A3E6E5F"])
            // The right length and dashes, with one letter that is not a hex digit.
            try db.execute(
                sql: "UPDATE Sample SET uuid = ? WHERE text = 'not hex'",
                arguments: ["e621e1f8-c36c-495a-93fc-0c247a3e6e5g"])
        }
        for text in ["lower", "upper"] {
            let found = try store.newContext().fetch(FetchDescriptor<Sample>(predicate: #Predicate { $0.text == text }))
            #expect(found.first?.uuid == expected)
        }
        for text in ["broken", "not hex"] {
            let error = try #require(throws: SwiftDataError.self) {
                try store.newContext().fetch(FetchDescriptor<Sample>(predicate: #Predicate { $0.text == text }))
            }
            #expect(error.workbenchKind == .unsupportedValue)
        }
    }
}
