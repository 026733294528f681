// LegacyFetching — the course's stand-in for Core Data's string-based fetch requests (Section 7)
// Reads a predicate format string such as "isPinned == YES AND title CONTAINS[cd] %@".

import PersistenceModels

/// Reads a format string into a ``LegacyPredicate``, binding `%@` and `%d` to the arguments in order.
///
/// It reads what the old app's requests use: comparisons (`==`, `!=`, `<`, `<=`, `>`, `>=`,
/// `CONTAINS`, `BEGINSWITH`, the last two with `[c]`, `[d]` or `[cd]`), `AND`, `OR`, `NOT` (or `&&`,
/// `||`, `!`), parentheses, quoted strings, numbers, `YES`, `NO`, `TRUE`, `FALSE`, `nil` and `NULL`.
/// `NOT` binds tighter than `AND`, which binds tighter than `OR`, as in Swift.
struct LegacyFormatParser {
    private let format: String
    private var tokens: [Token]
    private var position = 0
    private var arguments: ArraySlice<LegacyValue>
    private let argumentCount: Int

    /// Reads `format`, binding its placeholders to `arguments`.
    ///
    /// - Throws: ``LegacyFetchError/invalidFormat(_:reason:)`` when the string cannot be read or the
    ///   arguments do not fit its placeholders.
    static func parse(_ format: String, arguments: [LegacyValue]) throws(LegacyFetchError) -> LegacyPredicate {
        var parser = LegacyFormatParser(
            format: format, tokens: try Lexer(format: format).tokens(), arguments: arguments[...])
        let predicate = try parser.parseOr()
        if let extra = parser.peek {
            throw parser.failure("unexpected \(extra) after the end of the predicate")
        }
        if !parser.arguments.isEmpty {
            throw parser.failure(
                "\(arguments.count) argument(s) given, but the format has \(arguments.count - parser.arguments.count) placeholder(s)"
            )
        }
        return predicate
    }

    private init(format: String, tokens: [Token], arguments: ArraySlice<LegacyValue>) {
        self.format = format
        self.tokens = tokens
        self.arguments = arguments
        self.argumentCount = arguments.count
    }

    // MARK: Grammar

    private mutating func parseOr() throws(LegacyFetchError) -> LegacyPredicate {
        var result = try parseAnd()
        while take(.keyword("OR")) || take(.symbol("||")) {
            result = .or(result, try parseAnd())
        }
        return result
    }

    private mutating func parseAnd() throws(LegacyFetchError) -> LegacyPredicate {
        var result = try parseNot()
        while take(.keyword("AND")) || take(.symbol("&&")) {
            result = .and(result, try parseNot())
        }
        return result
    }

    private mutating func parseNot() throws(LegacyFetchError) -> LegacyPredicate {
        if take(.keyword("NOT")) || take(.symbol("!")) {
            return .not(try parseNot())
        }
        if take(.symbol("(")) {
            let inner = try parseOr()
            guard take(.symbol(")")) else { throw failure("a \"(\" is never closed") }
            return inner
        }
        let left = try parseOperand()
        let comparison = try parseOperator()
        let right = try parseOperand()
        return .comparison(left, comparison, right)
    }

    private mutating func parseOperator() throws(LegacyFetchError) -> LegacyOperator {
        guard let token = next() else { throw failure("a comparison is missing its operator at the end") }
        switch token {
        case .symbol("=="), .symbol("="): return .equal
        case .symbol("!="), .symbol("<>"): return .notEqual
        case .symbol("<"): return .less
        case .symbol("<="), .symbol("=<"): return .lessOrEqual
        case .symbol(">"): return .greater
        case .symbol(">="), .symbol("=>"): return .greaterOrEqual
        case .keyword("CONTAINS"): return .contains(takeOptions())
        case .keyword("BEGINSWITH"): return .beginsWith(takeOptions())
        default: throw failure("expected a comparison operator, found \(token)")
        }
    }

    private mutating func takeOptions() -> String.CompareOptions {
        guard case .options(let letters)? = peek else { return [] }
        position += 1
        var options: String.CompareOptions = []
        if letters.contains("c") { options.insert(.caseInsensitive) }
        if letters.contains("d") { options.insert(.diacriticInsensitive) }
        return options
    }

    private mutating func parseOperand() throws(LegacyFetchError) -> LegacyOperand {
        guard let token = next() else { throw failure("a comparison is missing a value at the end") }
        switch token {
        case .identifier(let key): return .key(key)
        case .keyword("YES"), .keyword("TRUE"): return .constant(.bool(true))
        case .keyword("NO"), .keyword("FALSE"): return .constant(.bool(false))
        case .keyword("NIL"), .keyword("NULL"): return .constant(.null)
        case .string(let text): return .constant(.string(text))
        case .number(let value): return .constant(value)
        case .placeholder(let kind): return .constant(try bindArgument(kind))
        default: throw failure("expected a key or a value, found \(token)")
        }
    }

