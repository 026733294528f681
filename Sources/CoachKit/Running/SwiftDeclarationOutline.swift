import Foundation

/// What a Swift source file declares to the modules that import its module, read from its tokens: enough to
/// tell, between two versions of the file, which declarations an importer could compile differently.
///
/// The file's declarations fall in two groups:
/// - **Shape**: what decides the memory layout or the dispatch tables importers compile against, or how
///   the names in every other declaration resolve — stored properties, enum cases, initializers, every
///   member of a class that is not `final`, of an actor or of a protocol, every variable of a `@Model`
///   class, type and extension headers, type aliases, imports, operators, conditional compilation,
///   anything the reader does not recognize. Any change here can change an importer's objects without the
///   importer naming what changed.
/// - **Named**: functions (a final class's too), computed properties, static and global variables, keyed
///   by where they are and their name. Bodies are left out (importers call them, they do not compile
///   them), except where an importer does see them (`@inlinable`, an opaque result type), which count as
///   shape. A change here reaches an importer only through the name: an importer that never spells it
///   compiles the same.
///
/// The reader is conservative: what it cannot place is shape, so an unusual file only costs a rebuild.
struct SwiftDeclarationOutline: Equatable {
    /// The shape declarations' texts, in order.
    var shape: [String] = []
    /// Every name the shape's texts spell, with the initializers of variables whose type is inferred: a
    /// change to a declaration of one of these names can change a layout or an inferred type.
    var shapeWords: Set<String> = []
    /// The named declarations' texts, by container path and name (overloads together, sorted).
    var named: [String: [String]] = [:]

    /// Whether the file's brackets pair up and it has nothing the reader could misread: a `/` touching
    /// what follows may open a regular expression literal, whose braces are not the code's.
    var isReadable = true

    /// The outline of `source`.
    init(_ source: String) {
        let tokens = SwiftTokens.read(source)
        guard Self.canBeRead(tokens) else {
            isReadable = false
            return
        }
        var reader = DeclarationReader(tokens: tokens)
        reader.readMembers(into: &self, container: .topLevel, path: "")
    }

    /// Whether every bracket of `tokens` closes the one opened last, and no token may start a regular
    /// expression literal (`/` with no space after it, `#/`).
    private static func canBeRead(_ tokens: [SwiftToken]) -> Bool {
        var open: [String] = []
        let pairs = ["}": "{", ")": "(", "]": "["]
        for token in tokens {
            switch token.kind {
            case .symbol:
                if ["{", "(", "["].contains(token.text) {
                    open.append(token.text)
                } else if let opening = pairs[token.text] {
                    guard open.popLast() == opening else { return false }
                } else if token.text.hasPrefix("/"), !token.spaceFollows {
                    return false
                }
            case .pound where token.text == "#":
                return false
            default:
                continue
            }
        }
        return open.isEmpty
    }

    /// The names whose declarations differ from `earlier`'s, or `nil` when the shape differs, a changed
    /// declaration is one an importer can use without spelling its name, or either file could not be read
    /// with certainty.
    func changedNames(since earlier: SwiftDeclarationOutline) -> Set<String>? {
        guard isReadable, earlier.isReadable, shape == earlier.shape else { return nil }
        var names: Set<String> = []
        for key in Set(named.keys).union(earlier.named.keys) where named[key] != earlier.named[key] {
            guard let name = key.split(separator: "|").last.map(String.init) else { return nil }
            names.insert(name)
        }
        if names.contains(where: Self.isUsedWithoutItsName) { return nil }
        if !names.isDisjoint(with: shapeWords) || !names.isDisjoint(with: earlier.shapeWords) { return nil }
        return names
    }

    private static let implicitlyUsedNames: Set<String> = [
        "callAsFunction", "makeIterator", "next", "makeAsyncIterator", "wrappedValue", "projectedValue",
        "appendInterpolation", "appendLiteral", "dynamicallyCall", "encode", "hash", "hashValue", "description",
        "debugDescription", "unownedExecutor", "main", "id",
    ]

