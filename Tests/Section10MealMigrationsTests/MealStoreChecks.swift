import Foundation
import PersistenceCore
import Section10MealMigrations
import Testing

@Suite("Section 10: logging meals at version 3")
struct MealStoreChecks {
    @Test("a new store starts at version 3, and a logged meal carries the signed-in user's id")
    func newStore() throws {
        try MealBench.run { bench in
            try SignedInUser.signIn(as: "user-11")
            let store = try MealStore(configuration: bench.configuration)
            #expect(
                store.state == .current,
                "MealStore's state on a device with no store yet: expected .current, found \(store.state).")
            try store.logMeal(title: "Noodles", calories: 540)

            let reopened = try MealStore(configuration: bench.configuration).meals()
            #expect(
                reopened.map(\.description) == ["Noodles, 540 kcal (user-11)"],
                "meals() after logging \"Noodles\" and opening again: expected [\"Noodles, 540 kcal (user-11)\"], found \(describe(reopened))."
            )
        }
    }

    @Test("a meal logged again by the same user updates it, and another user's meal of that title is kept")
    func loggingAgainUpdates() throws {
        try MealBench.run { bench in
            try SignedInUser.signIn(as: "ana")
            try MealStore(configuration: bench.configuration).logMeal(title: "Pizza", calories: 800)
            try SignedInUser.signIn(as: "ben")
            try MealStore(configuration: bench.configuration).logMeal(title: "Pizza", calories: 900)
            try SignedInUser.signIn(as: "ana")
            try MealStore(configuration: bench.configuration).logMeal(title: "Pizza", calories: 760)

            let meals = try MealStore(configuration: bench.configuration).meals()
            let expected = ["Pizza, 760 kcal (ana)", "Pizza, 900 kcal (ben)"]
            #expect(
                meals.map(\.description) == expected,
                "meals() after ana logs Pizza twice and ben once: expected \(describe(expected)), found \(describe(meals))."
            )
        }
    }

    @Test("logging with nobody signed in is refused, with the reason")
    func loggingNeedsAUser() throws {
        try MealBench.run { bench in
            let store = try MealStore(configuration: bench.configuration)
            do {
                try store.logMeal(title: "Crisps", calories: 150)
                Issue.record(
                    "logMeal(title:calories:) with nobody signed in: expected SignedInUserError.notSignedIn, but it logged the meal."
                )
            } catch let error as SignedInUserError {
                #expect(
                    error == .notSignedIn,
                    "The error of logging with nobody signed in: expected .notSignedIn, found \(error).")
            }
            #expect(try store.meals().isEmpty, "meals() after the refused log: expected none.")
        }
    }

    @Test("a meal the store refuses to save is reported, not dropped in silence")
    func refusedSaveReported() throws {
        try MealBench.run { bench in
            try SignedInUser.signIn(as: "user-4")
            try MealStore(configuration: bench.configuration).logMeal(title: "Pasta", calories: 700)
            let readOnly = try MealStore(configuration: ModelConfiguration(url: bench.storeURL, allowsSave: false))

            do {
                try readOnly.logMeal(title: "Salad", calories: 150)
                Issue.record(
                    "logMeal(title:calories:) through a store opened with allowsSave: false: expected the save's error to be thrown, but it returned normally."
                )
            } catch let error as SwiftDataError {
                #expect(
                    error.workbenchKind == .saveNotAllowed,
                    "The error of logging through a store that may not save: expected SwiftDataError.saveNotAllowed, found \(error.workbenchKind)."
                )
            }
        }
    }

    @Test("meals are listed by title, then by user")
    func listedByTitle() throws {
        try MealBench.run { bench in
            try bench.writeVersion2Store([
                ("Soup", 250, "zoe"), ("Apple", 80, "zoe"), ("Soup", 270, "amy"), ("Melon", 120, "amy"),
            ])

            let meals = try MealStore(configuration: bench.configuration).meals()
            let expected = [
                "Apple, 80 kcal (zoe)", "Melon, 120 kcal (amy)", "Soup, 270 kcal (amy)", "Soup, 250 kcal (zoe)",
            ]
            #expect(
                meals.map(\.description) == expected,
                "meals() of a migrated version 2 store: expected \(describe(expected)), found \(describe(meals)).")
        }
    }

    @Test("while waiting, meals are listed by title")
    func waitingListedByTitle() throws {
        try MealBench.run { bench in
            try bench.writeVersion1Store([("Waffle", 310), ("Cereal", 220), ("Melon", 120)])

            let meals = try MealStore(configuration: bench.configuration).meals()
            let expected = ["Cereal, 220 kcal (no user)", "Melon, 120 kcal (no user)", "Waffle, 310 kcal (no user)"]
            #expect(
                meals.map(\.description) == expected,
                "meals() of a store waiting at version 1: expected \(describe(expected)), found \(describe(meals)).")
        }
    }
}
