// LegacyFetching — the course's stand-in for Core Data's string-based fetch requests (Section 7)
// Why a legacy request failed. You do not need to change this file.

import PersistenceModels

/// Why a legacy fetch request failed when it ran. None of these can happen at compile time: a format
/// string and a sort key are only strings until the request runs.
public enum LegacyFetchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The request names a key the entity does not have, in its format string or in a sort key.
    case unknownKey(String, entity: String, request: String)
    /// The format string cannot be read, or its arguments do not fit its placeholders.
    case invalidFormat(String, reason: String)
    /// A comparison met two values it cannot compare, such as a date and a string.
    case typeMismatch(String, reason: String)
    /// The store could not be read.
    case storeFailed(entity: String, reason: String)

    /// "<what failed>: <reason> — while <context>".
    public var description: String {
        switch self {
        case .unknownKey(let key, let entity, let request):
            "The fetch request failed: the entity \(entity) has no key \"\(key)\" — while running \(request)"
        case .invalidFormat(let format, let reason):
            "The format string could not be read: \(reason) — while reading \"\(format)\""
        case .typeMismatch(let format, let reason):
            "The predicate could not be evaluated: \(reason) — while evaluating \"\(format)\""
        case .storeFailed(let entity, let reason):
            "The fetch request failed: \(reason) — while reading \(entity) from the store"
        }
    }
}
