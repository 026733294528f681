// Section 9 — Advanced models
// How sharp a video is. You do not need to change this file.

import PersistenceCore

/// A video's resolution class. A `Codable` enum with a `String` raw value is stored as its raw value, so
/// a predicate can filter on it.
public enum VideoQuality: String, Codable, CaseIterable, Sendable {
    /// 480 lines.
    case standard
    /// 720 lines.
    case high
    /// 1080 lines.
    case fullHigh
    /// 2160 lines.
    case ultraHigh

    /// The label a library shows: "SD", "HD", "Full HD" or "4K".
    public var label: String {
        switch self {
        case .standard: "SD"
        case .high: "HD"
        case .fullHigh: "Full HD"
        case .ultraHigh: "4K"
        }
    }
}
