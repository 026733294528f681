/// A unified diff of one file (`diff -u` output), applied exactly: every context and removed line must
/// match the original where the hunk says, so a diff made against an older file is reported, not guessed at.
struct UnifiedDiff: Sendable, Equatable {
    /// One `@@ -start,count +start,count @@` block.
    struct Hunk: Sendable, Equatable {
        /// The number of original lines before the hunk (`-start,count`: start − 1, or start when count is 0).
        var linesBefore: Int
        /// The hunk's lines, each starting with " ", "-" or "+".
        var lines: [Substring]
    }

    /// Why a diff cannot be read or applied.
    enum Problem: Error, Equatable, CustomStringConvertible {
        case noHunks
        case malformedHeader(String)
        case mismatch(line: Int, expected: String, found: String?)

        var description: String {
            switch self {
            case .noHunks:
                "it has no @@ hunk"
            case .malformedHeader(let header):
                "cannot read the hunk header '\(header)'"
            case .mismatch(let line, let expected, let found):
                "line \(line) should read '\(expected)' but \(found.map { "reads '\($0)'" } ?? "the file ends before it")"
            }
        }
    }

    var hunks: [Hunk]

    /// Reads `text`; the `---`/`+++` file headers and any lines before the first hunk are ignored.
    init(_ text: String) throws(Problem) {
        var hunks: [Hunk] = []
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if text.hasSuffix("\n") { lines.removeLast() }
        for line in lines {
            if line.hasPrefix("@@") {
                guard let before = Self.linesBefore(in: line) else { throw .malformedHeader(String(line)) }
                hunks.append(Hunk(linesBefore: before, lines: []))
            } else if !hunks.isEmpty, let marker = line.first, " -+".contains(marker) {
                hunks[hunks.count - 1].lines.append(line)
            } else if !hunks.isEmpty, line.isEmpty {
                // A blank context line whose leading space an editor trimmed.
                hunks[hunks.count - 1].lines.append(" ")
            }
        }
        guard !hunks.isEmpty else { throw .noHunks }
        self.hunks = hunks
    }

    /// `original` with every hunk applied.
    func applied(to original: String) throws(Problem) -> String {
        let endsWithNewline = original.hasSuffix("\n")
        var source = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if endsWithNewline { source.removeLast() }
        var result: [String] = []
        var next = 0  // index into `source` of the first line not yet copied
        for hunk in hunks {
            let copyUntil = min(hunk.linesBefore, source.count)
            if copyUntil > next { result += source[next..<copyUntil] }
            next = max(next, copyUntil)
            for line in hunk.lines {
                let text = String(line.dropFirst())
                switch line.first {
                case "+":
                    result.append(text)
                default:
                    guard next < source.count, source[next] == text else {
                        throw .mismatch(line: next + 1, expected: text, found: next < source.count ? source[next] : nil)
                    }
                    if line.first == " " { result.append(text) }
                    next += 1
                }
            }
        }
        if next < source.count { result += source[next...] }
        return result.joined(separator: "\n") + (endsWithNewline ? "\n" : "")
    }

    private static func linesBefore(in header: Substring) -> Int? {
        // "@@ -12,7 +12,8 @@ optional section heading"; a missing count means 1.
        let fields = header.split(separator: " ")
        guard fields.count >= 3, fields[1].hasPrefix("-") else { return nil }
        let range = fields[1].dropFirst().split(separator: ",")
        guard let start = range.first.flatMap({ Int($0) }) else { return nil }
        let count = range.count > 1 ? Int(range[1]) : 1
        guard let count else { return nil }
        return count == 0 ? start : max(start - 1, 0)
    }
}
