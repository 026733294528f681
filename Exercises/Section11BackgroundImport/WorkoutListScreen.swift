// Section 11 — Background work and history
// The app's main list. You do not need to change this file.

import PersistenceCore

/// The main screen's list: every workout, newest first, kept current by a live query on the main
/// context, so each batch an import saves shows up as soon as the save is done.
@MainActor
public struct WorkoutListScreen {
    /// The workouts, newest first.
    @Query(sort: \Workout.startedAt, order: .reverse) public var workouts: [Workout]

    /// Creates the screen in the current model environment (`ModelEnvironment.with(_:_:)`).
    public init() {}
}
