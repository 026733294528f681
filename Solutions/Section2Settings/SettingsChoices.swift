// Section 2 — Preferences and @AppStorage
// The choices the NoteTaker settings screen offers. You do not need to change this file.

/// How the note list is ordered.
///
/// It has `String` raw values, so `@AppStorage` can keep it: the stored value is `"date"` or `"title"`.
public enum SortOrder: String, CaseIterable, Sendable {
    /// Newest notes first.
    case date
    /// Alphabetical by title.
    case title

    /// The text a picker shows for this choice.
    public var label: String {
        switch self {
        case .date: "Date"
        case .title: "Title"
        }
    }
}

/// The rules of the "notes per page" stepper.
public enum NotesPerPage {
    /// The value shown until the user changes it.
    public static let defaultValue = 20
    /// The smallest and largest values the stepper allows.
    public static let range = 10...50
    /// How much one tap on + or − changes the value.
    public static let step = 5
}
