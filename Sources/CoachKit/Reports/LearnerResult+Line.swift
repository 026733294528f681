import Foundation

extension LearnerResult {
    /// The line `coach grade` prints as each submission is graded, such as "[3/40] ✓ Ada  212/230 points",
    /// followed by the learner's problems: not graded, tampered files, forged results, places to review.
    ///
    /// - Parameters:
    ///   - finished: How many submissions are graded, this one included.
    ///   - total: How many the run grades.
    ///   - seconds: How long this one took, shown when given (coach gives it on a terminal).
    ///   - style: The terminal's colours.
    public func resultLine(finished: Int, total: Int, seconds: Double?, style: TerminalStyle) -> String {
        let complete = points == possiblePoints && possiblePoints > 0
        var line =
            "[\(finished)/\(total)] " + (complete ? style.success("✓") : style.failure("✗")) + " "
            + learner.escapedForTerminal() + "  \(points)/\(possiblePoints) points"
        if let seconds { line += style.dim(String(format: "  (%.0f s)", seconds)) }
        if let problem { line += "  " + style.failure("not graded: \(problem.escapedForTerminal())") }
        if !tampering.isEmpty {
            line +=
                "  " + style.warning("tampering: \(tampering.count) file(s) differ from the course's and were not used")
        }
        if !forgedResults.isEmpty {
            line += "  " + style.failure("forged results: the checks they name score nothing")
        }
        if !reviewNotes.isEmpty {
            line += "  " + style.warning("review: \(reviewNotes.count) place(s) use what no exercise needs")
        }
        return line
    }
}
