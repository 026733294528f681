import Foundation
import PersistenceCore

// Models written the way the guides' attribute and history sections write theirs: a trip whose
// destination outlives it in the history, a user with every storage option, and a document whose theme
// colour goes through a value transformer (`UIColor` does not exist on Linux, so a small colour class
// stands in for it).

/// A trip; its destination and dates stay readable in the history after it is deleted.
@Model
final class Trip {
    var name: String
    @Attribute(.preserveValueOnDeletion) var destination: String
    @Attribute(.preserveValueOnDeletion) var startDate: Date?
    var isFavorite = false
    @Relationship(deleteRule: .cascade, inverse: \TripActivity.trip) var activities: [TripActivity] = []

    init(name: String, destination: String, startDate: Date? = nil) {
        self.name = name
        self.destination = destination
        self.startDate = startDate
    }
}

/// One planned activity of a trip, deleted with it.
@Model
final class TripActivity {
    @Attribute(.preserveValueOnDeletion) var title: String
    var trip: Trip?

    init(title: String) {
        self.title = title
    }
}

/// A user with the attribute options of the reference's model attributes section.
@Model
final class User {
    @Attribute(.unique) var email: String
    @Attribute(.spotlight) var name: String
    @Attribute(.externalStorage, .preserveValueOnDeletion) var profileImage: Data?
    @Attribute(.allowsCloudEncryption) var sensitiveData: String?
    @Attribute(.preserveValueOnDeletion) var archiveReason: String?
    @Attribute(.ephemeral) var temporaryState: String?
    @Attribute(.ephemeral) var unsavedEdits = 0
    @Attribute(originalName: "userName") var displayName: String

    init(email: String, name: String) {
        self.email = email
        self.name = name
        self.displayName = name
    }
}

/// A colour as three components, in place of `UIColor`.
final class ThemeColor: NSObject {
    let red: Double
    let green: Double
    let blue: Double

    init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? ThemeColor else { return false }
        return (red, green, blue) == (other.red, other.green, other.blue)
    }

    override var hash: Int { Hasher.hash(red, green, blue) }
}

extension Hasher {
    fileprivate static func hash(_ values: Double...) -> Int {
        var hasher = Hasher()
        values.forEach { hasher.combine($0) }
        return hasher.finalize()
    }
}

/// Stores a ``ThemeColor`` as the text "red,green,blue" in UTF-8.
final class ColorTransformer: ValueTransformer {
    override class func transformedValueClass() -> AnyClass { NSData.self }

    override class func allowsReverseTransformation() -> Bool { true }

    override func transformedValue(_ value: Any?) -> Any? {
        guard let color = value as? ThemeColor else { return nil }
        return Data("\(color.red),\(color.green),\(color.blue)".utf8)
    }

    override func reverseTransformedValue(_ value: Any?) -> Any? {
        guard let data = value as? Data else { return nil }
        let components = String(decoding: data, as: UTF8.self).split(separator: ",").compactMap { Double($0) }
        guard components.count == 3 else { return nil }
        return ThemeColor(red: components[0], green: components[1], blue: components[2])
    }
}

/// A document whose theme colour is stored through ``ColorTransformer``, and whose accent colour goes
/// through the transformer registered under ``Document/accentTransformerName``.
@Model
final class Document {
    var title: String
    @Attribute(.transformable(by: ColorTransformer.self)) var themeColor: ThemeColor?
    @Attribute(.transformable(by: Document.accentTransformerName)) var accentColor: ThemeColor?

    init(title: String, themeColor: ThemeColor? = nil) {
        self.title = title
        self.themeColor = themeColor
    }

    static let accentTransformerName = "DocumentAccentTransformer"
}

/// A transformer that writes something other than `Data`, which a transformable attribute cannot store.
final class DescribingTransformer: ValueTransformer {
    override func transformedValue(_ value: Any?) -> Any? {
        value.map { "\($0)" }
    }
}

/// A model whose transformable attribute uses ``DescribingTransformer``.
@Model
final class Sticker {
    @Attribute(.transformable(by: DescribingTransformer.self)) var color: ThemeColor

    init(color: ThemeColor) {
        self.color = color
    }
}

/// A model whose transformer name nothing registers.
@Model
final class Poster {
    var title: String
    @Attribute(.transformable(by: "UnregisteredPosterTransformer")) var tint: ThemeColor?

    init(title: String, tint: ThemeColor?) {
        self.title = title
        self.tint = tint
    }
}

/// The first shape of a checklist: its draft text is stored.
enum ChecklistSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Checklist.self] }

    @Model
    final class Checklist {
        var title: String
        var draft: String?
        init(title: String, draft: String?) {
            self.title = title
            self.draft = draft
        }
    }
}

/// Version 2 makes the draft `.ephemeral`: it is no longer stored.
enum ChecklistSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Checklist.self] }

    @Model
    final class Checklist {
        var title: String
        @Attribute(.ephemeral) var draft: String?
        init(title: String, draft: String?) {
            self.title = title
            self.draft = draft
        }
    }
}

/// Version 3 stores the draft again and keeps each title in the history when a checklist is deleted.
enum ChecklistSchemaV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static var models: [any PersistentModel.Type] { [Checklist.self] }

    @Model
    final class Checklist {
        @Attribute(.preserveValueOnDeletion) var title: String
        var draft: String?
        init(title: String, draft: String?) {
            self.title = title
            self.draft = draft
        }
    }
}

/// Lightweight stages from each checklist version to the next.
enum ChecklistMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [ChecklistSchemaV1.self, ChecklistSchemaV2.self, ChecklistSchemaV3.self]
    }
    static var stages: [MigrationStage] {
        [
            .lightweight(fromVersion: ChecklistSchemaV1.self, toVersion: ChecklistSchemaV2.self),
            .lightweight(fromVersion: ChecklistSchemaV2.self, toVersion: ChecklistSchemaV3.self),
        ]
    }
}
