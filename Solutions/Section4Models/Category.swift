// Section 4 — Models with @Model
// A category and the tasks filed under it. See TaskItem.swift for the goal.

import PersistenceCore

/// A named group of tasks: one category, many tasks.
@Model
public final class Category {
    /// The name shown for the group, such as "Home" or "Work".
    public var name: String
    /// The tasks filed under this category; the inverse of `TaskItem.category`. Deleting the category
    /// keeps these tasks and sets their category to nil.
    @Relationship(deleteRule: .nullify, inverse: \TaskItem.category)
    public var tasks: [TaskItem] = []

    /// Creates a category with no tasks yet.
    ///
    /// - Parameter name: The name shown for the group.
    public init(name: String) {
        self.name = name
    }
}
