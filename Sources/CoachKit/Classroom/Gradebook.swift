import Foundation

/// A class's results: one row per learner with the points of each section and the total, written as
/// `gradebook.csv` and `gradebook.json`, with each learner's JUnit XML and feedback pages beside them.
///
/// Gradebooks of shards of the same roster merge into the gradebook one unsharded run writes: rows are
/// always sorted by learner, and nothing in them depends on the machine or the time.
public struct Gradebook: Codable, Equatable, Sendable {
    /// The course's title.
    public var course: String
    /// The sections, with what each is worth.
    public var sections: [SectionColumn]
    /// One result per learner, sorted by name.
    public var learners: [LearnerResult]

    /// A column of the gradebook.
    ///
    /// It holds what the class page needs of the course (the lesson, the checkpoint items and their
    /// checks), so that a gradebook is drawn the same wherever it is read, merged or not. Gradebooks
    /// written before the page existed have neither.
    public struct SectionColumn: Codable, Equatable, Sendable {
        /// The section's number.
        public var number: Int
        /// Its title.
        public var title: String
        /// What it is worth.
        public var possiblePoints: Int
        /// The lesson's path in the course (`course/01-strategy/lesson.md`); its copy in the gradebook
        /// folder is at ``lessonCopy``.
        public var lesson: String?
        /// The checkpoint items and the checks that prove each, in course order.
        public var checkpoint: [Course.CheckpointItem]?

        /// The column of `section`.
        public init(_ section: Course.Section) {
            number = section.number
            title = section.title
            possiblePoints = section.possiblePoints
            lesson = section.lesson
            checkpoint = section.checkpoint
        }

        /// Where a gradebook folder keeps its copy of the lesson, relative to the folder
        /// (`lessons/01-strategy/lesson.md`), or `nil` without a lesson path inside `course/`.
        public var lessonCopy: String? {
            let folder = Course.Section.lessonFolder + "/"
            guard let lesson, let path = CoursePath.normalized(lesson), path.hasPrefix(folder) else { return nil }
            return Gradebook.lessonsFolder + "/" + path.dropFirst(folder.count)
        }
    }

    /// The file names a gradebook folder holds.
    public static let csvName = "gradebook.csv"
    public static let jsonName = "gradebook.json"
    /// The class page, beside the CSV.
    public static let pageName = "index.html"
    /// The folder of per-learner files inside a gradebook folder.
    public static let learnersFolder = "learners"
    /// The folder of the lessons' copies the class page links to.
    public static let lessonsFolder = "lessons"

    /// A gradebook of `course` holding `learners`.
    public init(course: Course, learners: [LearnerResult]) {
        self.course = course.title
        self.sections = course.sections.map(SectionColumn.init)
        self.learners = Self.sorted(learners)
    }

    private static func sorted(_ learners: [LearnerResult]) -> [LearnerResult] {
        learners.sorted { ($0.learner, $0.submission) < ($1.learner, $1.submission) }
    }

    /// The course's worth in points.
    public var possiblePoints: Int { sections.reduce(0) { $0 + $1.possiblePoints } }

