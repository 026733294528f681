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
            #expect(check == .unlocked, "check(\"1234\") with no PIN set: expected .unlocked, found \(describe(check)).")
        }
    }

    @Test("a PIN that is not four digits is refused")
    func malformedPINRefused() throws {
        try NoteTakerBench.run { _ in
            let lock = PINLock()
            for pin in ["123", "12345", "12a4", ""] {
                var thrown: (any Error)?
                do { try lock.setPIN(pin) } catch { thrown = error }
                #expect(thrown as? NoteTakerError == .malformedPIN, "setPIN(\"\(pin)\"): expected NoteTakerError.malformedPIN, found \(thrown.map { describe($0) } ?? "no error"). Check with PINRules.isWellFormed first.")
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
            #expect(check == .unlocked, "check(\"4096\") after setting that PIN: expected .unlocked, found \(describe(check)).")
            let relaunched = try PINLock().check("4096")
            #expect(relaunched == .unlocked, "check(\"4096\") on a second PINLock(), as after a relaunch: expected .unlocked, found \(describe(relaunched)). Keep the PIN in the vault, not in memory.")
        }
    }

    @Test("a wrong PIN is refused and says how many tries are left")
    func wrongPINRefused() throws {
        try NoteTakerBench.run { _ in
            let lock = PINLock()
            try lock.setPIN("4096")
            let first = try lock.check("1111")
            #expect(first == .wrong(attemptsLeft: PINRules.maxWrongAttempts - 1), "check(\"1111\") against the PIN 4096: expected .wrong(attemptsLeft: \(PINRules.maxWrongAttempts - 1)), found \(describe(first)).")
            let second = try PINLock().check("2222")
            #expect(second == .wrong(attemptsLeft: PINRules.maxWrongAttempts - 2), "A second wrong PIN, after a relaunch: expected .wrong(attemptsLeft: \(PINRules.maxWrongAttempts - 2)), found \(describe(second)). Keep the count in the vault.")
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
                tries == PINRules.maxWrongAttempts ? ".lockedOut" : ".wrong(attemptsLeft: \(PINRules.maxWrongAttempts - tries))"
            }
            #expect(answers == expected, "The answers to \(PINRules.maxWrongAttempts) wrong PINs in a row: expected \(expected), found \(answers).")
            let right = try lock.check("4096")
            #expect(right == .lockedOut, "check with the right PIN after \(PINRules.maxWrongAttempts) wrong ones: expected .lockedOut, found \(describe(right)). Refuse every PIN once locked out.")
            let relaunched = try PINLock().check("4096")
            #expect(relaunched == .lockedOut, "The right PIN after a relaunch while locked out: expected .lockedOut, found \(describe(relaunched)).")
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

            #expect(further == [.lockedOut, .lockedOut], "Two more wrong PINs while locked out: expected [.lockedOut, .lockedOut], found [\(further.map(describe).joined(separator: ", "))].")
            #expect(counted == PINRules.maxWrongAttempts + 2, "wrongAttempts() after \(PINRules.maxWrongAttempts) wrong PINs and 2 more while locked out: expected \(PINRules.maxWrongAttempts + 2), found \(counted).")
            #expect(right == .lockedOut, "The right PIN while locked out: expected .lockedOut, found \(describe(right)).")
            #expect(afterRight == counted, "wrongAttempts() after the right PIN was refused during the lockout: expected \(counted) (the right PIN is not a wrong try), found \(afterRight).")
        }
    }

    @Test("the right PIN starts the count of wrong tries again")
    func rightPINResetsCount() throws {
        try NoteTakerBench.run { _ in
            let lock = PINLock()
            try lock.setPIN("4096")
            for _ in 1..<PINRules.maxWrongAttempts { _ = try lock.check("9999") }
            let right = try lock.check("4096")
            let count = try lock.wrongAttempts()
            let next = try lock.check("9999")
            #expect(right == .unlocked, "The right PIN after \(PINRules.maxWrongAttempts - 1) wrong ones: expected .unlocked, found \(describe(right)).")
            #expect(count == 0, "wrongAttempts() after the right PIN: expected 0, found \(count).")
            #expect(next == .wrong(attemptsLeft: PINRules.maxWrongAttempts - 1), "A wrong PIN after the right one: expected .wrong(attemptsLeft: \(PINRules.maxWrongAttempts - 1)), found \(describe(next)).")
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
            #expect(inVault == "7093", "The vault's generic password for account \"\(NoteTakerKeys.pinAccount)\": expected the PIN's digits, found \(inVault == nil ? "no item" : "other data"). Save it with SecItemAdd under NoteTakerKeys.pinAccount.")
            let preferenceValues = bench.preferences.dictionaryRepresentation().filter { "\($0.value)".contains("7093") }.keys.sorted()
            #expect(preferenceValues.isEmpty, "Preference keys whose value holds the PIN: expected none, found \(describe(preferenceValues)). A PIN is a secret: never put it in @AppStorage or preferences.")
            let leaking = bench.everyFileOnDevice().filter { $0.contents.range(of: Data("7093".utf8)) != nil }.map(\.path)
            #expect(leaking.isEmpty, "Files on the device whose bytes hold the PIN in plain text: expected none, found \(describe(leaking)).")
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
            #expect(check == .unlocked, "check(\"0000\") after removePIN(): expected .unlocked, found \(describe(check)).")
            try lock.setPIN("1357")
            let fresh = try lock.check("2468")
            #expect(fresh == .wrong(attemptsLeft: PINRules.maxWrongAttempts - 1), "A wrong PIN against a new PIN set after the lockout: expected .wrong(attemptsLeft: \(PINRules.maxWrongAttempts - 1)), found \(describe(fresh)). Removing or setting the PIN forgets the wrong tries.")
        }
    }
}
