extension CheckReport {
    /// The short report `coach watch` prints after every save: the whole report when the section does not
    /// compile or passes; otherwise the count, the verdict, and the first failing check with the first
    /// lines of its first issue, so the terminal shows what to fix next without scrolling.
    public func renderCompact(style: TerminalStyle) -> [String] {
        if verdict == .doesNotCompile || verdict == .passed { return render(style: style) }
        var lines = ["\(grade.passedCount)/\(grade.checks.count) checks pass (\(verdict.rawValue))."]
        if let failing = grade.checks.first(where: { !$0.passed }) {
            lines.append(
                style.failure("✗") + " " + failing.name.escapedForTerminal()
                    + CheckLine.suffixText(for: failing.outcome?.result)
            )
            for line in failing.outcome?.issues.first?.split(separator: "\n").prefix(4) ?? [] {
                lines.append("    " + style.dim(line.escapedForTerminal()))
            }
        }
        return lines
    }
}
