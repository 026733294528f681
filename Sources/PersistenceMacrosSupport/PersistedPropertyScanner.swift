import SwiftDiagnostics
import SwiftSyntax

/// One stored property of a model class that the store persists.
struct PersistedProperty {
    let binding: PatternBindingSyntax
    let name: String
    let typeSyntax: TypeSyntax?
    let attributes: AttributeListSyntax

    /// The `Schema.PropertyOptions` expression built from `@Attribute(...)` or `@Relationship(...)`, or `nil`.
    var optionsExpression: String {
        for element in attributes {
            guard case .attribute(let attribute) = element else { continue }
            let name = attribute.attributeName.trimmedDescription
            let arguments = attribute.arguments?.trimmedDescription ?? ""
            switch name {
            case "Attribute", "PersistenceModels.Attribute", "PersistenceCore.Attribute":
                return ".attribute(\(arguments))"
            case "Relationship", "PersistenceModels.Relationship", "PersistenceCore.Relationship":
                return ".relationship(\(arguments))"
            default:
                continue
            }
        }
        return "nil"
    }

    /// The `defaultValue:` argument carrying the declaration's initial value, or nothing when it has none.
    var defaultValueArgument: String {
        guard let initializer = binding.initializer else { return "" }
        return ", defaultValue: \(initializer.value.trimmedDescription)"
    }

    /// Why the declared type cannot be stored, if it cannot.
    var unstorableTypeProblem: ModelDiagnostic? {
        guard let typeSyntax else { return nil }
        var type = typeSyntax
        while true {
            if let optional = type.as(OptionalTypeSyntax.self) {
                type = optional.wrappedType
            } else if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
                type = unwrapped.wrappedType
            } else if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1,
                let only = tuple.elements.first
            {
                type = only.type
            } else {
                break
            }
        }
        if type.is(FunctionTypeSyntax.self) || type.is(AttributedTypeSyntax.self) {
            return .unstorableType(property: name, type: typeSyntax.trimmedDescription, reason: "a closure")
        }
        if type.is(TupleTypeSyntax.self) {
            return .unstorableType(property: name, type: typeSyntax.trimmedDescription, reason: "a tuple")
        }
        if type.is(SomeOrAnyTypeSyntax.self) || type.is(CompositionTypeSyntax.self) {
            return .unstorableType(property: name, type: typeSyntax.trimmedDescription, reason: "an existential")
        }
        if let identifier = type.as(IdentifierTypeSyntax.self), ["Any", "AnyObject"].contains(identifier.name.text) {
            return .unstorableType(property: name, type: typeSyntax.trimmedDescription, reason: "an existential")
        }
        return nil
    }
}

/// Finds the stored properties of a model class that `@Model` persists.
enum PersistedPropertyScanner {
    /// The attributes that keep a property out of the store.
    static let excludingAttributes: Set<String> = [
        "Transient", "PersistenceModels.Transient", "PersistenceCore.Transient", "_PersistedProperty",
    ]

    /// The persisted properties of `classDecl`, in declaration order.
    static func persistedProperties(of classDecl: ClassDeclSyntax) -> [PersistedProperty] {
        classDecl.memberBlock.members.compactMap { member -> PersistedProperty? in
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                isPersisted(variable, ignoringGeneratedMarker: true),
                let binding = variable.bindings.first,
                let identifier = binding.pattern.as(IdentifierPatternSyntax.self)
            else { return nil }
            return PersistedProperty(
                binding: binding,
                name: identifier.identifier.trimmed.text,
                typeSyntax: binding.typeAnnotation?.type,
                attributes: variable.attributes
            )
        }
    }

    /// Whether `variable` is a stored instance `var` that the store persists.
    static func isPersisted(_ variable: VariableDeclSyntax, ignoringGeneratedMarker: Bool = false) -> Bool {
        guard variable.bindingSpecifier.tokenKind == .keyword(.var), variable.bindings.count == 1,
            let binding = variable.bindings.first,
            let identifier = binding.pattern.as(IdentifierPatternSyntax.self)
        else { return false }
        if identifier.identifier.text.hasPrefix("_") { return false }
        for modifier in variable.modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.static), .keyword(.class), .keyword(.lazy), .keyword(.override): return false
            default: continue
            }
        }
        for element in variable.attributes {
            guard case .attribute(let attribute) = element else { continue }
            let name = attribute.attributeName.trimmedDescription
            if name == "_PersistedProperty" {
                if !ignoringGeneratedMarker { return false }
                continue
            }
            if excludingAttributes.contains(name) { return false }
        }
        if binding.accessorBlock != nil { return false }
        return true
    }
}
