/// One named check of a section and what happened to it.
public struct CheckGrade: Equatable, Sendable {
    /// The check's display name, as the checkpoint lists it.
    public var name: String
    /// The test's outcome, or `nil` when the run has no test with this name.
    public var outcome: TestOutcome?

    /// Whether the check ran and passed.
    public var passed: Bool { outcome?.result == .passed }
}

/// One checkpoint item and the grades of the checks that prove it.
public struct CheckpointItemGrade: Equatable, Sendable {
    /// The item's wording.
    public var item: String
    /// Its checks, in the metadata's order.
    public var checks: [CheckGrade]

    /// Whether every check of the item passed.
    public var passed: Bool { !checks.isEmpty && checks.allSatisfy(\.passed) }
}

/// A section graded from one track run: per checkpoint item, per check.
public struct SectionGrade: Equatable, Sendable {
    /// The section.
    public var section: Course.Section
    /// Compiler errors in the section's own files; non-empty means the section was not graded.
    public var compilerErrors: [CompilerDiagnostic]
    /// Whether the package failed to build at all (for this section or another reason).
    public var buildFailed: Bool
    /// The checkpoint items with their checks.
    public var items: [CheckpointItemGrade]
    /// Tests of the section's suite that no checkpoint item lists.
    public var unlistedTests: [TestOutcome]

    /// Every graded check, in checkpoint order.
    public var checks: [CheckGrade] { items.flatMap(\.checks) }
    /// How many checks passed.
    public var passedCount: Int { checks.filter(\.passed).count }
    /// Whether the section's suite ran.
    public var wasGraded: Bool { !buildFailed }
    /// Whether every check passed.
    public var isComplete: Bool { wasGraded && !checks.isEmpty && checks.allSatisfy(\.passed) }

    /// Grades `section` from a track run, charging it only the compiler errors in its own files.
    public init(section: Course.Section, run: TrackRun, workbench: Workbench) {
        let ownFolders = [
            "\(run.track.folder)/\(section.target)/",
            "Tests/\(section.testTarget)/",
        ]
        self.init(
            section: section,
            outcomes: run.outcomes.filter { $0.module == section.testTarget },
            compilerErrors: run.compilerErrors.filter { error in ownFolders.contains { error.path.hasPrefix($0) } },
            buildFailed: !run.compiled
        )
    }

    /// Grades `section` from its suite's outcomes.
    public init(
        section: Course.Section, outcomes suite: [TestOutcome], compilerErrors: [CompilerDiagnostic], buildFailed: Bool
    ) {
        self.section = section
        self.buildFailed = buildFailed
        self.compilerErrors = compilerErrors
        var byName: [String: TestOutcome] = [:]
        for outcome in suite where byName[outcome.displayName] == nil { byName[outcome.displayName] = outcome }
        self.items = section.checkpoint.map { item in
            CheckpointItemGrade(item: item.item, checks: item.checks.map { CheckGrade(name: $0, outcome: byName[$0]) })
        }
        let listed = Set(section.checkNames)
        self.unlistedTests = suite.filter { !listed.contains($0.displayName) }
    }

    /// Every outcome this grade was made from, for storing it.
    public var outcomes: [TestOutcome] { checks.compactMap(\.outcome) + unlistedTests }
}
