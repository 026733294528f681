import Foundation

/// The course as `course/course.json` describes it: sections, exercises, hints and checkpoint items.
///
/// `coach` and the verification command read this one file to know which target, files, lesson and
/// checks belong to each section.
public struct Course: Codable, Sendable, Equatable {
    /// The course's display title.
    public var title: String
    /// The sections, in teaching order.
    public var sections: [Section]

    /// One course section: its library target, lesson, exercise, hints and checkpoint.
    public struct Section: Codable, Sendable, Equatable {
        /// The section's number, as learners type it (`coach check 1`, `swift test --filter Section1`).
        public var number: Int
        /// The section's title.
        public var title: String
        /// The library target built from `Exercises/<target>` or `Solutions/<target>`.
        public var target: String
        /// The lesson's path, relative to the workbench root; it lies in `course/`.
        public var lesson: String
        /// The exercise the learner completes.
        public var exercise: Exercise
        /// Progressive hints, from a nudge to nearly the answer.
        public var hints: [String]
        /// The checkpoint items and the checks that prove each one.
        public var checkpoint: [CheckpointItem]
        /// Plausible wrong solutions kept as fixtures, each of which some check must reject.
        public var mistakes: [KnownMistake]
        /// Correct solutions written differently from the reference, each of which every check must accept.
        public var alternatives: [Alternative]
        /// Mutants of the reference that no check can kill because they behave exactly as the reference
        /// does, each with the reason; `coach mutate` fails on any other survivor.
        public var equivalentMutants: [EquivalentMutant]
        /// Points for the checks worth more (or less) than one, by check name; `coach grade` counts every
        /// other check as one point. Optional in course.json (`"points": {"check name": 3}`).
        public var points: [String: Int]
        /// Tests the learner writes for the section's library, graded against the reference and known
        /// mistakes; `nil` for a section without them.
        public var learnerTests: LearnerTests?
        /// The promises of the section's contract, each with the checks that guard it, so that a promise
        /// no check guards is seen. Optional in course.json (`"promises": [{"promise": …, "checks": […]}]`).
        public var promises: [Promise]

        private enum CodingKeys: String, CodingKey {
            case number, title, target, lesson, exercise, hints, checkpoint, mistakes, alternatives, equivalentMutants,
                points, learnerTests
            case promises
        }

        /// Reads a section; a course without alternative solutions or equivalent mutants may leave those keys out.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            number = try container.decode(Int.self, forKey: .number)
            title = try container.decode(String.self, forKey: .title)
            target = try container.decode(String.self, forKey: .target)
            lesson = try container.decode(String.self, forKey: .lesson)
            exercise = try container.decode(Exercise.self, forKey: .exercise)
            hints = try container.decode([String].self, forKey: .hints)
            checkpoint = try container.decode([CheckpointItem].self, forKey: .checkpoint)
            mistakes = try container.decode([KnownMistake].self, forKey: .mistakes)
            alternatives = try container.decodeIfPresent([Alternative].self, forKey: .alternatives) ?? []
            equivalentMutants = try container.decodeIfPresent([EquivalentMutant].self, forKey: .equivalentMutants) ?? []
            points = try container.decodeIfPresent([String: Int].self, forKey: .points) ?? [:]
            learnerTests = try container.decodeIfPresent(LearnerTests.self, forKey: .learnerTests)
            promises = try container.decodeIfPresent([Promise].self, forKey: .promises) ?? []
        }

