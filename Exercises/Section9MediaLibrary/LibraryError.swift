// Section 9 — Advanced models
// What the media library refuses to do. You do not need to change this file.

import PersistenceCore

/// An operation of the media library that its rules refuse.
public enum LibraryError: Error, Equatable, CustomStringConvertible {
    /// The creator still has works in the library, so the `.deny` rule keeps them: move or delete the works first.
    case creatorHasWorks(creator: String, works: Int)

    /// What was refused and how to proceed.
    public var description: String {
        switch self {
        case .creatorHasWorks(let creator, let works):
            "The creator \"\(creator)\" cannot be removed: \(works) work(s) in the library still credit them — "
                + "delete those works or credit them to someone else first"
        }
    }
}
