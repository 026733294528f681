import Foundation
import PersistenceCore
import Section14WaterLog
import Testing

@Suite("Section 14: the daily goal in the vault")
struct GoalChecks {
    @Test("the goal is 2,000 ml until one is set, and a set goal survives a relaunch")
    func goalDefaultsAndSurvives() throws {
        try WaterBench.run { _ in
            let initial = try DailyGoal().goal()
            #expect(initial == 2_000, "goal() on a new install: expected 2000, found \(initial).")
            try DailyGoal().setGoal(2_500)
            try DailyGoal().setGoal(3_000)
            let relaunched = try DailyGoal().goal()
            #expect(
                relaunched == 3_000,
                "goal() after setGoal(2500), setGoal(3000) and a relaunch: expected 3000, found \(relaunched).")
        }
    }

    @Test("the goal is kept in the vault as digits under dailyGoal, never in preferences or a file")
    func goalInVault() throws {
        try WaterBench.run { bench in
            try DailyGoal().setGoal(2_750)
            let query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrAccount as String: WaterLogKeys.goalAccount,
                kSecReturnData as String: true,
            ]
            var result: AnyObject?
            let status = SecItemCopyMatching(query as CFDictionary, &result)
            let stored = (result as? Data).map { String(decoding: $0, as: UTF8.self) }
            #expect(
                status == errSecSuccess && stored == "2750",
                "The vault's generic password under \"dailyGoal\": expected \"2750\", found status \(status) and \(describe(stored))."
            )
            for (path, contents) in bench.containerFiles() {
                #expect(
                    !String(decoding: contents, as: UTF8.self).contains("2750"),
                    "The file \(path) in the app's container holds the goal: it belongs in the vault only.")
            }
        }
    }

    @Test("a goal outside 500 to 10,000 ml is refused and the stored goal kept")
    func goalOutOfRange() throws {
        try WaterBench.run { _ in
            let goal = DailyGoal()
            try goal.setGoal(2_400)
            for refused in [499, 10_001, 0, -2_000] {
                let error = thrownError { try goal.setGoal(refused) }
                #expect(
                    error as? WaterLogError == .goalOutOfRange(refused),
                    "setGoal(\(refused)): expected WaterLogError.goalOutOfRange(\(refused)), found \(describe(error)).")
            }
            let kept = try goal.goal()
            #expect(kept == 2_400, "goal() after only refused goals: expected 2400, found \(kept).")
            for accepted in [500, 10_000] {
                let error = thrownError { try goal.setGoal(accepted) }
                let now = try goal.goal()
                #expect(
                    error == nil && now == accepted,
                    "setGoal(\(accepted)): expected it kept, found \(describe(error)) and a goal of \(now).")
            }
        }
    }

    @Test("a vault that cannot be read or refuses a change is reported as vaultFailed")
    func vaultFailuresReported() throws {
        try WaterBench.run { bench in
            try DailyGoal().setGoal(2_400)
            try bench.makeVaultRefuseChanges()
            let refused = thrownError { try DailyGoal().setGoal(2_600) }
            #expect(
                refused as? WaterLogError == .vaultFailed(errSecIO),
                "setGoal(2600) when the vault refuses changes: expected vaultFailed(\(errSecIO)), found \(describe(refused))."
            )
        }
        try WaterBench.run { bench in
            try bench.makeVaultRefuseChanges()
            let refused = thrownError { try DailyGoal().setGoal(2_600) }
            #expect(
                refused as? WaterLogError == .vaultFailed(errSecIO),
                "The first setGoal(2600) when the vault refuses changes: expected vaultFailed(\(errSecIO)), found \(describe(refused))."
            )
        }
        try WaterBench.run { bench in
            try DailyGoal().setGoal(2_400)
            bench.makeVaultUnreadable()
            let unreadable = thrownError { _ = try DailyGoal().goal() }
            #expect(
                unreadable as? WaterLogError == .vaultFailed(errSecDecode),
                "goal() when the vault cannot be read: expected vaultFailed(\(errSecDecode)), never the default; found \(describe(unreadable))."
            )
        }
    }
}