    private mutating func bindArgument(_ kind: Character) throws(LegacyFetchError) -> LegacyValue {
        guard let argument = arguments.popFirst() else {
            throw failure("the format has more placeholders than the \(argumentCount) argument(s) given")
        }
        if kind == "d", case .int = argument { return argument }
        if kind == "d" { throw failure("%d needs a whole number, found \(argument.kind) (\(argument))") }
        return argument
    }

    // MARK: Tokens

    private var peek: Token? { position < tokens.count ? tokens[position] : nil }

    private mutating func next() -> Token? {
        defer { position += 1 }
        return peek
    }

    private mutating func take(_ token: Token) -> Bool {
        guard peek == token else { return false }
        position += 1
        return true
    }

    private func failure(_ reason: String) -> LegacyFetchError {
        .invalidFormat(format, reason: reason)
    }
}

// MARK: - Lexer

extension LegacyFormatParser {
    /// One word or sign of a format string.
    enum Token: Equatable, CustomStringConvertible {
        case identifier(String)
        case keyword(String)
        case string(String)
        case number(LegacyValue)
        case placeholder(Character)
        case symbol(String)
        case options(String)

        var description: String {
            switch self {
            case .identifier(let name), .keyword(let name), .symbol(let name): "\"\(name)\""
            case .string(let text): "'\(text)'"
            case .number(let value): "\(value)"
            case .placeholder(let kind): "%\(kind)"
            case .options(let letters): "[\(letters)]"
            }
        }
    }

    /// Splits a format string into tokens.
    struct Lexer {
        static let keywords: Set<String> = [
            "AND", "OR", "NOT", "YES", "NO", "TRUE", "FALSE", "NIL", "NULL", "CONTAINS", "BEGINSWITH",
        ]
        static let symbols = ["==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||", "<", ">", "=", "!", "(", ")"]

        let format: String

        func tokens() throws(LegacyFetchError) -> [Token] {
            var tokens: [Token] = []
            var rest = Substring(format)
            while let first = rest.first {
                if first.isWhitespace {
                    rest.removeFirst()
                } else if first == "'" || first == "\"" {
                    tokens.append(try quoted(&rest))
                } else if first == "%" {
                    rest.removeFirst()
                    guard let kind = rest.popFirst(), kind == "@" || kind == "d" else {
                        throw .invalidFormat(format, reason: "only the placeholders %@ and %d are understood")
                    }
                    tokens.append(.placeholder(kind))
                } else if first == "[" {
                    guard let end = rest.firstIndex(of: "]") else {
                        throw .invalidFormat(format, reason: "a \"[\" is never closed")
                    }
                    let letters = rest[rest.index(after: rest.startIndex)..<end].lowercased()
                    guard !letters.isEmpty, letters.allSatisfy({ $0 == "c" || $0 == "d" }) else {
                        throw .invalidFormat(format, reason: "[\(letters)] is not an option; use [c], [d] or [cd]")
                    }
                    tokens.append(.options(letters))
                    rest = rest[rest.index(after: end)...]
                } else if first.isNumber || (first == "-" && rest.dropFirst().first?.isNumber == true) {
                    tokens.append(try number(&rest))
                } else if first.isLetter || first == "_" {
                    let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
                    rest = rest.dropFirst(word.count)
                    let upper = word.uppercased()
                    tokens.append(Self.keywords.contains(upper) ? .keyword(upper) : .identifier(String(word)))
                } else if let symbol = Self.symbols.first(where: { rest.hasPrefix($0) }) {
                    tokens.append(.symbol(symbol))
                    rest = rest.dropFirst(symbol.count)
                } else {
                    throw .invalidFormat(format, reason: "\"\(first)\" is not understood here")
                }
            }
            return tokens
        }

        private func quoted(_ rest: inout Substring) throws(LegacyFetchError) -> Token {
            let quote = rest.removeFirst()
            var text = ""
            while let character = rest.popFirst() {
                if character == quote { return .string(text) }
                if character == "\\", let escaped = rest.popFirst() {
                    text.append(escaped)
                } else {
                    text.append(character)
                }
            }
            throw .invalidFormat(format, reason: "a quoted string is never closed")
        }

        private func number(_ rest: inout Substring) throws(LegacyFetchError) -> Token {
            var digits = rest.first == "-" ? String(rest.removeFirst()) : ""
            let body = rest.prefix { $0.isNumber || $0 == "." }
            digits += body
            rest = rest.dropFirst(body.count)
            if let whole = Int(digits) { return .number(.int(whole)) }
            if let fraction = Double(digits) { return .number(.double(fraction)) }
            throw .invalidFormat(format, reason: "\(digits) is not a number")
        }
    }
}
