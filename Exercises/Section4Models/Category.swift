// Section 4 — Models with @Model
// A category and the tasks filed under it. See TaskItem.swift for the goal.

import PersistenceCore

/// A named group of tasks: one category, many tasks.
@Model
public final class Category {
    // TODO: Replace both placeholders with stored properties of the same name and type.
    // TODO: Mark `tasks` with `@Relationship`: its inverse is `\TaskItem.category`, and deleting a
    //       category must keep its tasks, with no category (choose the delete rule that does that).

    /// The name shown for the group, such as "Home" or "Work".
    public var name: String { get { "" } set {} }
    /// The tasks filed under this category; the inverse of `TaskItem.category`. Deleting the category
    /// keeps these tasks and sets their category to nil.
    public var tasks: [TaskItem] { get { [] } set {} }

    /// Creates a category with no tasks yet.
    ///
    /// - Parameter name: The name shown for the group.
    public init(name: String) {
        // TODO: Store the name; a new category starts with no tasks.
    }
}
