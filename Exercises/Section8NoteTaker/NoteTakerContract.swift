// Section 8 — Practice project: NoteTaker
// The names, rules and errors every part of NoteTaker shares. You do not need to change this file.

import PersistenceCore
import PersistenceWorkbench

/// How the note list is ordered; `@AppStorage` keeps it as its raw value, `"date"` or `"title"`.
public enum NoteSortOrder: String, CaseIterable, Sendable {
    /// Newest notes first.
    case date
    /// Alphabetical by title.
    case title
}

/// The names NoteTaker files its data under, each typed once.
public enum NoteTakerKeys {
    /// The preference key of the list's sort order.
    public static let sortOrder = "sortOrder"
    /// The preference key of the "show pinned first" switch.
    public static let showPinnedFirst = "showPinnedFirst"
    /// The preference key of how many notes one page of the list shows.
    public static let notesPerPage = "notesPerPage"
    /// The vault account (`kSecAttrAccount`) of the PIN, a generic password holding the PIN's digits as UTF-8.
    public static let pinAccount = "notetaker.pin"
    /// The vault account of the number of wrong PINs entered since the last right one, kept as UTF-8 digits.
    public static let wrongAttemptsAccount = "notetaker.pin.wrongAttempts"
    /// The folder inside Application Support that holds the notes' image files.
    public static let imagesFolder = "NoteImages"
    /// The name of the model store file inside Application Support.
    public static let storeFilename = "NoteTaker.store"
}

/// The rules of the PIN lock.
public enum PINRules {
    /// How many digits a PIN has.
    public static let length = 4
    /// How many wrong PINs in a row lock NoteTaker until the PIN is removed.
    public static let maxWrongAttempts = 5

    /// Whether `pin` is exactly ``length`` ASCII digits.
    public static func isWellFormed(_ pin: String) -> Bool {
        pin.count == length && pin.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

/// What checking an entered PIN found.
public enum PINCheck: Equatable, Sendable {
    /// The PIN was right, or no PIN is set: the notes may be shown.
    case unlocked
    /// The PIN was wrong; this many more wrong PINs are allowed before the lockout.
    case wrong(attemptsLeft: Int)
    /// Too many wrong PINs: every PIN is refused, the right one too, until the PIN is removed.
    case lockedOut
}

/// A NoteTaker operation failed.
public enum NoteTakerError: Error, Equatable, LocalizedError {
    /// A new PIN was not ``PINRules/length`` digits.
    case malformedPIN
    /// A Security function returned this status while the PIN lock used the vault.
    case vaultFailed(OSStatus)
    /// An image file could not be written, read or removed; the text says which and why.
    case imageFailed(String)

    /// What failed, why, and what NoteTaker was doing; never the PIN itself.
    public var errorDescription: String? {
        switch self {
        case .malformedPIN:
            "PIN refused: a PIN is exactly \(PINRules.length) digits — while setting the PIN"
        case .vaultFailed(let status):
            "Vault call failed: OSStatus \(status) — while using the PIN lock"
        case .imageFailed(let reason):
            "Image file failed: \(reason) — while storing a note's image"
        }
    }
}

/// Opens NoteTaker's model container: a store file in the app's Application Support folder holding
/// notes and tags.
public enum NoteTakerStore {
    /// The container on `sandbox`'s store file, or one in memory only when `inMemory` is true.
    ///
    /// - Throws: The model layer's error when the store cannot be opened.
    public static func makeContainer(sandbox: AppSandbox = .current, inMemory: Bool = false) throws -> ModelContainer {
        let configuration = inMemory
            ? ModelConfiguration(isStoredInMemoryOnly: true)
            : ModelConfiguration(url: sandbox.applicationSupportDirectory.appending(path: NoteTakerKeys.storeFilename))
        return try ModelContainer(for: Note.self, Tag.self, configurations: configuration)
    }
}
