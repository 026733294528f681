import Foundation
import PersistenceCore
import Section10MealMigrations
import Testing

@Suite("Section 10: the app at launch")
struct LaunchChecks {
    @Test("a version 1 store opens migrated, with every meal under the signed-in user")
    func opensMigrated() throws {
        try MealBench.run { bench in
            try bench.writeVersion1Store([("Omelette", 410), ("Omelette", 390), ("Yoghurt", 150)])
            try SignedInUser.signIn(as: "user-42")

            let store = try MealStore(configuration: bench.configuration)
            #expect(
                store.state == .current,
                "MealStore's state after opening a version 1 store with \"user-42\" signed in: expected .current, found \(store.state)."
            )
            let meals = try store.meals()
            let expected = ["Omelette, 410 kcal (user-42)", "Yoghurt, 150 kcal (user-42)"]
            #expect(
                meals.map(\.description) == expected,
                "meals() after the migration: expected \(describe(expected)), found \(describe(meals)).")
        }
    }

    @Test("on a locked device the version 1 store is left as it was and still opens at version 1")
    func lockedDeviceLeavesTheStore() throws {
        try MealBench.run { bench in
            try bench.writeVersion1Store([("Pancakes", 520), ("Pancakes", 480), ("Tea", 5)])
            try SignedInUser.signIn(as: "user-42")
            bench.device.lock()

            let opening = Result { try MealStore(configuration: bench.configuration) }
            let store = try #require(
                try? opening.get(),
                "Opening the store on a locked device: expected it to open at version 1, but it \(describeOpening(opening))."
            )
            let listed = try store.meals().map(\.title)
            #expect(
                listed == ["Pancakes", "Pancakes", "Tea"],
                "The titles meals() lists on a locked device: expected the three meals of version 1, found \(describe(listed))."
            )
            let rows = try bench.version1Rows()
            let expected = ["Pancakes: 480", "Pancakes: 520", "Tea: 5"]
            #expect(
                rows == expected,
                "The store read at version 1 after opening the app on a locked device: expected \(describe(expected)), found \(describe(rows))."
            )
        }
    }

    @Test("on a locked device the app lists and logs meals while it waits to migrate")
    func lockedDeviceKeepsTheAppUsable() throws {
        try MealBench.run { bench in
            try bench.writeVersion1Store([("Pancakes", 520), ("Bagel", 300)])
            try SignedInUser.signIn(as: "user-42")
            bench.device.lock()

            let store = try MealStore(configuration: bench.configuration)
            #expect(
                store.state == .waitingForSignIn(.vaultLocked),
                "MealStore's state on a locked device: expected .waitingForSignIn(.vaultLocked), found \(store.state).")
            try store.logMeal(title: "Apple", calories: 80)
            let meals = try store.meals()
            let expected = ["Apple, 80 kcal (no user)", "Bagel, 300 kcal (no user)", "Pancakes, 520 kcal (no user)"]
            #expect(
                meals.map(\.description) == expected,
                "meals() after logging \"Apple\" while waiting: expected \(describe(expected)), found \(describe(meals))."
            )
            let rows = try bench.version1Rows()
            #expect(
                rows == ["Apple: 80", "Bagel: 300", "Pancakes: 520"],
                "The store read at version 1 after logging while waiting: expected the new meal kept at version 1, found \(describe(rows))."
            )
        }
    }

    @Test("with nobody signed in the app waits the same way, and says why")
    func notSignedInWaits() throws {
        try MealBench.run { bench in
            try bench.writeVersion1Store([("Muesli", 350)])

            let store = try MealStore(configuration: bench.configuration)
            #expect(
                store.state == .waitingForSignIn(.notSignedIn),
                "MealStore's state with nobody signed in: expected .waitingForSignIn(.notSignedIn), found \(store.state)."
            )
            let meals = try store.meals()
            #expect(
                meals.map(\.description) == ["Muesli, 350 kcal (no user)"],
                "meals() with nobody signed in: expected [\"Muesli, 350 kcal (no user)\"], found \(describe(meals)).")
            let rows = try bench.version1Rows()
            #expect(
                rows == ["Muesli: 350"],
                "The store read at version 1 after opening with nobody signed in: expected [\"Muesli: 350\"], found \(describe(rows))."
            )
        }
    }

    @Test("the migration runs again at the next launch and carries the meals logged while waiting")
    func migratesAtTheNextLaunch() throws {
        try MealBench.run { bench in
            try bench.writeVersion1Store([("Stew", 600), ("Bread", 250)])
            try SignedInUser.signIn(as: "user-9")
            bench.device.lock()
            try MealStore(configuration: bench.configuration).logMeal(title: "Stew", calories: 640)
            bench.device.unlock()

            let store = try MealStore(configuration: bench.configuration)
            #expect(
                store.state == .current,
                "MealStore's state at the launch after the device was unlocked: expected .current, found \(store.state)."
            )
            let meals = try store.meals()
            let expected = ["Bread, 250 kcal (user-9)", "Stew, 640 kcal (user-9)"]
            #expect(
                meals.map(\.description) == expected,
                "meals() once migrated, after \"Stew\" was logged again while waiting: expected \(describe(expected)), found \(describe(meals))."
            )
        }
    }

    @Test("a store already migrated opens on a locked device")
    func migratedStoreOpensLocked() throws {
        try MealBench.run { bench in
            try bench.writeVersion1Store([("Wrap", 450)])
            try SignedInUser.signIn(as: "user-3")
            _ = try MealStore(configuration: bench.configuration)
            bench.device.lock()

            let store = try MealStore(configuration: bench.configuration)
            #expect(
                store.state == .current,
                "MealStore's state when a migrated store opens on a locked device: expected .current, found \(store.state)."
            )
            #expect(
                try store.meals().map(\.description) == ["Wrap, 450 kcal (user-3)"],
                "meals() of the migrated store on a locked device: expected [\"Wrap, 450 kcal (user-3)\"].")
        }
    }

    @Test("a first launch on a locked device starts the store at version 3, with nothing to wait for")
    func newStoreOnALockedDevice() throws {
        try MealBench.run { bench in
            try SignedInUser.signIn(as: "user-6")
            bench.device.lock()

            let store = try MealStore(configuration: bench.configuration)
            #expect(
                store.state == .current,
                "MealStore's state at a first launch, no store file yet, on a locked device: expected .current (a new store needs no migration, so nothing waits for the vault), found \(store.state)."
            )
            bench.device.unlock()
            try store.logMeal(title: "Risotto", calories: 560)
            let meals = try MealStore(configuration: bench.configuration).meals()
            #expect(
                meals.map(\.description) == ["Risotto, 560 kcal (user-6)"],
                "meals() after the device was unlocked and \"Risotto\" logged, at the next launch: expected [\"Risotto, 560 kcal (user-6)\"], found \(describe(meals))."
            )
            #expect(
                (try? bench.version1Rows()) == nil,
                "The new store read at version 1: expected it to refuse (the store is at version 3), but it opened as a version 1 store."
            )
        }
    }

    @Test("a first launch with nobody signed in starts the store at version 3, ready for the first sign-in")
    func newStoreWithNobodySignedIn() throws {
        try MealBench.run { bench in
            let store = try MealStore(configuration: bench.configuration)
            #expect(
                store.state == .current,
                "MealStore's state at a first launch, no store file yet, with nobody signed in: expected .current (a new store needs no migration, so nothing waits for a sign-in), found \(store.state)."
            )
            try SignedInUser.signIn(as: "user-7")
            try store.logMeal(title: "Omelette", calories: 420)
            let meals = try MealStore(configuration: bench.configuration).meals()
            #expect(
                meals.map(\.description) == ["Omelette, 420 kcal (user-7)"],
                "meals() after \"user-7\" signed in and logged \"Omelette\", at the next launch: expected [\"Omelette, 420 kcal (user-7)\"], found \(describe(meals))."
            )
            #expect(
                (try? bench.version1Rows()) == nil,
                "The new store read at version 1: expected it to refuse (the store is at version 3), but it opened as a version 1 store."
            )
        }
    }

    @Test("a store that cannot be opened is reported, never replaced")
    func damagedStoreReported() throws {
        try MealBench.run { bench in
            try FileManager.default.createDirectory(
                at: bench.storeURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            let damaged = Data("These bytes are not an SQLite database at all, whatever the app hopes.".utf8)
            try damaged.write(to: bench.storeURL)
            try SignedInUser.signIn(as: "user-5")

            let opening = Result { try MealStore(configuration: bench.configuration) }
            if case .success = opening {
                Issue.record(
                    "Opening a store file that is not a database: expected the container's error to be thrown, but it \(describeOpening(opening))."
                )
            }
            #expect(
                bench.storeBytes() == damaged,
                "The damaged store file after the failed launch: expected its bytes left as they were, found them changed or removed."
            )
        }
    }
}
