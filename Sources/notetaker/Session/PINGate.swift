import ArgumentParser
import Foundation
import PersistenceCore
import Section8NoteTaker

#if canImport(Glibc)
import Glibc
import PersistenceWorkbench
#endif

/// `--pin`, accepted by every command that shows or changes notes.
struct UnlockOptions: ParsableArguments {
    @Option(name: .long, help: "The PIN, when one is set. Without it, notetaker asks for it.")
    var pin: String?
}

/// Asks for the PIN when one is set and lets the command run only when it is right.
///
/// It fails closed: when the vault cannot say whether a PIN is set (a damaged item, a replaced device
/// key), NoteTaker counts as locked. Each check runs under a lock every `notetaker` process takes, so
/// guesses made at the same moment are each counted.
struct PINGate {
    /// The app's PIN lock.
    let lock: PINLock
    /// The folder whose lock serializes PIN checks across processes: the app's container.
    let lockFolder: URL

    /// A gate over the PIN lock of the app in `sandbox`.
    init(sandbox: AppSandbox) {
        lock = PINLock()
        lockFolder = sandbox.containerURL
    }

    /// Returns when no PIN is set or `given` (else the PIN typed on standard input) is right.
    ///
    /// - Throws: `NoteTakerCLIError` for a missing or wrong PIN, the lockout, or a vault that cannot be read.
    func unlock(with given: String?) throws {
        guard try hasPIN() else { return }
        guard let pin = given ?? Self.readPIN(prompt: "PIN: ") else {
            throw NoteTakerCLIError(
                "NoteTaker is locked: a PIN is set — pass --pin 1234 or type the PIN on standard input")
        }
        let verdict = try FolderLock.withExclusiveLock(on: lockFolder, while: "checking the PIN") {
            try vault { try lock.check(pin) }
        }
        switch verdict {
        case .unlocked:
            return
        case .wrong(let attemptsLeft):
            let tries = attemptsLeft == 1 ? "1 more wrong PIN" : "\(attemptsLeft) more wrong PINs"
            throw NoteTakerCLIError("Wrong PIN: \(tries) and NoteTaker locks — while unlocking NoteTaker")
        case .lockedOut:
            throw NoteTakerCLIError.lockedOut
        }
    }

    /// Whether a PIN is set; a vault that cannot tell is an error, never "no PIN".
    func hasPIN() throws -> Bool {
        try vault { try lock.hasPIN() }
    }

    /// Runs a PIN lock call; any failure to read or write the vault makes NoteTaker locked, with the way out.
    func vault<Value>(_ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch NoteTakerError.vaultFailed(let status) {
            throw NoteTakerCLIError.vaultUnusable(status: status)
        } catch let error as NoteTakerError {
            throw NoteTakerCLIError("The PIN lock failed: \(error.localizedDescription)")
        } catch {
            throw NoteTakerCLIError(
                "NoteTaker is locked: the PIN lock failed (\(error.localizedDescription)) — "
                    + "run `notetaker lock reset --erase-all-notes` to erase every note and the PIN")
        }
    }

    /// Runs `body` holding the lock PIN checks take, for commands that change the PIN or its count.
    func exclusively<Value>(_ body: () throws -> Value) throws -> Value {
        try FolderLock.withExclusiveLock(on: lockFolder, while: "changing the PIN", body)
    }

    /// Reads one line: without echo from a terminal, else from piped input; nil when there is none.
    static func readPIN(prompt: String) -> String? {
        let line: String?
        #if canImport(Glibc)
        if isatty(STDIN_FILENO) != 0, let typed = getpass(prompt) {
            line = String(cString: typed)
        } else {
            line = readLine()
        }
        #else
        line = readLine()
        #endif
        let pin = line?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return pin.isEmpty ? nil : pin
    }
}

/// The note a command works on, named by its number from `list`, and the PIN that opens the app.
struct NoteReference: ParsableArguments {
    @Argument(help: "The note's number from `list`, such as 3 or #3.")
    var note: String
    @OptionGroup var unlock: UnlockOptions

    /// Opens the app (asking for the PIN when one is set) and finds the note.
    ///
    /// - Throws: `NoteTakerCLIError` for a wrong or missing PIN, or a number no note has.
    func open() throws -> (app: NoteTakerApp, note: Note) {
        let app = try NoteTakerApp.open(unlocking: unlock)
        return (app, try app.note(note))
    }
}
