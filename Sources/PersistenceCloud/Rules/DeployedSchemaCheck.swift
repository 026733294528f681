import Foundation
import PersistenceCloudServer
import PersistenceModels

/// Compares a device's schema with the record types and fields the account already holds: once
/// deployed, a record type or field can only be added to, never removed, renamed or retyped. A device
/// on an older schema version (lower than the one that first saved a field) may lack the field: it
/// keeps the values it does not know when it saves.
enum DeployedSchemaCheck {
    /// What the device's schema takes away from the deployed one, one line each; empty when nothing.
    static func problems(of schema: MirroredSchema, version: Schema.Version, deployed: CloudDeployedSchema) -> [String]
    {
        let expected = schema.expectedFields
        var problems: [String] = []
        for (recordType, fields) in deployed.recordTypes.sorted(by: { $0.key < $1.key })
        where recordType != CloudZone.linkRecordType {
            let known = fields.filter { !isNewer($0.firstSavedBySchema, than: version) }
            guard !known.isEmpty else { continue }
            guard let local = expected[recordType] else {
                problems.append(
                    "\(recordType): the record type is missing; this schema removes or renames the model \(recordType.dropFirst(3))"
                )
                continue
            }
            for field in known.sorted(by: { $0.name < $1.name }) {
                if let type = local[field.name] {
                    if type != field.type {
                        problems.append(retyping(of: field, in: recordType, to: type))
                    }
                } else {
                    let deployedField =
                        "\(recordType).\(field.name) (\(field.type.rawValue), first saved by schema \(field.firstSavedBySchema))"
                    let change =
                        renaming(of: field.name, in: recordType, schema: schema).map { "renames it to \($0)" }
                        ?? "removes it"
                    problems.append("\(deployedField): this schema \(change)")
                }
            }
        }
        return problems
    }

    /// The reason a load is refused, listing the problems, with the fix.
    static func describe(_ problems: [String]) -> String {
        "the iCloud account already holds record types and fields that this schema removes, renames or retypes, "
            + "and CloudKit accepts only additions once a schema is deployed:\n"
            + problems.joined(separator: "\n")
            + "\nFix: keep each property as it was (mark it deprecated) and add new properties beside it, "
            + "or give the schema a lower version if this is an older copy of the app."
    }

    /// What retyping a deployed field does, with encryption turned on or off named as such: CloudKit
    /// encrypts only fields that are new.
    private static func retyping(of field: CloudDeployedSchema.Field, in recordType: String, to type: CloudFieldType)
        -> String
    {
        let change =
            "\(recordType).\(field.name): the field's type changes from \(field.type.rawValue) to \(type.rawValue)"
        if type == field.type.encrypted && type.isEncrypted {
            return change
                + " (.allowsCloudEncryption on a field that already exists, which CloudKit refuses: it encrypts only new fields, so add a new attribute for the encrypted value)"
        }
        if type.encrypted == field.type && field.type.isEncrypted {
            return change + " (.allowsCloudEncryption taken away: the account holds the field's values encrypted)"
        }
        return change
    }

    /// The property that took the field's name as its `originalName`, if any.
    private static func renaming(of field: String, in recordType: String, schema: MirroredSchema) -> String? {
        let name = String(field.dropFirst(3))
        for shape in schema.entities.values where shape.recordType == recordType {
            if let property = shape.entity.properties.first(where: { $0.options.originalName == name }) {
                return "CD_\(property.name)"
            }
        }
        return nil
    }

    /// Whether the version text (`major.minor.patch`) is newer than `version`.
    private static func isNewer(_ text: String, than version: Schema.Version) -> Bool {
        let parts = text.split(separator: ".").map { Int($0) ?? 0 } + [0, 0, 0]
        return (parts[0], parts[1], parts[2]) > (version.major, version.minor, version.patch)
    }
}
