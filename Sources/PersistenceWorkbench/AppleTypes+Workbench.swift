import Foundation
@_spi(Workbench) import PersistenceCloud
@_spi(Workbench) import PersistenceModels
@_spi(Workbench) import PersistenceNotifications
@_spi(Workbench) import PersistencePreferences
@_spi(Workbench) import PersistenceSQLiteStore
import PersistenceSandbox

// Members of Apple's types that only the workbench has. Each forwards to its implementation beside the type,
// which is `@_spi(Workbench)` there: `import PersistenceCore` alone never reaches either.

extension ModelContainer {
    /// Syncs the container's stores that mirror to iCloud now, and waits: it lets the automatic work
    /// queued so far finish, sends every change waiting on the device, brings in the account's changes,
    /// and reports all the mirror did since the last report.
    ///
    /// A device has no such call: it syncs when it decides to. The workbench syncs on its own too (an
    /// import when the container loads, an export after each save), and this call makes the moment
    /// known, so that tests and command-line apps can drive sync between simulated devices.
    ///
    /// ```swift
    /// try phone.mainContext.save()
    /// try phoneContainer.syncWithCloudKit()
    /// let report = try laptopContainer.syncWithCloudKit()
    /// print(report.received.count, "record(s) arrived")
    /// ```
    ///
    /// - Returns: What was sent, received, resolved and skipped.
    /// - Throws: ``CKError``: `.notAuthenticated` without an iCloud account on the device,
    ///   `.networkUnavailable` while the device is offline (the changes then wait on the device),
    ///   `.accountTemporarilyUnavailable`, `.serviceUnavailable` when the account's store cannot be
    ///   written (naming its folder), `.incompatibleVersion` for a schema the account refuses, and
    ///   `.badContainer` when no store of the container syncs.
    @discardableResult
    public func syncWithCloudKit() throws -> CloudKitSyncReport {
        try workbenchSyncWithCloudKit()
    }

    /// Runs `work` and returns the SQL the container's SQLite stores ran meanwhile, each query with the
    /// plan SQLite chose. Workbench only; see ``SQLLog``.
    ///
    /// ```swift
    /// let log = try container.captureSQL {
    ///     _ = try context.fetchCount(FetchDescriptor<Visit>())
    /// }
    /// print(log)   // SELECT COUNT(*) FROM "Visit"
    ///              //     SCAN Visit
    /// ```
    ///
    /// Every statement of the container's stores counts, from any context or actor, while `work` runs;
    /// stores of other kinds (a custom ``DataStore``) run no SQL and add nothing.
    ///
    /// - Parameter work: The code to watch.
    /// - Returns: The statements, in the order they ran.
    /// - Throws: What `work` throws; the statements are then lost.

    public func captureSQL(during work: () throws -> Void) rethrows -> SQLLog {
        try workbenchCaptureSQL(during: work)
    }
}

extension ModelContext {
    /// The error of the last autosave that failed, or nil once an autosave or a save succeeded. On a
    /// device a failed autosave goes to the log only.
    public var autosaveError: SwiftDataError? { workbenchAutosaveError }
}

extension UNUserNotificationCenter {
    /// The file the center keeps its pending and delivered notifications in, in the simulated device's folder.
    public var fileURL: URL { workbenchFileURL }

    /// Adds `request` as if at `date`: a time-interval trigger counts from then, so a test decides what
    /// "now" is. On a device, `add(_:)` adds it at the present moment.
    public func add(_ request: UNNotificationRequest, at date: Date) throws {
        try workbenchAdd(request, at: date)
    }

    /// The pending requests, without waiting: what `pendingNotificationRequests()` returns, for
    /// synchronous code.
    public func pendingRequests() -> [UNNotificationRequest] {
        workbenchPendingRequests()
    }

    /// The delivered notifications, without waiting: what `deliveredNotifications()` returns, for
    /// synchronous code.
    public func delivered() -> [UNNotification] {
        workbenchDelivered()
    }

