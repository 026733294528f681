import SwiftSyntax
import SwiftSyntaxMacros

/// `@_PersistedProperty`: routes a model property through the model's backing data and its observation registrar.
public protocol PersistedPropertyMacroExpansion: AccessorMacro, PeerMacro {}

/// The `@_PersistedProperty` implementation, for tests and for the compiler plugin.
public enum PersistedPropertyMacro: PersistedPropertyMacroExpansion {}

extension PersistedPropertyMacroExpansion {
    /// Expands the macro for its accessor role; the compiler calls it.
    public static func expansion(
        of node: AttributeSyntax,
        providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard let name = propertyName(of: declaration) else { return [] }
        // A model made from a stored row runs its default values before `init(backingData:)` stores that
        // row's backing data: the first of them takes it over instead of making backing data to throw away.
        let madeBackingData =
            context.lexicalContext.lazy.compactMap { $0.as(ClassDeclSyntax.self) }.first.map {
                "PersistenceModels.ModelBackingData._handedOver(to: \($0.name.trimmed.text).self) ?? PersistenceModels.ModelBackingData()"
            } ?? "PersistenceModels.ModelBackingData()"
        return [
            """
            @storageRestrictions(accesses: _$backingData, initializes: _\(raw: name))
            init(initialValue) {
                if _$backingData == nil { _$backingData = \(raw: madeBackingData) }
                _$backingData!.setInitialValue(initialValue, forKey: \(literal: name))
                _\(raw: name) = PersistenceModels._PersistedPropertyPlaceholder()
            }
            """,
            """
            get {
                _$observationRegistrar.access(self, keyPath: \\.\(raw: name))
                return persistentBackingData.value(forKey: \(literal: name), of: self)
            }
            """,
            """
            set {
                _$observationRegistrar.withMutation(of: self, keyPath: \\.\(raw: name)) {
                    persistentBackingData.setValue(newValue, forKey: \(literal: name), of: self)
                }
            }
            """,
        ]
    }
}

extension PersistedPropertyMacroExpansion {
    /// Expands the macro for its peer role; the compiler calls it.
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let name = propertyName(of: declaration) else { return [] }
        return [
            "@PersistenceModels.Transient private var _\(raw: name): PersistenceModels._PersistedPropertyPlaceholder"
        ]
    }
}

extension PersistedPropertyMacroExpansion {
    static func propertyName(of declaration: some DeclSyntaxProtocol) -> String? {
        guard let variable = declaration.as(VariableDeclSyntax.self),
            let binding = variable.bindings.first,
            let identifier = binding.pattern.as(IdentifierPatternSyntax.self)
        else { return nil }
        return identifier.identifier.trimmed.text
    }
}

/// `@Transient`, `@Attribute`, `@Relationship`: markers that `@Model` reads; they expand to nothing.
public protocol PropertyMarkerMacroExpansion: PeerMacro {}

/// The marker implementation, for tests and for the compiler plugin.
public enum PropertyMarkerMacro: PropertyMarkerMacroExpansion {}

extension PropertyMarkerMacroExpansion {
    /// Expands the macro for its peer role; the compiler calls it.
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}

/// `#Unique` and `#Index`: declarations `@Model` and the schema read; they expand to a static schema entry.
public protocol SchemaConstraintMacroExpansion: DeclarationMacro {}

/// The `#Unique`/`#Index` implementation, for tests and for the compiler plugin.
public enum SchemaConstraintMacro: SchemaConstraintMacroExpansion {}

extension SchemaConstraintMacroExpansion {
    /// Expands the declaration macro; the compiler calls it.
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
