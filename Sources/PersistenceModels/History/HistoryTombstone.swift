import Foundation

/// The values a deleted model's `.preserveValueOnDeletion` attributes held when it was deleted.
///
/// Read them by key path from a delete in the history; an attribute without the option reads as `nil`.
///
/// ```swift
/// for change in transaction.changes {
///     if case .delete(let deleted as DefaultHistoryDelete<Trip>) = change,
///        let destination = deleted.tombstone[\.destination] as? String {
///         print("a trip to \(destination) was deleted")
///     }
/// }
/// ```
///
/// Iterating a tombstone gives the preserved values themselves, in the order the model declares its properties.
public struct HistoryTombstone<Model: PersistentModel>: Sequence, Sendable {
    /// A preserved value.
    public typealias Element = Any

    /// The preserved values by property name, in declaration order.
    private let entries: [(name: String, value: any Sendable)]

    /// A tombstone holding `values` by property name, put in the model's declaration order; names the model
    /// does not declare are left out.
    package init(values: [String: Any]) {
        entries = ModelTypeCache.metadata(of: Model.self).compactMap { property in
            values[property.name].map { (property.name, uncheckedSendable($0)) }
        }
    }

    /// A tombstone with no values: the deleted model had no `.preserveValueOnDeletion` attribute.
    package init() {
        entries = []
    }

    /// The value the attribute at `keyPath` held when the model was deleted; `nil` when the attribute does
    /// not preserve its value. An optional attribute that held `nil` gives `Optional.none` inside the result.
    public subscript(keyPath: PartialKeyPath<Model>) -> (any Sendable)? {
        guard
            let name = ModelTypeCache.metadata(of: Model.self).first(where: { $0.keyPath == keyPath as AnyKeyPath })?
                .name
        else {
            return nil
        }
        return entries.first { $0.name == name }?.value
    }

    /// Gives the preserved values one by one.
    public struct Iterator: IteratorProtocol {
        private var remaining: ArraySlice<(name: String, value: any Sendable)>

        fileprivate init(_ entries: [(name: String, value: any Sendable)]) {
            remaining = entries[...]
        }

        /// The next preserved value, or `nil` after the last.
        public mutating func next() -> Any? {
            remaining.popFirst()?.value
        }
    }

    /// An iterator over the preserved values.
    public func makeIterator() -> Iterator {
        Iterator(entries)
    }
}

/// `value` seen as `Sendable`.
///
/// A tombstone's values were read from the store into fresh values that nothing else refers to, so
/// handing them to another thread cannot race; Swift has no checked cast to a marker protocol, so the
/// existential is reinterpreted (`Any` and `any Sendable` share one layout).
private func uncheckedSendable(_ value: Any) -> any Sendable {
    withUnsafePointer(to: value) { pointer in
        pointer.withMemoryRebound(to: (any Sendable).self, capacity: 1) { $0.pointee }
    }
}