        /// Writes a section, leaving out the optional keys that hold nothing.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(number, forKey: .number)
            try container.encode(title, forKey: .title)
            try container.encode(target, forKey: .target)
            try container.encode(lesson, forKey: .lesson)
            try container.encode(exercise, forKey: .exercise)
            try container.encode(hints, forKey: .hints)
            try container.encode(checkpoint, forKey: .checkpoint)
            try container.encode(mistakes, forKey: .mistakes)
            if !alternatives.isEmpty { try container.encode(alternatives, forKey: .alternatives) }
            if !equivalentMutants.isEmpty { try container.encode(equivalentMutants, forKey: .equivalentMutants) }
            if !points.isEmpty { try container.encode(points, forKey: .points) }
            try container.encodeIfPresent(learnerTests, forKey: .learnerTests)
            if !promises.isEmpty { try container.encode(promises, forKey: .promises) }
        }

        /// The hidden test target that grades the section.
        public var testTarget: String { target + "Tests" }
        /// What `swift test --filter` selects this section's hidden suite alone with: its test target's name.
        /// `Section1` alone would also select sections 10 to 19, as the filter is a regular expression
        /// matched anywhere in a test's name.
        public var testFilter: String { testTarget }
        /// Every file the learner writes, with the target whose folder it lies in: the exercise's files,
        /// then the files of the learner's own tests.
        public var learnerFiles: [(target: String, file: String)] {
            exercise.files.map { (target, $0) }
                + (learnerTests.map { tests in tests.files.map { (tests.target, $0) } } ?? [])
        }
        /// Every check the checkpoint names, in checkpoint order.
        public var checkNames: [String] { checkpoint.flatMap(\.checks) }
        /// What the check named `check` is worth when it passes: its entry in ``points``, or 1.
        public func points(of check: String) -> Int { points[check] ?? 1 }
        /// What the whole section is worth: the points of every check.
        public var possiblePoints: Int { checkNames.reduce(0) { $0 + points(of: $1) } }
    }

    /// Tests the learner writes for their own solution, in `Exercises/<target>` (the reference's in
    /// `Solutions/<target>`). They are graded, not the solution: they must pass on the reference solution
    /// (``passCheck``) and fail on each known mistake of ``mustCatch``, each reported as a check of its own.
    public struct LearnerTests: Codable, Sendable, Equatable {
        /// The test target the learner's tests build into.
        public var target: String
        /// The files the learner writes, relative to the target's folder; `coach grade` takes them from a
        /// submission as it takes exercise files.
        public var files: [String]
        /// The check that the learner's tests run and pass on the reference solution.
        public var passCheck: String
        /// The known mistakes the learner's tests must catch.
        public var mustCatch: [Catch]
        /// Plausible wrong test suites, kept as fixtures in `course/mistakes/<target>/<id>/` against the
        /// reference's tests; each must fail the checks it names. Optional in course.json.
        public var mistakes: [KnownMistake]

        private enum CodingKeys: String, CodingKey {
            case target, files, passCheck, mustCatch, mistakes
        }

        /// Reads the learner tests' entry; `mistakes` may be left out.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            target = try container.decode(String.self, forKey: .target)
            files = try container.decode([String].self, forKey: .files)
            passCheck = try container.decode(String.self, forKey: .passCheck)
            mustCatch = try container.decode([Catch].self, forKey: .mustCatch)
            mistakes = try container.decodeIfPresent([KnownMistake].self, forKey: .mistakes) ?? []
        }

        /// Writes the entry, leaving out `mistakes` when there are none.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(target, forKey: .target)
            try container.encode(files, forKey: .files)
            try container.encode(passCheck, forKey: .passCheck)
            try container.encode(mustCatch, forKey: .mustCatch)
            if !mistakes.isEmpty { try container.encode(mistakes, forKey: .mistakes) }
        }

        /// The section the learner's tests are staged as: `section` with the tests' target in place of
        /// its library's, so a known wrong test suite is laid out from `Solutions/<target>/`.
        func stagedAs(_ section: Section) -> Section {
            var tests = section
            tests.target = target
            return tests
        }

        /// One known mistake the learner's tests must fail on, and the check that reports it.
        public struct Catch: Codable, Sendable, Equatable {
            /// The known mistake's id in the section's ``Section/mistakes``.
            public var mistake: String
            /// The check's display name.
            public var check: String
        }

        /// Every check the learner's tests are graded by: ``passCheck``, then one per caught mistake.
        public var checkNames: [String] { [passCheck] + mustCatch.map(\.check) }
    }

    /// The part of a section the learner edits.
    public struct Exercise: Codable, Sendable, Equatable {
        /// The exercise's number in the guide, such as "2.1".
        public var id: String
        /// The exercise's title.
        public var title: String
        /// Files the learner edits, relative to the section's folder (and inside it).
        public var files: [String]
        /// Files that must be identical in the starter and the solution (the exercise's contract).
        public var givenFiles: [String]
    }

    /// A plausible wrong solution: its files live in `course/mistakes/<target>/<id>/` and replace the
    /// reference solution's files of the same name.
    public struct KnownMistake: Codable, Sendable, Equatable {
        /// A short identifier, also the fixture's folder name.
        public var id: String
        /// What the wrong solution does, in a sentence.
        public var summary: String
        /// The checks that must fail on it, their messages pointing at the mistake.
        public var caughtBy: [String]
        /// Part of the compiler error the mistake must stop the build with, for a mistake the compiler
        /// refuses (a model sent across actors, say); its `caughtBy` may then be empty. Optional in
        /// course.json.
        public var compileError: String?
    }

    /// A correct solution that differs from the reference in a way the contract allows: its files live in
    /// `course/alternatives/<target>/<id>/`, as diffs against the reference or whole files.
    public struct Alternative: Codable, Sendable, Equatable {
        /// A short identifier, also the fixture's folder name.
        public var id: String
        /// How it differs from the reference, in a sentence.
        public var summary: String
    }

    /// A surviving mutant that behaves as the reference, named as `coach mutate` reports it.
    public struct EquivalentMutant: Codable, Sendable, Equatable {
        /// The exercise file.
        public var file: String
        /// The function, initializer or accessor, as the report names it: `notes(matching:)`.
        public var scope: String
        /// The change as the report shows it: "`<` → `<=`".
        public var change: String
        /// Why no check can tell it from the reference.
        public var reason: String
    }

    /// One promise of a section's contract (a doc comment of a given file, a sentence of the lesson's
    /// checkpoint) and the checks a submission breaking it fails.
    public struct Promise: Codable, Sendable, Equatable {
        /// The promise, in a sentence.
        public var promise: String
        /// The display names of the checks that guard it; each must be listed under a checkpoint item.
        public var checks: [String]
    }

    /// One item of a section's checkpoint and the names of the checks that prove it.
    public struct CheckpointItem: Codable, Sendable, Equatable {
        /// The item, as the lesson's checkpoint list words it.
        public var item: String
        /// The display names of the `@Test` functions that prove the item.
        public var checks: [String]
    }

    /// The section numbered `number`, if the course has one.
    public func section(numbered number: Int) -> Section? {
        sections.first { $0.number == number }
    }
}

