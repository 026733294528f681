import Foundation

/// The rules the workbench's own code keeps, checked before anything is built: modules import only
/// what `ARCHITECTURE.md` lets them ( ``ModuleLayering``) and every `@unchecked Sendable` says why
/// (``UncheckedSendableAudit``). Its format (``FormatLint``) is checked apart, beside the lessons' build.
public struct CodeCheck: Sendable {
    /// What the check found.
    public struct Report: Sendable {
        /// The modules of `Sources/` whose imports were checked.
        public var modules = 0
        /// The `@unchecked Sendable` declarations found, explained or not.
        public var uncheckedSendables = 0
        /// Everything that does not hold.
        public var problems: [VerificationProblem] = []
    }

    /// The workbench to check.
    public var workbench: Workbench

    /// A check of `workbench`.
    public init(workbench: Workbench) {
        self.workbench = workbench
    }

    /// Checks the layering and the `@unchecked Sendable` reasons.
    public func run() -> Report {
        var report = Report()
        let layering = ModuleLayering.check(workbench: workbench)
        report.modules = layering.modules
        report.problems += layering.problems
        let sendables = UncheckedSendableAudit.check(workbench: workbench)
        report.uncheckedSendables = sendables.declarations
        report.problems += sendables.problems
        return report
    }

    /// The line `coach verify` prints for `report` when nothing is wrong.
    public static func summary(of report: Report) -> String {
        "\(report.modules) modules import only what ARCHITECTURE.md allows, "
            + "\(report.uncheckedSendables) @unchecked Sendable each with its reason"
    }
}
