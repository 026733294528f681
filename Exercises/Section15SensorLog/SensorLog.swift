// Section 15 — Sensor Log
//
// Goal: replace this statement with the exercise's. This placeholder asks for one number, so that the
// section verifies before its real work is written: the check fails on the starter, passes on the
// reference. Mark every place a learner edits with a `TODO:` comment.

/// The answer the section's check expects; a placeholder for the exercise's real code.
public func section15Answer() -> Int {
    // TODO: Return the answer the check expects.
    0
}
