import Foundation

/// A property that reads and writes one preference key, for settings screens and any other type.
///
/// It mirrors SwiftUI's `@AppStorage` without SwiftUI: declare it in a struct or class, and the key's value
/// is read through the store on every access (there is no private copy), so every property using the same
/// key, and direct ``UserDefaults`` writes, are seen at once. The default value is returned while the
/// key has no value (or one that does not convert) and is never written.
///
/// ```swift
/// struct SettingsView {
///     @AppStorage("sortOrder") private var sortOrder = "date"
///     @AppStorage("showPinnedFirst") private var showPinnedFirst = true
/// }
/// ```
///
/// Without `store:` the property uses ``UserDefaults/standard`` of ``AppSandbox/current`` at the time of
/// each access.
///
/// **Reacting to changes.** Reading `wrappedValue` inside Observation's `withObservationTracking(_:onChange:)`
/// tracks that key: the next write of the key through any store of the same file calls `onChange` (before
/// the new value lands, as Observation always does). Every write also posts
/// ``UserDefaults/didChangeNotification`` synchronously, after the value is saved. Changes made by other
/// processes are not announced.
///
/// ## Topics
/// - ``wrappedValue``
/// - ``projectedValue``
/// - ``PreferenceBinding``
@propertyWrapper
public struct AppStorage<Value> {
    private let key: String
    private let defaultValue: Value
    private let explicitStore: UserDefaults?
    private let coder: AppStorageCoder<Value>

    init(key: String, defaultValue: Value, store: UserDefaults?, coder: AppStorageCoder<Value>) {
        self.key = key
        self.defaultValue = defaultValue
        self.explicitStore = store
        self.coder = coder
    }

    /// The stored value, or the default when the key has no usable value; setting it writes the store.
    public var wrappedValue: Value {
        get { coder.read(store, key) ?? defaultValue }
        nonmutating set { coder.write(store, key, newValue) }
    }

    /// A binding-like accessor to the same value, to hand to code that edits it.
    public var projectedValue: PreferenceBinding<Value> {
        PreferenceBinding(get: { wrappedValue }, set: { wrappedValue = $0 })
    }

    private var store: UserDefaults { explicitStore ?? .standard }
}

/// A reference to a value that can be read and written elsewhere, like SwiftUI's `Binding`.
public struct PreferenceBinding<Value> {
    private let getValue: () -> Value
    private let setValue: (Value) -> Void

    /// Creates a binding from a getter and a setter.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.getValue = get
        self.setValue = set
    }

    /// The current value; setting it writes through.
    public var wrappedValue: Value {
        get { getValue() }
        nonmutating set { setValue(newValue) }
    }
}

/// How an ``AppStorage`` value is read from and written to a store.
struct AppStorageCoder<Value> {
    /// The value for `key`, or nil to fall back to the default.
    let read: (UserDefaults, String) -> Value?
    /// Writes `value` under `key`.
    let write: (UserDefaults, String, Value) -> Void
}

extension AppStorageCoder {
    /// Reads through a typed getter (so its coercions apply) whenever the key has a value.
    static func coerced(
        _ getter: @escaping (UserDefaults, String) -> Value,
        write: @escaping (UserDefaults, String, Value) -> Void
    ) -> AppStorageCoder {
        AppStorageCoder(
            read: { store, key in store.value(forKey: key) == nil ? nil : getter(store, key) },
            write: write
        )
    }

    /// The optional form: nil when absent, and writing nil removes the key.
    func optional() -> AppStorageCoder<Value?> {
        let read = self.read
        let write = self.write
        return AppStorageCoder<Value?>(
            read: { store, key in .some(read(store, key)) },
            write: { store, key, value in
                if let value { write(store, key, value) } else { store.removeObject(forKey: key) }
            }
        )
    }
}
