/// Whether a learner may read a section's reference solution: once every check of the section passes on
/// the learner's own exercise files (the exercises track), graded from the files as they are now.
///
/// ```swift
/// let unlock = SolutionUnlock(section: section, record: progress.record(of: section, on: .exercises),
///                             currentFingerprint: SourceFingerprint(workbench: workbench).fingerprint(of: section, on: .exercises))
/// if case .locked = unlock { print(unlock.refusal(for: section)!) }
/// ```
public enum SolutionUnlock: Equatable, Sendable {
    /// Every check passed on the files as they are.
    case unlocked
    /// The section was never graded on the exercises track.
    case notGraded
    /// The last grade: `passed` of `total` checks, and whether the files changed since.
    case locked(passed: Int, total: Int, changedSince: Bool)

    /// The rule applied to `record`, the section's last grade on the exercises track, whose files now have
    /// `currentFingerprint`: a complete grade of files changed since does not unlock.
    public init(section: Course.Section, record: Progress.SectionRecord?, currentFingerprint: String) {
        guard let record else {
            self = .notGraded
            return
        }
        let grade = record.grade(of: section)
        let fresh = record.fingerprint == currentFingerprint
        self =
            grade.isComplete && fresh
            ? .unlocked : .locked(passed: grade.passedCount, total: section.checkNames.count, changedSince: !fresh)
    }

    /// What coach says when the solution stays locked, with the way forward; `nil` when it is unlocked.
    public func refusal(for section: Course.Section) -> String? {
        let standing: String
        switch self {
        case .unlocked: return nil
        case .notGraded: standing = "it has not been graded yet"
        case .locked(let passed, let total, let changed):
            standing = "\(passed)/\(total) checks pass" + (changed ? ", and files changed since" : "")
        }
        return "The solution of Section \(section.number) unlocks once all its checks pass on your exercise "
            + "(\(standing)). Run `coach check \(section.number)`; stuck? `coach hint \(section.number)`."
    }
}
