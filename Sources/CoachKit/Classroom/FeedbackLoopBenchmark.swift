import Foundation

/// Measures a learner's loop — save a one-line edit, grade the section — for each section, the way
/// `coach check N` grades it, and compares the median with the budget.
///
/// The edit is a line of code that leaves the grade as it was while the compiler, the linker and the
/// checks all run again (a comment alone can leave the object file as it was, and then nothing is
/// relinked): by default a statement inside a function's body, as most of a learner's edits are; or a new
/// declaration — a private constant, or an internal helper function — which changes the library's
/// interface file, so the hidden suite compiles again unless it cannot see the change (``ImporterReach``).
/// The file's bytes are put back after each run; a line left behind by a run that was killed is
/// recognised by its marker and removed before the next one starts.
public struct FeedbackLoopBenchmark: Sendable {
    /// The checkout whose sections are timed.
    public var workbench: Workbench
    /// The track graded (the learner's, normally the exercises).
    public var track: CourseTrack
    /// Edits timed per section; the median is reported.
    public var repetitions: Int
    /// The longest an edit→grade loop should take.
    public var budget: Duration
    /// What each run changes.
    public var edit: Edit = .body

    /// A one-line change to an exercise file that leaves its behaviour alone.
    public enum Edit: String, Sendable, CaseIterable {
        /// `_ = "edit <number>".utf8.count` as the first statement of the first function or initializer whose body opens on
        /// its declaration's line (an empty `{}` is opened) and that has no result or returns with a
        /// `return` statement: the library's interface stays the same.
        case body
        /// An unused private constant, named anew each run, appended to the file: a new declaration in the
        /// library's interface, which the hidden suite compiles against.
        case declaration
        /// An unused internal function, named anew each run, appended to the file: a learner's new helper,
        /// which the hidden suite can see (it imports the library `@testable`).
        case helper
    }

    /// The text that marks the benchmark's edit.
    static let marker = "// coach loop-benchmark edit"

    /// A benchmark of `workbench` on `track`, `repetitions` edits per section, against `budget`.
    public init(workbench: Workbench, track: CourseTrack, repetitions: Int = 3, budget: Duration = .seconds(3)) {
        self.workbench = workbench
        self.track = track
        self.repetitions = repetitions
        self.budget = budget
    }

    /// One section's measurements.
    public struct Result: Sendable {
        /// The section timed.
        public var section: Course.Section
        /// Each run's wall-clock time, in the order they ran.
        public var runs: [Duration]
        /// The phases of the median run.
        public var phases: [GradingTimeline.Phase]

        /// The median run's time.
        public var median: Duration { runs.sorted()[runs.count / 2] }
    }

    /// The section's file that each run edits: for a body edit, the first exercise file with a function
    /// the edit fits in; for a declaration (or when none has such a function), the first exercise file.
    public func editedFile(of section: Course.Section) -> URL? {
        let files = section.exercise.files.map { workbench.sourceFolder(of: section, on: track).appending(path: $0) }
        if edit == .body,
            let fitting = files.first(where: { file in
                (try? String(contentsOf: file, encoding: .utf8)).map { Self.editing($0, run: 1, edit: .body) != nil }
                    ?? false
            })
        {
            return fitting
        }
        return files.first
    }

    /// `text` with the benchmark's edit of run `run`, or `nil` when a body edit finds no function to go in.
    static func editing(_ text: String, run: Int, edit: Edit) -> String? {
        let line = "\(Self.marker) \(run)"
        switch edit {
        case .declaration:
            // A new name every run: a constant the previous run declared too would leave the interface the same.
            let number = UInt32.random(in: 1...UInt32.max)
            return text + "\nprivate let loopBenchmarkEdit\(number) = \(number)  \(line)\n"
        case .helper:
            let number = UInt32.random(in: 1...UInt32.max)
            return text + "\nfunc loopBenchmarkHelper\(number)() -> UInt32 { \(number) }  \(line)\n"
        case .body:
            var lines = text.components(separatedBy: "\n")
            let opening = lines.indices.first { index in
                let code = lines[index].trimmingCharacters(in: .whitespaces)
                let declares =
                    code.range(
                        of:
                            #"^(@\w+ )*((public|internal|private|fileprivate|package|static|final|override|mutating|nonisolated|required|convenience|@MainActor) )*(func \w+|init\??)[(<]"#,
                        options: .regularExpression) != nil
                guard declares, code.hasSuffix("{") || code.hasSuffix("{}"), !code.contains("//") else { return false }
                // A function with a result takes the statement only when its body returns with a statement
                // of its own: a body of one expression returns it implicitly, and a statement before it
                // would leave it returning nothing.
                return !code.contains("->") || Self.returnsExplicitly(lines, bodyOpenedAt: index)
            }
            guard let opening else { return nil }
            let outer = String(lines[opening].prefix { $0 == " " })
            // A string's bytes land in the object file: a discarded number would leave it the same from one
            // run to the next, and then nothing is relinked.
            let statement = "\(outer)    _ = \"edit \(UInt32.random(in: 1...UInt32.max))\".utf8.count  \(line)"
            if lines[opening].hasSuffix("{}") {
                // An empty body on one line (`init() {}`) is opened over three.
                lines[opening].removeLast()
                lines.insert(contentsOf: [statement, outer + "}"], at: opening + 1)
            } else {
                lines.insert(statement, at: opening + 1)
            }
            return lines.joined(separator: "\n")
        }
    }

