import Foundation
import PersistenceSandbox
import Synchronization

/// Process-wide tables that let stores of the same file, or the same app, share state.
enum PreferenceRegistry {
    private static let domains = Mutex<[String: PreferenceDomain]>([:])
    private static let registrationDomains = Mutex<[AppSandbox: RegistrationDomain]>([:])
    private static let standardStores = Mutex<[AppSandbox: UserDefaults]>([:])

    /// The one domain object for the file at `url`.
    static func domain(for url: URL) -> PreferenceDomain {
        let path = url.standardizedFileURL.path
        return domains.withLock { table in
            if let domain = table[path] { return domain }
            let domain = PreferenceDomain(file: PreferenceFile(url: URL(filePath: path)))
            table[path] = domain
            return domain
        }
    }

    /// The registered defaults of the app in `sandbox`, shared by its app domain and suites.
    static func registrations(for sandbox: AppSandbox) -> RegistrationDomain {
        registrationDomains.withLock { table in
            if let domain = table[sandbox] { return domain }
            let domain = RegistrationDomain()
            table[sandbox] = domain
            return domain
        }
    }

    /// The `standard` store of `sandbox`, made once by `make`.
    static func standardStore(
        for sandbox: AppSandbox, make: (AppSandbox) -> UserDefaults
    ) -> UserDefaults {
        standardStores.withLock { table in
            if let store = table[sandbox] { return store }
            let store = make(sandbox)
            table[sandbox] = store
            return store
        }
    }
}

/// The volatile registration domain: defaults that are looked up last and never saved.
final class RegistrationDomain: Sendable {
    private let values = Mutex<[String: PropertyListValue]>([:])

    /// Adds or replaces registered values; the latest registration of a key wins.
    func register(_ newValues: [String: PropertyListValue]) {
        values.withLock { $0.merge(newValues) { _, new in new } }
    }

    /// The registered value of `key`.
    func value(forKey key: String) -> PropertyListValue? {
        values.withLock { $0[key] }
    }

    /// Every registered value.
    var all: [String: PropertyListValue] { values.withLock { $0 } }
}
