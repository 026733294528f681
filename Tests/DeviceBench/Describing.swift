import Foundation

// How the hidden suites show what they found, the same way in every section: a learner reads these in a
// failed check's message.

/// A list of titles or names as a learner reads it: quoted, in brackets.
public func describe(_ names: [String]) -> String {
    "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
}

/// An optional name or token as a learner reads it: nil or quoted.
public func describe(_ name: String?) -> String {
    name.map { "\"\($0)\"" } ?? "nil"
}

/// A date as a learner reads it: nil, or the date with its exact seconds since 2001.
public func describe(_ date: Date?) -> String {
    guard let date else { return "nil" }
    return "\(date) (\(date.timeIntervalSinceReferenceDate) s since 2001)"
}

/// A fixed moment, `day` days after a reference date in 2026 (fractions give times of day), so checks never
/// depend on the clock.
public func moment(day: Double) -> Date {
    Date(timeIntervalSinceReferenceDate: 788_918_400 + day * 86_400)
}

/// Runs `body` and returns the error it threw, or nil when it threw none.
public func thrownError(_ body: () throws -> Void) -> (any Error)? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}
