import PersistenceMacrosSupport
import SwiftSyntaxMacros

#if canImport(SwiftCompilerPlugin)
import SwiftCompilerPlugin
#else
@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
#endif

/// The macros the plugin provides, by the type names `#externalMacro` gives them in PersistenceModels.
var persistenceMacros: [String: any Macro.Type] {
    [
        "ModelMacro": ModelMacro.self,
        "ModelActorMacro": ModelActorMacro.self,
        "PersistedPropertyMacro": PersistedPropertyMacro.self,
        "PropertyMarkerMacro": PropertyMarkerMacro.self,
        "SchemaConstraintMacro": SchemaConstraintMacro.self,
    ]
}

#if canImport(SwiftCompilerPlugin)
/// The compiler plugin that provides the model macros, on the package's swift-syntax.
@main
struct PersistenceMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = Array(persistenceMacros.values)
}
#else
/// The compiler plugin that provides the model macros, on the toolchain's own swift-syntax (which has the
/// plugin's message handling but not `SwiftCompilerPlugin`'s `CompilerPlugin`, a thin layer over it).
@main
enum PersistenceMacrosPlugin {
    static func main() throws {
        let connection = try StandardIOMessageConnection()
        try CompilerPluginMessageListener(connection: connection, provider: MacroProvider()).main()
    }
}

/// Finds a macro's implementation by the type name the compiler asks for.
struct MacroProvider: PluginProvider {
    struct UnknownMacro: Error, CustomStringConvertible {
        let typeName: String
        var description: String {
            "the PersistenceMacros plugin has no macro \(typeName); it provides \(persistenceMacros.keys.sorted().joined(separator: ", "))"
        }
    }

    func resolveMacro(moduleName: String, typeName: String) throws -> any Macro.Type {
        guard let macro = persistenceMacros[typeName] else { throw UnknownMacro(typeName: typeName) }
        return macro
    }
}
#endif

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
