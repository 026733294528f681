// A learner's file imports only PersistenceCore; `ModelContainer(for:)` as the guides write it must then
// open the default store, as SwiftData does, and never ask for a configuration.
import PersistenceCore
import PersistenceWorkbench
import Testing

@Model
final class Recipe {
    var name: String
    var servings: Int
    init(name: String, servings: Int) {
        self.name = name
        self.servings = servings
    }
}

@Test("ModelContainer(for:) with no configuration keeps its models in default.store in the app's Application Support")
func containerWithoutConfiguration() throws {
    let sandbox = AppSandbox.temporary(appIdentifier: "com.example.Recipes")
    defer { try? FileManager.default.removeItem(at: sandbox.deviceRoot) }
    try AppSandbox.withCurrent(sandbox) {
        let container = try ModelContainer(for: Recipe.self)
        let context = ModelContext(container)
        context.insert(Recipe(name: "Soup", servings: 4))
        try context.save()

        let file = sandbox.applicationSupportDirectory.appending(path: "default.store")
        #expect(FileManager.default.fileExists(atPath: file.path))
        let reopened = ModelContext(try ModelContainer(for: Schema([Recipe.self])))
        #expect(try reopened.fetch(FetchDescriptor<Recipe>()).map(\.name) == ["Soup"])
    }
}
