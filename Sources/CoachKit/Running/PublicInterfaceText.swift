/// A public interface's text (`.swiftinterface`) as an importer's compiled objects depend on it: two texts that
/// read the same here leave the objects of a plain importer, compiled against one, right for the other.
///
/// With library evolution an importer reaches every property of a type it does not see the layout of through
/// the accessors the module exports, whatever stands behind them. The text still spells how the property is
/// made, and the forms below are the same to an importer (each proven with a real program in
/// `PublicInterfaceFileTests`):
/// - A stored `var` and a computed property with `get` and `set`; a stored `let` (or a `var` whose setter is
///   not public) and a computed property with `get` alone.
/// - A property wrapper's attribute on a property, and the `$`-projection marker beside it: the projection
///   is a declaration of its own, compared as it is.
/// - The `_modify` and `_read` accessors the text lists for some properties: every settable property has one.
///
/// Everything else is compared as it is: a default argument (its value is compiled into the importer), a
/// setter that is `nonmutating` or not, a type spelled through another alias, a global actor. A text that
/// shows layout or bodies to its importers (`@frozen`, `@inlinable`, `@usableFromInline`,
/// `@_alwaysEmitIntoClient`) is compared as it is, whole.
enum PublicInterfaceText {
    /// The property wrappers of the workbench's modules, as an interface spells their attributes.
    static let workbenchPropertyWrappers: Set<String> = [
        "PersistenceModels.Query", "PersistenceModels.Environment", "PersistencePreferences.AppStorage",
    ]

    /// The attributes that show an importer a type's layout or a body it compiles into itself.
    static let layoutAttributes = ["@frozen", "@inlinable", "@usableFromInline", "@_alwaysEmitIntoClient"]

    /// `text` with each property declaration in the one form an importer's objects cannot tell from the others.
    static func asImportersSeeIt(_ text: String) -> String {
        guard !layoutAttributes.contains(where: text.contains) else { return text }
        let wrappers = workbenchPropertyWrappers.union(propertyWrappers(declaredIn: text))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var result: [String] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            guard let declaration = PropertyLine(line, wrappers: wrappers) else {
                result.append(line)
                index += 1
                continue
            }
            let accessors: [String]
            var next = index + 1
            if declaration.opensAccessorBlock {
                var block: [String] = []
                while next < lines.count, lines[next].trimmingCharacters(in: .whitespaces) != "}" {
                    block.append(lines[next].trimmingCharacters(in: .whitespaces))
                    next += 1
                }
                guard next < lines.count, block.allSatisfy(isAccessor) else {
                    result.append(line)
                    index += 1
                    continue
                }
                next += 1
                accessors = block.filter { !isCoroutine($0) }
            } else {
                accessors = declaration.isSettableStorage ? ["get", "set"] : ["get"]
            }
            result.append(declaration.canonical + " { " + accessors.joined(separator: " ") + " }")
            index = next
        }
        return result.joined(separator: "\n")
    }

    /// Whether a line inside a property's braces names an accessor, with its qualifier (`nonmutating set`).
    private static func isAccessor(_ line: String) -> Bool {
        let words = line.split(separator: " ")
        guard let name = words.last, words.count <= 2 else { return false }
        let qualifiers: Set<Substring> = ["mutating", "nonmutating", "__consuming", "borrowing"]
        return ["get", "set", "_modify", "_read", "modify", "read"].contains(name)
            && words.dropLast().allSatisfy(qualifiers.contains)
    }

    /// Whether an accessor line names a coroutine (`_modify`, `nonmutating _modify`, `_read`), which every
    /// settable property has, listed or not.
    private static func isCoroutine(_ accessor: String) -> Bool {
        let name = accessor.split(separator: " ").last ?? ""
        return ["_modify", "_read", "modify", "read"].contains(name)
    }

    /// The property wrappers `text` declares itself (`@propertyWrapper public struct Name`), with its module's name
    /// as the attribute spells it.
    static func propertyWrappers(declaredIn text: String) -> Set<String> {
        let module =
            text.split(separator: "\n").first { $0.hasPrefix("// swift-module-flags:") }
            .flatMap { line -> Substring? in
                let words = line.split(separator: " ")
                return words.firstIndex(of: "-module-name").flatMap {
                    words.indices.contains($0 + 1) ? words[$0 + 1] : nil
                }
            }
        guard let module else { return [] }
        var names: Set<String> = []
        for line in text.split(separator: "\n") where line.contains("@propertyWrapper ") {
            let words = line.split(whereSeparator: { " <:{".contains($0) })
            if let kind = words.firstIndex(where: { ["struct", "class", "enum"].contains($0) }),
                words.indices.contains(kind + 1)
            {
                names.insert("\(module).\(words[kind + 1])")
            }
        }
        return names
    }
}

