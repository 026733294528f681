import PersistenceMacrosSupport
import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides the model macros.
@main
struct PersistenceMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [
        ModelMacro.self,
        ModelActorMacro.self,
        PersistedPropertyMacro.self,
        PropertyMarkerMacro.self,
        SchemaConstraintMacro.self,
    ]
}

/// `@Model`.
enum ModelMacro: ModelMacroExpansion {}
/// `@ModelActor`.
enum ModelActorMacro: ModelActorMacroExpansion {}
/// `@_PersistedProperty`.
enum PersistedPropertyMacro: PersistedPropertyMacroExpansion {}
/// `@Transient`, `@Attribute` and `@Relationship`.
enum PropertyMarkerMacro: PropertyMarkerMacroExpansion {}
/// `#Unique` and `#Index`.
enum SchemaConstraintMacro: SchemaConstraintMacroExpansion {}
