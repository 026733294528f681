/// Which copy of the sections a build compiles, chosen with the `COURSE_TRACK` environment variable.
public enum CourseTrack: String, CaseIterable, Sendable {
    /// The learner's starters in `Exercises/` (the default).
    case exercises
    /// The reference solutions in `Solutions/`.
    case solutions

    /// The top-level folder that holds this track's section sources.
    public var folder: String {
        switch self {
        case .exercises: "Exercises"
        case .solutions: "Solutions"
        }
    }

    /// The track an environment selects: `COURSE_TRACK`, or the exercises when it is unset or empty.
    ///
    /// - Throws: `CoachError.unknownTrack` for any other value, naming the valid ones.
    public static func selected(by environment: [String: String]) throws -> CourseTrack {
        guard let value = environment["COURSE_TRACK"], !value.isEmpty else { return .exercises }
        guard let track = CourseTrack(rawValue: value) else { throw CoachError.unknownTrack(value) }
        return track
    }
}
