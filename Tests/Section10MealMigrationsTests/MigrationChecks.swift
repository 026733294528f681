import Foundation
import PersistenceCore
import Section10MealMigrations
import Testing

@Suite("Section 10: migrating stores written by earlier releases")
struct MigrationChecks {
    @Test("a version 1 store migrated to version 2 gives every meal the signed-in user's id and keeps the rest")
    func version1ToVersion2() throws {
        try MealBench.run { bench in
            try bench.writeVersion1Store([("Porridge", 320), ("Soup", 250), ("Porridge", 300)])
            try SignedInUser.signIn(as: "user-42")

            let rows = try bench.migratedToVersion2Rows()
            let expected = ["Porridge: 300 (user-42)", "Porridge: 320 (user-42)", "Soup: 250 (user-42)"]
            #expect(
                rows == expected,
                "A version 1 store opened at version 2 with MealMigrationPlan, \"user-42\" signed in: expected \(describe(expected)), found \(describe(rows))."
            )
        }
    }

    @Test("a version 1 store migrated to version 3 keeps one meal per title, the one with the most calories")
    func version1ToVersion3() throws {
        try MealBench.run { bench in
            try bench.writeVersion1Store([
                ("Porridge", 300), ("Soup", 250), ("Porridge", 320), ("Salad", 180), ("Porridge", 310),
            ])
            try SignedInUser.signIn(as: "user-7")

            let rows = try bench.migratedToVersion3Rows()
            let expected = ["Porridge: 320 (user-7)", "Salad: 180 (user-7)", "Soup: 250 (user-7)"]
            #expect(
                rows == expected,
                "A version 1 store with three Porridge meals opened at version 3, \"user-7\" signed in: expected \(describe(expected)), found \(describe(rows))."
            )
        }
    }

    @Test("a version 2 store with two users keeps each user's meals apart when duplicates are merged")
    func version2ToVersion3TwoUsers() throws {
        try MealBench.run { bench in
            try bench.writeVersion2Store([
                ("Toast", 200, "ana"), ("Toast", 260, "ben"), ("Toast", 220, "ana"), ("Rice", 400, "ben"),
                ("Rice", 380, "ben"),
            ])

            let rows = try bench.migratedToVersion3Rows()
            let expected = ["Rice: 400 (ben)", "Toast: 220 (ana)", "Toast: 260 (ben)"]
            #expect(
                rows == expected,
                "A version 2 store of two users opened at version 3: expected \(describe(expected)), found \(describe(rows))."
            )
        }
    }

    @Test("titles that differ in letter case are different meals")
    func caseDiffers() throws {
        try MealBench.run { bench in
            try bench.writeVersion2Store([("Tea", 5, "ana"), ("tea", 30, "ana")])

            let rows = try bench.migratedToVersion3Rows()
            #expect(
                rows == ["Tea: 5 (ana)", "tea: 30 (ana)"],
                "A version 2 store with \"Tea\" and \"tea\" opened at version 3: expected both kept, found \(describe(rows))."
            )
        }
    }

    @Test("a migrated store opens again without changing")
    func migrationRunsOnce() throws {
        try MealBench.run { bench in
            try bench.writeVersion1Store([("Curry", 650)])
            try SignedInUser.signIn(as: "user-1")
            _ = try bench.migratedToVersion3Rows()
            try SignedInUser.signIn(as: "user-2")

            let rows = try bench.migratedToVersion3Rows()
            #expect(
                rows == ["Curry: 650 (user-1)"],
                "A migrated store opened again after another user signed in: expected [\"Curry: 650 (user-1)\"] (no second migration), found \(describe(rows))."
            )
        }
    }
}
