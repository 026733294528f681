import Foundation
import PersistenceCore
import Section10MealMigrations
import Testing

@Suite("Section 10: the versions and the plan")
struct SchemaChecks {
    @Test("the plan lists versions 1, 2 and 3 in order, with a stage from each to the next")
    func planShape() {
        let versions = MealMigrationPlan.schemas.map { "\($0.versionIdentifier)" }
        #expect(
            versions == ["1.0.0", "2.0.0", "3.0.0"],
            "MealMigrationPlan.schemas: expected versions [1.0.0, 2.0.0, 3.0.0], found \(versions).")
        let stages = MealMigrationPlan.stages.map(\.description)
        let expected = ["custom stage 1.0.0 → 2.0.0", "custom stage 2.0.0 → 3.0.0"]
        #expect(stages == expected, "MealMigrationPlan.stages: expected \(expected), found \(stages).")
    }

    @Test("version 2 adds userId, a String that starts empty, beside name and calories")
    func version2Adds() {
        let entity = Schema(versionedSchema: MealSchemaV2.self).entity(for: MealSchemaV2.TrackedMeal.self)
        let properties = entity?.properties.map { "\($0.name): \($0.valueType)" } ?? []
        #expect(
            properties.sorted() == ["calories: Int", "name: String", "userId: String"],
            "The stored properties of MealSchemaV2.TrackedMeal: expected calories: Int, name: String, userId: String, found \(properties.sorted())."
        )
        let userId = entity?.property(named: "userId")?.defaultValue as? String
        #expect(
            userId == "",
            "The default value of MealSchemaV2.TrackedMeal.userId: expected \"\" (a new property needs one to be added to stored rows), found \(userId.map { "\"\($0)\"" } ?? "none")."
        )
        #expect(
            MealSchemaV2.versionIdentifier == Schema.Version(2, 0, 0),
            "MealSchemaV2.versionIdentifier: expected 2.0.0, found \(MealSchemaV2.versionIdentifier).")
    }

    @Test("version 3 renames name to title, remembering the old name, and makes user and title unique together")
    func version3Renames() {
        let entity = Schema(versionedSchema: MealSchemaV3.self).entity(for: MealSchemaV3.TrackedMeal.self)
        let properties = entity?.properties.map { "\($0.name): \($0.valueType)" } ?? []
        #expect(
            properties.sorted() == ["calories: Int", "title: String", "userId: String"],
            "The stored properties of MealSchemaV3.TrackedMeal: expected calories: Int, title: String, userId: String, found \(properties.sorted())."
        )
        let originalName = entity?.property(named: "title")?.options.originalName
        #expect(
            originalName == "name",
            "The original name of MealSchemaV3.TrackedMeal.title: expected \"name\", found \(originalName.map { "\"\($0)\"" } ?? "none")."
        )
        let constraints = (entity?.uniquenessConstraints ?? []).map { Set($0) }
        #expect(
            constraints == [["userId", "title"]],
            "The uniqueness constraints of MealSchemaV3.TrackedMeal: expected one, on userId and title together, found \(entity?.uniquenessConstraints ?? [])."
        )
        #expect(
            MealSchemaV3.versionIdentifier == Schema.Version(3, 0, 0),
            "MealSchemaV3.versionIdentifier: expected 3.0.0, found \(MealSchemaV3.versionIdentifier).")
    }
}
