@_exported import DeviceBench
import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section4Models
import Testing

/// The device a check runs on: a fresh TaskTracker device whose task store file lives in Application
/// Support (see `ThrowawayDevice` in Tests/DeviceBench), with this section's helpers below.
typealias TaskBench = ThrowawayDevice

extension ThrowawayDevice {
    /// The store file every container of this bench opens.
    var storeURL: URL { sandbox.applicationSupportDirectory.appending(path: "Tasks.store") }

    /// Runs `body` on a fresh TaskTracker device, with its sandbox current.
    static func run(_ body: (ThrowawayDevice) throws -> Void) throws {
        try run(app: "com.example.TaskTracker", body)
    }

    /// A new container on the bench's store file, as the app opens it at launch, and a context for it.
    ///
    /// - Parameter allowsSave: Whether the container lets its contexts save; `false` makes every save
    ///   that has something to write throw.
    func openContext(allowsSave: Bool = true) throws -> ModelContext {
        let configuration = ModelConfiguration(url: storeURL, allowsSave: allowsSave)
        return ModelContext(try ModelContainer(for: TaskItem.self, Category.self, configurations: configuration))
    }

    /// A task store working through a new context on the bench's store file.
    func openTaskStore(allowsSave: Bool = true) throws -> TaskStore {
        TaskStore(context: try openContext(allowsSave: allowsSave))
    }

    /// Inserts `model` through a context of its own on the bench's store file, and saves: a check's
    /// setup that does not depend on the store under test.
    func save(_ model: some PersistentModel) throws {
        let context = try openContext()
        context.insert(model)
        try context.save()
    }

    /// A context on a fresh store that lives in memory only, for checks that never reopen the store.
    static func inMemoryContext(allowsSave: Bool = true) throws -> ModelContext {
        let configuration = ModelConfiguration(isStoredInMemoryOnly: true, allowsSave: allowsSave)
        return ModelContext(try ModelContainer(for: TaskItem.self, Category.self, configurations: configuration))
    }
}

// MARK: - Reading the store back

/// Every task the context's store holds, with titles sorted alphabetically.
func storedTasks(in context: ModelContext) throws -> [TaskItem] {
    try context.fetch(FetchDescriptor<TaskItem>()).sorted { $0.title < $1.title }
}

/// Every category the context's store holds, with names sorted alphabetically.
func storedCategories(in context: ModelContext) throws -> [Category] {
    try context.fetch(FetchDescriptor<Category>()).sorted { $0.name < $1.name }
}

// MARK: - Describing what was found

/// A category as a learner reads it: nil or its quoted name.
func describe(_ category: Category?) -> String {
    category.map { "the category \"\($0.name)\"" } ?? "nil"
}
