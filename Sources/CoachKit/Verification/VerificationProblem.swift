/// One thing `coach verify` found wrong, and where.
public struct VerificationProblem: Equatable, Sendable, CustomStringConvertible {
    /// The part of the workbench at fault, such as "Section 2 solution" or "course metadata".
    public var area: String
    /// What is wrong and, where it helps, how to fix it.
    public var message: String

    /// A problem in `area`.
    public init(_ area: String, _ message: String) {
        self.area = area
        self.message = message
    }

    public var description: String { "\(area): \(message)" }
}
