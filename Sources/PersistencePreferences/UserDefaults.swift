import Foundation
import PersistenceSandbox

/// The app's preferences under Apple's name: `UserDefaults`, kept in a property list inside an ``AppSandbox``.
///
/// Code written for an iPhone works unchanged: `UserDefaults.standard.set("dark", forKey: "theme")` saves
/// into the file that `@AppStorage("theme")` reads, and `@AppStorage(…, store: UserDefaults(suiteName: …))`
/// reads a suite. Foundation on Linux declares a `UserDefaults` too (it writes to `~/.config`); a file that
/// imports only `PersistenceCore` gets this one. A module whose files also import Foundation declares
/// `typealias UserDefaults = PersistenceCore.UserDefaults` once, since Swift then prefers the module's own
/// name.
///
/// Each store reads and writes one domain, `Library/Preferences/<app identifier>.plist` for
/// ``standard`` or `<suite name>.plist` for a suite. Every change is written at once, atomically, as an
/// XML property list with mode `0600`, under a file lock that also re-reads the file, so two processes
/// writing different keys keep both. Lookups search the domain, then the registered defaults.
///
/// ```swift
/// let preferences = UserDefaults.standard
/// preferences.register(defaults: ["fontSize": 14])
/// preferences.set("dark", forKey: "theme")
/// preferences.integer(forKey: "fontSize") // 14
/// ```
///
/// Values a property list cannot hold are refused with a ``UserDefaultsError``, reported through
/// ``reportedErrors`` and standard error; nothing is written and the process goes on. A file that cannot
/// be parsed is renamed aside (`<name>.plist.corrupt-…`) and the store continues from its registered defaults.
///
/// ## Topics
/// ### Getting a store
/// - ``standard``
/// - ``init(sandbox:)``
/// - ``init(suiteName:)``
/// - ``init(suiteName:sandbox:)``
/// ### Reading values
/// - ``object(forKey:)``
/// - ``string(forKey:)``
/// - ``integer(forKey:)``
/// - ``double(forKey:)``
/// - ``float(forKey:)``
/// - ``bool(forKey:)``
/// - ``data(forKey:)``
/// - ``array(forKey:)``
/// - ``stringArray(forKey:)``
/// - ``dictionary(forKey:)``
/// - ``url(forKey:)``
/// - ``dictionaryRepresentation()``
/// ### Writing values
/// - ``set(_:forKey:)``
/// - ``setOrThrow(_:forKey:)``
/// - ``removeObject(forKey:)``
/// - ``register(defaults:)``
/// - ``setCodable(_:forKey:)``
/// - ``codable(_:forKey:)``
/// ### Observing changes
/// - ``didChangeNotification``
/// - ``AppStorage``
/// ### Problems
/// - ``reportedErrors``
/// - ``UserDefaultsError``
public final class UserDefaults: Sendable {
    /// Posted synchronously on `NotificationCenter.default` after each `set` or `removeObject`; `object` is the store written through.
    ///
    /// Changes made by other processes are not announced, as on Apple platforms.
    public static let didChangeNotification = Notification.Name("NSUserDefaultsDidChangeNotification")

    /// The sandbox whose `Library/Preferences` holds the file.
    @_spi(Workbench) public let workbenchSandbox: AppSandbox
    /// The suite this store reads and writes, or nil for the app's own domain.
    @_spi(Workbench) public let workbenchSuiteName: String?

    let domain: PreferenceDomain
    let registrations: RegistrationDomain

    private init(sandbox: AppSandbox, checkedSuiteName suiteName: String?) {
        self.workbenchSandbox = sandbox
        self.workbenchSuiteName = suiteName
        let fileURL = sandbox.preferencesDirectory.appending(path: "\(suiteName ?? sandbox.appIdentifier).plist")
        self.domain = PreferenceRegistry.domain(for: fileURL)
        self.registrations = PreferenceRegistry.registrations(for: sandbox)
    }

    /// The preferences of the app in ``AppSandbox/current``, one shared instance per sandbox.
    public static var standard: UserDefaults {
        PreferenceRegistry.standardStore(for: AppSandbox.current) { UserDefaults(workbenchSandbox: $0) }
    }

    /// A store for the app's own domain in `sandbox`, as ``standard`` is for the current one; tests pass a throwaway sandbox.
    @_spi(Workbench) public convenience init(workbenchSandbox sandbox: AppSandbox) {
        self.init(sandbox: sandbox, checkedSuiteName: nil)
    }

    /// A store for the suite `suiteName` in ``AppSandbox/current``; nil `suiteName` means the app's domain.
    ///
    /// Returns nil for the app identifier itself, `NSGlobalDomain`, or a name that cannot be a file name.
    public convenience init?(suiteName: String?) {
        self.init(workbenchSuiteName: suiteName, sandbox: .current)
    }

    /// A store for the suite `suiteName` in `sandbox`, kept in `Library/Preferences/<suiteName>.plist`.
    ///
    /// On Apple's platforms a suite named after an app group (`"group.com.example.NoteTaker"`) lives in the
    /// group's shared container, so every app of the group reads it. The workbench has no app groups: the
    /// suite's file sits in this app's own `Library/Preferences`, shared by every store and `@AppStorage`
    /// of this app (and by other processes running it), but not by other apps.
    ///
    /// Returns nil for the app identifier itself, `NSGlobalDomain`, or a name that cannot be a file name.
    @_spi(Workbench) public convenience init?(workbenchSuiteName suiteName: String?, sandbox: AppSandbox) {
        if let suiteName {
            let unusable =
                suiteName.isEmpty || suiteName == "." || suiteName == ".." || suiteName.contains("/")
                || suiteName.utf8.contains(0) || suiteName == sandbox.appIdentifier || suiteName == "NSGlobalDomain"
            if unusable { return nil }
        }
        self.init(sandbox: sandbox, checkedSuiteName: suiteName)
    }

    /// The property-list file behind this store.
    @_spi(Workbench) public var workbenchFileURL: URL { domain.file.url }

    /// The problems this store's file met so far (refused values, failed writes, a quarantined file), oldest first.
    @_spi(Workbench) public var workbenchReportedErrors: [UserDefaultsError] { domain.reportedErrors }
}
