// Section 4 — Models with @Model
//
// Goal: the two models of a task tracker and the operations that change them.
//
//   - `TaskItem` (this file): a title, free-form notes, an optional due date, a `Priority`, whether
//     it is done, and when it was created. A new task is not done, has medium priority and records
//     the moment it was created. Every one of these is stored, and so is the task's category.
//   - `Category` (Category.swift): a name and the tasks filed under it: one category, many tasks,
//     each side the inverse of the other. Deleting a category keeps its tasks and leaves them with
//     no category (the `.nullify` delete rule).
//   - `TaskStore` (TaskStore.swift): adds, lists, completes, renames and deletes through a
//     `ModelContext`, and saves after every change, so the change is in the file when it returns.
//
// Run `swift test --filter Section4` (or `swift run coach check 4`) to see which checks pass.

import PersistenceCore

/// One thing to do, kept in the store with its category.
@Model
public final class TaskItem {
    /// What to do, in a few words.
    public var title: String
    /// Anything else worth writing down; empty when there is nothing.
    public var notes: String
    /// When the task should be done, if it has a deadline.
    public var dueDate: Date?
    /// How urgent the task is; stored as its raw value.
    public var priority: Priority
    /// Whether the task is done; a new task is not.
    public var isCompleted: Bool = false
    /// When the task was created.
    public var createdAt: Date
    /// The category the task is filed under, if any; the inverse of `Category.tasks`.
    public var category: Category?

    /// Creates a task that is not done yet and records the moment it was created.
    ///
    /// - Parameters:
    ///   - title: What to do.
    ///   - notes: Anything else worth writing down.
    ///   - dueDate: When the task should be done, if ever.
    ///   - priority: How urgent it is; medium unless you say otherwise.
    public init(title: String, notes: String = "", dueDate: Date? = nil, priority: Priority = .medium) {
        self.title = title
        self.notes = notes
        self.dueDate = dueDate
        self.priority = priority
        self.createdAt = .now
    }
}
