import Foundation

extension String {
    /// The text as Markdown that renders as exactly this text: HTML's special characters as entities, and
    /// every ASCII punctuation character Markdown gives a meaning to behind a backslash.
    var markdownEscaped: String {
        var escaped = ""
        for character in escapedForTerminal() {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\\", "`", "*", "_", "{", "}", "[", "]", "(", ")", "#", "+", "-", ".", "!", "|", "~", ":":
                escaped += "\\" + String(character)
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

/// A learner's feedback page, as Markdown and as a standalone HTML page: the points of each section, each
/// check with its result and message, the first hint of every section not yet complete, and the files
/// grading did not use.
public struct LearnerFeedback: Sendable {
    /// The graded submission.
    public var result: LearnerResult
    /// The course, for the checkpoints and hints.
    public var course: Course

    /// Feedback on `result` in `course`.
    public init(result: LearnerResult, course: Course) {
        self.result = result
        self.course = course
    }

    /// One section's content, shared by both formats.
    private struct Block {
        var heading: String
        var summary: String
        var lines: [(symbol: String, text: String, message: String?)]
        var errors: [String]
        var hint: String?
    }

    private var blocks: [Block] {
        zip(result.grades(in: course), result.sections).map { grade, section in
            let lines = grade.checks.map { check -> (String, String, String?) in
                let symbol =
                    check.passed ? "✓" : (check.outcome?.result == .skipped || check.outcome == nil ? "·" : "✗")
                let points = grade.section.points(of: check.name)
                let text =
                    "\(check.name) (\(check.passed ? points : 0)/\(points))"
                    + CheckLine.suffixText(for: check.outcome?.result)
                let message =
                    check.passed
                    ? nil
                    : check.outcome?.issues.first.map { $0.split(separator: "\n").prefix(4).joined(separator: "\n") }
                return (symbol, text, message)
            }
            return Block(
                heading: "Section \(grade.section.number): \(grade.section.title)",
                summary: "\(section.points)/\(section.possiblePoints) points · \(section.verdict)",
                lines: lines,
                errors: grade.compilerErrors.map(\.description),
                hint: grade.isComplete ? nil : grade.section.hints.first
            )
        }
    }

    private var notes: [String] {
        var notes: [String] = []
        if let problem = result.problem { notes.append("Not graded: \(problem).") }
        if !result.tampering.isEmpty {
            notes.append(
                "Files that differ from the course's and were not used (grading always uses the course's hidden checks, contracts and manifest): "
                    + result.tampering.map(\.description).joined(separator: ", ") + ".")
        }
        if !result.missingFiles.isEmpty {
            notes.append(
                "Missing exercise files, graded as the starter: " + result.missingFiles.joined(separator: ", ") + ".")
        }
        if !result.forgedResults.isEmpty {
            notes.append(
                "Test results your code wrote itself were found and not counted; the checks they name score nothing: "
                    + result.forgedResults.joined(separator: "; ") + ".")
        }
        return notes
    }

    /// The page as Markdown.
    ///
    /// Text coach did not write (the learner's name, messages holding what the learner's code returned,
    /// compiler errors, file names) can hold Markdown or HTML; it is escaped, and messages and errors are
    /// set in code blocks, so a renderer shows it as the text it is and never runs or links it.
    public func markdown() -> String {
        var lines = [
            "# \(course.title.markdownEscaped): \(result.learner.markdownEscaped)", "",
            "**\(result.points)/\(result.possiblePoints) points**", "",
        ]
        for note in notes { lines += ["> \(note.markdownEscaped)", ""] }
        for block in blocks {
            lines += ["## \(block.heading.markdownEscaped)", "", block.summary.markdownEscaped, ""]
            if !block.errors.isEmpty {
                lines += Self.codeBlock(block.errors.joined(separator: "\n"), indent: "") + [""]
            }
            for line in block.lines {
                lines.append("- \(line.symbol) \(line.text.markdownEscaped)")
                if let message = line.message { lines += Self.codeBlock(message, indent: "  ") }
            }
            if let hint = block.hint { lines += ["", "*Hint:* \(hint)"] }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// `text` as a fenced code block whose fence is longer than any run of backticks in it, so nothing in
    /// the text can close it.
    private static func codeBlock(_ text: String, indent: String) -> [String] {
        let visible = text.escapedForTerminal(keepingLineBreaks: true)
        var longest = 0
        var run = 0
        for character in visible {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return [indent + fence + "text"]
            + visible.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 } + [indent + fence]
    }

    /// Writes `feedback.md` and `feedback.html` into `folder`, the learner's folder of a gradebook.
    ///
    /// - Throws: The file system's error when a file cannot be written.
    public func write(into folder: URL) throws {
        try Data(markdown().utf8).write(to: folder.appending(path: "feedback.md"))
        try Data(html().utf8).write(to: folder.appending(path: "feedback.html"))
    }

    /// The page as a standalone HTML document.
    public func html() -> String {
        func escape(_ text: String) -> String { text.htmlEscaped }
        var html = [
            "<!DOCTYPE html>",
            "<html lang=\"en\"><head><meta charset=\"utf-8\"><title>\(escape(course.title)): \(escape(result.learner))</title>",
            "<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.45}"
                + ".pass{color:#1a7f37}.fail{color:#cf222e}.note{background:#fff8c5;padding:.5rem 1rem;border-radius:6px}"
                + "pre{background:#f6f8fa;padding:.5rem;overflow-x:auto}li{margin:.2rem 0}.message{color:#57606a;white-space:pre-wrap}</style>",
            "</head><body>",
            "<h1>\(escape(course.title)): \(escape(result.learner))</h1>",
            "<p><strong>\(result.points)/\(result.possiblePoints) points</strong></p>",
        ]
        html += notes.map { "<p class=\"note\">\(escape($0))</p>" }
        for block in blocks {
            html.append("<h2>\(escape(block.heading))</h2>")
            html.append("<p>\(escape(block.summary))</p>")
            if !block.errors.isEmpty { html.append("<pre>\(escape(block.errors.joined(separator: "\n")))</pre>") }
            html.append("<ul>")
            for line in block.lines {
                let style = line.symbol == "✓" ? "pass" : "fail"
                let message = line.message.map { "<div class=\"message\">\(escape($0))</div>" } ?? ""
                html.append("<li><span class=\"\(style)\">\(line.symbol)</span> \(escape(line.text))\(message)</li>")
            }
            html.append("</ul>")
            if let hint = block.hint { html.append("<p><em>Hint:</em> \(escape(hint))</p>") }
        }
        html.append("</body></html>")
        return html.joined(separator: "\n") + "\n"
    }
}
