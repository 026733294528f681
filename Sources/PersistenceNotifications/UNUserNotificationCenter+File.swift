import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The device's notification file: a JSON document of the pending requests and the delivered notifications.
extension UNUserNotificationCenter {
    /// A pending request as the file keeps it.
    struct StoredRequest: Codable {
        var identifier: String
        var content: UNMutableNotificationContent
        var trigger: StoredTrigger?
        var added: Date
        var lastFired: Date?

        init(_ request: UNNotificationRequest, added: Date) {
            identifier = request.identifier
            content = UNMutableNotificationContent(copying: request.content)
            trigger = request.trigger?.stored
            self.added = added
        }

        /// The request it stands for.
        var request: UNNotificationRequest {
            UNNotificationRequest(identifier: identifier, content: content, trigger: trigger?.trigger)
        }
    }

    /// A delivered notification as the file keeps it.
    struct StoredDelivery: Codable {
        var date: Date
        var request: StoredRequest
    }

    /// The whole file.
    struct State: Codable {
        var pending: [StoredRequest] = []
        var delivered: [StoredDelivery] = []
    }

    /// Serializes the file's read-modify-writes between the threads of this process.
    private static let lock = NSLock()

    /// The file's contents; none when the file does not exist.
    ///
    /// - Throws: An error when the file exists but cannot be read or is not what the center writes.
    func read() throws -> State {
        guard FileManager.default.fileExists(atPath: workbenchFileURL.path) else { return State() }
        return try JSONDecoder().decode(State.self, from: Data(contentsOf: workbenchFileURL))
    }

    /// Reads the file, applies `change` and writes it back, as one step with respect to every thread and
    /// every process: two apps (or two runs of a command-line app) adding requests at once keep both.
    ///
    /// Threads of this process wait on a lock; processes wait on an advisory lock of the `Notifications`
    /// folder itself, opened for reading, so no lock file is needed.
    func update(_ change: (inout State) throws -> Void) throws {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        let folder = workbenchFileURL.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: folder.path])
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: folder.path])
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        var state = try read()
        try change(&state)
        try JSONEncoder().encode(state).write(to: workbenchFileURL, options: .atomic)
    }
}
