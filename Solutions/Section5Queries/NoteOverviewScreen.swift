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
    /// The pinned notes, newest first, equal times by title; changes animated smoothly.
    @Query(
        filter: #Predicate<Note> { $0.isPinned },
        sort: [SortDescriptor(\Note.createdAt, order: .reverse), SortDescriptor(\Note.title)],
        animation: .smooth
    )
    public var pinned: [Note]

    /// The three newest notes, pinned or not, newest first, equal times by title; changes animated.
    @Query(NoteOverviewScreen.newestThree, animation: .default) public var newest: [Note]

    /// The descriptor of ``newest``: a sort and a fetch limit, no filter.
    static var newestThree: FetchDescriptor<Note> {
        var descriptor = FetchDescriptor<Note>(
            sortBy: [SortDescriptor(\.createdAt, order: .reverse), SortDescriptor(\.title)])
        descriptor.fetchLimit = 3
        return descriptor
    }

    /// Creates the screen; its queries use the context of the scope it is created in.
    public init() {}
}
