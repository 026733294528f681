import Foundation
@_spi(Workbench) import PersistencePreferences
import PersistenceWorkbench
import Testing

@Test("Codable values are stored as data and decoded back")
func codableValues() throws {
    struct Layout: Codable, Equatable {
        var columns: Int
        var showsPreview: Bool
    }
    let preferences = TemporaryPreferences()
    let store = preferences.store
    let layout = Layout(columns: 3, showsPreview: true)

    store.workbenchSetCodable(layout, forKey: "layout")

    #expect(store.workbenchCodable(Layout.self, forKey: "layout") == layout)
    let decoded: Layout? = store.workbenchCodable(forKey: "layout")
    #expect(decoded == layout)
    #expect(store.data(forKey: "layout") != nil)
}

@Test("data that does not decode as the type asked for gives nil and a report")
func codableMismatch() {
    struct Layout: Codable { var columns: Int }
    let preferences = TemporaryPreferences()
    let store = preferences.store
    store.set(Data("not json".utf8), forKey: "layout")

    #expect(store.workbenchCodable(Layout.self, forKey: "layout") == nil)
    #expect(store.reportedErrors.count == 1)
}
