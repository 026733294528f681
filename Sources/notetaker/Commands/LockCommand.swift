import ArgumentParser
import PersistenceCore
import PersistenceWorkbench
import Section8NoteTaker

/// `notetaker lock`: the PIN that guards every command.
struct LockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lock",
        abstract: "Set, remove or reset the PIN that guards NoteTaker.",
        discussion: """
            The PIN is \(PINRules.length) digits, kept in the vault, never in the preferences. After \
            \(PINRules.maxWrongAttempts) wrong PINs in a row NoteTaker stays locked until it is reset.
            """,
        subcommands: [Status.self, SetPIN.self, Clear.self, Reset.self],
        defaultSubcommand: Status.self
    )

    /// `notetaker lock status`.
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Say whether a PIN is set and how many wrong PINs were entered.")

        func run() throws {
            let gate = PINGate(sandbox: NoteTakerApp.selectSandbox())
            guard try gate.hasPIN() else {
                print("No PIN is set. Set one with `notetaker lock set`.")
                return
            }
            let wrong = try gate.vault { try gate.lock.wrongAttempts() }
            if wrong >= PINRules.maxWrongAttempts {
                print("A PIN is set and NoteTaker is locked after \(wrong) wrong PINs.")
            } else {
                print(
                    "A PIN is set; \(wrong) wrong \(wrong == 1 ? "PIN" : "PINs") since the last right one (locks at \(PINRules.maxWrongAttempts))."
                )
            }
        }
    }

    /// `notetaker lock set`.
    struct SetPIN: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Set or change the PIN.",
            discussion:
                "When a PIN is already set, give it with --pin. Without --new-pin, the new PIN is read from standard input."
        )

        @Option(name: .customLong("new-pin"), help: "The new \(PINRules.length)-digit PIN.")
        var newPIN: String?
        @OptionGroup var unlock: UnlockOptions

        func validate() throws {
            if let newPIN, !PINRules.isWellFormed(newPIN) {
                throw ValidationError("--new-pin must be exactly \(PINRules.length) digits, such as 2580.")
            }
        }

        func run() throws {
            let gate = PINGate(sandbox: NoteTakerApp.selectSandbox())
            try gate.unlock(with: unlock.pin)
            guard let pin = newPIN ?? PINGate.readPIN(prompt: "New PIN: ") else {
                throw NoteTakerCLIError(
                    "No new PIN: give --new-pin 1234 or type it on standard input — while setting the PIN")
            }
            guard PINRules.isWellFormed(pin) else {
                throw NoteTakerCLIError(
                    "PIN refused: a PIN is exactly \(PINRules.length) digits — while setting the PIN")
            }
            try gate.exclusively { try gate.vault { try gate.lock.setPIN(pin) } }
            guard try gate.hasPIN() else {
                throw NoteTakerCLIError.unfinished("The PIN was not saved", finish: "PINLock.setPIN and hasPIN")
            }
            print("PIN set. Every command now asks for it.")
        }
    }

    /// `notetaker lock clear`.
    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove the PIN; it must be given first.")

        @OptionGroup var unlock: UnlockOptions

        func run() throws {
            let gate = PINGate(sandbox: NoteTakerApp.selectSandbox())
            guard try gate.hasPIN() else {
                print("No PIN is set.")
                return
            }
            try gate.unlock(with: unlock.pin)
            try gate.exclusively { try gate.vault { try gate.lock.removePIN() } }
            print("PIN removed. NoteTaker opens without one.")
        }
    }

    /// `notetaker lock reset`.
    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Erase every note, tag and image and remove the PIN: the way out of a lockout."
        )

        @Flag(name: .customLong("erase-all-notes"), help: "Confirm that every note, tag and image is deleted.")
        var eraseAllNotes = false

        func validate() throws {
            if !eraseAllNotes {
                throw ValidationError("Resetting deletes every note, tag and image: confirm with --erase-all-notes.")
            }
        }

        func run() throws {
            let sandbox = NoteTakerApp.selectSandbox()
            let app = try NoteTakerApp.openWithoutPIN(sandbox: sandbox)
            let erased = try app.eraseEverything()
            let gate = PINGate(sandbox: sandbox)
            let how = try gate.exclusively { try removePINOrEraseVault(gate: gate) }
            print("Erased \(erased) \(erased == 1 ? "note" : "notes") and \(how).")
        }

        /// Removes the PIN; when the vault cannot be read at all, erases it, since nothing else can unlock
        /// the app. Returns what was done, for the closing line.
        private func removePINOrEraseVault(gate: PINGate) throws -> String {
            do {
                try gate.lock.removePIN()
                return "removed the PIN"
            } catch {
                do {
                    try Vault.current.erase()
                } catch {
                    throw NoteTakerCLIError(
                        "Erasing the vault failed: \(error) — while resetting NoteTaker; remove the folder \(Vault.current.directory.path) by hand"
                    )
                }
                return "erased the vault, which could not be read (\(error.localizedDescription))"
            }
        }
    }
}