    /// Whether the body opened on line `opening` has a `return` statement of its own, one level in.
    private static func returnsExplicitly(_ lines: [String], bodyOpenedAt opening: Int) -> Bool {
        let outer = String(lines[opening].prefix { $0 == " " })
        for line in lines[(opening + 1)...] {
            if line == outer + "}" { return false }
            if line.hasPrefix(outer + "    return") && !line.hasPrefix(outer + "     ") { return true }
        }
        return false
    }

    /// Removes edit lines a killed run left in `sections`' exercise files.
    public func removeLeftoverEdits(in sections: [Course.Section]) throws {
        let files = sections.flatMap { section in
            section.exercise.files.map { workbench.sourceFolder(of: section, on: track).appending(path: $0) }
        }
        for file in files {
            guard let text = try? String(contentsOf: file, encoding: .utf8), text.contains(Self.marker) else {
                continue
            }
            let kept = text.components(separatedBy: "\n").filter { !$0.contains(Self.marker) }
            try Data(kept.joined(separator: "\n").utf8).write(to: file, options: .atomic)
        }
    }

    /// Times `repetitions` edit→grade loops of `section`, with `tester`'s build already warm.
    ///
    /// - Throws: `CoachError` when `swift` cannot be started or the file cannot be written back.
    public func measure(_ section: Course.Section, tester: SwiftPackageTester, timeLimitPerCheck: Duration) throws
        -> Result
    {
        guard let file = editedFile(of: section) else { return Result(section: section, runs: [], phases: []) }
        let original = try Data(contentsOf: file)
        defer { try? original.write(to: file, options: .atomic) }
        var runs: [(Duration, [GradingTimeline.Phase])] = []
        for run in 1...repetitions {
            let text = String(decoding: original, as: UTF8.self)
            let edited =
                Self.editing(text, run: run, edit: edit) ?? Self.editing(text, run: run, edit: .declaration) ?? text
            try Data(edited.utf8).write(to: file, options: .atomic)
            let timeline = GradingTimeline()
            var timed = tester
            timed.timeline = timeline
            let start = ContinuousClock.now
            _ = try CourseGrader(workbench: workbench, tester: timed, timeLimitPerCheck: timeLimitPerCheck).grade(
                [section], on: track)
            runs.append((ContinuousClock.now - start, timeline.totals))
        }
        let median = runs.sorted { $0.0 < $1.0 }[runs.count / 2]
        return Result(section: section, runs: runs.map(\.0), phases: median.1)
    }

    /// One line per section: the median beside the budget, then the median run's phases.
    public func lines(for results: [Result]) -> [String] {
        results.flatMap { result -> [String] in
            guard !result.runs.isEmpty else {
                return [String(format: "Section %2d  no exercise file to edit", result.section.number)]
            }
            let median = result.median.seconds
            let verdict = median <= budget.seconds ? "within" : "OVER"
            let runs = result.runs.map { String(format: "%.1f", $0.seconds) }.joined(separator: ", ")
            let phases = result.phases.map { "\($0.name) " + String(format: "%.2f", $0.seconds) }.joined(
                separator: " · ")
            return [
                "Section " + String(format: "%2d  %5.2f s  ", result.section.number, median)
                    + "\(verdict) the \(Int(budget.seconds)) s budget  (runs: \(runs) s)",
                "            " + phases,
            ]
        }
    }
}
