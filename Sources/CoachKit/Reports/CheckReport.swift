/// The text of `coach check N`: one line per check in plain English, what was expected and found for each
/// failure, and a verdict that says which of the outcomes happened.
public struct CheckReport: Sendable {
    /// How a section's grading ended, worst first.
    public enum Verdict: String, Sendable {
        /// The section's files do not compile.
        case doesNotCompile = "does not compile"
        /// A check stopped the test process.
        case crashed
        /// A check ran past the time limit.
        case timedOut = "timed out"
        /// Some check failed.
        case failed
        /// Every check passed.
        case passed
    }

    /// The graded section.
    public var grade: SectionGrade
    /// The limit each check ran under, for the timed-out message.
    public var timeLimit: Duration

    /// A report of `grade`, made with `timeLimit` per check.
    public init(grade: SectionGrade, timeLimit: Duration) {
        self.grade = grade
        self.timeLimit = timeLimit
    }

    /// The outcome, worst first: compile errors, then crashes, time-outs and failures.
    public var verdict: Verdict {
        if !grade.compilerErrors.isEmpty || grade.buildFailed { return .doesNotCompile }
        let results = grade.checks.map { $0.outcome?.result }
        if results.contains(.crashed) { return .crashed }
        if results.contains(.timedOut) { return .timedOut }
        return grade.isComplete ? .passed : .failed
    }

    /// The report, one line per element, without the "checking…" line printed before grading.
    public func render(style: TerminalStyle) -> [String] {
        let section = grade.section
        let name = "Section \(section.number)"
        if verdict == .doesNotCompile {
            let count = grade.compilerErrors.count
            return grade.compilerErrors.map { $0.description.escapedForTerminal() }
                + [
                    "",
                    style.failure("\(name) does not compile")
                        + ": \(count) error\(count == 1 ? "" : "s"). Fix \(count == 1 ? "it" : "them") and run `coach check \(section.number)` again.",
                ]
        }
        var lines: [String] = []
        for check in grade.checks {
            let result = check.outcome?.result
            lines.append(
                "  " + CheckLine.symbol(for: result, style: style) + " " + check.name.escapedForTerminal()
                    + CheckLine.suffix(for: result, style: style))
            if check.passed { continue }
            for issue in check.outcome?.issues.prefix(2) ?? [] {
                lines += issue.split(separator: "\n").prefix(4).map { "      " + style.dim($0.escapedForTerminal()) }
            }
        }
        let passed = "\(grade.passedCount)/\(grade.checks.count) checks pass"
        lines.append("")
        switch verdict {
        case .passed:
            lines.append(
                style.success("\(name) passed")
                    + ": \(passed). `coach solution \(section.number)` shows the reference solution; `coach next` says what comes next."
            )
        case .crashed:
            let crashed = grade.checks.filter { $0.outcome?.result == .crashed }.map {
                "\"\($0.name.escapedForTerminal())\""
            }
            lines.append(
                style.failure("\(name) crashed")
                    + " in \(crashed.joined(separator: ", ")); the other checks still ran: \(passed). A fatalError, a force unwrap of nil or an out-of-range index stops the test process."
            )
        case .timedOut:
            let slow = grade.checks.filter { $0.outcome?.result == .timedOut }.map {
                "\"\($0.name.escapedForTerminal())\""
            }
            lines.append(
                style.failure("\(name) timed out")
                    + " in \(slow.joined(separator: ", ")) after \(timeLimit.formattedSeconds) (`--timeout` changes the limit); \(passed). Look for a loop that never ends."
            )
        case .failed:
            lines.append(
                style.failure("\(name) failed")
                    + ": \(passed). Stuck? `coach hint \(section.number)` shows the next hint.")
        case .doesNotCompile:
            break
        }
        return lines
    }
}
