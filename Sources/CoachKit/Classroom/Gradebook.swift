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
    public struct SectionColumn: Codable, Equatable, Sendable {
        /// The section's number.
        public var number: Int
        /// Its title.
        public var title: String
        /// What it is worth.
        public var possiblePoints: Int
    }

    /// The file names a gradebook folder holds.
    public static let csvName = "gradebook.csv"
    public static let jsonName = "gradebook.json"
    /// The folder of per-learner files inside a gradebook folder.
    public static let learnersFolder = "learners"

    /// A gradebook of `course` holding `learners`.
    public init(course: Course, learners: [LearnerResult]) {
        self.course = course.title
        self.sections = course.sections.map { SectionColumn(number: $0.number, title: $0.title, possiblePoints: $0.possiblePoints) }
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
        let header = ["learner"] + sections.map { "section \($0.number)" } + ["total", "possible", "tampered files", "problem", "review"]
        var lines = [header.map(CSVLine.field).joined(separator: ",")]
        for learner in learners {
            let points = sections.map { column in String(learner.sections.first { $0.number == column.number }?.points ?? 0) }
            let row = [learner.learner] + points + [
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

    /// Writes `gradebook.csv` and `gradebook.json` into `folder`.
    ///
    /// - Throws: `GradebookError` when the folder cannot be written.
    public func write(to folder: URL) throws(GradebookError) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(csv().utf8).write(to: folder.appending(path: Self.csvName), options: .atomic)
            try Data(json().utf8).write(to: folder.appending(path: Self.jsonName), options: .atomic)
        } catch {
            throw GradebookError("Cannot write the gradebook: \(error.localizedDescription) — while writing into \(folder.path). Check that the folder is writable.")
        }
    }

    /// Reads the `gradebook.json` in `folder`.
    ///
    /// - Throws: `GradebookError` when it is missing or not a gradebook.
    public static func read(from folder: URL) throws(GradebookError) -> Gradebook {
        let file = folder.appending(path: jsonName)
        guard let data = try? Data(contentsOf: file) else {
            throw GradebookError("Cannot read \(file.path): the file is missing — while merging gradebooks. Name the --output folder of a `coach grade` run.")
        }
        do {
            return try JSONDecoder().decode(Gradebook.self, from: data)
        } catch {
            throw GradebookError("Cannot read \(file.path): it is not a gradebook (\(error.localizedDescription)) — while merging gradebooks. Name the --output folder of a `coach grade` run.")
        }
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
                throw GradebookError("Cannot merge gradebooks of different courses or course versions (\"\(merged.course)\" and \"\(part.course)\") — while merging. Grade every shard with the same checkout.")
            }
            merged.learners += part.learners
        }
        var seen: Set<String> = []
        for learner in merged.learners where !seen.insert(learner.learner).inserted {
            throw GradebookError("The learner \"\(learner.learner)\" is in more than one gradebook — while merging. Merge each shard once; shards of one roster never share a learner.")
        }
        merged.learners = sorted(merged.learners)
        return merged
    }
}

extension Gradebook {
    /// Copies every learner's folder (JUnit XML, feedback pages, logs) of the gradebook folder `source` into
    /// the gradebook folder `destination`, replacing a learner's older files.
    ///
    /// - Throws: `GradebookError` when a folder cannot be copied.
    public static func copyLearnerFiles(from source: URL, to destination: URL) throws(GradebookError) {
        let files = FileManager.default
        let from = source.appending(path: learnersFolder)
        let to = destination.appending(path: learnersFolder)
        guard from.standardizedFileURL != to.standardizedFileURL, let names = try? files.contentsOfDirectory(atPath: from.path) else { return }
        do {
            try files.createDirectory(at: to, withIntermediateDirectories: true)
            for name in names.sorted() {
                try? files.removeItem(at: to.appending(path: name))
                try files.copyItem(at: from.appending(path: name), to: to.appending(path: name))
            }
        } catch {
            throw GradebookError("Cannot copy the learners' files: \(error.localizedDescription) — while merging \(source.path) into \(destination.path). Check that the folder is writable.")
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
