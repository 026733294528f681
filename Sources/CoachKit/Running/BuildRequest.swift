/// What a build compiles: a track, optionally only some sections, and optionally one section from another
/// folder; the sections' hidden suites, the learner's own tests, or both.
///
/// The default request (the exercises, every section, the learner's tests beside the hidden suites) is the
/// package `swift run coach` builds with no course variable set, so grading it reuses SwiftPM's plan:
/// every other request costs SwiftPM a new plan, seconds on every switch.
public struct BuildRequest: Sendable, Equatable {
    /// The track whose section sources are compiled.
    public var track: CourseTrack
    /// The section targets to include, or `nil` for every section.
    public var sections: [String]?
    /// Section targets built from other folders (relative to the workbench root), at most one per target.
    public var overrides: [Override]
    /// Whether the build includes the core's and coach's own tests (`coach verify` proving the core).
    public var includesOwnTests: Bool
    /// Which of the hidden suites and the learner's own tests the build holds.
    public var learnerTests: LearnerTests = .besideHiddenSuites
    /// Whether the sections' modules compile with library evolution and write their public interface
    /// (`COURSE_RESILIENT_SECTIONS`): verify's builds of the lessons, the solutions and the variants, where a
    /// schema or a variant that declares the reference's public interface then leaves the hidden suites'
    /// objects as they are. Never a learner's build: library evolution warns on every import of the core, which
    /// no device build shows.
    public var resilientSections = false

    /// A build of `track` for `coach verify`: its sections compile with library evolution, as its schemata and
    /// variants do (``resilientSections``), so that switching from one build to the next never compiles the
    /// hidden suites again for that alone.
    public static func verifying(_ track: CourseTrack, includesOwnTests: Bool = false) -> BuildRequest {
        var request = BuildRequest(track: track, includesOwnTests: includesOwnTests)
        request.resilientSections = true
        return request
    }

    /// Which tests of the sections a build holds.
    public enum LearnerTests: Sendable, Equatable {
        /// The hidden suites and the learner's own tests: what a learner's `swift build` compiles.
        case besideHiddenSuites
        /// The hidden suites alone: when the learner's tests do not compile, or for a class's submissions.
        case leftOut
        /// The learner's tests alone, in place of the hidden suites: to grade those tests.
        case only
    }

    /// Whether the build holds the learner's own tests in place of the hidden suites, to grade those tests.
    public var learnerTestsOnly: Bool {
        get { learnerTests == .only }
        set { learnerTests = newValue ? .only : .besideHiddenSuites }
    }

    /// One section target compiled from a folder other than its track's.
    public struct Override: Sendable, Equatable {
        /// The section's library target.
        public var target: String
        /// The folder, relative to the workbench root.
        public var folder: String
    }

    /// A build of `track`, limited to `sections` when given, without the core's own tests unless asked.
    public init(
        track: CourseTrack, sections: [String]? = nil, overrides: [Override] = [], includesOwnTests: Bool = false
    ) {
        self.track = track
        self.sections = sections
        self.overrides = overrides
        self.includesOwnTests = includesOwnTests
    }

    /// A build of a class's submission (and of the instructor's warm build it starts from): the exercises
    /// with the hidden suites alone; the learner's tests are graded in builds of their own.
    public static func submission(sections: [String]?) -> BuildRequest {
        var request = BuildRequest(track: .exercises, sections: sections)
        request.learnerTests = .leftOut
        return request
    }

    /// The variables that make `Package.swift` build exactly this. An empty value unsets the variable
    /// (``ChildProcess``), so the default request's environment is a shell's with none of them set.
    public var environment: [String: String] {
        let learnerTestsValue =
            switch learnerTests {
            case .besideHiddenSuites: ""
            case .leftOut: "none"
            case .only: "only"
            }
        return [
            "COURSE_TRACK": track == .exercises ? "" : track.rawValue,
            "COURSE_SECTIONS": sections?.joined(separator: ",") ?? "",
            "COURSE_SECTION_OVERRIDE": overrides.map { "\($0.target)=\($0.folder)" }.joined(separator: ";"),
            "COURSE_OWN_TESTS": includesOwnTests ? "1" : "",
            "COURSE_LEARNER_TESTS": learnerTestsValue,
            "COURSE_RESILIENT_SECTIONS": resilientSections ? "1" : "",
        ]
    }
}