    /// Names the language calls on its own: for-in loops, string interpolation, result builders, property
    /// wrappers, calls of a value, conformances it synthesizes.
    static func isUsedWithoutItsName(_ name: String) -> Bool {
        implicitlyUsedNames.contains(name) || name.hasPrefix("build") || name.hasPrefix("_")
            || !(name.first.map { $0.isLetter } ?? false)
    }
}

/// A Swift token as the outline needs it: comments dropped, literals whole.
struct SwiftToken: Equatable {
    enum Kind: Equatable {
        /// An identifier or keyword (backticks removed).
        case word
        /// `@` and a name.
        case attribute
        /// `#` and a name (`#if`, `#Predicate`).
        case pound
        /// A string or number literal, as written.
        case literal
        /// Punctuation or an operator.
        case symbol
    }

    var kind: Kind
    var text: String
    /// Whether the token is the first of its line.
    var startsLine: Bool
    /// Whether whitespace (or the end of the file) follows the token.
    var spaceFollows = true
}

/// Splits Swift source into tokens.
enum SwiftTokens {
    /// Whether `byte` can be part of an identifier: an ASCII letter, digit or underscore, or any byte of a
    /// non-ASCII character.
    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F || byte >= 0x80
    }

    static func read(_ source: String) -> [SwiftToken] {
        let bytes = Array(source.utf8)
        var tokens: [SwiftToken] = []
        var index = 0
        var startsLine = true
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        func add(_ kind: SwiftToken.Kind, _ range: Range<Int>) {
            let spaceFollows =
                range.upperBound >= bytes.count || [0x20, 0x09, 0x0A, 0x0D].contains(bytes[range.upperBound])
            tokens.append(
                SwiftToken(kind: kind, text: text(range), startsLine: startsLine, spaceFollows: spaceFollows))
            startsLine = false
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x0A:
                startsLine = true
                index += 1
            case 0x20, 0x09, 0x0D:
                index += 1
            case 0x2F where index + 1 < bytes.count && bytes[index + 1] == 0x2F:
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            case 0x2F where index + 1 < bytes.count && bytes[index + 1] == 0x2A:
                // Block comments nest in Swift.
                var depth = 0
                repeat {
                    if index + 1 < bytes.count, bytes[index] == 0x2F, bytes[index + 1] == 0x2A {
                        depth += 1
                        index += 2
                    } else if index + 1 < bytes.count, bytes[index] == 0x2A, bytes[index + 1] == 0x2F {
                        depth -= 1
                        index += 2
                    } else {
                        if bytes[index] == 0x0A { startsLine = true }
                        index += 1
                    }
                } while depth > 0 && index < bytes.count
            case 0x22,
                0x23 where startsString(bytes, at: index):
                let start = index
                index = endOfString(bytes, from: index)
                add(.literal, start..<index)
            case 0x60:
                // A backticked identifier.
                let start = index + 1
                index = start
                while index < bytes.count, bytes[index] != 0x60, bytes[index] != 0x0A { index += 1 }
                add(.word, start..<index)
                if index < bytes.count, bytes[index] == 0x60 { index += 1 }
            case 0x40, 0x23:
                let start = index
                index += 1
                while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
                add(byte == 0x40 ? .attribute : .pound, start..<index)
            case 0x30...0x39:
                let start = index
                while index < bytes.count, isWordByte(bytes[index]) || bytes[index] == 0x2E {
                    // A member access after a number (`1.description`) is rare; `1.5` is common.
                    if bytes[index] == 0x2E, index + 1 < bytes.count, !(0x30...0x39).contains(bytes[index + 1]) {
                        break
                    }
                    index += 1
                }
                add(.literal, start..<index)
            default:
                if isWordByte(byte) || byte == 0x24 {
                    let start = index
                    index += 1
                    while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
                    add(.word, start..<index)
                } else if "{}()[],:;.".utf8.contains(byte) {
                    add(.symbol, index..<index + 1)
                    index += 1
                } else {
                    // An operator: a run of operator characters.
                    let start = index
                    let operatorBytes = "/=-+!*%<>&|^~?".utf8
                    index += 1
                    while index < bytes.count, operatorBytes.contains(bytes[index]),
                        !(bytes[index] == 0x2F && index + 1 < bytes.count && [0x2F, 0x2A].contains(bytes[index + 1]))
                    {
                        index += 1
                    }
                    add(.symbol, start..<index)
                }
            }
        }
        return tokens
    }

    /// Every run of identifier characters in `text` that does not start with a digit, read byte by byte:
    /// this reads every source file of the modules that import an edited one.
    static func wordRuns(in text: String) -> [String] {
        var words: [String] = []
        let utf8 = text.utf8
        var start: String.UTF8View.Index?
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if isWordByte(byte) {
                if start == nil { start = index }
            } else if let wordStart = start {
                if !(0x30...0x39).contains(utf8[wordStart]) { words.append(String(utf8[wordStart..<index])!) }
                start = nil
            }
            index = utf8.index(after: index)
        }
        if let wordStart = start, !(0x30...0x39).contains(utf8[wordStart]) {
            words.append(String(utf8[wordStart..<utf8.endIndex])!)
        }
        return words
    }

    /// Whether a string literal starts at `index`: `"`, or `#`s followed by `"` (a raw string).
    private static func startsString(_ bytes: [UInt8], at index: Int) -> Bool {
        var position = index
        while position < bytes.count, bytes[position] == 0x23 { position += 1 }
        return position < bytes.count && bytes[position] == 0x22
    }

    /// The index after the string literal that starts at `start`, interpolations and all.
    private static func endOfString(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        var hashes = 0
        while bytes[index] == 0x23 {
            hashes += 1
            index += 1
        }
        let isMultiline = index + 2 < bytes.count && bytes[index + 1] == 0x22 && bytes[index + 2] == 0x22
        let quotes = isMultiline ? 3 : 1
        index += quotes
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x5C {
                // An escape; after the raw string's own `#`s only.
                var position = index + 1
                var count = 0
                while count < hashes, position < bytes.count, bytes[position] == 0x23 {
                    count += 1
                    position += 1
                }
                guard count == hashes, position < bytes.count else {
                    index += 1
                    continue
                }
                if bytes[position] == 0x28 {
                    // An interpolation: skip to its closing parenthesis, strings inside included.
                    var depth = 1
                    position += 1
                    while position < bytes.count, depth > 0 {
                        if bytes[position] == 0x22 || (bytes[position] == 0x23 && startsString(bytes, at: position)) {
                            position = endOfString(bytes, from: position)
                            continue
                        }
                        if bytes[position] == 0x28 { depth += 1 }
                        if bytes[position] == 0x29 { depth -= 1 }
                        position += 1
                    }
                    index = position
                } else {
                    index = position + 1
                }
                continue
            }
            if byte == 0x22 {
                var position = index
                var count = 0
                while count < quotes, position < bytes.count, bytes[position] == 0x22 {
                    count += 1
                    position += 1
                }
                var closingHashes = 0
                while closingHashes < hashes, position < bytes.count, bytes[position] == 0x23 {
                    closingHashes += 1
                    position += 1
                }
                if count == quotes, closingHashes == hashes { return position }
                index += 1
                continue
            }
            if byte == 0x0A, !isMultiline { return index }
            index += 1
        }
        return index
    }
}

