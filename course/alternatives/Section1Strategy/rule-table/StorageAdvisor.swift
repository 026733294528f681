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

/// One question of the framework and the answer it gives when it applies.
private struct StorageRule: Sendable {
    let applies: @Sendable (DataProfile) -> Bool
    let answer: StorageRecommendation
}

/// The framework's questions, in the order they are asked.
private let storageRules: [StorageRule] = [
    StorageRule(
        applies: { $0.isSensitive && $0.isLarge },
        answer: StorageRecommendation(.fileStore, reason: "A sensitive file: encrypt it on disk, its key goes in the vault.")
    ),
    StorageRule(
        applies: { $0.isSensitive },
        answer: StorageRecommendation(.vault, reason: "A secret: the vault keeps it encrypted.")
    ),
    StorageRule(
        applies: { $0.isSetting },
        answer: StorageRecommendation(.preferences, reason: "A user setting belongs in preferences.")
    ),
    StorageRule(
        applies: { $0.canBeRecreated },
        answer: StorageRecommendation(.caches, reason: "Re-creatable, so the caches folder is enough.")
    ),
    StorageRule(
        applies: { $0.isLarge },
        answer: StorageRecommendation(.fileStore, reason: "Big binary data lives in files, not in a database.")
    ),
    StorageRule(
        applies: { $0.needsQuerying },
        answer: StorageRecommendation(.models, reason: "Records to search and sort belong in models.")
    ),
]

/// Recommends where a piece of data should live, following the decision framework.
///
/// - Parameter data: What the app knows about the data.
/// - Returns: The place for it and a short reason (never empty once you are done).
public func recommendStorage(for data: DataProfile) -> StorageRecommendation {
    storageRules.first { $0.applies(data) }?.answer
        ?? StorageRecommendation(.preferences, reason: "Small and never queried: preferences will do.")
}
