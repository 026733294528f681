import Foundation
import PersistenceCore
import Section8NoteTaker
import Testing

@Suite("Section 8: the PIN lock (bonus)")
struct PINLockChecks {
    @Test("a new install has no PIN, and NoteTaker opens without one")
    func noPINUnlocks() throws {
        try NoteTakerBench.run { _ in
            let lock = PINLock()
            let hasPIN = try lock.hasPIN()
            #expect(!hasPIN, "hasPIN() on a new install: expected false, found true.")
            let check = try lock.check("1234")
            #expect(
                check == .unlocked, "check(\"1234\") with no PIN set: expected .unlocked, found \(describe(check)).")
        }
    }

    @Test("a PIN that is not four digits is refused")
    func malformedPINRefused() throws {
        try NoteTakerBench.run { _ in
            let lock = PINLock()
            for pin in ["123", "12345", "12a4", "", "12 4", "+123", "-123", "١٢٣٤", "１２３４"] {
                var thrown: (any Error)?
                do { try lock.setPIN(pin) } catch { thrown = error }
                #expect(
                    thrown as? NoteTakerError == .malformedPIN,
                    "setPIN(\"\(pin)\"): expected NoteTakerError.malformedPIN, found \(thrown.map { describe($0) } ?? "no error")."
                )
            }
            let hasPIN = try lock.hasPIN()
            #expect(!hasPIN, "hasPIN() after only refused PINs: expected false, found true.")
        }
    }

    @Test("the right PIN unlocks")
    func rightPINUnlocks() throws {
        try NoteTakerBench.run { _ in
            let lock = PINLock()
            try lock.setPIN("4096")
            let hasPIN = try lock.hasPIN()
            #expect(hasPIN, "hasPIN() after setPIN(\"4096\"): expected true, found false.")
            let check = try lock.check("4096")
            #expect(
                check == .unlocked,
                "check(\"4096\") after setting that PIN: expected .unlocked, found \(describe(check)).")
            let relaunched = try PINLock().check("4096")
            #expect(
                relaunched == .unlocked,
                "check(\"4096\") on a second PINLock(), as after a relaunch: expected .unlocked, found \(describe(relaunched))."
            )
        }
    }

    @Test("a wrong PIN is refused and says how many tries are left")
    func wrongPINRefused() throws {
        try NoteTakerBench.run { _ in
            let lock = PINLock()
            try lock.setPIN("4096")
            let first = try lock.check("1111")
            #expect(
                first == .wrong(attemptsLeft: PINRules.maxWrongAttempts - 1),
                "check(\"1111\") against the PIN 4096: expected .wrong(attemptsLeft: \(PINRules.maxWrongAttempts - 1)), found \(describe(first))."
            )
            let second = try PINLock().check("2222")
            #expect(
                second == .wrong(attemptsLeft: PINRules.maxWrongAttempts - 2),
                "A second wrong PIN, after a relaunch: expected .wrong(attemptsLeft: \(PINRules.maxWrongAttempts - 2)), found \(describe(second))."
            )
            let count = try lock.wrongAttempts()
            #expect(count == 2, "wrongAttempts() after two wrong PINs: expected 2, found \(count).")
        }
    }

    @Test("five wrong PINs lock NoteTaker, and then even the right PIN is refused")
    func lockout() throws {
        try NoteTakerBench.run { _ in
            let lock = PINLock()
            try lock.setPIN("4096")
            var answers: [String] = []
            for _ in 1...PINRules.maxWrongAttempts {
                answers.append(describe(try lock.check("0000")))
            }
            let expected = (1...PINRules.maxWrongAttempts).map { tries in
                tries == PINRules.maxWrongAttempts
                    ? ".lockedOut" : ".wrong(attemptsLeft: \(PINRules.maxWrongAttempts - tries))"
            }
            #expect(
                answers == expected,
                "The answers to \(PINRules.maxWrongAttempts) wrong PINs in a row: expected \(expected), found \(answers)."
            )
            let right = try lock.check("4096")
            #expect(
                right == .lockedOut,
                "check with the right PIN after \(PINRules.maxWrongAttempts) wrong ones: expected .lockedOut, found \(describe(right))."
            )
            let relaunched = try PINLock().check("4096")
            #expect(
                relaunched == .lockedOut,
                "The right PIN after a relaunch while locked out: expected .lockedOut, found \(describe(relaunched)).")
        }
    }

    @Test("while locked out every further wrong PIN is counted, and the right PIN is refused without being counted")
    func lockoutKeepsCounting() throws {
        try NoteTakerBench.run { _ in
            let lock = PINLock()
            try lock.setPIN("4096")
            for _ in 1...PINRules.maxWrongAttempts { _ = try lock.check("0000") }
            let further = [try lock.check("1111"), try lock.check("2222")]
            let counted = try lock.wrongAttempts()
            let right = try lock.check("4096")
            let afterRight = try lock.wrongAttempts()

            #expect(
                further == [.lockedOut, .lockedOut],
                "Two more wrong PINs while locked out: expected [.lockedOut, .lockedOut], found [\(further.map(describe).joined(separator: ", "))]."
            )
            #expect(
                counted == PINRules.maxWrongAttempts + 2,
                "wrongAttempts() after \(PINRules.maxWrongAttempts) wrong PINs and 2 more while locked out: expected \(PINRules.maxWrongAttempts + 2), found \(counted)."
            )
            #expect(
                right == .lockedOut, "The right PIN while locked out: expected .lockedOut, found \(describe(right)).")
            #expect(
                afterRight == counted,
                "wrongAttempts() after the right PIN was refused during the lockout: expected \(counted) (the right PIN is not a wrong try), found \(afterRight)."
            )
        }
    }

    @Test("the right PIN starts the count of wrong tries again")
    func rightPINResetsCount() throws {
        for wrongTries in 1..<PINRules.maxWrongAttempts {
            try NoteTakerBench.run { _ in
                let lock = PINLock()
                try lock.setPIN("4096")
                for _ in 1...wrongTries { _ = try lock.check("9999") }
                let right = try lock.check("4096")
                let count = try lock.wrongAttempts()
                let next = try lock.check("9999")
                #expect(
                    right == .unlocked,
                    "The right PIN after \(wrongTries) wrong one(s): expected .unlocked, found \(describe(right)).")
                #expect(
                    count == 0,
                    "wrongAttempts() after \(wrongTries) wrong PIN(s) and then the right one: expected 0, found \(count)."
                )
                #expect(
                    next == .wrong(attemptsLeft: PINRules.maxWrongAttempts - 1),
                    "A wrong PIN after \(wrongTries) wrong one(s) and the right one: expected .wrong(attemptsLeft: \(PINRules.maxWrongAttempts - 1)), found \(describe(next))."
                )
            }
        }
    }

    @Test("the PIN is kept in the vault and never in preferences or any file")
    func pinOnlyInVault() throws {
        try NoteTakerBench.run { bench in
            let lock = PINLock()
            try lock.setPIN("7093")
            _ = try lock.check("1111")
            _ = NoteTakerSettings().sortOrder

            let inVault = bench.vaultData(account: NoteTakerKeys.pinAccount).map { String(decoding: $0, as: UTF8.self) }
            #expect(
                inVault == "7093",
                "The vault's generic password for account \"\(NoteTakerKeys.pinAccount)\": expected the PIN's digits, found \(inVault == nil ? "no item" : "other data")."
            )
            let preferenceValues = bench.preferences.dictionaryRepresentation().filter {
                "\($0.value)".contains("7093")
            }.keys.sorted()
            #expect(
                preferenceValues.isEmpty,
                "Preference keys whose value holds the PIN: expected none, found \(describe(preferenceValues)).")
            let leaking = bench.everyFileOnDevice().filter { $0.contents.range(of: Data("7093".utf8)) != nil }.map(
                \.path)
            #expect(
                leaking.isEmpty,
                "Files on the device whose bytes hold the PIN in plain text: expected none, found \(describe(leaking))."
            )
        }
    }

    @Test("removing the PIN opens NoteTaker without one, even after a lockout")
    func removePIN() throws {
        try NoteTakerBench.run { _ in
            let lock = PINLock()
            try lock.setPIN("4096")
            for _ in 1...PINRules.maxWrongAttempts { _ = try lock.check("0000") }
            try lock.removePIN()

            let hasPIN = try lock.hasPIN()
            #expect(!hasPIN, "hasPIN() after removePIN(): expected false, found true.")
            let check = try lock.check("0000")
            #expect(
                check == .unlocked, "check(\"0000\") after removePIN(): expected .unlocked, found \(describe(check)).")
            try lock.setPIN("1357")
            let fresh = try lock.check("2468")
            #expect(
                fresh == .wrong(attemptsLeft: PINRules.maxWrongAttempts - 1),
                "A wrong PIN against a new PIN set after the lockout: expected .wrong(attemptsLeft: \(PINRules.maxWrongAttempts - 1)), found \(describe(fresh))."
            )
        }
    }

    @Test("a refused PIN leaves the current PIN and the count of wrong tries as they were")
    func refusedPINChangesNothing() throws {
        try NoteTakerBench.run { bench in
            let lock = PINLock()
            try lock.setPIN("4096")
            _ = try lock.check("1111")
            let refused = thrownError { try lock.setPIN("12a4") }

            #expect(
                refused as? NoteTakerError == .malformedPIN,
                "setPIN(\"12a4\") while the PIN 4096 is set: expected NoteTakerError.malformedPIN, found \(describe(refused))."
            )
            let inVault = bench.vaultData(account: NoteTakerKeys.pinAccount).map { String(decoding: $0, as: UTF8.self) }
            #expect(
                inVault == "4096",
                "The PIN in the vault after a refused setPIN: expected the PIN set before it, found \(inVault == nil ? "no item" : "other digits")."
            )
            let count = try lock.wrongAttempts()
            #expect(count == 1, "wrongAttempts() after one wrong PIN and a refused setPIN: expected 1, found \(count).")
        }
    }

    @Test("setting a new PIN replaces the old one and forgets the wrong tries, even during a lockout")
    func newPINStartsAfresh() throws {
        try NoteTakerBench.run { _ in
            let lock = PINLock()
            try lock.setPIN("1357")
            for _ in 1...PINRules.maxWrongAttempts { _ = try lock.check("0000") }
            try lock.setPIN("2468")

            let count = try lock.wrongAttempts()
            #expect(
                count == 0,
                "wrongAttempts() right after setting a new PIN during a lockout: expected 0, found \(count).")
            let old = try lock.check("1357")
            #expect(
                old == .wrong(attemptsLeft: PINRules.maxWrongAttempts - 1),
                "check with the replaced PIN: expected .wrong(attemptsLeft: \(PINRules.maxWrongAttempts - 1)), found \(describe(old))."
            )
            let new = try lock.check("2468")
            #expect(new == .unlocked, "check with the new PIN: expected .unlocked, found \(describe(new)).")
        }
    }

    @Test("the count of wrong PINs is kept in the vault as digits under its own account")
    func countInVault() throws {
        try NoteTakerBench.run { bench in
            let lock = PINLock()
            try lock.setPIN("4096")
            for _ in 1...2 { _ = try lock.check("1111") }

            let stored = bench.vaultData(account: NoteTakerKeys.wrongAttemptsAccount).map {
                String(decoding: $0, as: UTF8.self)
            }
            #expect(
                stored == "2",
                "The vault's generic password for account \"\(NoteTakerKeys.wrongAttemptsAccount)\" after two wrong PINs: expected \"2\", found \(describe(stored))."
            )
            let pin = bench.vaultData(account: NoteTakerKeys.pinAccount).map { String(decoding: $0, as: UTF8.self) }
            #expect(
                pin == "4096",
                "The vault's generic password for account \"\(NoteTakerKeys.pinAccount)\" after two wrong PINs: expected the PIN's digits, found \(pin == nil ? "no item" : "other data")."
            )
        }
    }

    @Test("the PIN and the count of wrong PINs survive a reinstall that deletes the preferences")
    func survivesReinstall() throws {
        try NoteTakerBench.run { bench in
            let lock = PINLock()
            try lock.setPIN("4096")
            for _ in 1...3 { _ = try lock.check("1111") }
            try bench.sandbox.reinstall()

            let relaunched = PINLock()
            let hasPIN = try relaunched.hasPIN()
            let count = try relaunched.wrongAttempts()
            #expect(
                hasPIN && count == 3,
                "hasPIN() and wrongAttempts() after three wrong PINs and a reinstall: expected true and 3, found \(hasPIN) and \(count)."
            )
        }
    }

    @Test("removing the PIN forgets the count of wrong PINs, and removing it again is no error")
    func removePINForgetsCount() throws {
        try NoteTakerBench.run { bench in
            let lock = PINLock()
            try lock.setPIN("4096")
            for _ in 1...2 { _ = try lock.check("1111") }
            try lock.removePIN()

            let count = try lock.wrongAttempts()
            #expect(count == 0, "wrongAttempts() after removePIN(): expected 0, found \(count).")
            let left = bench.vaultData(account: NoteTakerKeys.wrongAttemptsAccount)
            #expect(
                left == nil,
                "The vault item \"\(NoteTakerKeys.wrongAttemptsAccount)\" after removePIN(): expected none, found one.")
            let again = thrownError { try lock.removePIN() }
            #expect(
                again == nil, "removePIN() a second time, with no PIN set: expected no error, found \(describe(again))."
            )
        }
    }

    @Test("a vault that cannot be read is reported, never taken for a missing PIN")
    func unreadableVaultReported() throws {
        try NoteTakerBench.run { bench in
            let lock = PINLock()
            try lock.setPIN("4096")
            bench.makeVaultUnreadable()

            let answers = [
                ("hasPIN()", thrownError { _ = try lock.hasPIN() }),
                ("check(\"4096\")", thrownError { _ = try lock.check("4096") }),
                ("wrongAttempts()", thrownError { _ = try lock.wrongAttempts() }),
            ]
            for (call, error) in answers {
                #expect(
                    error as? NoteTakerError == .vaultFailed(errSecDecode),
                    "\(call) when the vault answers errSecDecode (\(errSecDecode)): expected NoteTakerError.vaultFailed(\(errSecDecode)), found \(describe(error))."
                )
            }
        }
    }

    @Test("every change the vault refuses is reported as vaultFailed")
    func refusedChangesReported() throws {
        try NoteTakerBench.run { bench in
            let lock = PINLock()
            try lock.setPIN("4096")
            _ = try lock.check("1111")
            try bench.makeVaultRefuseChanges()

            let answers = [
                ("setPIN(\"1357\")", thrownError { try lock.setPIN("1357") }),
                ("check with a wrong PIN", thrownError { _ = try lock.check("2222") }),
                ("check with the right PIN after a wrong one", thrownError { _ = try lock.check("4096") }),
                ("removePIN()", thrownError { try lock.removePIN() }),
            ]
            for (call, error) in answers {
                #expect(
                    error as? NoteTakerError == .vaultFailed(errSecIO),
                    "\(call) when the vault refuses every change with errSecIO (\(errSecIO)): expected NoteTakerError.vaultFailed(\(errSecIO)), found \(describe(error))."
                )
            }
        }
    }

    @Test("setPIN and removePIN report a PIN or count the vault will not change while the device is locked")
    func lockedItemsReported() throws {
        try NoteTakerBench.run { bench in
            let lock = PINLock()
            let refused = NoteTakerError.vaultFailed(errSecInteractionNotAllowed)
            try bench.addItemOnlyWhileUnlocked(Data("4096".utf8), account: NoteTakerKeys.pinAccount)
            bench.vault.device.lock()
            let settingOverPIN = thrownError { try lock.setPIN("1357") }
            let removingPIN = thrownError { try lock.removePIN() }
            bench.vault.device.unlock()
            #expect(
                settingOverPIN as? NoteTakerError == refused,
                "setPIN when the vault refuses to replace the PIN with errSecInteractionNotAllowed (\(errSecInteractionNotAllowed)): expected NoteTakerError.vaultFailed(\(errSecInteractionNotAllowed)), found \(describe(settingOverPIN))."
            )
            #expect(
                removingPIN as? NoteTakerError == refused,
                "removePIN when the vault refuses to delete the PIN with errSecInteractionNotAllowed (\(errSecInteractionNotAllowed)): expected NoteTakerError.vaultFailed(\(errSecInteractionNotAllowed)), found \(describe(removingPIN))."
            )

            try lock.removePIN()
            try lock.setPIN("4096")
            try bench.addItemOnlyWhileUnlocked(Data("2".utf8), account: NoteTakerKeys.wrongAttemptsAccount)
            bench.vault.device.lock()
            let settingOverCount = thrownError { try lock.setPIN("1357") }
            let removingCount = thrownError { try lock.removePIN() }
            bench.vault.device.unlock()
            #expect(
                settingOverCount as? NoteTakerError == refused,
                "setPIN when the vault refuses to delete the count of wrong PINs with errSecInteractionNotAllowed (\(errSecInteractionNotAllowed)): expected NoteTakerError.vaultFailed(\(errSecInteractionNotAllowed)), found \(describe(settingOverCount))."
            )
            #expect(
                removingCount as? NoteTakerError == refused,
                "removePIN when the vault refuses to delete the count of wrong PINs with errSecInteractionNotAllowed (\(errSecInteractionNotAllowed)): expected NoteTakerError.vaultFailed(\(errSecInteractionNotAllowed)), found \(describe(removingCount))."
            )
        }
    }
}
