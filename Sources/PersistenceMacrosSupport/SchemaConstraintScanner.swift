import SwiftSyntax

/// Reads the `#Unique` and `#Index` declarations in a model class's body.
enum SchemaConstraintScanner {
    /// `Schema.Constraint` expressions, such as `.unique(["name", "city"])`, in declaration order.
    static func constraints(of classDecl: ClassDeclSyntax) -> [String] {
        var result: [String] = []
        for member in classDecl.memberBlock.members {
            guard let expansion = member.decl.as(MacroExpansionDeclSyntax.self) else { continue }
            let kind: String
            switch expansion.macroName.text {
            case "Unique": kind = "unique"
            case "Index": kind = "index"
            default: continue
            }
            for argument in expansion.arguments {
                guard let array = argument.expression.as(ArrayExprSyntax.self) else { continue }
                let names = array.elements.compactMap { propertyName(of: $0.expression) }
                guard !names.isEmpty else { continue }
                result.append(".\(kind)([\(names.map { "\"\($0)\"" }.joined(separator: ", "))])")
            }
        }
        return result
    }

    /// The property a key path such as `\.name` or `\Person.name` names.
    private static func propertyName(of expression: ExprSyntax) -> String? {
        guard let keyPath = expression.as(KeyPathExprSyntax.self),
            let last = keyPath.components.last,
            let property = last.component.as(KeyPathPropertyComponentSyntax.self)
        else { return nil }
        return property.declName.baseName.text
    }
}
