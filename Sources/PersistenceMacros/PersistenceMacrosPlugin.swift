import PersistenceMacrosSupport
import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides the model macros.
@main
struct PersistenceMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [
        ModelMacro.self,
        PersistedPropertyMacro.self,
        PropertyMarkerMacro.self,
        SchemaConstraintMacro.self,
    ]
}

/// `@Model`.
enum ModelMacro: ModelMacroExpansion {}
/// `@_PersistedProperty`.
enum PersistedPropertyMacro: PersistedPropertyMacroExpansion {}
/// `@Transient`, `@Attribute` and `@Relationship`.
enum PropertyMarkerMacro: PropertyMarkerMacroExpansion {}
/// `#Unique` and `#Index`.
enum SchemaConstraintMacro: SchemaConstraintMacroExpansion {}
