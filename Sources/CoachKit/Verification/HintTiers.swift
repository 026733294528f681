import Foundation

/// The rules a section's hints follow: three tiers (a nudge without code, the approach, a near-solution),
/// kept in `course/course.json` and shown the same in the lesson's `## Hints` section.
enum HintTiers {
    /// How many levels every section has.
    static let levels = 3

    /// What is wrong with `hints` and with the lesson that should show them (`lesson` is its Markdown, or
    /// `nil` when it cannot be read, which the audit reports elsewhere).
    static func problems(hints: [String], lesson: String?, lessonPath: String) -> [String] {
        var problems: [String] = []
        if hints.count != levels {
            problems.append(
                "has \(hints.count) hint level(s); it needs \(levels): a nudge without code, the approach, a near-solution"
            )
        }
        if let first = hints.first, containsCode(first) {
            problems.append(
                "hint level 1 shows code; the first level is a nudge in words only (no `…` span, no code block)")
        }
        guard let lesson else { return problems }
        guard let shown = levelsShown(inLesson: lesson) else {
            problems.append(
                "\(lessonPath) has no \"## Hints\" section showing course.json's \(hints.count) hint level(s)")
            return problems
        }
        let expected = hints.map(normalized)
        if shown.count != expected.count {
            problems.append(
                "\(lessonPath) shows \(shown.count) hint level(s) and course.json has \(expected.count); the two must match"
            )
        } else if let level = shown.indices.first(where: { shown[$0] != expected[$0] }) {
            problems.append(
                "hint level \(level + 1) in \(lessonPath) differs from course.json's; course.json is the source, copy it into the lesson"
            )
        }
        return problems
    }

    /// Whether a hint shows code: an inline code span or a fenced block.
    static func containsCode(_ text: String) -> Bool {
        text.contains("`")
    }

    /// The text of each `<details>` level under the lesson's `## Hints` heading, whitespace collapsed, or
    /// `nil` when the lesson has no such heading.
    static func levelsShown(inLesson markdown: String) -> [String]? {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "## Hints") else { return nil }
        var levels: [String] = []
        var current: [String]?
        for line in lines[(start + 1)...] {
            if line.hasPrefix("## ") { break }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "<details>" {
                current = []
            } else if trimmed == "</details>" {
                if let text = current { levels.append(normalized(text.joined(separator: " "))) }
                current = nil
            } else if !trimmed.hasPrefix("<summary>") {
                current?.append(trimmed)
            }
        }
        return levels
    }

    /// `text` with every run of white space made one space, and none at either end.
    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
