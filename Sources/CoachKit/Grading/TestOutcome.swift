/// What happened to one test function in a run.
public struct TestOutcome: Codable, Equatable, Sendable {
    /// How the test ended.
    public enum Result: String, Codable, Equatable, Sendable {
        /// It ended with no issue.
        case passed
        /// It ended with at least one issue.
        case failed
        /// It was skipped (disabled, or its trait said so).
        case skipped
        /// It started and never ended: the test process died while running it.
        case crashed
        /// It ran longer than the time limit for one check, and its test process was stopped.
        case timedOut
        /// The run knew about it but never started it (usually because an earlier test crashed).
        case notRun
    }

    /// The testing library's identifier, such as `Section1StrategyTests.GuideExampleChecks/notes()/File.swift:12:6`.
    public var id: String
    /// The test's display name: the sentence in `@Test("…")`, or the function's name.
    public var displayName: String
    /// How it ended.
    public var result: Result
    /// The text of each issue it recorded, with its details on following lines.
    public var issues: [String]

    /// Describes one test's outcome.
    public init(id: String, displayName: String, result: Result, issues: [String] = []) {
        self.id = id
        self.displayName = displayName
        self.result = result
        self.issues = issues
    }

    /// The module (test target) that declares the test: the identifier up to its first dot.
    public var module: String {
        String(id.prefix { $0 != "." })
    }

    /// A copy with another result.
    public func with(result: Result) -> TestOutcome {
        var copy = self
        copy.result = result
        return copy
    }

    /// A copy with other issue texts.
    public func with(issues: [String]) -> TestOutcome {
        var copy = self
        copy.issues = issues
        return copy
    }
}
