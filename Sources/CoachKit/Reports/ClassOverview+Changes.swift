import Foundation

extension ClassOverview {
    /// What changed between an earlier gradebook of a class and this one: each learner's points and the
    /// checks they newly pass or newly fail, and how many learners fail each check.
    ///
    /// Learners are matched by name and checks by section and name; a check of a section the earlier
    /// gradebook did not grade counts as failing there.
    public struct ClassChanges: Sendable {
        /// One learner whose results changed.
        public struct LearnerChange: Sendable {
            /// The learner's name.
            public var name: String
            /// The points before, or `nil` for a learner the earlier gradebook did not have.
            public var pointsBefore: Int?
            /// The points now, or `nil` for a learner this gradebook no longer has.
            public var pointsNow: Int?
            /// The checks passing now that did not before, as "check (section N)".
            public var newlyPassing: [String]
            /// The checks failing now that passed before, as "check (section N)".
            public var newlyFailing: [String]
        }

        /// One check failed by a different number of learners.
        public struct CheckChange: Sendable {
            /// The section's number.
            public var section: Int
            /// The check's name.
            public var name: String
            /// How many learners who had started the section failed it before.
            public var failedBefore: Int
            /// How many fail it now.
            public var failedNow: Int
        }

        /// The learners whose points or checks changed, new learners and learners gone, by name.
        public var learners: [LearnerChange]
        /// How many learners of both gradebooks have the same results.
        public var unchangedLearners: Int
        /// The checks failed by more or fewer learners than before, the largest change first.
        public var checks: [CheckChange]
        /// The sections the earlier gradebook graded, when they differ from this one's.
        public var earlierSections: [Int]?

        /// The changes from `previous` to `now`.
        init(now: Gradebook, previous: Gradebook) {
            let before = Dictionary(previous.learners.map { ($0.learner, $0) }, uniquingKeysWith: { first, _ in first })
            let after = Dictionary(now.learners.map { ($0.learner, $0) }, uniquingKeysWith: { first, _ in first })
            let known = Set(CheckFailures.all(in: now).map(\.key))
            var learners: [LearnerChange] = []
            var unchanged = 0
            for name in Set(before.keys).union(after.keys).sorted() {
                let old = before[name]
                let new = after[name]
                let passedBefore = old.map(Self.passing) ?? []
                let passedNow = new.map(Self.passing) ?? []
                let change = LearnerChange(
                    name: name, pointsBefore: old?.points, pointsNow: new?.points,
                    newlyPassing: passedNow.subtracting(passedBefore).intersection(known).sorted().map(Self.describe),
                    newlyFailing: new == nil
                        ? [] : passedBefore.subtracting(passedNow).intersection(known).sorted().map(Self.describe)
                )
                let same =
                    change.pointsBefore == change.pointsNow
                    && change.newlyPassing.isEmpty && change.newlyFailing.isEmpty
                if old != nil, new != nil, same {
                    unchanged += 1
                } else {
                    learners.append(change)
                }
            }
            self.learners = learners
            unchangedLearners = unchanged
            let failedBefore = Dictionary(
                CheckFailures.all(in: previous).map { ($0.key, $0.failed) }, uniquingKeysWith: { first, _ in first }
            )
            checks = CheckFailures.all(in: now).compactMap { check -> CheckChange? in
                let earlier = failedBefore[check.key] ?? 0
                guard earlier != check.failed else { return nil }
                return CheckChange(
                    section: check.section, name: check.name, failedBefore: earlier, failedNow: check.failed
                )
            }.enumerated().sorted { first, second in
                (abs(second.element.failedNow - second.element.failedBefore), first.offset)
                    < (abs(first.element.failedNow - first.element.failedBefore), second.offset)
            }.map(\.element)
            let sections = previous.sections.map(\.number)
            earlierSections = sections == now.sections.map(\.number) ? nil : sections
        }

        /// The checks `learner` passes.
        static func passing(_ learner: LearnerResult) -> Set<CheckKey> {
            guard learner.problem == nil else { return [] }
            return Set(
                learner.sections.flatMap { section in
                    section.outcomes.filter { $0.result == .passed }
                        .map { CheckKey(section: section.number, name: $0.displayName) }
                })
        }

        private static func describe(_ check: CheckKey) -> String {
            "\(check.name) (section \(check.section))"
        }
    }
}
