import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Model`: turns a class into a persistent model backed by a store row.
///
/// It adds the backing storage, the observation registrar, the schema metadata and
/// `init(backingData:)`, marks every stored property `@_PersistedProperty`, and conforms the class
/// to `PersistentModel`.
public protocol ModelMacroExpansion: MemberMacro, MemberAttributeMacro, ExtensionMacro {}

/// The `@Model` implementation, for tests and for the compiler plugin.
public enum ModelMacro: ModelMacroExpansion {}

extension ModelMacroExpansion {
    /// Expands the macro for its member role; the compiler calls it.
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let classDecl = declaration.as(ClassDeclSyntax.self) else {
            var fixIts: [FixIt] = []
            if let structDecl = declaration.as(StructDeclSyntax.self) {
                let classKeyword = TokenSyntax.keyword(
                    .class, leadingTrivia: structDecl.structKeyword.leadingTrivia,
                    trailingTrivia: structDecl.structKeyword.trailingTrivia)
                fixIts.append(
                    FixIt(
                        message: ModelFixIt.useClass,
                        changes: [.replace(oldNode: Syntax(structDecl.structKeyword), newNode: Syntax(classKeyword))]
                    ))
            }
            context.diagnose(
                Diagnostic(node: Syntax(node), message: ModelDiagnostic.notAClass(declaration), fixIts: fixIts))
            return []
        }
        let className = classDecl.name.trimmed.text
        PropertyRuleChecker.diagnoseUnsupportedProperties(of: classDecl, in: context)
        let properties = PersistedPropertyScanner.persistedProperties(of: classDecl)
        for property in properties {
            if let problem = property.unstorableTypeProblem {
                context.diagnose(
                    problem.diagnostic(at: property.typeSyntax.map(Syntax.init) ?? Syntax(property.binding)))
            }
        }
        // A class that inherits from a model already conforms: the compiler asks for no conformance, and
        // the class adds its own properties to those of its superclass.
        let superclassName =
            protocols.isEmpty ? classDecl.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription : nil
        let metadataEntries = properties.map { property in
            "PersistenceModels.Schema.PropertyMetadata(name: \(property.name.debugDescriptionLiteral), keyPath: \\_SchemaRoot.\(property.name)\(property.defaultValueArgument), options: \(property.optionsExpression))"
        }
        let placeholders = properties.map { "self._\($0.name) = PersistenceModels._PersistedPropertyPlaceholder()" }
        let mutationCases = properties.map {
            "    case \($0.name.debugDescriptionLiteral): _$observationRegistrar.withMutation(of: self, keyPath: \\.\($0.name), mutation)"
        }.joined(separator: "\n")
        let ownList =
            metadataEntries.isEmpty
            ? "[]" : "[\n" + metadataEntries.map { "        \($0)," }.joined(separator: "\n") + "\n    ]"
        // The metadata is built for a type parameter, so that a subclass gets key paths rooted at itself
        // for the properties it inherits: `\Photo.title` where `MediaItem` declares `title`.
        let metadataFunction = "_$schemaMetadata_\(className)"
        let metadataList =
            superclassName.map {
                "\($0)._$schemaMetadata_\($0.split(separator: ".").last.map(String.init) ?? $0)(of: type) + \(ownList)"
            } ?? ownList
        var members: [DeclSyntax] = [
            // Made when an initializer first stores a value: a fetched model gets its backing data from the
            // store, so it must not make one only to throw it away. In a subclass it holds the values the
            // subclass's initializer sets before `super.init` until the inherited backing data takes them.
            "private var _$backingData: PersistenceModels.ModelBackingData?",
            // Made on first use: a fetched model that is never read or observed needs no registrar.
            "private lazy var _$observationRegistrar = PersistenceModels._ModelObservationRegistrar()",
            """
            public static func \(raw: metadataFunction)<_SchemaRoot: \(raw: className)>(of type: _SchemaRoot.Type) -> [PersistenceModels.Schema.PropertyMetadata] {
                \(raw: metadataList)
            }
            """,
        ]
        let mutationSwitch = """
            switch key {
            \(mutationCases)
                default: \(superclassName == nil ? "mutation()" : "super._$withObservedMutation(forKey: key, mutation)")
                }
            """
        if superclassName == nil {
            members += [
                """
                public var persistentBackingData: PersistenceModels.ModelBackingData {
                    get {
                        if let backingData = _$backingData { return backingData }
                        let created = PersistenceModels.ModelBackingData()
                        _$backingData = created
                        return created
                    }
                    set { _$backingData = newValue }
                }
                """,
                """
                public class var schemaMetadata: [PersistenceModels.Schema.PropertyMetadata] {
                    \(raw: metadataFunction)(of: self)
                }
                """,
                """
                public required init(backingData: PersistenceModels.ModelBackingData) {
                    self._$backingData = backingData
                    \(raw: placeholders.joined(separator: "\n"))
                }
                """,
                """
                public func _$withObservedMutation(forKey key: String, _ mutation: () -> Void) {
                    \(raw: mutationSwitch)
                }
                """,
            ]
        } else {
            members += [
                """
                public override var persistentBackingData: PersistenceModels.ModelBackingData {
                    get {
                        let inherited = super.persistentBackingData
                        if let own = _$backingData, own !== inherited { inherited.takeInitialValues(of: own) }
                        _$backingData = inherited
                        return inherited
                    }
                    set {
                        _$backingData = newValue
                        super.persistentBackingData = newValue
                    }
                }
                """,
                """
                public override class var schemaMetadata: [PersistenceModels.Schema.PropertyMetadata] {
                    \(raw: metadataFunction)(of: self)
                }
                """,
                """
                public required init(backingData: PersistenceModels.ModelBackingData) {
                    self._$backingData = backingData
                    \(raw: placeholders.joined(separator: "\n"))
                    super.init(backingData: backingData)
                }
                """,
                """
                public override func _$withObservedMutation(forKey key: String, _ mutation: () -> Void) {
                    \(raw: mutationSwitch)
                }
                """,
            ]
        }
        let constraints = SchemaConstraintScanner.constraints(of: classDecl)
        if let superclassName, !constraints.isEmpty {
            context.diagnose(
                ModelDiagnostic.constraintsInSubclass(name: className, superclass: superclassName).diagnostic(at: node))
        } else if !constraints.isEmpty {
            members.append(
                """
                public static var schemaConstraints: [PersistenceModels.Schema.Constraint] {
                    [\(raw: constraints.joined(separator: ", "))]
                }
                """
            )
        }
        return members
    }
}

extension ModelMacroExpansion {
    /// Expands the macro for its attached role; the compiler calls it.
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingAttributesFor member: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AttributeSyntax] {
        guard declaration.is(ClassDeclSyntax.self),
            let variable = member.as(VariableDeclSyntax.self),
            PersistedPropertyScanner.isPersisted(variable)
        else { return [] }
        return ["@_PersistedProperty"]
    }
}

extension ModelMacroExpansion {
    /// Expands the macro for its attached role; the compiler calls it.
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        // A subclass of a model inherits the conformances, so the compiler asks for none.
        guard declaration.is(ClassDeclSyntax.self), !protocols.isEmpty else { return [] }
        let decl: DeclSyntax =
            "extension \(type.trimmed): PersistenceModels.PersistentModel, PersistenceModels.RelationshipValue, PersistenceModels._ModelObservable {}"
        return [decl.cast(ExtensionDeclSyntax.self)]
    }
}

extension String {
    /// The string as a Swift string literal.
    var debugDescriptionLiteral: String { "\"\(self)\"" }
}
