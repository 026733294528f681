// Section 6 — Tags and the note list
// Managing tags. See NoteListScreen.swift for the goal.

import PersistenceCore

/// The tag manager: every tag by name with how many notes carry it, an "Add" field and swipe-to-delete.
///
/// ```swift
/// let tags = ModelEnvironment.with(container) { TagListScreen() }
/// let work = try tags.addTag(named: "Work")
/// print(tags.noteCount(of: work!))      // 0
/// ```
public struct TagListScreen {
    @Environment(\.modelContext) private var modelContext

    // TODO: Replace this placeholder with a live query of every tag, sorted by name.
    /// Every tag in the store, by name; brought up to date once each action's changes are processed.
    public var tags: [Tag] { [] }

    /// Creates the screen; it reads the context of the model environment it is created in.
    public init() {}

    /// The "Add" button: inserts a tag named `name` (trimmed) and saves it.
    ///
    /// A blank name adds nothing. A name that a tag already has, ignoring letter case, adds nothing
    /// either: that tag is returned instead.
    ///
    /// - Returns: The new tag, the existing tag with that name, or `nil` for a blank name.
    /// - Throws: The context's error when saving fails.
    @discardableResult
    public func addTag(named name: String) throws -> Tag? {
        // TODO: Trim the name; return nil when it is blank, or the tag that already has it (ignoring
        //       case); otherwise create the tag, insert it, save, and return it.
        nil
    }

    /// Swipe-to-delete: deletes the tags at `offsets` of ``tags`` and saves; their notes stay, without them.
    ///
    /// - Parameter offsets: Rows of ``tags`` as the list showed them.
    /// - Throws: The context's error when saving fails.
    public func deleteTags(at offsets: IndexSet) throws {
        // TODO: Find the tag at each offset, delete it through the context, then save.
    }

    /// How many notes carry `tag`, shown beside its name ("3 notes").
    public func noteCount(of tag: Tag) -> Int {
        // TODO: Count the tag's side of the relationship.
        0
    }
}
