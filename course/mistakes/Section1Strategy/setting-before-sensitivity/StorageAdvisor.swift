// Known mistake: asks whether data is a setting before asking whether it is sensitive. `coach verify` proves a check rejects it.

/// Recommends where a piece of data should live, following the decision framework.
///
/// - Parameter data: What the app knows about the data.
/// - Returns: The place for it and a short reason (never empty once you are done).
public func recommendStorage(for data: DataProfile) -> StorageRecommendation {
    if data.isSetting {
        return StorageRecommendation(.preferences, reason: "A simple setting: one key-value pair in preferences.")
    }
    if data.isSensitive {
        if data.isLarge {
            return StorageRecommendation(
                .fileStore,
                reason: "Too large for the vault: encrypt the file and keep its key in the vault."
            )
        }
        return StorageRecommendation(.vault, reason: "Sensitive: the vault encrypts it and keeps it across reinstalls.")
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
