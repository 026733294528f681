import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// Reports model properties that `@Model` cannot handle: constants and transient properties without a
/// default; and warns of `.ephemeral` attributes without one, which a fetched model cannot give a value.
enum PropertyRuleChecker {
    static func diagnoseUnsupportedProperties(of classDecl: ClassDeclSyntax, in context: some MacroExpansionContext) {
        for member in classDecl.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                !variable.modifiers.contains(where: {
                    [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind)
                })
            else { continue }
            for binding in variable.bindings {
                guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self), binding.accessorBlock == nil
                else { continue }
                let name = identifier.identifier.trimmed.text
                if variable.bindingSpecifier.tokenKind == .keyword(.let), !isTransient(variable) {
                    let varKeyword = TokenSyntax.keyword(
                        .var,
                        leadingTrivia: variable.bindingSpecifier.leadingTrivia,
                        trailingTrivia: variable.bindingSpecifier.trailingTrivia
                    )
                    context.diagnose(
                        Diagnostic(
                            node: Syntax(variable.bindingSpecifier),
                            message: ModelDiagnostic.constantProperty(property: name),
                            fixIts: [
                                FixIt(
                                    message: ModelFixIt.useVar,
                                    changes: [
                                        .replace(
                                            oldNode: Syntax(variable.bindingSpecifier), newNode: Syntax(varKeyword))
                                    ])
                            ]
                        ))
                } else if isTransient(variable), binding.initializer == nil, !isOptional(binding.typeAnnotation?.type) {
                    context.diagnose(
                        Diagnostic(
                            node: Syntax(binding), message: ModelDiagnostic.transientWithoutDefault(property: name)))
                } else if isEphemeral(variable), binding.initializer == nil, !isOptional(binding.typeAnnotation?.type) {
                    context.diagnose(
                        Diagnostic(
                            node: Syntax(binding), message: ModelDiagnostic.ephemeralWithoutDefault(property: name)))
                }
            }
        }
    }

    private static func isTransient(_ variable: VariableDeclSyntax) -> Bool {
        variable.attributes.contains { element in
            guard case .attribute(let attribute) = element else { return false }
            return PersistedPropertyScanner.excludingAttributes.contains(attribute.attributeName.trimmedDescription)
                && attribute.attributeName.trimmedDescription != "_PersistedProperty"
        }
    }

    /// Whether `@Attribute(...)` gives the property the `.ephemeral` option.
    private static func isEphemeral(_ variable: VariableDeclSyntax) -> Bool {
        variable.attributes.contains { element in
            guard case .attribute(let attribute) = element,
                ["Attribute", "PersistenceModels.Attribute", "PersistenceCore.Attribute"].contains(
                    attribute.attributeName.trimmedDescription),
                case .argumentList(let arguments) = attribute.arguments
            else { return false }
            return arguments.contains { argument in
                argument.label == nil
                    && argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "ephemeral"
            }
        }
    }

    private static func isOptional(_ type: TypeSyntax?) -> Bool {
        guard let type else { return false }
        return type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
    }
}
