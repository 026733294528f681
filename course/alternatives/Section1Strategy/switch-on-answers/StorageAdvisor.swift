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
    let large = data.typicalSize >= DataProfile.largeFileThreshold
    switch (data.isSensitive, data.isSetting, data.canBeRecreated, large, data.needsQuerying) {
    case (true, _, _, true, _):
        return StorageRecommendation(.fileStore, reason: "Encrypted file on disk; the vault holds only its key.")
    case (true, _, _, false, _):
        return StorageRecommendation(.vault, reason: "Secrets are encrypted in the vault.")
    case (false, true, _, _, _):
        return StorageRecommendation(.preferences, reason: "The user's choice, kept as a preference.")
    case (false, false, true, _, _):
        return StorageRecommendation(.caches, reason: "Losing it costs only a download.")
    case (false, false, false, true, _):
        return StorageRecommendation(.fileStore, reason: "Too big for a database row: store the file.")
    case (false, false, false, false, true):
        return StorageRecommendation(.models, reason: "Queryable records belong in models.")
    case (false, false, false, false, false):
        return StorageRecommendation(.preferences, reason: "A few small values: preferences.")
    }
}
