import Foundation
import Synchronization

// Foundation on Apple's platforms has `ValueTransformer`; swift-corelibs-foundation, which Linux uses, does
// not. `.transformable(by:)` takes one, so the core supplies the class with Foundation's names, and only where
// Foundation lacks it, so that no file that imports both sees two of them.
#if !canImport(Darwin)

/// The name a ``ValueTransformer`` is registered under.
///
/// ```swift
/// extension NSValueTransformerName {
///     static let colorTransformerName = NSValueTransformerName("ColorTransformer")
/// }
/// ```
public struct NSValueTransformerName: Hashable, RawRepresentable, Sendable, CustomStringConvertible {
    /// The name as text.
    public let rawValue: String

    /// Creates a name from its text.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a name from its text.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The name's text.
    public var description: String { rawValue }
}

/// Converts values from one form to another, and back when ``allowsReverseTransformation()`` says so.
///
/// Subclass it and override ``transformedValue(_:)`` (and ``reverseTransformedValue(_:)``); a
/// `.transformable(by:)` attribute stores the `Data` that ``transformedValue(_:)`` returns.
///
/// ```swift
/// final class ColorTransformer: ValueTransformer {
///     override class func transformedValueClass() -> AnyClass { NSData.self }
///     override func transformedValue(_ value: Any?) -> Any? {
///         (value as? ThemeColor).map { Data($0.hex.utf8) }
///     }
///     override func reverseTransformedValue(_ value: Any?) -> Any? {
///         (value as? Data).map { ThemeColor(hex: String(decoding: $0, as: UTF8.self)) }
///     }
/// }
/// ```
///
/// ## Topics
/// - ``transformedValue(_:)``
/// - ``reverseTransformedValue(_:)``
/// - ``setValueTransformer(_:forName:)``
open class ValueTransformer: NSObject {
    /// Creates a transformer; `.transformable(by:)` makes its transformers with this initializer.
    public required override init() {
        super.init()
    }

    /// Registers `transformer` under `name`, or removes the transformer registered there when it is `nil`.
    ///
    /// - Parameters:
    ///   - transformer: The transformer to register.
    ///   - name: The name to register it under.
    open class func setValueTransformer(_ transformer: ValueTransformer?, forName name: NSValueTransformerName) {
        ValueTransformerRegistry.transformers.withLock { $0[name] = transformer.map(RegisteredTransformer.init) }
    }

    /// The names of every registered transformer.
    open class func valueTransformerNames() -> [NSValueTransformerName] {
        ValueTransformerRegistry.transformers.withLock { Array($0.keys) }.sorted { $0.rawValue < $1.rawValue }
    }

    /// The class of the values ``transformedValue(_:)`` returns; `NSObject` unless a subclass says otherwise.
    open class func transformedValueClass() -> AnyClass {
        NSObject.self
    }

    /// Whether ``reverseTransformedValue(_:)`` can turn a transformed value back; `true` unless a subclass says otherwise.
    open class func allowsReverseTransformation() -> Bool {
        true
    }

    /// The transformed form of `value`; returns `value` unchanged unless a subclass overrides it.
    open func transformedValue(_ value: Any?) -> Any? {
        value
    }

    /// The value `value` was transformed from.
    ///
    /// Unless a subclass overrides it, this runs ``transformedValue(_:)`` when the class allows reverse
    /// transformation, and stops the program otherwise, as Foundation's does.
    open func reverseTransformedValue(_ value: Any?) -> Any? {
        guard Self.allowsReverseTransformation() else {
            preconditionFailure(
                "\(Self.self) does not allow reverse transformation: override reverseTransformedValue(_:)")
        }
        return transformedValue(value)
    }
}

/// Gives `ValueTransformer` the factory initializer Foundation has: a protocol extension may assign `self`.
public protocol _ValueTransformerLookup {}

extension ValueTransformer: _ValueTransformerLookup {}

extension _ValueTransformerLookup where Self: ValueTransformer {
    /// The transformer registered under `name`; `nil` when none is, or it is not of this class.
    ///
    /// - Parameter name: The name the transformer was registered under.
    public init?(forName name: NSValueTransformerName) {
        guard let registered = ValueTransformerRegistry.transformers.withLock({ $0[name] })?.transformer as? Self else {
            return nil
        }
        self = registered
    }
}

/// The transformers registered by name, shared by the whole program as Foundation's are.
enum ValueTransformerRegistry {
    static let transformers = Mutex<[NSValueTransformerName: RegisteredTransformer]>([:])
}

/// A registered transformer. Transformers are shared by every thread that stores or reads values, as
/// Foundation's registered transformers are; a transformer must not depend on the thread it runs on.
// Unchecked Sendable: `ValueTransformer` is not Sendable; Foundation shares registered transformers between threads the same way.
struct RegisteredTransformer: @unchecked Sendable {
    let transformer: ValueTransformer
}

#endif
