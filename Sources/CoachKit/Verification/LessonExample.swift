import Foundation

/// One fenced ```swift block of a lesson, with what the lesson says about it.
///
/// A block is compiled, with the lesson's other blocks, into one program that `coach verify` builds and
/// runs. An HTML comment on the line just above the fence, invisible when the lesson is rendered, changes
/// that:
///
/// ```markdown
/// <!-- example: in its own scope -->            part of the lesson's program, in a `do { }` of its own
/// <!-- example: on its own -->                 compiled and run as a program of its own
/// <!-- example: not run -->                    compiled on its own, never run (it waits for input, say)
/// <!-- example: does not compile, "cannot convert value" -->
/// <!-- example: keeps the lesson from running, "<why>" -->
/// ```
///
/// A block that must not compile is built after the lesson's other blocks, and the build must fail with
/// an error inside the block whose message contains the quoted text.
public struct LessonExample: Equatable, Sendable {
    /// How `coach verify` treats a block.
    public enum Kind: Equatable, Sendable {
        /// Part of the lesson's program, built and run with its other blocks.
        case partOfLesson
        /// Part of the lesson's program, inside a `do { }` of its own, so its names do not clash with the
        /// other blocks' (a second way to set up the same container, say).
        case ownScope
        /// Part of the lesson's program, which is then built but not run, for the reason given (a gap of the
        /// core that makes the block fail when it runs, say).
        case stopsTheRun(reason: String)
        /// A program of its own, built and, when `runs`, run.
        case onItsOwn(runs: Bool)
        /// Must fail to compile with an error containing `expectedError`.
        case doesNotCompile(expectedError: String)
    }

    /// The block's code, without its fences.
    public var code: String
    /// The 1-based line of the lesson on which the code starts (the line after the opening fence).
    public var firstLine: Int
    /// How many lines the code spans.
    public var lineCount: Int { code.isEmpty ? 0 : code.split(separator: "\n", omittingEmptySubsequences: false).count }
    /// How the block is treated.
    public var kind: Kind

    /// Creates a block.
    public init(code: String, firstLine: Int, kind: Kind) {
        self.code = code
        self.firstLine = firstLine
        self.kind = kind
    }

    /// Whether `line` of the lesson falls inside this block's code.
    public func contains(line: Int) -> Bool {
        line >= firstLine && line < firstLine + lineCount
    }
}

/// A marker above a block that `coach verify` cannot read, or a block that never ends.
public struct LessonExampleSyntaxError: Error, Equatable, Sendable {
    /// The 1-based line of the lesson at fault.
    public var line: Int
    /// What is wrong and how to write it.
    public var message: String
}

extension LessonExample {
    /// The Swift blocks of a lesson's Markdown, in order, with their markers.
    ///
    /// - Throws: ``LessonExampleSyntaxError`` for a marker it does not understand or a block left open.
    public static func examples(inLesson markdown: String) throws(LessonExampleSyntaxError) -> [LessonExample] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var examples: [LessonExample] = []
        var index = 0
        while index < lines.count {
            let fence = lines[index].trimmingCharacters(in: .whitespaces)
            guard fence.hasPrefix("```") else {
                index += 1
                continue
            }
            let language = fence.dropFirst(3).trimmingCharacters(in: .whitespaces)
            let opening = index
            var closing = index + 1
            while closing < lines.count, !lines[closing].trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                closing += 1
            }
            guard closing < lines.count else {
                throw LessonExampleSyntaxError(
                    line: opening + 1, message: "the code block opened here is never closed with ```")
            }
            if language == "swift" {
                let marker = opening > 0 ? try kind(fromMarkerLine: lines[opening - 1], line: opening) : nil
                examples.append(
                    LessonExample(
                        code: lines[(opening + 1)..<closing].joined(separator: "\n"),
                        firstLine: opening + 2,
                        kind: marker ?? .partOfLesson
                    ))
            }
            index = closing + 1
        }
        return examples
    }

    /// The kind a `<!-- example: … -->` line gives, or `nil` when the line is not such a marker.
    static func kind(fromMarkerLine text: String, line: Int) throws(LessonExampleSyntaxError) -> Kind? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<!-- example:"), trimmed.hasSuffix("-->") else { return nil }
        let body = trimmed.dropFirst("<!-- example:".count).dropLast(3).trimmingCharacters(in: .whitespaces)
        switch body {
        case "in its own scope": return .ownScope
        case "on its own": return .onItsOwn(runs: true)
        case "not run": return .onItsOwn(runs: false)
        default: break
        }
        let stopPrefix = "keeps the lesson from running, \""
        if body.hasPrefix(stopPrefix), body.hasSuffix("\""), body.count > stopPrefix.count + 1 {
            return .stopsTheRun(reason: String(body.dropFirst(stopPrefix.count).dropLast()))
        }
        let prefix = "does not compile, \""
        if body.hasPrefix(prefix), body.hasSuffix("\""), body.count > prefix.count + 1 {
            return .doesNotCompile(expectedError: String(body.dropFirst(prefix.count).dropLast()))
        }
        throw LessonExampleSyntaxError(
            line: line,
            message: "the marker \"\(trimmed)\" is not one coach knows; write <!-- example: in its own scope -->, "
                + "<!-- example: on its own -->, "
                + "<!-- example: not run -->, <!-- example: keeps the lesson from running, \"<why>\" --> "
                + "or <!-- example: does not compile, \"<part of the expected error>\" -->"
        )
    }
}