/// One line of a public interface that declares a property: `[attributes] [modifiers] let|var name: Type [{]`.
private struct PropertyLine {
    /// The line as it reads with the wrapper attributes and the setter's access left out, and `var` for `let`.
    let canonical: String
    /// Whether an accessor block follows (`{` ends the line).
    let opensAccessorBlock: Bool
    /// Whether the property is stored and settable by an importer (a `var` without a narrower setter).
    let isSettableStorage: Bool

    private static let modifiers: Set<String> = [
        "final", "public", "open", "static", "class", "override", "nonisolated", "lazy", "weak", "unowned",
        "dynamic", "package", "required", "convenience",
    ]
    private static let setterAccess: Set<String> = [
        "private(set)", "fileprivate(set)", "internal(set)", "package(set)",
    ]

    init?(_ line: String, wrappers: Set<String>) {
        let indentation = line.prefix { $0 == " " }
        var rest = Substring(line.dropFirst(indentation.count))
        var attributes: [Substring] = []
        while rest.first == "@" {
            guard let attribute = Self.attribute(at: rest) else { return nil }
            attributes.append(attribute)
            rest = rest.dropFirst(attribute.count).drop { $0 == " " }
        }
        var kept: [Substring] = []
        var narrowSetter = false
        while let word = rest.split(separator: " ", maxSplits: 1).first,
            Self.modifiers.contains(String(word)) || Self.setterAccess.contains(String(word))
        {
            if Self.setterAccess.contains(String(word)) { narrowSetter = true } else { kept.append(word) }
            rest = rest.dropFirst(word.count).drop { $0 == " " }
        }
        let isLet = rest.hasPrefix("let ")
        guard isLet || rest.hasPrefix("var ") else { return nil }
        rest = rest.dropFirst(4)
        opensAccessorBlock = rest.hasSuffix(" {")
        if opensAccessorBlock { rest = rest.dropLast(2) }
        // A name and a type, with nothing after the type: no initial value, no body on the line.
        guard let colon = rest.firstIndex(of: ":"), !rest.contains(" = "), !rest.contains("{"), !rest.contains("}")
        else { return nil }
        let name = rest[..<colon]
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" || $0 == "`" })
        else { return nil }
        isSettableStorage = !isLet && !narrowSetter
        let shown = attributes.filter { attribute in
            let base = attribute.dropFirst().prefix { $0 != "<" && $0 != "(" }
            return !wrappers.contains(String(base)) && base != "_projectedValueProperty"
        }
        canonical =
            String(indentation) + (shown + kept).map { $0 + " " }.joined() + "var " + String(rest)
    }

    /// The attribute that `text` starts with: `@Name`, `@Module.Name<Generic, Arguments>` or `@name(arguments)`.
    private static func attribute(at text: Substring) -> Substring? {
        var end = text.index(after: text.startIndex)
        var depth = 0
        while end < text.endIndex {
            let character = text[end]
            if "<(".contains(character) {
                depth += 1
            } else if ">)".contains(character) {
                depth -= 1
                if depth < 0 { return nil }
            } else if character == " " && depth == 0 {
                break
            }
            end = text.index(after: end)
        }
        return depth == 0 ? text[..<end] : nil
    }
}
