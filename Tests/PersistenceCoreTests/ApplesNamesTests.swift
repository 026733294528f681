import Foundation
import PersistenceCore
import PersistenceWorkbench
import Testing

@Model
final class LoggedMeal {
    var name: String
    var calories: Int
    var consumedAt: Date

    init(name: String, calories: Int, consumedAt: Date) {
        self.name = name
        self.calories = calories
        self.consumedAt = consumedAt
    }
}

@Model
class Exhibit {
    var title: String
    init(title: String) { self.title = title }
}

@Model
final class Sculpture: Exhibit {
    var material: String = "bronze"
    override init(title: String) { super.init(title: title) }
}

/// A screen's queries as the guides write them, with SwiftUI's animations.
@MainActor
struct MealScreen {
    @Query(sort: [SortDescriptor(\LoggedMeal.consumedAt, order: .reverse)], animation: .smooth)
    var recentMeals: [LoggedMeal]
    @Query(sort: \LoggedMeal.name, animation: .spring)
    var byName: [LoggedMeal]
    @Query(
        filter: #Predicate<LoggedMeal> { $0.calories > 300 }, sort: \.consumedAt, animation: .easeInOut(duration: 0.3))
    var largeMeals: [LoggedMeal]
    @Query(animation: .bouncy(duration: 0.4, extraBounce: 0.1))
    var everything: [LoggedMeal]
}

@Test("@Query takes SwiftUI's named animations, and the results are the same as without one")
@MainActor
func queriesTakeSwiftUIAnimations() throws {
    let container = try ModelContainer(
        for: LoggedMeal.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    let context = container.mainContext
    context.insert(LoggedMeal(name: "Soup", calories: 250, consumedAt: Date(timeIntervalSince1970: 1)))
    context.insert(LoggedMeal(name: "Pasta", calories: 700, consumedAt: Date(timeIntervalSince1970: 2)))
    try context.save()

    ModelEnvironment.with(context) {
        let screen = MealScreen()
        #expect(screen.recentMeals.map(\.name) == ["Pasta", "Soup"])
        #expect(screen.byName.map(\.name) == ["Pasta", "Soup"])
        #expect(screen.largeMeals.map(\.name) == ["Pasta"])
        #expect(screen.everything.count == 2)
    }
    #expect(QueryAnimation.smooth != .default)
    #expect(QueryAnimation.smooth(duration: 1) == .smooth)
}

@Test("Schema.entityName(for:) names the entity of a model class, subclasses included")
func entityNameForModelTypes() {
    #expect(Schema.entityName(for: LoggedMeal.self) == "LoggedMeal")
    #expect(Schema.entityName(for: Sculpture.self) == "Sculpture")
    #expect(Schema([Exhibit.self, Sculpture.self]).entities.map(\.name).sorted() == ["Exhibit", "Sculpture"])
}
