import Foundation

/// The learner's progress, kept in `.coach/progress.json` (ignored by git): the last grade of each
/// section on each track, with the fingerprint of the files it was made from, and the hints seen.
public struct Progress: Codable, Equatable, Sendable {
    /// The last grade of one section.
    public struct SectionRecord: Codable, Equatable, Sendable {
        /// The fingerprint of the files the grade was made from.
        public var fingerprint: String
        /// When it was graded.
        public var gradedAt: Date
        /// Whether the package failed to build.
        public var buildFailed: Bool
        /// Compiler errors in the section's own files.
        public var compilerErrors: [CompilerDiagnostic]
        /// The outcomes of the section's tests.
        public var outcomes: [TestOutcome]
    }

    /// Last grades by track name, then by section target.
    public var grades: [String: [String: SectionRecord]] = [:]
    /// How many hint levels the learner has seen, by section target.
    public var hintsSeen: [String: Int] = [:]

    /// An empty progress record.
    public init() {}

    /// The stored record of `section` on `track`, if any.
    public func record(of section: Course.Section, on track: CourseTrack) -> SectionRecord? {
        grades[track.rawValue]?[section.target]
    }

    /// The first section of `course` whose last grade on `track` is not complete (never graded counts as
    /// not complete), or `nil` when every section is complete.
    public func firstIncompleteSection(of course: Course, on track: CourseTrack) -> Course.Section? {
        course.sections.first { record(of: $0, on: track)?.grade(of: $0).isComplete != true }
    }

    /// The section a command without a section number works on: the first section of `course` not yet
    /// complete on `track`, or the last section once every one is (so `coach hint` and `coach watch` still
    /// have one), or `nil` for a course without sections.
    public func sectionToWorkOn(in course: Course, on track: CourseTrack) -> Course.Section? {
        firstIncompleteSection(of: course, on: track) ?? course.sections.last
    }

    /// Stores `grade`, made from files with `fingerprint`.
    public mutating func store(
        _ grade: SectionGrade, fingerprint: String, on track: CourseTrack, at date: Date = Date()
    ) {
        grades[track.rawValue, default: [:]][grade.section.target] = SectionRecord(
            fingerprint: fingerprint, gradedAt: date, buildFailed: grade.buildFailed,
            compilerErrors: grade.compilerErrors, outcomes: grade.outcomes
        )
    }
}

extension Progress.SectionRecord {
    /// The grade this record holds, against the section's current checkpoint.
    public func grade(of section: Course.Section) -> SectionGrade {
        SectionGrade(section: section, outcomes: outcomes, compilerErrors: compilerErrors, buildFailed: buildFailed)
    }
}

/// Reads and writes the progress file; a missing or unreadable file reads as no progress.
public struct ProgressStore: Sendable {
    /// The progress file.
    public var file: URL

    /// The store of the workbench at `root`.
    public init(workbench: Workbench) {
        self.file = workbench.root.appending(path: ".coach/progress.json")
    }

    /// The stored progress, or empty progress when there is none or it cannot be read.
    public func load() -> Progress {
        guard let data = try? Data(contentsOf: file) else { return Progress() }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return (try? decoder.decode(Progress.self, from: data)) ?? Progress()
    }

    /// Writes `progress` atomically, as indented JSON with sorted keys.
    public func save(_ progress: Progress) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try encoder.encode(progress).write(to: file, options: .atomic)
    }
}
