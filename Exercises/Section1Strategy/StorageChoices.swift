// Section 1 — Choosing a persistence strategy
// The types the storage advisor works with. You do not need to change this file.

/// The places the workbench can keep an app's data.
public enum StorageLocation: String, CaseIterable, Sendable {
    /// The vault (the Keychain): encrypted, survives a reinstall, made for small secrets.
    case vault
    /// Preferences (UserDefaults / `@AppStorage`): a plaintext property list of small settings.
    case preferences
    /// The file store (Documents or Application Support): whole files such as images and PDFs.
    case fileStore
    /// Models (SwiftData): structured records you search, sort, filter and relate.
    case models
    /// The caches folder (Library/Caches): data the app can fetch or compute again; the system may purge it.
    case caches
}

/// What the app knows about one piece of data it wants to keep.
public struct DataProfile: Sendable, CustomStringConvertible {
    /// Items this size or larger, in bytes, count as large files.
    public static let largeFileThreshold = 100 * 1024

    /// A short name for the data, such as "theme preference".
    public var name: String
    /// Whether losing it to an attacker would hurt: passwords, tokens, PINs, identity documents.
    public var isSensitive: Bool
    /// Whether it is a setting the user picks, such as a theme or a sort order.
    public var isSetting: Bool
    /// The typical size of one item, in bytes.
    public var typicalSize: Int
    /// Whether the app searches, filters, sorts or relates many of these records.
    public var needsQuerying: Bool
    /// Whether the app can download or compute it again, so losing it costs only time.
    public var canBeRecreated: Bool

    /// Describes a piece of data; every question defaults to "no" and the size to a few bytes.
    public init(
        _ name: String,
        isSensitive: Bool = false,
        isSetting: Bool = false,
        typicalSize: Int = 64,
        needsQuerying: Bool = false,
        canBeRecreated: Bool = false
    ) {
        self.name = name
        self.isSensitive = isSensitive
        self.isSetting = isSetting
        self.typicalSize = typicalSize
        self.needsQuerying = needsQuerying
        self.canBeRecreated = canBeRecreated
    }

    /// Whether one item reaches the large-file threshold.
    public var isLarge: Bool { typicalSize >= Self.largeFileThreshold }

    public var description: String { "'\(name)'" }
}

/// Where a piece of data belongs, and why in one short sentence.
public struct StorageRecommendation: Sendable, Equatable, CustomStringConvertible {
    /// The chosen place, or `nil` while no rule has decided yet.
    public var location: StorageLocation?
    /// One short sentence a teammate would accept as the reason.
    public var reason: String

    /// A recommendation of `location`, explained by `reason`.
    public init(_ location: StorageLocation?, reason: String) {
        self.location = location
        self.reason = reason
    }

    /// The answer before any rule is written: no place and no reason.
    public static let undecided = StorageRecommendation(nil, reason: "")

    public var description: String {
        guard let location else { return "no decision" }
        return ".\(location.rawValue) (\"\(reason)\")"
    }
}