    /// Delivers every pending request whose trigger fires by `date`, as the system does on a device when
    /// the time comes: each is recorded as delivered at its trigger's date, and a request that does not
    /// repeat stops being pending. Returns what was delivered. A device needs no such call.
    @discardableResult
    public func deliverPendingNotifications(until date: Date = .now) throws -> [UNNotification] {
        try workbenchDeliverPendingNotifications(until: date)
    }
}

extension UserDefaults {
    /// A store for the app's own domain in `sandbox`, as `standard` is for the current one; tests pass a
    /// throwaway sandbox.
    public convenience init(sandbox: AppSandbox) {
        self.init(workbenchSandbox: sandbox)
    }

    /// A store for the suite `suiteName` in `sandbox`, kept in `Library/Preferences/<suiteName>.plist`.
    ///
    /// Returns nil for the app identifier itself, `NSGlobalDomain`, or a name that cannot be a file name.
    public convenience init?(suiteName: String?, sandbox: AppSandbox) {
        self.init(workbenchSuiteName: suiteName, sandbox: sandbox)
    }

    /// The sandbox whose `Library/Preferences` holds the file.
    public var sandbox: AppSandbox { workbenchSandbox }
    /// The suite this store reads and writes, or nil for the app's own domain.
    public var suiteName: String? { workbenchSuiteName }
    /// The property-list file behind this store.
    public var fileURL: URL { workbenchFileURL }
    /// The problems this store's file met so far (refused values, failed writes, a quarantined file),
    /// oldest first. On a device a refused value stops the process instead.
    public var reportedErrors: [UserDefaultsError] { workbenchReportedErrors }

    /// Stores `value` under `key`, throwing rather than reporting when it is not a property-list value.
    ///
    /// - Throws: ``UserDefaultsError`` naming the key and the type refused.
    public func setOrThrow(_ value: Any?, forKey defaultName: String) throws(UserDefaultsError) {
        try workbenchSetOrThrow(value, forKey: defaultName)
    }
}

/// The model context that values created in a scope read through `@Environment(\.modelContext)` and
/// `@Query`: what SwiftUI's `.modelContainer(_:)` and `.modelContext(_:)` modifiers give a view's
/// hierarchy on a device.
///
/// ```swift
/// let view = ModelEnvironment.with(container) { NoteList() }
/// print(view.notes.count)
/// ```
public enum ModelEnvironment {
    /// Runs `body` with a new context of `container` in the environment.
    public static func with<Result>(_ container: ModelContainer, _ body: () throws -> Result) rethrows -> Result {
        try ModelEnvironmentScope.with(container, body)
    }

    /// Runs `body` with `context` in the environment.
    public static func with<Result>(_ context: ModelContext, _ body: () throws -> Result) rethrows -> Result {
        try ModelEnvironmentScope.with(context, body)
    }

    /// Runs async `body` with a new context of `container` in the environment.
    public static func with<Result>(_ container: ModelContainer, _ body: () async throws -> Result) async rethrows
        -> Result
    {
        try await ModelEnvironmentScope.with(container, body)
    }

    /// The context in the environment, if any.
    public static var modelContext: ModelContext? { ModelEnvironmentScope.modelContext }

    /// Ends the current turn: every context's unsaved changes that are waiting reach live queries, as
    /// they do in an app once the event that made them has been handled.
    ///
    /// Changes made on the main actor reach queries by themselves when the current main-actor job ends;
    /// code that runs elsewhere, or a test that reads a query in the same job as the change, calls this
    /// where the app would let its views update.
    ///
    /// ```swift
    /// screen.addNote()              // inserts without saving
    /// ModelEnvironment.endTurn()    // the view updates
    /// #expect(screen.notes.count == 1)
    /// ```
    public static func endTurn() {
        ModelEnvironmentScope.endTurn()
    }
}
