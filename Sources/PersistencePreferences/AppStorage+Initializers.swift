import Foundation

extension AppStorageCoder where Value == Bool {
    static var bool: AppStorageCoder { coerced({ $0.bool(forKey: $1) }, write: { $0.set($2, forKey: $1) }) }
}

extension AppStorageCoder where Value == Int {
    static var int: AppStorageCoder { coerced({ $0.integer(forKey: $1) }, write: { $0.set($2, forKey: $1) }) }
}

extension AppStorageCoder where Value == Double {
    static var double: AppStorageCoder { coerced({ $0.double(forKey: $1) }, write: { $0.set($2, forKey: $1) }) }
}

extension AppStorageCoder where Value == String {
    static var string: AppStorageCoder {
        AppStorageCoder(
            read: { store, key in
                guard case .string(let value) = store.value(forKey: key) else { return nil }
                return value
            },
            write: { $0.set($2 as Any, forKey: $1) }
        )
    }
}

extension AppStorageCoder where Value == URL {
    static var url: AppStorageCoder {
        AppStorageCoder(read: { $0.url(forKey: $1) }, write: { $0.set($2 as URL?, forKey: $1) })
    }
}

extension AppStorageCoder where Value == Data {
    static var data: AppStorageCoder {
        AppStorageCoder(read: { $0.data(forKey: $1) }, write: { $0.set($2 as Any, forKey: $1) })
    }
}

extension AppStorageCoder where Value == Date {
    static var date: AppStorageCoder {
        AppStorageCoder(
            read: { store, key in
                guard case .date(let value) = store.value(forKey: key) else { return nil }
                return value
            },
            write: { $0.set($2 as Any, forKey: $1) }
        )
    }
}

extension AppStorageCoder where Value: RawRepresentable, Value.RawValue == Int {
    static var intRaw: AppStorageCoder {
        AppStorageCoder(
            read: { store, key in
                guard case .integer(let raw) = store.value(forKey: key) else { return nil }
                return Value(rawValue: raw)
            },
            write: { $0.set($2.rawValue, forKey: $1) }
        )
    }
}

extension AppStorageCoder where Value: RawRepresentable, Value.RawValue == String {
    static var stringRaw: AppStorageCoder {
        AppStorageCoder(
            read: { store, key in
                guard case .string(let raw) = store.value(forKey: key) else { return nil }
                return Value(rawValue: raw)
            },
            write: { $0.set($2.rawValue as Any, forKey: $1) }
        )
    }
}

// MARK: - Values with a default

extension AppStorage {
    /// Stores a Bool under `key`; `wrappedValue` is the default, returned while the key has no value and never written.
    /// - Parameters:
    ///   - key: The preference key.
    ///   - store: The store to use; ``UserDefaults/standard`` when nil.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Bool {
        self.init(key: key, defaultValue: wrappedValue, store: store, coder: .bool)
    }

    /// Stores an Int under `key`; `wrappedValue` is the default, never written.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Int {
        self.init(key: key, defaultValue: wrappedValue, store: store, coder: .int)
    }

    /// Stores a Double under `key`; `wrappedValue` is the default, never written.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Double {
        self.init(key: key, defaultValue: wrappedValue, store: store, coder: .double)
    }

    /// Stores a String under `key`; `wrappedValue` is the default, never written.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == String {
        self.init(key: key, defaultValue: wrappedValue, store: store, coder: .string)
    }

    /// Stores a URL under `key`; `wrappedValue` is the default, never written.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == URL {
        self.init(key: key, defaultValue: wrappedValue, store: store, coder: .url)
    }

    /// Stores Data under `key`; `wrappedValue` is the default, never written.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Data {
        self.init(key: key, defaultValue: wrappedValue, store: store, coder: .data)
    }

    /// Stores a Date under `key`; `wrappedValue` is the default, never written.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Date {
        self.init(key: key, defaultValue: wrappedValue, store: store, coder: .date)
    }

    /// Stores an enum's Int `rawValue` under `key`; an unknown raw value reads as the default.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)
    where Value: RawRepresentable, Value.RawValue == Int {
        self.init(key: key, defaultValue: wrappedValue, store: store, coder: .intRaw)
    }

    /// Stores an enum's String `rawValue` under `key`; an unknown raw value reads as the default.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)
    where Value: RawRepresentable, Value.RawValue == String {
        self.init(key: key, defaultValue: wrappedValue, store: store, coder: .stringRaw)
    }
}

// MARK: - Optional values

extension AppStorage where Value: ExpressibleByNilLiteral {
    /// Stores an optional Bool under `key`: nil while absent; setting nil removes the key.
    public init(_ key: String, store: UserDefaults? = nil) where Value == Bool? {
        self.init(key: key, defaultValue: nil, store: store, coder: AppStorageCoder<Bool>.bool.optional())
    }

    /// Stores an optional Int under `key`: nil while absent; setting nil removes the key.
    public init(_ key: String, store: UserDefaults? = nil) where Value == Int? {
        self.init(key: key, defaultValue: nil, store: store, coder: AppStorageCoder<Int>.int.optional())
    }

    /// Stores an optional Double under `key`: nil while absent; setting nil removes the key.
    public init(_ key: String, store: UserDefaults? = nil) where Value == Double? {
        self.init(key: key, defaultValue: nil, store: store, coder: AppStorageCoder<Double>.double.optional())
    }

    /// Stores an optional String under `key`: nil while absent; setting nil removes the key.
    public init(_ key: String, store: UserDefaults? = nil) where Value == String? {
        self.init(key: key, defaultValue: nil, store: store, coder: AppStorageCoder<String>.string.optional())
    }

    /// Stores an optional URL under `key`: nil while absent; setting nil removes the key.
    public init(_ key: String, store: UserDefaults? = nil) where Value == URL? {
        self.init(key: key, defaultValue: nil, store: store, coder: AppStorageCoder<URL>.url.optional())
    }

    /// Stores optional Data under `key`: nil while absent; setting nil removes the key.
    public init(_ key: String, store: UserDefaults? = nil) where Value == Data? {
        self.init(key: key, defaultValue: nil, store: store, coder: AppStorageCoder<Data>.data.optional())
    }

    /// Stores an optional Date under `key`: nil while absent; setting nil removes the key.
    public init(_ key: String, store: UserDefaults? = nil) where Value == Date? {
        self.init(key: key, defaultValue: nil, store: store, coder: AppStorageCoder<Date>.date.optional())
    }

    /// Stores an optional enum's Int `rawValue` under `key`: nil while absent or unknown; setting nil removes the key.
    public init<R>(_ key: String, store: UserDefaults? = nil)
    where Value == R?, R: RawRepresentable, R.RawValue == Int {
        self.init(key: key, defaultValue: nil, store: store, coder: AppStorageCoder<R>.intRaw.optional())
    }

    /// Stores an optional enum's String `rawValue` under `key`: nil while absent or unknown; setting nil removes the key.
    public init<R>(_ key: String, store: UserDefaults? = nil)
    where Value == R?, R: RawRepresentable, R.RawValue == String {
        self.init(key: key, defaultValue: nil, store: store, coder: AppStorageCoder<R>.stringRaw.optional())
    }
}
