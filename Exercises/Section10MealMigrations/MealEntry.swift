// Section 10 — Schema migrations
// What the meal store shows, whatever version its file is at. You do not need to change this file.

import PersistenceCore

/// One meal as the app's list shows it: the same shape whether the store has been migrated or still
/// waits at version 1.
public struct MealEntry: Equatable, Sendable, CustomStringConvertible {
    /// The meal's title (`name` in version 1).
    public var title: String
    /// Its energy in kilocalories.
    public var calories: Int
    /// The user it belongs to; `nil` while the store waits at version 1, which has no user ids.
    public var userID: String?

    /// Creates an entry.
    public init(title: String, calories: Int, userID: String?) {
        self.title = title
        self.calories = calories
        self.userID = userID
    }

    /// "Porridge, 320 kcal (user-42)".
    public var description: String {
        "\(title), \(calories) kcal (\(userID ?? "no user"))"
    }
}

/// Whether the store has reached the current schema.
public enum MealStoreState: Equatable, Sendable {
    /// The store is at the current version.
    case current
    /// The store is still at version 1, because its migration needs the signed-in user's id and the
    /// vault could not give it; the migration runs again the next time the store opens.
    case waitingForSignIn(SignedInUserError)
}
