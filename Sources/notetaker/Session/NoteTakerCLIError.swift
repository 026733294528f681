import Foundation
import PersistenceCore

/// A command could not do what was asked; the message says what failed and how to go on.
struct NoteTakerCLIError: Error, CustomStringConvertible, LocalizedError {
    /// The sentence printed after `Error:`.
    let description: String
    /// Whether a note's stored values could not be read, so that it can only be deleted by its number.
    let isUnreadableNote: Bool

    /// An error printed as `message`.
    init(_ message: String, isUnreadableNote: Bool = false) {
        description = message
        self.isUnreadableNote = isUnreadableNote
    }

    /// The message, for code that reads `localizedDescription`.
    var errorDescription: String? { description }

    /// Too many wrong PINs.
    static let lockedOut = NoteTakerCLIError(
        "NoteTaker is locked: too many wrong PINs in a row — run `notetaker lock reset --erase-all-notes` to delete every note and the PIN and start again"
    )

    /// The vault answered `status` to a PIN lock call: NoteTaker stays locked, and the message says what
    /// the status means and how to get out.
    static func vaultUnusable(status: OSStatus) -> NoteTakerCLIError {
        let meaning: String
        switch status {
        case errSecDecode:
            meaning =
                "errSecDecode (\(status)): a vault item or the device key is damaged, or was changed outside the vault"
        case errSecIO:
            meaning = "errSecIO (\(status)): the vault's files could not be read or written"
        case errSecInteractionNotAllowed:
            meaning = "errSecInteractionNotAllowed (\(status)): the device is locked"
        default:
            let sentence = SecCopyErrorMessageString(status, nil).map { " \($0 as String)" } ?? ""
            meaning = "OSStatus \(status)\(sentence)"
        }
        return NoteTakerCLIError(
            "NoteTaker is locked: the PIN lock cannot read the vault, \(meaning) — "
                + "run `notetaker lock reset --erase-all-notes` to erase every note and the PIN and start again"
        )
    }

    /// A note's stored values cannot be read (a badly typed column, say): the reason names the table,
    /// the row and the column; the note can still be deleted.
    static func unreadable(_ error: any Error, note number: Int? = nil) -> NoteTakerCLIError {
        let how =
            number.map { "`notetaker delete \($0)` removes it" }
            ?? "`notetaker delete <number>` removes the note of that row"
        return NoteTakerCLIError("A stored note cannot be read: \(error) — \(how)", isUnreadableNote: true)
    }

    /// The library left something undone: the learner's Section 8 code is not finished yet.
    static func unfinished(_ what: String, finish: String) -> NoteTakerCLIError {
        NoteTakerCLIError("\(what) — finish \(finish) in Section 8 (`swift run coach check 8` shows what is left)")
    }
}
