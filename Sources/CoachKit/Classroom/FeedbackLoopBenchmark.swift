import Foundation

/// Measures a learner's loop — save a one-line edit, grade the section — for each section, the way
/// `coach check N` grades it, and compares the median with the budget.
///
/// The edit is a line of code appended to the section's first exercise file — an unused private constant,
/// so the grade is the same while the compiler, the linker and the checks all run again (a comment alone
/// can leave the object file as it was, and then nothing is relinked); the file's bytes are put back after
/// each run. A line left behind by a run that
/// was killed is recognised by its marker and removed before the next one starts.
public struct FeedbackLoopBenchmark: Sendable {
    /// The checkout whose sections are timed.
    public var workbench: Workbench
    /// The track graded (the learner's, normally the exercises).
    public var track: CourseTrack
    /// Edits timed per section; the median is reported.
    public var repetitions: Int
    /// The longest an edit→grade loop should take.
    public var budget: Duration

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

    /// The section's file that each run edits: its first exercise file.
    public func editedFile(of section: Course.Section) -> URL? {
        section.exercise.files.first.map { workbench.sourceFolder(of: section, on: track).appending(path: $0) }
    }

    /// Removes edit lines a killed run left in `sections`' edited files.
    public func removeLeftoverEdits(in sections: [Course.Section]) throws {
        for file in sections.compactMap(editedFile(of:)) {
            guard let text = try? String(contentsOf: file, encoding: .utf8), text.contains(Self.marker) else { continue }
            let kept = text.components(separatedBy: "\n").filter { !$0.contains(Self.marker) }
            try Data(kept.joined(separator: "\n").utf8).write(to: file, options: .atomic)
        }
    }

    /// Times `repetitions` edit→grade loops of `section`, with `tester`'s build already warm.
    ///
    /// - Throws: `CoachError` when `swift` cannot be started or the file cannot be written back.
    public func measure(_ section: Course.Section, tester: SwiftPackageTester, timeLimitPerCheck: Duration) throws -> Result {
        guard let file = editedFile(of: section) else { return Result(section: section, runs: [], phases: []) }
        let original = try Data(contentsOf: file)
        defer { try? original.write(to: file, options: .atomic) }
        var runs: [(Duration, [GradingTimeline.Phase])] = []
        for run in 1...repetitions {
            var edited = original
            edited.append(Data("\nprivate let loopBenchmarkEdit = \(UInt32.random(in: 1...UInt32.max))  \(Self.marker) \(run)\n".utf8))
            try edited.write(to: file, options: .atomic)
            let timeline = GradingTimeline()
            var timed = tester
            timed.timeline = timeline
            let start = ContinuousClock.now
            _ = try CourseGrader(workbench: workbench, tester: timed, timeLimitPerCheck: timeLimitPerCheck).grade([section], on: track)
            runs.append((ContinuousClock.now - start, timeline.totals))
        }
        let median = runs.sorted { $0.0 < $1.0 }[runs.count / 2]
        return Result(section: section, runs: runs.map(\.0), phases: median.1)
    }

    /// One line per section: the median beside the budget, then the median run's phases.
    public func lines(for results: [Result]) -> [String] {
        results.flatMap { result -> [String] in
            guard !result.runs.isEmpty else { return [String(format: "Section %2d  no exercise file to edit", result.section.number)] }
            let median = result.median.seconds
            let verdict = median <= budget.seconds ? "within" : "OVER"
            let runs = result.runs.map { String(format: "%.1f", $0.seconds) }.joined(separator: ", ")
            let phases = result.phases.map { "\($0.name) " + String(format: "%.2f", $0.seconds) }.joined(separator: " · ")
            return [
                "Section " + String(format: "%2d  %5.2f s  ", result.section.number, median)
                    + "\(verdict) the \(Int(budget.seconds)) s budget  (runs: \(runs) s)",
                "            " + phases,
            ]
        }
    }
}
