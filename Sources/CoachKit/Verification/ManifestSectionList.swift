import Foundation

/// The course sections and learner test targets `Package.swift` builds, read from its text, so that the
/// audit can hold them to `course/course.json`.
///
/// The manifest lists them as `CourseSection(name: "Section1Strategy", …)` and
/// `LearnerTestTarget(name: "Section8RepositoryTests", section: "Section8NoteTaker")`. SwiftPM caches a
/// manifest's result by the manifest's own text, so the list lives there rather than being read from
/// course.json at build time; this check keeps the two from drifting apart.
struct ManifestSectionList {
    /// The section targets, in the order the manifest lists them.
    let sections: [String]
    /// The learner test targets and the section each tests.
    let learnerTests: [(target: String, section: String)]

    /// Reads the lists from `manifest`, the text of `Package.swift`.
    init(manifest: String) {
        sections = Self.captures(of: #"CourseSection\(name:\s*"([A-Za-z0-9_]+)""#, in: manifest).map { $0[0] }
        learnerTests = Self.captures(
            of: #"LearnerTestTarget\(name:\s*"([A-Za-z0-9_]+)",\s*section:\s*"([A-Za-z0-9_]+)"\)"#, in: manifest
        ).map { ($0[0], $0[1]) }
    }

    /// Every way the manifest's lists differ from `course`'s; none for a manifest that lists its sections
    /// another way (one without `CourseSection(` at all).
    func problems(comparedWith course: Course) -> [VerificationProblem] {
        guard !sections.isEmpty || !learnerTests.isEmpty else { return [] }
        let area = "Package.swift"
        let expected = course.sections.map(\.target)
        var problems: [VerificationProblem] = []
        for target in expected where !sections.contains(target) {
            problems.append(
                VerificationProblem(
                    area,
                    "course.json lists the section \(target), which the manifest does not build; add `CourseSection(name: \"\(target)\", dependencies: [\"PersistenceCore\"]),` to courseSections"
                ))
        }
        for target in sections where !expected.contains(target) {
            problems.append(
                VerificationProblem(
                    area,
                    "the manifest builds the section \(target), which course.json does not list; add its entry to course.json or remove it from courseSections"
                ))
        }
        if problems.isEmpty && sections != expected {
            problems.append(
                VerificationProblem(
                    area,
                    "courseSections lists the sections in another order than course.json (\(expected.joined(separator: ", "))); list them in the same order"
                ))
        }
        let expectedTests = course.sections.compactMap { section in
            section.learnerTests.map { ($0.target, section.target) }
        }
        for (target, section) in expectedTests where !learnerTests.contains(where: { $0 == (target, section) }) {
            problems.append(
                VerificationProblem(
                    area,
                    "course.json lists the learner tests \(target) of \(section), which the manifest does not build; add `LearnerTestTarget(name: \"\(target)\", section: \"\(section)\"),` to learnerTestTargets"
                ))
        }
        for (target, section) in learnerTests where !expectedTests.contains(where: { $0 == (target, section) }) {
            problems.append(
                VerificationProblem(
                    area,
                    "the manifest builds the learner tests \(target) of \(section), which course.json does not list under that section's learnerTests"
                ))
        }
        return problems
    }

    private static func captures(of pattern: String, in text: String) -> [[String]] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).map { match in
            (1..<match.numberOfRanges).compactMap { Range(match.range(at: $0), in: text).map { String(text[$0]) } }
        }
    }
}
