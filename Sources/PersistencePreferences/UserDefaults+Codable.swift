import Foundation

extension UserDefaults {
    /// Stores an `Encodable` value under `key` as JSON `Data`; an encoding failure is reported and nothing is written.
    ///
    /// ```swift
    /// preferences.setCodable(Layout(columns: 2), forKey: "layout")
    /// let layout = preferences.codable(Layout.self, forKey: "layout")
    /// ```
    @_spi(Workbench) public func workbenchSetCodable<Value: Encodable>(_ value: Value, forKey defaultName: String) {
        do {
            set(try JSONEncoder().encode(value), forKey: defaultName)
        } catch {
            domain.report(.codingFailed(key: defaultName, typeName: "\(Value.self)", reason: "\(error)"))
        }
    }

    /// The `Decodable` value stored under `key` by ``setCodable(_:forKey:)``; nil when absent or not decodable.
    @_spi(Workbench) public func workbenchCodable<Value: Decodable>(
        _ type: Value.Type = Value.self, forKey defaultName: String
    ) -> Value? {
        guard let data = data(forKey: defaultName) else { return nil }
        do {
            return try JSONDecoder().decode(Value.self, from: data)
        } catch {
            domain.report(.codingFailed(key: defaultName, typeName: "\(Value.self)", reason: "\(error)"))
            return nil
        }
    }
}
