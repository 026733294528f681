// Section 5 — Querying
// The overview screen: two lists on one screen, each its own `@Query`. Note.swift is given.

import PersistenceCore

/// The app's first screen: the pinned notes at the top, and under them the three newest notes, pinned
/// or not. Each list is its own `@Query`, current on its own, and asks for its changes to be animated.
///
/// ```swift
/// let screen = ModelEnvironment.with(container) { NoteOverviewScreen() }
/// print(screen.pinned.map(\.title), screen.newest.map(\.title))
/// ```
public struct NoteOverviewScreen {
    // TODO: Replace each placeholder with an `@Query` property of the same name and type, each with
    //       its own filter, sort and limit, and an `animation:` argument.

    /// The pinned notes, newest first, equal times by title; changes animated smoothly.
    public var pinned: [Note] { [] }

    /// The three newest notes, pinned or not, newest first, equal times by title; changes animated.
    public var newest: [Note] { [] }

    /// Creates the screen; its queries use the context of the scope it is created in.
    public init() {}
}
