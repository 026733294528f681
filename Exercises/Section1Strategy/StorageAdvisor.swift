// Section 1 — Choosing a persistence strategy
//
// Goal: turn the lesson's decision framework into code. `recommendStorage(for:)` looks at what an app
// knows about a piece of data (a `DataProfile`) and answers where it belongs, with one short reason.
// Ask the questions in the lesson's order; the first rule that applies wins:
//
//   1. Sensitive? The vault — unless it is a large file: then the file store, and the reason must say
//      that the file's encryption key goes in the vault.
//   2. A setting the user picks? Preferences.
//   3. Can the app fetch or compute it again? The caches folder.
//   4. A large file? The file store.
//   5. Records the app searches, sorts or relates? Models.
//   6. Anything else is a small value: preferences.
//
// Run `swift test --filter Section1` (or `coach status`) to see which checks pass.

/// Recommends where a piece of data should live, following the decision framework.
///
/// - Parameter data: What the app knows about the data.
/// - Returns: The place for it and a short reason (never empty once you are done).
public func recommendStorage(for data: DataProfile) -> StorageRecommendation {
    // TODO: Answer question 1: is the data sensitive? Mind the large-file exception.
    // TODO: Answer questions 2 to 5, in order, returning as soon as one applies.
    // TODO: Fall back to preferences for any other small value.
    return .undecided
}
