// Section 4 — Models with @Model
// The task tracker's operations over a model context. See TaskItem.swift for the goal.

import PersistenceCore

/// Creates, reads, updates and deletes tasks and categories through one model context; every change
/// is saved before the method returns.
///
/// ```swift
/// let store = TaskStore(context: ModelContext(container))
/// let home = try store.addCategory(named: "Home")
/// let dishes = try store.addTask(title: "Do the dishes", in: home)
/// try store.complete(dishes)
/// ```
public struct TaskStore {
    /// The context every operation reads and writes through.
    public let context: ModelContext

    /// Creates a store that works through `context`.
    public init(context: ModelContext) {
        self.context = context
    }

    /// Adds a new task, optionally filed under a category, and saves it.
    ///
    /// - Returns: The new task.
    /// - Throws: The context's error when saving fails.
    @discardableResult
    public func addTask(
        title: String,
        notes: String = "",
        dueDate: Date? = nil,
        priority: Priority = .medium,
        in category: Category? = nil
    ) throws -> TaskItem {
        let task = TaskItem(title: title, notes: notes, dueDate: dueDate, priority: priority)
        context.insert(task)
        task.category = category
        return task
    }

    /// Every task in the store, oldest first.
    ///
    /// - Throws: The context's error when fetching fails.
    public func allTasks() throws -> [TaskItem] {
        let oldestFirst = FetchDescriptor<TaskItem>(sortBy: [SortDescriptor(\.createdAt)])
        return try context.fetch(oldestFirst)
    }

    /// The tasks filed under `category`, oldest first.
    public func tasks(in category: Category) -> [TaskItem] {
        category.tasks.sorted { $0.createdAt < $1.createdAt }
    }

    /// Marks a task as done and saves it.
    ///
    /// - Throws: The context's error when saving fails.
    public func complete(_ task: TaskItem) throws {
        task.isCompleted = true
    }

    /// Gives a task a new title and saves it.
    ///
    /// - Throws: The context's error when saving fails.
    public func rename(_ task: TaskItem, to title: String) throws {
        task.title = title
    }

    /// Removes a task from the store (and from its category) and saves.
    ///
    /// - Throws: The context's error when saving fails.
    public func deleteTask(_ task: TaskItem) throws {
        context.delete(task)
    }

    /// Adds a new, empty category and saves it.
    ///
    /// - Returns: The new category.
    /// - Throws: The context's error when saving fails.
    @discardableResult
    public func addCategory(named name: String) throws -> Category {
        let category = Category(name: name)
        context.insert(category)
        return category
    }

    /// Removes a category and saves; its tasks stay in the store with no category.
    ///
    /// - Throws: The context's error when saving fails.
    public func deleteCategory(_ category: Category) throws {
        context.delete(category)
    }
}
