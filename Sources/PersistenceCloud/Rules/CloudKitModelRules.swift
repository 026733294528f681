import Foundation
import PersistenceModels

/// CloudKit's rules for the models of a store that syncs, checked when a container loads, as
/// `NSPersistentCloudKitContainer` checks them.
///
/// Every rule is checked and every break listed in one error, each rule in Core Data's words followed
/// by the models that break it (`Entity: property`) and the fix.
package enum CloudKitModelRules {
    /// One rule of CloudKit's, in the order its breaks are listed.
    package enum Rule: Int, CaseIterable, Sendable {
        case attributesOptionalOrDefaulted
        case relationshipsOptional
        case relationshipsHaveInverses
        case noUniqueConstraints
        case supportedDeleteRules
        case relationshipsStayInSyncingStores

        /// Core Data's sentence for the rule, which the list of breaks follows.
        var sentence: String {
            switch self {
            case .attributesOptionalOrDefaulted:
                "CloudKit integration requires that all attributes be optional, or have a default value set. "
                    + "The following attributes are marked non-optional but do not have a default value:"
            case .relationshipsOptional:
                "CloudKit integration requires that all relationships be optional, the following are not:"
            case .relationshipsHaveInverses:
                "CloudKit integration requires that all relationships have an inverse, the following do not:"
            case .noUniqueConstraints:
                "CloudKit integration does not support unique constraints. The following entities are constrained:"
            case .supportedDeleteRules:
                "The following relationships are configured with unsupported delete rules:"
            case .relationshipsStayInSyncingStores:
                "CloudKit integration does not support relationships to objects in a store that does not sync. "
                    + "The following relationships link to one:"
            }
        }

        /// What breaks the rule, in a few words: `attributes neither optional nor with a default value`.
        package var summary: String {
            switch self {
            case .attributesOptionalOrDefaulted: "attributes neither optional nor with a default value"
            case .relationshipsOptional: "relationships that are not optional"
            case .relationshipsHaveInverses: "relationships without an inverse"
            case .noUniqueConstraints: "unique constraints"
            case .supportedDeleteRules: "the .deny delete rule"
            case .relationshipsStayInSyncingStores: "relationships to a store that does not sync"
            }
        }

        /// How to fix a break of the rule.
        var fix: String {
            switch self {
            case .attributesOptionalOrDefaulted:
                "Fix: give each a default value where it is declared (`var title: String = \"\"`) or make it optional (`var title: String?`)."
            case .relationshipsOptional:
                "Fix: declare each as optional (`var folder: Folder?`, `var tags: [Tag]? = []`)."
            case .relationshipsHaveInverses:
                "Fix: name each inverse with `@Relationship(inverse: \\Destination.property)`, declaring that property if it is missing."
            case .noUniqueConstraints:
                "Fix: remove `@Attribute(.unique)` and `#Unique`; to keep one model per value, remove duplicates after each import."
            case .supportedDeleteRules:
                "Fix: use `.nullify` (the default), `.cascade` or `.noAction` instead of `.deny`."
            case .relationshipsStayInSyncingStores:
                "Fix: keep both models in configurations that sync, or remove the relationship."
            }
        }
    }

    /// One model or property that breaks a rule.
    package struct Violation: Equatable, Sendable, CustomStringConvertible {
        package let rule: Rule
        /// The entity the property belongs to.
        package let entity: String
        /// How Core Data lists the break, such as `Note: title` or `Folder:notes - Deny`.
        package let description: String
    }

    /// Every break of CloudKit's rules among the entities of the configuration at `index`, rule by rule.
    package static func violations(in layout: MirroredContainerLayout, configurationIndex index: Int) -> [Violation] {
        let configuration = layout.configurations[index]
        var found: [Violation] = []
        for entity in configuration.entities {
            let inherited = Set(entity.superentity?.properties.map(\.name) ?? [])
            let own = entity.properties.filter { !inherited.contains($0.name) }
            for property in own {
                found += violations(of: property, in: entity, layout: layout)
            }
            found += uniqueConstraintViolations(of: entity, ownProperties: own)
        }
        return found.enumerated()
            .sorted { ($0.element.rule.rawValue, $0.offset) < ($1.element.rule.rawValue, $1.offset) }
            .map(\.element)
    }

    /// Every break of CloudKit's rules among the entities of `schema`, kept in one configuration that syncs.
    package static func violations(of schema: Schema) -> [Violation] {
        let layout = MirroredContainerLayout(
            schema: schema, configurations: [.init(name: "default", entities: schema.entities, mirrors: true)])
        return violations(in: layout, configurationIndex: 0)
    }

    /// The error that lists `violations` by rule, each rule in Core Data's words with its fix.
    package static func describe(_ violations: [Violation]) -> String {
        var blocks: [String] = []
        for rule in Rule.allCases {
            let lines = violations.filter { $0.rule == rule }.map(\.description)
            guard !lines.isEmpty else { continue }
            blocks.append(([rule.sentence] + lines + [rule.fix]).joined(separator: "\n"))
        }
        return blocks.joined(separator: "\n\n")
    }

    private static func violations(
        of property: Schema.PropertyMetadata, in entity: Schema.Entity, layout: MirroredContainerLayout
    ) -> [Violation] {
        let isOptional = property.valueType is any OptionalValue.Type
        guard let shape = property.relationshipShape else {
            // An ephemeral attribute is never stored, so it never travels to CloudKit either.
            guard !isOptional, property.defaultValue == nil, !property.isEphemeral else { return [] }
            return [
                Violation(
                    rule: .attributesOptionalOrDefaulted, entity: entity.name,
                    description: "\(entity.name): \(property.name)")
            ]
        }
        var found: [Violation] = []
        let line = "\(entity.name): \(property.name)"
        if !isOptional {
            found.append(Violation(rule: .relationshipsOptional, entity: entity.name, description: line))
        }
        if ModelTypeCache.inverse(of: property, in: entity.modelType) == nil {
            found.append(Violation(rule: .relationshipsHaveInverses, entity: entity.name, description: line))
        }
        if property.options.deleteRule == .deny {
            found.append(
                Violation(
                    rule: .supportedDeleteRules, entity: entity.name,
                    description: "\(entity.name):\(property.name) - Deny"))
        }
        let destination = Schema.entityName(of: shape.destination)
        if let owner = layout.configuration(ofEntity: destination), !owner.mirrors {
            found.append(
                Violation(
                    rule: .relationshipsStayInSyncingStores, entity: entity.name,
                    description:
                        "\(line) -> \(destination) (kept in the configuration \"\(owner.name)\", which does not sync)"
                ))
        }
        return found
    }

    private static func uniqueConstraintViolations(of entity: Schema.Entity, ownProperties: [Schema.PropertyMetadata])
        -> [Violation]
    {
        var constrained = ownProperties.filter { $0.options.contains(.unique) }.map { [$0.name] }
        let inheritedConstraints = Set(entity.superentity?.modelType.schemaConstraints ?? [])
        for constraint in entity.modelType.schemaConstraints where !inheritedConstraints.contains(constraint) {
            if case .unique(let names) = constraint { constrained.append(names) }
        }
        return constrained.map { names in
            Violation(
                rule: .noUniqueConstraints, entity: entity.name,
                description: "\(entity.name): \(names.joined(separator: ","))")
        }
    }
}
