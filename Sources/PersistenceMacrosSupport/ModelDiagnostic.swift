import SwiftDiagnostics
import SwiftSyntax

/// The problems `@Model` reports at compile time.
enum ModelDiagnostic: DiagnosticMessage {
    case notAClass(kind: String, name: String)
    case unstorableType(property: String, type: String, reason: String)
    case constantProperty(property: String)
    case transientWithoutDefault(property: String)
    case ephemeralWithoutDefault(property: String)
    case constraintsInSubclass(name: String, superclass: String)

    static func notAClass(_ declaration: some DeclGroupSyntax) -> ModelDiagnostic {
        if let decl = declaration.as(StructDeclSyntax.self) { return .notAClass(kind: "struct", name: decl.name.text) }
        if let decl = declaration.as(EnumDeclSyntax.self) { return .notAClass(kind: "enum", name: decl.name.text) }
        if let decl = declaration.as(ActorDeclSyntax.self) { return .notAClass(kind: "actor", name: decl.name.text) }
        if let decl = declaration.as(ProtocolDeclSyntax.self) {
            return .notAClass(kind: "protocol", name: decl.name.text)
        }
        return .notAClass(
            kind: "extension", name: declaration.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription ?? "")
    }

    var message: String {
        switch self {
        case .notAClass(let kind, let name):
            "'@Model' cannot be applied to \(kind) '\(name)'; models need reference semantics, so declare '\(name)' as a class"
        case .unstorableType(let property, let type, let reason):
            "property '\(property)' of type '\(type)' cannot be stored because it is \(reason); store a Codable value instead or mark it '@Transient'"
        case .constantProperty(let property):
            "'@Model' cannot store 'let' property '\(property)'; declare it with 'var'"
        case .transientWithoutDefault(let property):
            "'@Transient' property '\(property)' needs a default value, because models read from the store are created without calling your initializer"
        case .ephemeralWithoutDefault(let property):
            "'.ephemeral' property '\(property)' has no default value, so reading it from a model fetched from the store stops the program: "
                + "give it a default value or an optional type"
        case .constraintsInSubclass(let name, let superclass):
            "'#Unique' and '#Index' in subclass '\(name)' are not supported: the rows of a hierarchy share one table; "
                + "declare them in the model class at the top of the hierarchy ('\(superclass)' or a class it inherits from)"
        }
    }

    var diagnosticID: MessageID {
        switch self {
        case .notAClass: MessageID(domain: "PersistenceMacros", id: "notAClass")
        case .unstorableType: MessageID(domain: "PersistenceMacros", id: "unstorableType")
        case .constantProperty: MessageID(domain: "PersistenceMacros", id: "constantProperty")
        case .transientWithoutDefault: MessageID(domain: "PersistenceMacros", id: "transientWithoutDefault")
        case .ephemeralWithoutDefault: MessageID(domain: "PersistenceMacros", id: "ephemeralWithoutDefault")
        case .constraintsInSubclass: MessageID(domain: "PersistenceMacros", id: "constraintsInSubclass")
        }
    }

    /// A warning where the code is valid SwiftData that may still fail at run time; an error otherwise.
    var severity: DiagnosticSeverity {
        if case .ephemeralWithoutDefault = self { return .warning }
        return .error
    }

    func diagnostic(at node: some SyntaxProtocol) -> Diagnostic {
        Diagnostic(node: Syntax(node), message: self)
    }
}

/// The repairs `@Model` offers.
enum ModelFixIt: FixItMessage {
    case useClass
    case useVar

    var message: String {
        switch self {
        case .useClass: "Declare it as a class"
        case .useVar: "Replace 'let' with 'var'"
        }
    }

    var fixItID: MessageID {
        switch self {
        case .useClass: MessageID(domain: "PersistenceMacros", id: "useClass")
        case .useVar: MessageID(domain: "PersistenceMacros", id: "useVar")
        }
    }
}
