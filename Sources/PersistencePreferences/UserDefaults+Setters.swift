import Foundation

extension UserDefaults {
    /// Stores a property-list value under `key`; nil removes the key.
    ///
    /// A value of any other type (a custom struct, `UUID`, a dictionary with non-String keys, …) is refused:
    /// the error names the key and the type, goes to ``reportedErrors`` and standard error, and nothing is
    /// written. Apple's implementation stops the process instead.
    public func set(_ value: Any?, forKey defaultName: String) {
        do {
            try workbenchSetOrThrow(value, forKey: defaultName)
        } catch {
            domain.report(error)
        }
    }

    /// Stores `value` under `key`.
    public func set(_ value: Int, forKey defaultName: String) { set(value as Any, forKey: defaultName) }
    /// Stores `value` under `key`.
    public func set(_ value: Float, forKey defaultName: String) { set(value as Any, forKey: defaultName) }
    /// Stores `value` under `key`.
    public func set(_ value: Double, forKey defaultName: String) { set(value as Any, forKey: defaultName) }
    /// Stores `value` under `key`.
    public func set(_ value: Bool, forKey defaultName: String) { set(value as Any, forKey: defaultName) }

    /// Stores `url` under `key`; nil removes the key.
    ///
    /// A file URL is kept as its path, with the home folder written `~`; any other URL as an archived `NSURL`,
    /// so that ``url(forKey:)`` gives back the same URL.
    public func set(_ url: URL?, forKey defaultName: String) {
        set(url.map(Self.storedForm(of:)), forKey: defaultName)
    }

    /// `UUID` is not a property-list type; store `uuid.uuidString` instead.
    @available(*, unavailable, message: "UUID is not a property-list type; store uuid.uuidString instead")
    public func set(_ value: UUID, forKey defaultName: String) {}

    /// Stores `value` under `key`, or removes the key for nil, throwing instead of reporting when the value is refused.
    /// - Throws: ``UserDefaultsError/notPropertyList(key:typeName:location:)`` for a value a property list
    ///   cannot hold, ``UserDefaultsError/writeFailed(key:_:)`` when the file cannot be written.
    @_spi(Workbench) public func workbenchSetOrThrow(_ value: Any?, forKey defaultName: String)
        throws(UserDefaultsError)
    {
        let checked: PropertyListValue?
        if let value, !Self.isNil(value) {
            let storable: Any = (value as? URL).map(Self.storedForm(of:)) ?? value
            do {
                checked = try PropertyListValue(converting: storable, location: defaultName)
            } catch {
                throw .notPropertyList(key: defaultName, typeName: error.typeName, location: error.location)
            }
        } else {
            checked = nil
        }
        try domain.update(defaultName, to: checked)
        NotificationCenter.default.post(name: Self.didChangeNotification, object: self)
    }

    /// Removes the value of `key` from the domain; a registered default shows through again.
    public func removeObject(forKey defaultName: String) {
        set(nil as Any?, forKey: defaultName)
    }

    /// Adds `registrationDictionary` to the registered defaults: used when the domain has no value, never saved.
    ///
    /// Registrations last for the process and are shared by every store of the same sandbox, suites included.
    /// A value that is not a property-list type is reported and skipped.
    public func register(defaults registrationDictionary: [String: Any]) {
        var accepted: [String: PropertyListValue] = [:]
        for (key, value) in registrationDictionary {
            do {
                accepted[key] = try PropertyListValue(converting: value, location: key)
            } catch {
                domain.report(.notPropertyList(key: key, typeName: error.typeName, location: error.location))
            }
        }
        registrations.register(accepted)
        domain.notifyObservers(of: accepted.keys)
    }

    private static func storedForm(of url: URL) -> Any {
        if url.isFileURL {
            let path = url.path
            let home = FileManager.default.homeDirectoryForCurrentUser.path
            if path == home { return "~" }
            if path.hasPrefix(home + "/") { return "~" + path.dropFirst(home.count) }
            return path
        }
        return (try? NSKeyedArchiver.archivedData(withRootObject: url as NSURL, requiringSecureCoding: true))
            ?? url.absoluteString
    }

    private static func isNil(_ value: Any) -> Bool {
        if case Optional<Any>.none = value { return true }
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle == .optional && mirror.children.isEmpty
    }
}
