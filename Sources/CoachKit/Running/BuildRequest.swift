/// What a build compiles: a track, optionally only some sections, and optionally one section from another
/// folder; the sections' hidden suites, or the learner's own tests in their place.
public struct BuildRequest: Sendable, Equatable {
    /// The track whose section sources are compiled.
    public var track: CourseTrack
    /// The section targets to include, or `nil` for every section.
    public var sections: [String]?
    /// Section targets built from other folders (relative to the workbench root), at most one per target.
    public var overrides: [Override]
    /// Whether the build includes the core's and coach's own tests; grading needs only the sections'.
    public var includesOwnTests: Bool
    /// Whether the build holds the learner's own tests in place of the hidden suites, to grade those tests.
    public var learnerTestsOnly = false

    /// One section target compiled from a folder other than its track's.
    public struct Override: Sendable, Equatable {
        /// The section's library target.
        public var target: String
        /// The folder, relative to the workbench root.
        public var folder: String
    }

    /// A build of `track`, limited to `sections` when given, without the core's own tests unless asked.
    public init(track: CourseTrack, sections: [String]? = nil, overrides: [Override] = [], includesOwnTests: Bool = false) {
        self.track = track
        self.sections = sections
        self.overrides = overrides
        self.includesOwnTests = includesOwnTests
    }

    /// The variables that make `Package.swift` build exactly this; empty values clear inherited ones.
    public var environment: [String: String] {
        [
            "COURSE_TRACK": track.rawValue,
            "COURSE_SECTIONS": sections?.joined(separator: ",") ?? "",
            "COURSE_SECTION_OVERRIDE": overrides.map { "\($0.target)=\($0.folder)" }.joined(separator: ";"),
            "COURSE_GRADING_ONLY": includesOwnTests ? "" : "1",
            "COURSE_LEARNER_TESTS": learnerTestsOnly ? "only" : "",
        ]
    }
}