/// Reads declarations from tokens, member by member, for ``SwiftDeclarationOutline``.
private struct DeclarationReader {
    let tokens: [SwiftToken]
    var position = 0

    init(tokens: [SwiftToken]) {
        self.tokens = tokens
    }

    /// What the declarations being read are members of.
    enum Container {
        case topLevel
        /// The main body of a struct or enum: stored properties and initializers are shape.
        case valueType
        /// The main body of a class or actor: every member is shape (layout and dispatch table).
        case referenceType
        /// The main body of a `final` class without macros: its methods and computed properties have no
        /// place in the class's dispatch table (its initializers do), so they are named; what it stores is
        /// shape.
        case finalClass
        /// The main body of a `final` class under the workbench's `@Model`, which reads its variables but
        /// never its functions: the functions are named, every variable is shape.
        case finalModelClass
        /// A protocol: every requirement is shape.
        case protocolBody
        /// An extension: its members are named, but for initializers and subscripts.
        case extensionBody
    }

    static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "package", "static", "final", "override",
        "mutating", "nonmutating", "lazy", "weak", "unowned", "convenience", "required", "dynamic", "indirect",
        "nonisolated", "distributed", "optional", "prefix", "postfix", "infix", "consuming", "borrowing",
        "__consuming", "isolated",
    ]
    static let typeKeywords: Set<String> = ["struct", "class", "enum", "actor", "protocol", "extension"]
    static let declarationKeywords: Set<String> = typeKeywords.union([
        "func", "init", "deinit", "subscript", "var", "let", "case", "typealias", "associatedtype", "import",
        "operator", "precedencegroup", "macro",
    ])
    /// Attributes that change nothing an importer compiles against beyond the declaration's own text.
    static let plainAttributes: Set<String> = [
        "@MainActor", "@discardableResult", "@available", "@Sendable", "@preconcurrency", "@nonobjc",
        "@usableFromInline", "@frozen", "@objc", "@escaping", "@autoclosure", "@unknown", "@testable",
    ]
    /// Attributes that put a body where importers compile it.
    static let inliningAttributes: Set<String> = ["@inlinable", "@_transparent", "@_alwaysEmitIntoClient"]

    private func isDeclarationStart(_ index: Int) -> Bool {
        let token = tokens[index]
        switch token.kind {
        case .attribute, .pound: return true
        case .word:
            if Self.declarationKeywords.contains(token.text) || Self.modifiers.contains(token.text) { return true }
            return false
        default: return false
        }
    }

    /// Reads declarations until the closing brace of the container (or the end), adding them to `outline`.
    mutating func readMembers(into outline: inout SwiftDeclarationOutline, container: Container, path: String) {
        while position < tokens.count {
            if tokens[position].kind == .symbol, tokens[position].text == "}" {
                position += 1
                return
            }
            if tokens[position].kind == .symbol, tokens[position].text == ";" {
                position += 1
                continue
            }
            readDeclaration(into: &outline, container: container, path: path)
        }
    }

    /// The index of the token that closes the bracket opened at `index`, or the end.
    private func closing(from index: Int) -> Int {
        var depth = 0
        var position = index
        while position < tokens.count {
            let token = tokens[position]
            if token.kind == .symbol {
                switch token.text {
                case "{", "(", "[": depth += 1
                case "}", ")", "]":
                    depth -= 1
                    if depth == 0 { return position }
                default: break
                }
            }
            position += 1
        }
        return tokens.count - 1
    }

    private static func text(_ tokens: ArraySlice<SwiftToken>) -> String {
        tokens.map(\.text).joined(separator: " ")
    }

    private static func words(_ tokens: ArraySlice<SwiftToken>) -> [String] {
        tokens.flatMap { token -> [String] in
            switch token.kind {
            case .word: return [token.text]
            case .attribute, .pound: return [String(token.text.dropFirst())]
            // A string's interpolations can name anything: every word in it counts.
            case .literal: return SwiftTokens.wordRuns(in: token.text)
            case .symbol: return []
            }
        }
    }

    private mutating func readDeclaration(
        into outline: inout SwiftDeclarationOutline, container: Container, path: String
    ) {
        let start = position
        // `#if` … `#endif`, and a freestanding macro, are shape as a whole.
        if tokens[position].kind == .pound {
            let end: Int
            if tokens[position].text == "#if" {
                var depth = 0
                var index = position
                while index < tokens.count {
                    if tokens[index].kind == .pound, tokens[index].text == "#if" { depth += 1 }
                    if tokens[index].kind == .pound, tokens[index].text == "#endif" {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    index += 1
                }
                end = min(index + 1, tokens.count)
            } else {
                end = endOfDeclaration(from: position + 1)
            }
            addShape(tokens[start..<end], to: &outline)
            position = end
            return
        }
        // Attributes and modifiers, with their arguments.
        var attributes: [String] = []
        var modifiers: [String] = []
        var index = position
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .attribute {
                attributes.append(token.text)
                index += 1
                if index < tokens.count, tokens[index].text == "(", !tokens[index].startsLine {
                    index = closing(from: index) + 1
                }
            } else if token.kind == .word,
                Self.modifiers.contains(token.text)
                    || (token.text == "class" && index + 1 < tokens.count
                        && ["func", "var", "let", "subscript", "init", "static"].contains(tokens[index + 1].text))
            {
                modifiers.append(token.text)
                index += 1
                if index < tokens.count, tokens[index].text == "(" { index = closing(from: index) + 1 }
            } else {
                break
            }
        }
        guard index < tokens.count, tokens[index].kind == .word, Self.declarationKeywords.contains(tokens[index].text)
        else {
            // Not a declaration this reader knows: shape, to the next line that starts one.
            let end = endOfDeclaration(from: max(index, position + 1))
            addShape(tokens[start..<end], to: &outline)
            position = end
            return
        }
        let keyword = tokens[index].text
        let nameIndex = index + 1
        let name = nameIndex < tokens.count ? tokens[nameIndex].text : ""
        let customAttribute = attributes.contains { !Self.plainAttributes.contains($0) }
        let isStatic = modifiers.contains("static") || modifiers.contains("class")

        if Self.typeKeywords.contains(keyword) {
            // The header, to the body's brace.
            let bodyStart = firstOutsideBrackets("{", in: nameIndex..<tokens.count) ?? tokens.count
            addShape(tokens[start..<min(bodyStart, tokens.count)], to: &outline)
            position = bodyStart + 1
            let memberContainer: Container =
                switch keyword {
                case "struct", "enum": customAttribute ? .referenceType : .valueType
                case "class" where modifiers.contains("final") && !customAttribute: .finalClass
                case "class" where modifiers.contains("final") && attributes == ["@Model"]: .finalModelClass
                case "class", "actor": .referenceType
                case "protocol": .protocolBody
                default: customAttribute ? .referenceType : .extensionBody
                }
            let memberPath = path + (keyword == "extension" ? Self.text(tokens[nameIndex..<bodyStart]) : name) + "."
            readMembers(into: &outline, container: memberContainer, path: memberPath)
            return
        }

        let end = endOfDeclaration(from: nameIndex)
        let declaration = tokens[start..<end]
        position = end
        // A final class's `dynamic` member is replaced at run time through a table of its own.
        let isShapeContainer =
            container == .referenceType || container == .protocolBody
            || ([.finalClass, .finalModelClass].contains(container) && modifiers.contains("dynamic"))
        switch keyword {
        case "func":
            let signatureEnd = firstOutsideBrackets("{", in: start..<end) ?? end
            let signature = tokens[start..<signatureEnd]
            let seenByImporters =
                attributes.contains(where: Self.inliningAttributes.contains)
                || signature.contains { $0.kind == .word && $0.text == "some" }
            if isShapeContainer || customAttribute || seenByImporters {
                addShape(seenByImporters ? declaration : signature, to: &outline)
            } else {
                addNamed(signature, key: path + "func|" + name, to: &outline)
            }
        case "var", "let":
            let hasAnnotation = declaration.contains { $0.kind == .symbol && $0.text == ":" }
            let assignment = firstOutsideBrackets("=", in: start..<end)
            if !hasAnnotation, let assignment {
                // The type comes from the initializer: every name it spells decides it.
                outline.shapeWords.formUnion(Self.words(tokens[assignment..<end]))
            }
            let accessorStart =
                assignment == nil ? firstOutsideBrackets("{", in: start..<end) : nil
            let accessorWords = accessorStart.map { Set(Self.words(tokens[$0..<end])) } ?? []
            let isStored = accessorStart == nil || accessorWords.contains("willSet") || accessorWords.contains("didSet")
            let bindsOneName =
                nameIndex < end && tokens[nameIndex].kind == .word
                && !tokens[start..<(assignment ?? accessorStart ?? end)].contains { $0.text == "," }
            let storesInInstance = isStored && !isStatic && container != .topLevel
            if isShapeContainer || customAttribute || storesInInstance || !bindsOneName || container == .finalModelClass
                || attributes.contains(where: Self.inliningAttributes.contains)
                || declaration.contains(where: { $0.kind == .word && $0.text == "some" })
            {
                addShape(declaration, to: &outline)
            } else if let accessorStart, !isStored {
                // A computed property: its type and which accessors it has; not their bodies.
                let accessors = accessorWords.intersection(["get", "set", "_modify", "_read", "async", "throws"])
                let text = Self.text(tokens[start..<accessorStart]) + " { " + accessors.sorted().joined(separator: " ")
                addNamed(text, key: path + "var|" + name, to: &outline)
            } else {
                addNamed(Self.text(declaration), key: path + "var|" + name, to: &outline)
            }
        default:
            // Initializers, subscripts, cases, type aliases, imports, operators: shape. An initializer's body
            // is left out: importers call it.
            if keyword == "init" || keyword == "deinit" || keyword == "subscript" {
                let signatureEnd = firstOutsideBrackets("{", in: start..<end) ?? end
                addShape(tokens[start..<signatureEnd], to: &outline)
            } else {
                addShape(declaration, to: &outline)
            }
        }
    }

    /// The first `symbol` in `range` outside every bracket the range opens: a body's brace, not one of a
    /// closure in a default argument.
    private func firstOutsideBrackets(_ symbol: String, in range: Range<Int>) -> Int? {
        var depth = 0
        for index in range where tokens[index].kind == .symbol {
            let text = tokens[index].text
            if depth == 0, text == symbol { return index }
            switch text {
            case "{", "(", "[": depth += 1
            case "}", ")", "]": depth -= 1
            default: break
            }
        }
        return nil
    }

    /// The end of the declaration whose name or first token is at `index`: the next token at the same
    /// depth that starts a line with a declaration, or the container's closing brace.
    private func endOfDeclaration(from index: Int) -> Int {
        var position = index
        var depth = 0
        while position < tokens.count {
            let token = tokens[position]
            if depth == 0, token.startsLine, isDeclarationStart(position) { return position }
            if token.kind == .symbol {
                switch token.text {
                case "{", "(", "[": depth += 1
                case "}", ")", "]":
                    if depth == 0 { return position }
                    depth -= 1
                case ";" where depth == 0: return position + 1
                default: break
                }
            }
            position += 1
        }
        return tokens.count
    }

    private func addShape(_ tokens: ArraySlice<SwiftToken>, to outline: inout SwiftDeclarationOutline) {
        outline.shape.append(Self.text(tokens))
        outline.shapeWords.formUnion(Self.words(tokens))
    }

    private func addNamed(_ tokens: ArraySlice<SwiftToken>, key: String, to outline: inout SwiftDeclarationOutline) {
        addNamed(Self.text(tokens), key: key, to: &outline)
    }

    private func addNamed(_ text: String, key: String, to outline: inout SwiftDeclarationOutline) {
        outline.named[key, default: []].append(text)
        outline.named[key]!.sort()
    }
}