    /// The gradebook as CSV: a header, then one row per learner with the points of each section, the
    /// total, what the course is worth, the files the learner tampered with, why the submission could not
    /// be graded, and what the instructor should review (forged results, code no exercise needs).
    ///
    /// ```
    /// learner,section 1,section 2,total,possible,tampered files,problem,review
    /// Ada,27,20,47,52,,,
    /// ```
    ///
    /// No cell is a formula: one that begins as a formula would is written as text (see `CSVLine.field`).
    public func csv() -> String {
        let header =
            ["learner"] + sections.map { "section \($0.number)" } + [
                "total", "possible", "tampered files", "problem", "review",
            ]
        var lines = [header.map(CSVLine.field).joined(separator: ",")]
        for learner in learners {
            let points = sections.map { column in
                String(learner.sections.first { $0.number == column.number }?.points ?? 0)
            }
            let row =
                [learner.learner] + points + [
                    String(learner.points), String(possiblePoints),
                    learner.tampering.map(\.description).joined(separator: "; "),
                    learner.problem ?? "",
                    learner.reviewSummary,
                ]
            lines.append(row.map(CSVLine.field).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The gradebook as pretty-printed JSON with sorted keys.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// Writes `gradebook.csv`, `gradebook.json` and the class page, `index.html`, into `folder`.
    ///
    /// - Parameter previous: The gradebook of an earlier run, whose changes the page shows; read it
    ///   before this one replaces it (``previous(in:compare:)``).
    /// - Throws: `GradebookError` when the folder cannot be written.
    public func write(to folder: URL, previous: Gradebook? = nil) throws(GradebookError) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(csv().utf8).write(to: folder.appending(path: Self.csvName), options: .atomic)
            try Data(json().utf8).write(to: folder.appending(path: Self.jsonName), options: .atomic)
            let page = ClassOverviewPage(overview: ClassOverview(gradebook: self, previous: previous))
            try Data(page.html().utf8).write(to: folder.appending(path: Self.pageName), options: .atomic)
        } catch {
            throw GradebookError(
                "Cannot write the gradebook: \(error.localizedDescription) — while writing into \(folder.path). Check that the folder is writable."
            )
        }
    }

    /// Reads the `gradebook.json` in `folder`, or `folder` itself when it names a file.
    ///
    /// - Parameter purpose: What the gradebook is read for, for the error ("merging gradebooks").
    /// - Throws: `GradebookError` when it is missing or not a gradebook.
    public static func read(
        from folder: URL, for purpose: String = "merging gradebooks"
    ) throws(GradebookError) -> Gradebook {
        var isFolder: ObjCBool = true
        let named = FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && !isFolder.boolValue
        let file = named ? folder : folder.appending(path: jsonName)
        guard let data = try? Data(contentsOf: file) else {
            throw GradebookError(
                "Cannot read \(file.path): the file is missing — while \(purpose). "
                    + "Name the --output folder of a `coach grade` run."
            )
        }
        do {
            return try JSONDecoder().decode(Gradebook.self, from: data)
        } catch {
            throw GradebookError(
                "Cannot read \(file.path): it is not a gradebook (\(error.localizedDescription)) — while \(purpose). "
                    + "Name the --output folder of a `coach grade` run."
            )
        }
    }

    /// The gradebook a new one in `output` is compared with: the one `compare` names (a gradebook.json, or
    /// a folder holding one), else the one `output` already holds, if it reads as a gradebook.
    ///
    /// Call it before writing the new gradebook, which replaces the one in `output`.
    ///
    /// - Throws: `GradebookError` when `compare` is given and cannot be read.
    public static func previous(in output: URL, compare: URL? = nil) throws(GradebookError) -> Gradebook? {
        if let compare { return try read(from: compare, for: "reading the gradebook --compare names") }
        return try? read(from: output)
    }

    /// The gradebook of every learner in `parts`, the shards of one roster.
    ///
    /// - Throws: `GradebookError` when the parts grade different courses or share a learner.
    public static func merging(_ parts: [Gradebook]) throws(GradebookError) -> Gradebook {
        guard var merged = parts.first else {
            throw GradebookError("Nothing to merge: name at least one gradebook folder.")
        }
        for part in parts.dropFirst() {
            guard part.course == merged.course, part.sections == merged.sections else {
                throw GradebookError(
                    "Cannot merge gradebooks of different courses or course versions (\"\(merged.course)\" and \"\(part.course)\") — while merging. Grade every shard with the same checkout."
                )
            }
            merged.learners += part.learners
        }
        var seen: Set<String> = []
        for learner in merged.learners where !seen.insert(learner.learner).inserted {
            throw GradebookError(
                "The learner \"\(learner.learner)\" is in more than one gradebook — while merging. Merge each shard once; shards of one roster never share a learner."
            )
        }
        merged.learners = sorted(merged.learners)
        return merged
    }
}

extension Gradebook {
    /// Copies every learner's folder (JUnit XML, feedback pages, logs) and the lessons' copies of the
    /// gradebook folder `source` into the gradebook folder `destination`, replacing older copies.
    ///
    /// - Throws: `GradebookError` when a folder cannot be copied.
    public static func copyLearnerFiles(from source: URL, to destination: URL) throws(GradebookError) {
        let files = FileManager.default
        for folder in [learnersFolder, lessonsFolder] {
            let from = source.appending(path: folder)
            let to = destination.appending(path: folder)
            guard from.standardizedFileURL != to.standardizedFileURL,
                let names = try? files.contentsOfDirectory(atPath: from.path)
            else { continue }
            do {
                try files.createDirectory(at: to, withIntermediateDirectories: true)
                for name in names.sorted() {
                    try? files.removeItem(at: to.appending(path: name))
                    try files.copyItem(at: from.appending(path: name), to: to.appending(path: name))
                }
            } catch {
                throw GradebookError(
                    "Cannot copy the learners' files: \(error.localizedDescription) — while merging \(source.path) "
                        + "into \(destination.path). Check that the folder is writable."
                )
            }
        }
    }

    /// Copies the lesson of every section of `course` from `workbench` into `folder`'s `lessons/`, where
    /// the class page links to it; a lesson that cannot be read is left out (its link then leads nowhere).
    ///
    /// - Throws: `GradebookError` when the folder cannot be written.
    public static func copyLessons(
        of course: Course, from workbench: Workbench, to folder: URL
    ) throws(GradebookError) {
        let files = FileManager.default
        for section in course.sections {
            guard let copy = SectionColumn(section).lessonCopy, let source = try? workbench.lessonFile(of: section),
                let data = try? Data(contentsOf: source)
            else { continue }
            let target = folder.appending(path: copy)
            do {
                try files.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: target, options: .atomic)
            } catch {
                throw GradebookError(
                    "Cannot copy the lesson \(section.lesson): \(error.localizedDescription) — while writing into "
                        + "\(folder.path). Check that the folder is writable."
                )
            }
        }
    }
}

/// Why a gradebook could not be read, merged or written.
public struct GradebookError: Error, Equatable, CustomStringConvertible {
    /// What failed, why, and how to fix it.
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
