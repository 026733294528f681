import Foundation

extension ClassOverview {
    /// One check across the class: who fails it of those who started its section, and the message they
    /// most often fail with.
    public struct CheckFailures: Sendable {
        /// The section's number.
        public var section: Int
        /// The section's title.
        public var sectionTitle: String
        /// The lesson's copy in the gradebook folder, when the gradebook names it.
        public var lesson: String?
        /// The checkpoint item the check proves ("" when the gradebook does not say).
        public var item: String
        /// The check's name.
        public var name: String
        /// Its place in the course: checks of one section are numbered in checkpoint order.
        public var position: Int
        /// The learners who fail it, of those who started the section, in the gradebook's order.
        public var failingLearners: [String]
        /// The learners who started the section (complete, in progress or not compiling).
        public var attempted: Int
        /// The message most of them fail with, and how many fail with it; ties go to the first in
        /// alphabetical order.
        public var commonFailure: (message: String, count: Int)?

        /// How many learners who started the section fail it.
        public var failed: Int { failingLearners.count }
        /// What identifies the check across gradebooks.
        var key: CheckKey { CheckKey(section: section, name: name) }

        /// Every check of `gradebook`'s sections, in course order, with its failures.
        ///
        /// A gradebook that does not list its checkpoints (one written before the class page existed)
        /// has each section's checks as its learners' outcomes name them, in alphabetical order.
        static func all(in gradebook: Gradebook) -> [CheckFailures] {
            gradebook.sections.flatMap { column -> [CheckFailures] in
                let items =
                    column.checkpoint ?? [
                        Course.CheckpointItem(
                            item: "",
                            checks: Array(
                                Set(
                                    gradebook.learners.flatMap { learner in
                                        learner.sections.filter { $0.number == column.number }
                                            .flatMap { $0.outcomes.map(\.displayName) }
                                    }
                                )
                            ).sorted())
                    ]
                let started = gradebook.learners.compactMap { learner -> (String, LearnerResult.SectionResult)? in
                    guard let section = learner.sections.first(where: { $0.number == column.number }) else {
                        return nil
                    }
                    let state = ClassOverview.state(of: section, column: column, learner: learner)
                    return [.complete, .inProgress, .doesNotCompile].contains(state) ? (learner.learner, section) : nil
                }
                let checks = items.flatMap { item in item.checks.map { (item.item, $0) } }
                return checks.enumerated().map { position, entry in
                    var failing: [String] = []
                    var messages: [String: Int] = [:]
                    for (learner, section) in started {
                        guard let message = failure(of: entry.1, in: section) else { continue }
                        failing.append(learner)
                        messages[message, default: 0] += 1
                    }
                    let common = messages.min { ($1.value, $0.key) < ($0.value, $1.key) }
                    return CheckFailures(
                        section: column.number, sectionTitle: column.title, lesson: column.lessonCopy, item: entry.0,
                        name: entry.1, position: position, failingLearners: failing, attempted: started.count,
                        commonFailure: common.map { ($0.key, $0.value) }
                    )
                }
            }
        }

        /// Why the check named `check` did not pass in `section`, in one short line, or `nil` when it passed.
        static func failure(of check: String, in section: LearnerResult.SectionResult) -> String? {
            guard let outcome = section.outcomes.first(where: { $0.displayName == check }) else {
                return section.verdict == CheckReport.Verdict.doesNotCompile.rawValue
                    ? "the section does not compile" : "no such test in the run"
            }
            switch outcome.result {
            case .passed: return nil
            case .crashed: return "crashed the test process"
            case .timedOut: return "timed out"
            case .notRun: return "not run"
            case .skipped: return "skipped"
            case .failed:
                let lines = (outcome.issues.first ?? "").split(separator: "\n")
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                // `Issue.record("…")` reads "Issue recorded", then its comment: the comment says what failed.
                guard var line = lines.first else { return "failed" }
                if line == "Issue recorded", lines.count > 1 { line = lines[1] }
                return line.count > 160 ? String(line.prefix(159)) + "…" : line
            }
        }
    }

    /// A check's identity across gradebooks: its section and its name.
    struct CheckKey: Hashable, Comparable {
        var section: Int
        var name: String

        static func < (first: CheckKey, second: CheckKey) -> Bool {
            (first.section, first.name) < (second.section, second.name)
        }
    }
}