extension Course {
    /// The metadata file's path, relative to the workbench root.
    public static let metadataPath = "course/course.json"

    /// Reads and decodes the course metadata of the workbench at `root`, and checks it against the
    /// course's rules (``problems``) unless told not to.
    ///
    /// - Parameter validating: Whether metadata that breaks the rules is refused; `coach verify` reads it
    ///   without, so its audit can list every problem.
    /// - Throws: `CoachError.unreadableCourse` when the file is missing or not valid course JSON, and
    ///   `CoachError.invalidCourse` when it breaks the rules.
    public static func load(fromWorkbenchAt root: URL, validating: Bool = true) throws -> Course {
        let file = root.appending(path: metadataPath)
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw CoachError.unreadableCourse(
                path: metadataPath, reason: "the file cannot be read (\(error.localizedDescription))")
        }
        let course: Course
        do {
            course = try JSONDecoder().decode(Course.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw CoachError.unreadableCourse(
                path: metadataPath, reason: "missing key '\(key.stringValue)' at \(context.codingPath.pathDescription)")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw CoachError.unreadableCourse(
                path: metadataPath, reason: "\(context.debugDescription) at \(context.codingPath.pathDescription)")
        } catch {
            throw CoachError.unreadableCourse(
                path: metadataPath, reason: "not valid JSON (\(error.localizedDescription))")
        }
        let problems = course.problems
        if validating && !problems.isEmpty {
            throw CoachError.invalidCourse(path: metadataPath, problems: problems.map(\.description))
        }
        return course
    }
}

extension [any CodingKey] {
    fileprivate var pathDescription: String {
        isEmpty ? "the top level" : map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
}
