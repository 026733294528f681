/// The text of `coach status`: every section with its checkpoint items and checks, progress bars, and what to do next.
public struct StatusReport: Sendable {
    /// The track that was graded.
    public var track: CourseTrack
    /// One grade per section, in course order.
    public var grades: [SectionGrade]
    /// Compiler errors outside every section's files (the package itself does not build).
    public var otherCompilerErrors: [CompilerDiagnostic]

    /// A report of `grades` on `track`.
    public init(track: CourseTrack, grades: [SectionGrade], otherCompilerErrors: [CompilerDiagnostic] = []) {
        self.track = track
        self.grades = grades
        self.otherCompilerErrors = otherCompilerErrors
    }

    /// The report, one line per element.
    public func render(style: TerminalStyle) -> [String] {
        var lines = [style.bold("Persistence Workbench") + " · \(track.rawValue) track (\(track.folder)/)", ""]
        for grade in grades {
            lines += sectionLines(grade, style: style)
            lines.append("")
        }
        if !otherCompilerErrors.isEmpty {
            lines.append(style.failure("The package does not build:"))
            lines += otherCompilerErrors.prefix(10).map { "  \($0)" }
            lines.append("")
        }
        let total = grades.reduce(0) { $0 + $1.checks.count }
        let passed = grades.reduce(0) { $0 + $1.passedCount }
        lines.append(style.bold("Overall") + "  \(passed)/\(total) checks  \(style.progressBar(done: passed, total: total))  \(style.percent(done: passed, total: total))")
        lines.append(nextStep(style: style))
        return lines
    }

    private func sectionLines(_ grade: SectionGrade, style: TerminalStyle) -> [String] {
        let section = grade.section
        let heading = style.bold("Section \(section.number)") + "  \(section.title)"
        if !grade.compilerErrors.isEmpty {
            return ["\(heading)  " + style.failure("does not compile")]
                + grade.compilerErrors.prefix(10).map { "  \($0)" }
        }
        if grade.buildFailed {
            return ["\(heading)  " + style.warning("not graded: the package does not build (see the errors below)")]
        }
        let total = grade.checks.count
        var lines = ["\(heading)  \(grade.passedCount)/\(total) checks  \(style.progressBar(done: grade.passedCount, total: total))  \(style.percent(done: grade.passedCount, total: total))"]
        for item in grade.items {
            lines.append("  " + (item.passed ? style.success("✓") : style.failure("✗")) + " " + item.item)
            for check in item.checks {
                lines.append("      " + symbol(for: check, style: style) + " " + check.name + suffix(for: check, style: style))
            }
        }
        return lines
    }

    private func symbol(for check: CheckGrade, style: TerminalStyle) -> String {
        switch check.outcome?.result {
        case .passed: style.success("✓")
        case .failed, .crashed, .timedOut: style.failure("✗")
        case .skipped, .notRun, nil: style.dim("·")
        }
    }

    private func suffix(for check: CheckGrade, style: TerminalStyle) -> String {
        switch check.outcome?.result {
        case .crashed: style.failure("  (crashed the test process)")
        case .timedOut: style.failure("  (timed out)")
        case .notRun: style.dim("  (not run)")
        case nil: style.dim("  (no such test in the suite)")
        default: ""
        }
    }

    private func nextStep(style: TerminalStyle) -> String {
        guard let grade = grades.first(where: { !$0.isComplete }) else {
            return style.success("Every checkpoint is complete.")
        }
        let section = grade.section
        let files = section.exercise.files.map { "\(track.folder)/\(section.target)/\($0)" }.joined(separator: ", ")
        var next = "Next: Section \(section.number) — read \(section.lesson), then edit \(files)."
        if let failing = grade.checks.first(where: { !$0.passed }), let issue = failing.outcome?.issues.first {
            let detail = issue.split(separator: "\n").last.map(String.init) ?? issue
            next += "\n  First failing check: \(failing.name)\n  " + style.dim(detail)
        }
        return next
    }
}
