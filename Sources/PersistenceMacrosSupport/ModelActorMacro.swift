import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@ModelActor`: gives an actor a model executor, its container and `init(modelContainer:)`, and
/// conforms it to `ModelActor`.
public protocol ModelActorMacroExpansion: MemberMacro, ExtensionMacro {}

/// The `@ModelActor` implementation, for tests and for the compiler plugin.
public enum ModelActorMacro: ModelActorMacroExpansion {}

extension ModelActorMacroExpansion {
    /// Expands the macro for its member role; the compiler calls it.
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let actorDecl = declaration.as(ActorDeclSyntax.self) else {
            context.diagnose(ModelActorDiagnostic.notAnActor(declaration, attribute: node))
            return []
        }
        let access = Self.accessPrefix(of: actorDecl)
        return [
            "\(raw: access)nonisolated let modelExecutor: any PersistenceModels.ModelExecutor",
            "\(raw: access)nonisolated let modelContainer: PersistenceModels.ModelContainer",
            """
            \(raw: access)init(modelContainer: PersistenceModels.ModelContainer) {
                let modelContext = PersistenceModels.ModelContext(modelContainer)
                self.modelExecutor = PersistenceModels.DefaultSerialModelExecutor(modelContext: modelContext)
                self.modelContainer = modelContainer
            }
            """,
        ]
    }

    /// Expands the macro for its extension role; the compiler calls it.
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard declaration.is(ActorDeclSyntax.self) else { return [] }
        let decl: DeclSyntax = "extension \(type.trimmed): PersistenceModels.ModelActor {}"
        return [decl.cast(ExtensionDeclSyntax.self)]
    }

    /// `public ` or `package ` when the actor is declared so, since the protocol's requirements must be
    /// as visible as the conformance; otherwise nothing (internal).
    static func accessPrefix(of actorDecl: ActorDeclSyntax) -> String {
        for modifier in actorDecl.modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): return "public "
            case .keyword(.package): return "package "
            default: continue
            }
        }
        return ""
    }
}

/// The problems `@ModelActor` reports at compile time.
enum ModelActorDiagnostic: DiagnosticMessage {
    case notAnActor(kind: String, name: String)

    /// The error for `@ModelActor` attached to something other than an actor, with a fix-it for classes and structs.
    static func notAnActor(_ declaration: some DeclGroupSyntax, attribute: AttributeSyntax) -> Diagnostic {
        let kind: String
        let name: String
        var keyword: TokenSyntax?
        if let decl = declaration.as(ClassDeclSyntax.self) {
            (kind, name, keyword) = ("class", decl.name.text, decl.classKeyword)
        } else if let decl = declaration.as(StructDeclSyntax.self) {
            (kind, name, keyword) = ("struct", decl.name.text, decl.structKeyword)
        } else if let decl = declaration.as(EnumDeclSyntax.self) {
            (kind, name) = ("enum", decl.name.text)
        } else if let decl = declaration.as(ProtocolDeclSyntax.self) {
            (kind, name) = ("protocol", decl.name.text)
        } else {
            (kind, name) = (
                "extension", declaration.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription ?? ""
            )
        }
        var fixIts: [FixIt] = []
        if let keyword {
            let actorKeyword = TokenSyntax.keyword(
                .actor, leadingTrivia: keyword.leadingTrivia, trailingTrivia: keyword.trailingTrivia)
            fixIts.append(
                FixIt(
                    message: ModelActorFixIt.useActor,
                    changes: [.replace(oldNode: Syntax(keyword), newNode: Syntax(actorKeyword))]))
        }
        return Diagnostic(
            node: Syntax(attribute), message: ModelActorDiagnostic.notAnActor(kind: kind, name: name), fixIts: fixIts)
    }

    var message: String {
        switch self {
        case .notAnActor(let kind, let name):
            "'@ModelActor' cannot be applied to \(kind) '\(name)'; its model context must be isolated to an actor, so declare '\(name)' as an actor"
        }
    }

    var diagnosticID: MessageID {
        switch self {
        case .notAnActor: MessageID(domain: "PersistenceMacros", id: "notAnActor")
        }
    }

    var severity: DiagnosticSeverity { .error }
}

/// The repairs `@ModelActor` offers.
enum ModelActorFixIt: FixItMessage {
    case useActor

    var message: String {
        switch self {
        case .useActor: "Declare it as an actor"
        }
    }

    var fixItID: MessageID {
        switch self {
        case .useActor: MessageID(domain: "PersistenceMacros", id: "useActor")
        }
    }
}
