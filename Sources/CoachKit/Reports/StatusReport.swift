/// The text of `coach status`: one line per section with its progress bar and what to do next, or, for
/// one section or with `--all`, every checkpoint item and check.
public struct StatusReport: Sendable {
    /// How much the report shows.
    public enum Detail: Equatable, Sendable {
        /// One line per section (the default, which fits on one screen).
        case compact
        /// Every checkpoint item and check of the section with this number, the others one line each.
        case section(Int)
        /// Every checkpoint item and check of every section.
        case all
    }

    /// The track the grades belong to.
    public var track: CourseTrack
    /// The course's sections, in order.
    public var sections: [Course.Section]
    /// Each section's standing, in the same order.
    public var standings: [SectionStanding]
    /// How much the report shows.
    public var detail: Detail = .all

    /// A report of `standings` for `sections` on `track`.
    public init(track: CourseTrack, sections: [Course.Section], standings: [SectionStanding]) {
        self.track = track
        self.sections = sections
        self.standings = standings
    }

    /// A report of freshly made grades.
    public init(track: CourseTrack, grades: [SectionGrade]) {
        self.init(
            track: track, sections: grades.map(\.section),
            standings: grades.map { SectionStanding(grade: $0, isStale: false) })
    }

    /// The report, one line per element.
    public func render(style: TerminalStyle) -> [String] {
        var lines = [style.bold("Persistence Workbench") + " · \(track.rawValue) track (\(track.folder)/)", ""]
        let titleWidth = min(40, sections.map(\.title.count).max() ?? 0)
        for (section, standing) in zip(sections, standings) {
            let detailed = detail == .all || detail == .section(section.number)
            if detailed {
                if lines.last != "" { lines.append("") }
                lines += sectionLines(section, standing, style: style)
                lines.append("")
            } else {
                lines += compactLines(section, standing, titleWidth: titleWidth, style: style)
            }
        }
        if lines.last != "" { lines.append("") }
        let total = sections.reduce(0) { $0 + $1.checkNames.count }
        let passed = standings.reduce(0) { $0 + ($1.grade?.passedCount ?? 0) }
        lines.append(
            style.bold("Overall")
                + "  \(passed)/\(total) checks  \(style.progressBar(done: passed, total: total))  \(style.percent(done: passed, total: total))"
        )
        lines += nextStep(style: style)
        if detail == .compact {
            lines.append(
                style.dim("`coach status N` lists the checks of section N; `coach status --all` lists every check."))
        }
        return lines
    }

    /// One line for a section: its number, title, checks passed and bar; or why it has none.
    private func compactLines(
        _ section: Course.Section, _ standing: SectionStanding, titleWidth: Int, style: TerminalStyle
    ) -> [String] {
        let number = String(section.number).count < 2 ? " \(section.number)" : "\(section.number)"
        var title = section.title.escapedForTerminal()
        if title.count > titleWidth { title = String(title.prefix(titleWidth - 1)) + "…" }
        let heading = style.bold(number) + "  " + title.padding(toLength: titleWidth, withPad: " ", startingAt: 0)
        let stale = standing.isStale ? "  " + style.warning("stale") : ""
        guard let grade = standing.grade else { return ["\(heading)  " + style.dim("· not yet graded")] }
        if !grade.compilerErrors.isEmpty || !grade.wasGraded {
            return ["\(heading)  " + style.failure("does not compile") + stale]
        }
        let total = grade.checks.count
        let count = "\(grade.passedCount)/\(total)".padding(toLength: 7, withPad: " ", startingAt: 0)
        return [
            "\(heading)  \(count) \(style.progressBar(done: grade.passedCount, total: total))  \(style.percent(done: grade.passedCount, total: total))"
                + stale
        ]
    }

    private func sectionLines(_ section: Course.Section, _ standing: SectionStanding, style: TerminalStyle) -> [String]
    {
        let heading = style.bold("Section \(section.number)") + "  \(section.title.escapedForTerminal())"
        let staleNote =
            standing.isStale
            ? [
                "  "
                    + style.warning(
                        "stale: files changed since this grade; run `coach status --refresh` or `coach check \(section.number)`"
                    )
            ]
            : []
        guard let grade = standing.grade else {
            return ["\(heading)  " + style.dim("· not yet graded")]
        }
        if !grade.compilerErrors.isEmpty {
            return ["\(heading)  " + style.failure("does not compile")] + staleNote
                + grade.compilerErrors.prefix(10).map { "  \($0.description.escapedForTerminal())" }
        }
        let total = grade.checks.count
        var lines =
            [
                "\(heading)  \(grade.passedCount)/\(total) checks  \(style.progressBar(done: grade.passedCount, total: total))  \(style.percent(done: grade.passedCount, total: total))"
            ] + staleNote
        for item in grade.items {
            lines.append(
                "  " + (item.passed ? style.success("✓") : style.failure("✗")) + " " + item.item.escapedForTerminal())
            for check in item.checks {
                lines.append(
                    "      " + CheckLine.symbol(for: check.outcome?.result, style: style) + " "
                        + check.name.escapedForTerminal() + CheckLine.suffix(for: check.outcome?.result, style: style))
            }
        }
        return lines
    }

    private func nextStep(style: TerminalStyle) -> [String] {
        let pending = zip(sections, standings).first { _, standing in
            standing.grade?.isComplete != true || standing.isStale
        }
        guard let (section, standing) = pending else {
            return [style.success("Every checkpoint is complete.")]
        }
        let files = section.exercise.files.map { "\(track.folder)/\(section.target)/\($0)" }.joined(separator: ", ")
        var lines = [
            "Next: Section \(section.number) — read \(section.lesson), then edit \(files).".escapedForTerminal()
        ]
        if let grade = standing.grade, let failing = grade.checks.first(where: { !$0.passed }),
            let issue = failing.outcome?.issues.first
        {
            let detail = issue.split(separator: "\n").last.map(String.init) ?? issue
            lines += [
                "  First failing check: \(failing.name.escapedForTerminal())",
                "  " + style.dim(detail.escapedForTerminal()),
            ]
        }
        lines.append("  Grade it with `coach check \(section.number)`; stuck? `coach hint \(section.number)`.")
        return lines
    }
}

/// The symbol and note shown beside one check, shared by every report.
public enum CheckLine {
    /// The note for `result` without colour, such as "  (timed out)".
    public static func suffixText(for result: TestOutcome.Result?) -> String {
        suffix(for: result, style: TerminalStyle(usesColor: false))
    }

    static func symbol(for result: TestOutcome.Result?, style: TerminalStyle) -> String {
        switch result {
        case .passed: style.success("✓")
        case .failed, .crashed, .timedOut: style.failure("✗")
        case .skipped, .notRun, nil: style.dim("·")
        }
    }

    static func suffix(for result: TestOutcome.Result?, style: TerminalStyle) -> String {
        switch result {
        case .crashed: style.failure("  (crashed the test process)")
        case .timedOut: style.failure("  (timed out)")
        case .notRun: style.dim("  (not run)")
        case nil: style.dim("  (no such test in the suite)")
        default: ""
        }
    }
}
