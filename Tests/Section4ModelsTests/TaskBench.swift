import Foundation
import PersistenceCore
import Section4Models
import Testing
import PersistenceWorkbench

/// A throwaway device for one check: its own app sandbox with a task store file in Application
/// Support, so checks running in parallel never share a database.
struct TaskBench {
    /// The app's container and the device folder around it.
    let sandbox: AppSandbox

    /// The store file every container of this bench opens.
    var storeURL: URL { sandbox.applicationSupportDirectory.appending(path: "Tasks.store") }

    /// Runs `body` on a fresh device, with its sandbox current, then deletes the device folder.
    static func run(_ body: (TaskBench) throws -> Void) throws {
        let sandbox = AppSandbox.temporary(appIdentifier: "com.example.TaskTracker")
        try sandbox.createContainerDirectories()
        defer { try? FileManager.default.removeItem(at: sandbox.deviceRoot) }
        try AppSandbox.withCurrent(sandbox) {
            try body(TaskBench(sandbox: sandbox))
        }
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

/// A fixed moment, `day` days after a reference date in 2026, for tasks whose creation time a check sets.
func moment(day: Double) -> Date {
    Date(timeIntervalSinceReferenceDate: 788_918_400 + day * 86_400)
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

/// A list of titles or names as a learner reads it: quoted, in brackets.
func describe(_ names: [String]) -> String {
    "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
}

/// A category as a learner reads it: nil or its quoted name.
func describe(_ category: Category?) -> String {
    category.map { "the category \"\($0.name)\"" } ?? "nil"
}

/// A date as a learner reads it: nil, or the date with its exact seconds since 2001.
func describe(_ date: Date?) -> String {
    guard let date else { return "nil" }
    return "\(date) (\(date.timeIntervalSinceReferenceDate) s since 2001)"
}
