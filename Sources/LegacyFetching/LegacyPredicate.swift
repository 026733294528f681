// LegacyFetching — the course's stand-in for Core Data's string-based fetch requests (Section 7)
// A parsed format string, and how it is evaluated against one model. You do not need to change this file.

import PersistenceModels

/// A format string read into a tree: comparisons joined by `AND`, `OR` and `NOT`.
indirect enum LegacyPredicate: Sendable {
    /// `left op right`.
    case comparison(LegacyOperand, LegacyOperator, LegacyOperand)
    /// `left AND right`.
    case and(LegacyPredicate, LegacyPredicate)
    /// `left OR right`.
    case or(LegacyPredicate, LegacyPredicate)
    /// `NOT predicate`.
    case not(LegacyPredicate)

    /// Every key the predicate reads, in the order they appear.
    var keys: [String] {
        switch self {
        case .comparison(let left, _, let right): [left, right].compactMap(\.key)
        case .and(let left, let right), .or(let left, let right): left.keys + right.keys
        case .not(let inner): inner.keys
        }
    }
}

/// One side of a comparison: a key read from the model, or a constant.
enum LegacyOperand: Sendable {
    /// An attribute, read by name.
    case key(String)
    /// A literal or a bound argument.
    case constant(LegacyValue)

    /// The key, when this operand is one.
    var key: String? {
        if case .key(let name) = self { return name }
        return nil
    }
}

/// A comparison of a format string.
enum LegacyOperator: Sendable, Equatable {
    /// `==` (or `=`).
    case equal
    /// `!=` (or `<>`).
    case notEqual
    /// `<`.
    case less
    /// `<=` (or `=<`).
    case lessOrEqual
    /// `>`.
    case greater
    /// `>=` (or `=>`).
    case greaterOrEqual
    /// `CONTAINS`, with its `[c]`, `[d]` or `[cd]` options.
    case contains(String.CompareOptions)
    /// `BEGINSWITH`, with its `[c]`, `[d]` or `[cd]` options.
    case beginsWith(String.CompareOptions)
}

// MARK: - Evaluating

extension LegacyPredicate {
    /// Whether `model` matches, reading keys through `Entity.legacyAttributes`.
    ///
    /// - Throws: ``LegacyFetchError/typeMismatch(_:reason:)`` when two values cannot be compared.
    func evaluate<Entity: LegacyEntity>(_ model: Entity, format: String) throws(LegacyFetchError) -> Bool {
        switch self {
        case .comparison(let left, let comparison, let right):
            return try comparison.apply(left.value(of: model), right.value(of: model), format: format)
        case .and(let left, let right):
            // Evaluated one after the other: `&&` and `||` take their right side as an untyped throwing closure.
            guard try left.evaluate(model, format: format) else { return false }
            return try right.evaluate(model, format: format)
        case .or(let left, let right):
            if try left.evaluate(model, format: format) { return true }
            return try right.evaluate(model, format: format)
        case .not(let inner):
            return try !inner.evaluate(model, format: format)
        }
    }
}

extension LegacyOperand {
    /// The operand's value for one model. Keys were checked before any model was read, so every key is found.
    func value<Entity: LegacyEntity>(of model: Entity) -> LegacyValue {
        switch self {
        case .key(let name): Entity.legacyAttributes[name]?(model) ?? .null
        case .constant(let value): value
        }
    }
}

extension LegacyOperator {
    /// The comparison's answer for two values.
    ///
    /// `==` and `!=` never fail; an ordering or a string test with `nil` on either side is false, as
    /// in SQL; any other mix of kinds is an error.
    func apply(_ left: LegacyValue, _ right: LegacyValue, format: String) throws(LegacyFetchError) -> Bool {
        switch self {
        case .equal: return left.matches(right)
        case .notEqual: return !left.matches(right)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            if left == .null || right == .null { return false }
            guard let order = left.order(comparedTo: right) else {
                throw .typeMismatch(format, reason: "\(left.kind) cannot be ordered against \(right.kind)")
            }
            switch self {
            case .less: return order == .orderedAscending
            case .lessOrEqual: return order != .orderedDescending
            case .greater: return order == .orderedDescending
            default: return order != .orderedAscending
            }
        case .contains(let options), .beginsWith(let options):
            if left == .null || right == .null { return false }
            guard case .string(let text) = left, case .string(let search) = right else {
                throw .typeMismatch(
                    format, reason: "CONTAINS and BEGINSWITH compare strings, found \(left.kind) and \(right.kind)")
            }
            if case .contains = self {
                return options.isEmpty ? text.contains(search) : text.range(of: search, options: options) != nil
            }
            return options.isEmpty
                ? text.hasPrefix(search) : text.range(of: search, options: options.union(.anchored)) != nil
        }
    }
}
