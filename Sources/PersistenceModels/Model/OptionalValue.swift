/// An `Optional` seen without its wrapped type: whether it holds a value, and the value, as `Any`.
package protocol OptionalValue {
    /// The wrapped type.
    static var wrappedType: Any.Type { get }
    /// `nil` of this optional type, as `Any`.
    static var noneValue: Any { get }
    /// `value` wrapped in this optional type.
    static func wrapping(_ value: Any) -> Any
    /// The wrapped value, or `nil`.
    var wrappedValue: Any? { get }
    /// The value `value`, which is of this optional type, wraps, or `nil`.
    static func wrappedValue(of value: Any) -> Any?
}

extension Optional: OptionalValue {
    package static var wrappedType: Any.Type { Wrapped.self }
    package static var noneValue: Any { Optional<Wrapped>.none as Any }
    package static func wrapping(_ value: Any) -> Any { Optional(value as! Wrapped) as Any }
    package var wrappedValue: Any? { self.map { $0 as Any } }
    package static func wrappedValue(of value: Any) -> Any? { (value as! Self).wrappedValue }
}
