import Foundation
import Synchronization

extension AppSandbox {
    private static let currentSandbox = Mutex<AppSandbox?>(nil)

    @TaskLocal private static var taskSandbox: AppSandbox?

    /// The sandbox of the running app; preferences' `.standard`, the vault and the file store use it by default.
    ///
    /// Inside `withCurrent(_:operation:)` it is that call's sandbox, for the current task only.
    /// Otherwise, unless set, the device root is `$PERSISTENCE_DEVICE_ROOT`, else `$XDG_DATA_HOME/persistence-workbench`
    /// (`~/.local/share/persistence-workbench` when `XDG_DATA_HOME` is unset), and the app identifier is
    /// `$PERSISTENCE_APP_ID`, else the process name.
    public static var current: AppSandbox {
        get { taskSandbox ?? currentSandbox.withLock { $0 ?? .environmentDefault() } }
        set { currentSandbox.withLock { $0 = newValue } }
    }

    /// Runs `operation` with `current` set to `sandbox` for this task and the child tasks it creates.
    ///
    /// Tests that run in parallel use it so that code reading `AppSandbox.current` (such as
    /// `@AppStorage` without a store) sees a throwaway sandbox:
    ///
    /// ```swift
    /// AppSandbox.withCurrent(.temporary()) {
    ///     settings.sortOrder = "title"
    /// }
    /// ```
    public static func withCurrent<R>(_ sandbox: AppSandbox, operation: () throws -> R) rethrows -> R {
        try $taskSandbox.withValue(sandbox, operation: operation)
    }

    /// Runs the asynchronous `operation` with `current` set to `sandbox` for this task and its child tasks.
    public static func withCurrent<R>(
        _ sandbox: AppSandbox,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> R
    ) async rethrows -> R {
        try await $taskSandbox.withValue(sandbox, operation: operation, isolation: isolation)
    }

    /// A throwaway sandbox on a fresh device under the system's temporary folder, for tests and experiments.
    public static func temporary(appIdentifier: String = "com.example.tests") -> AppSandbox {
        let root = FileManager.default.temporaryDirectory
            .appending(path: "persistence-device-\(UUID().uuidString)", directoryHint: .isDirectory)
        return AppSandbox(appIdentifier: appIdentifier, deviceRoot: root)
    }

    /// The device root a program uses when nothing chooses another: `$PERSISTENCE_DEVICE_ROOT`, else
    /// `$XDG_DATA_HOME/persistence-workbench`; simulated devices and iCloud accounts live beside it.
    package static var environmentDeviceRoot: URL { environmentDefault().deviceRoot }

    static func environmentDefault(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> AppSandbox
    {
        let appIdentifier =
            environment["PERSISTENCE_APP_ID"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ProcessInfo.processInfo.processName
        if let root = environment["PERSISTENCE_DEVICE_ROOT"], !root.isEmpty {
            return AppSandbox(
                appIdentifier: appIdentifier, deviceRoot: URL(filePath: root, directoryHint: .isDirectory))
        }
        let dataHome =
            environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? FileManager.default.homeDirectoryForCurrentUser.appending(path: ".local/share").path
        return AppSandbox(
            appIdentifier: appIdentifier,
            deviceRoot: URL(filePath: dataHome, directoryHint: .isDirectory).appending(path: "persistence-workbench")
        )
    }
}
