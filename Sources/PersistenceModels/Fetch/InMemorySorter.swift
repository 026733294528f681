import Foundation

/// Sorts models in memory the way the store's `ORDER BY` does: strings in localized standard order.
package struct InMemorySorter<T> {
    package let descriptors: [SortDescriptor<T>]

    package init(descriptors: [SortDescriptor<T>]) {
        self.descriptors = descriptors
    }

    package func sorted(_ models: [T]) -> [T] {
        let indexed = Array(models.enumerated())
        return indexed.sorted { lhs, rhs in
            for descriptor in descriptors {
                let result = compare(lhs.element, rhs.element, with: descriptor)
                if result != .orderedSame { return result == .orderedAscending }
            }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The order of two values by every descriptor in turn; `.orderedSame` when they all tie.
    package func compare(_ lhs: T, _ rhs: T) -> ComparisonResult {
        for descriptor in descriptors {
            let result = compare(lhs, rhs, with: descriptor)
            if result != .orderedSame { return result }
        }
        return .orderedSame
    }

    private func compare(_ lhs: T, _ rhs: T, with descriptor: SortDescriptor<T>) -> ComparisonResult {
        if let keyPath = descriptor.keyPath {
            let left = lhs[keyPath: keyPath]
            let right = rhs[keyPath: keyPath]
            if let result = StringOrdering.compare(left, right) {
                return descriptor.order == .forward ? result : result.reversed
            }
        }
        return descriptor.compare(lhs, rhs)
    }
}

/// The store's string order (localized standard), shared by SQL sorting and in-memory sorting.
package enum StringOrdering {
    /// Compares two values that are strings or optional strings, `nil` first; `nil` when they are not strings.
    package static func compare(_ left: Any, _ right: Any) -> ComparisonResult? {
        func string(_ value: Any) -> (isString: Bool, value: String?) {
            if type(of: value) == String.self { return (true, value as? String) }
            if type(of: value) == String?.self { return (true, (value as? String?) ?? nil) }
            return (false, nil)
        }
        let (leftIsString, leftValue) = string(left)
        let (rightIsString, rightValue) = string(right)
        guard leftIsString, rightIsString else { return nil }
        switch (leftValue, rightValue) {
        case (nil, nil): return .orderedSame
        case (nil, _): return .orderedAscending
        case (_, nil): return .orderedDescending
        case (let a?, let b?): return a.localizedStandardCompare(b)
        }
    }

    /// Whether `type` is `String` or `String?`.
    package static func isString(_ type: Any.Type) -> Bool { type == String.self || type == String?.self }
}

extension ComparisonResult {
    package var reversed: ComparisonResult {
        switch self {
        case .orderedAscending: .orderedDescending
        case .orderedDescending: .orderedAscending
        case .orderedSame: .orderedSame
        }
    }
}
