// Section 13 — iCloud sync
// The categories every new device starts with. You do not need to change this file.

import PersistenceCore

/// The categories the app seeds on first launch, in the order it shows them.
public enum DefaultCategory: String, CaseIterable, Sendable {
    case clothes
    case toiletries
    case documents
    case electronics

    /// The name shown, such as "Documents".
    public var name: String {
        switch self {
        case .clothes: "Clothes"
        case .toiletries: "Toiletries"
        case .documents: "Documents"
        case .electronics: "Electronics"
        }
    }
}
