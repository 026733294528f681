import Foundation

/// Finds every `@unchecked Sendable` in the workbench's own code that does not say why it is safe.
///
/// The compiler takes such a conformance on trust, so the declaration must carry the reason a reader
/// needs to keep it true: a comment line directly above it (in its documentation or a plain comment,
/// among its attributes) that begins `Unchecked Sendable:`, or a comment with that reason on the same
/// line.
///
/// ```swift
/// /// The log of one run.
/// ///
/// /// Unchecked Sendable: every stored property is guarded by `lock`.
/// final class EvidenceLog: @unchecked Sendable { … }
/// ```
public enum UncheckedSendableAudit {
    /// The words that open a reason.
    static let marker = "unchecked sendable:"

    /// Whether `line` declares a conformance to `@unchecked Sendable` (not a comment or a string that names it).
    static func declaresUncheckedSendable(_ line: String) -> Bool {
        let code = line.trimmingCharacters(in: .whitespaces)
        guard !code.hasPrefix("//"), code.contains("@unchecked Sendable") else { return false }
        return code.range(
            of: #"\b(class|struct|enum|actor|extension)\s+[^:]+:[^"]*@unchecked Sendable"#, options: .regularExpression)
            != nil
    }

    /// The lines of `source` that declare `@unchecked Sendable` without a reason, from 1.
    public static func unexplainedLines(in source: String) -> [Int] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [Int] = []
        for (index, line) in lines.enumerated() {
            guard declaresUncheckedSendable(line) else { continue }
            if line.lowercased().contains("// " + marker) { continue }
            var above = index - 1
            var explained = false
            while above >= 0 {
                let text = lines[above].trimmingCharacters(in: .whitespaces)
                guard text.hasPrefix("//") || text.hasPrefix("@") else { break }
                let comment = text.drop { $0 == "/" || $0 == " " }.lowercased()
                if comment.hasPrefix(marker) {
                    explained = true
                    break
                }
                above -= 1
            }
            if !explained { found.append(index + 1) }
        }
        return found
    }

    /// Every unexplained `@unchecked Sendable` under `Sources/`, and how many there are in all.
    public static func check(workbench: Workbench) -> (declarations: Int, problems: [VerificationProblem]) {
        let sources = workbench.root.appending(path: "Sources")
        var total = 0
        var problems: [VerificationProblem] = []
        for path in (FileManager.default.subpaths(atPath: sources.path) ?? []).sorted() where path.hasSuffix(".swift") {
            let url = sources.appending(path: path)
            guard let text = try? String(contentsOf: url, encoding: .utf8), text.contains("@unchecked Sendable") else {
                continue
            }
            total += text.split(separator: "\n").filter { declaresUncheckedSendable(String($0)) }.count
            for line in unexplainedLines(in: text) {
                problems.append(
                    VerificationProblem(
                        "unchecked Sendable",
                        "\(workbench.relativePath(of: url)):\(line): @unchecked Sendable without a reason; say why it is "
                            + "safe in a comment above it that begins `Unchecked Sendable:`, or make the type Sendable"
                    ))
            }
        }
        return (total, problems)
    }
}
