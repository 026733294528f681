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
    if data.isSensitive {
        if data.isLarge {
            return StorageRecommendation(
                .fileStore,
                reason: "Too large for the vault: encrypt the file and keep its key in the vault."
            )
        }
        return StorageRecommendation(.vault, reason: "Sensitive: the vault encrypts it and keeps it across reinstalls.")
    }
    if data.isSetting {
        return StorageRecommendation(.preferences, reason: "A simple setting: one key-value pair in preferences.")
    }
    if data.canBeRecreated {
        return StorageRecommendation(.caches, reason: "It can be fetched again, so the system may purge it.")
    }
    if data.isLarge {
        return StorageRecommendation(.fileStore, reason: "A large file: keep it on disk and store only its name.")
    }
    if data.needsQuerying {
        return StorageRecommendation(.models, reason: "Structured records the app searches and relates.")
    }
    return StorageRecommendation(.preferences, reason: "A small value with no querying: a preference is enough.")
}
