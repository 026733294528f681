import Foundation

/// The value transformer a `.transformable(by:)` option names: a transformer class, or a registered name.
package enum ValueTransformerReference: Hashable, Sendable, CustomStringConvertible {
    /// A transformer class; an instance is made with `init()` for each use.
    case type(ValueTransformer.Type)
    /// The name a transformer is registered under.
    case name(String)

    package static func == (lhs: ValueTransformerReference, rhs: ValueTransformerReference) -> Bool {
        switch (lhs, rhs) {
        case (.type(let left), .type(let right)): left == right
        case (.name(let left), .name(let right)): left == right
        default: false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .type(let type): hasher.combine(ObjectIdentifier(type))
        case .name(let name): hasher.combine(name)
        }
    }

    /// The class name, or the registered name in quotes.
    package var description: String {
        switch self {
        case .type(let type): "\(type).self"
        case .name(let name): "\"\(name)\""
        }
    }
}

/// How the values of a `.transformable(by:)` attribute become the `Data` a store keeps, and come back.
///
/// `nil` of an optional attribute is kept as no data at all and never reaches the transformer.
package struct AttributeTransformation: Sendable {
    /// The transformer the option names.
    package let reference: ValueTransformerReference
    /// The attribute's declared type, which values read back must have.
    package let valueType: Any.Type
    /// `Model.property`, for messages.
    package let attributeName: String

    /// The data a value is stored as; `nil` for `nil`, or when the transformer returns `nil`.
    ///
    /// - Throws: ``SwiftDataError/unsupportedValue`` when no transformer is registered under the name, or
    ///   the transformer returns something other than `Data`.
    package func data(from value: Any) throws -> Data? {
        if let optional = value as? any OptionalValue, optional.wrappedValue == nil { return nil }
        let transformer = try makeTransformer(while: "storing \(attributeName)")
        let unwrapped = (value as? any OptionalValue)?.wrappedValue ?? value
        switch transformer.transformedValue(unwrapped) {
        case nil:
            return nil
        case let data as Data:
            return data
        case let data as NSData:
            return Data(referencing: data)
        case let other?:
            throw SwiftDataError(
                .unsupportedValue,
                reason:
                    "\(type(of: transformer)).transformedValue(_:) returned \(type(of: other)), but a transformable attribute stores Data: return Data from it",
                context: "storing \(attributeName)"
            )
        }
    }

    /// The value stored as `data` (`nil` for no data), of the attribute's declared type.
    ///
    /// - Throws: ``SwiftDataError/unsupportedValue`` when no transformer is registered under the name, or
    ///   the transformer's `reverseTransformedValue(_:)` returns something that is not of the attribute's type.
    package func value(from data: Data?) throws -> Any {
        if data == nil, let optionalType = valueType as? any OptionalValue.Type { return optionalType.noneValue }
        let transformer = try makeTransformer(while: "reading \(attributeName)")
        let restored = transformer.reverseTransformedValue(data)
        if restored == nil, let optionalType = valueType as? any OptionalValue.Type { return optionalType.noneValue }
        guard let restored, let value = Self.cast(restored, to: valueType) else {
            let found = restored.map { "\(type(of: $0))" } ?? "nil"
            throw SwiftDataError(
                .unsupportedValue,
                reason:
                    "\(type(of: transformer)).reverseTransformedValue(_:) returned \(found), not a \(valueType): return a value of the property's type",
                context: "reading \(attributeName)"
            )
        }
        return value
    }

    private func makeTransformer(while activity: String) throws -> ValueTransformer {
        switch reference {
        case .type(let type):
            return type.init()
        case .name(let name):
            guard let transformer = ValueTransformer(forName: NSValueTransformerName(name)) else {
                throw SwiftDataError(
                    .unsupportedValue,
                    reason: "no value transformer is registered under the name \"\(name)\": register one with "
                        + "ValueTransformer.setValueTransformer(_:forName:) before the first save or fetch",
                    context: activity
                )
            }
            return transformer
        }
    }

    /// `value` as a value of `type` (an optional type wraps it), or `nil` when it is not one.
    private static func cast(_ value: Any, to type: Any.Type) -> Any? {
        func cast<T>(to _: T.Type) -> Any? { (value as? T).map { $0 as Any } }
        return _openExistential(type, do: cast)
    }
}

extension Schema.PropertyMetadata {
    /// How the attribute's values are transformed for storage; `nil` unless it is `.transformable(by:)`.
    package var transformation: AttributeTransformation? {
        guard let attributeKind, let reference = options.attributeOptions.lazy.compactMap(\.transformer).first else {
            return nil
        }
        return AttributeTransformation(reference: reference, valueType: attributeKind.valueType, attributeName: name)
    }

    /// Whether the attribute is `.ephemeral`: tracked by contexts, never stored.
    package var isEphemeral: Bool {
        attributeKind != nil && options.contains(.ephemeral)
    }

    /// Whether the attribute's value is kept in the history tombstone when its model is deleted.
    package var preservesValueOnDeletion: Bool {
        attributeKind != nil && !isEphemeral && options.contains(.preserveValueOnDeletion)
    }

    /// The value an `.ephemeral` attribute of a model read from a store starts with: the declaration's
    /// default value, else `nil` of an optional type; `nil` when the property has neither.
    package var ephemeralStartValue: Any? {
        defaultValue ?? (valueType as? any OptionalValue.Type)?.noneValue
    }
}
