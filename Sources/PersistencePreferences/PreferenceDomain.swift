import Foundation
import Observation
import PersistenceSandbox
import Synchronization

/// The shared in-process state of one preference file: a cache of its values and the observers of its keys.
///
/// Every ``UserDefaults`` for the same file uses the same domain, so a write through one is seen, and
/// observed, through all. Writes from other processes are picked up on the next read, because the file's
/// identity (inode, size, times) changes with every atomic write.
final class PreferenceDomain: Sendable, Observable {
    private struct State {
        var values: [String: PropertyListValue] = [:]
        var stamp: PreferenceFile.Stamp?
        var loaded = false
    }

    let file: PreferenceFile
    private let state = Mutex(State())
    private let errors = Mutex<[UserDefaultsError]>([])
    private let registrar = ObservationRegistrar()

    init(file: PreferenceFile) {
        self.file = file
    }

    /// A key path per preference key, so observers of one key are not told about others.
    subscript(observedKey key: String) -> Int { 0 }

    /// The persisted values, reloaded if the file changed since the last look.
    func values() -> [String: PropertyListValue] {
        let (values, problem) = state.withLock { state -> ([String: PropertyListValue], UserDefaultsError?) in
            let current = file.stamp()
            if state.loaded, current == state.stamp { return (state.values, nil) }
            switch file.read() {
            case .missing:
                state.values = [:]
                state.stamp = nil
                state.loaded = true
                return ([:], nil)
            case .values(let values, let stamp):
                state.values = values
                state.stamp = stamp
                state.loaded = true
                return (values, nil)
            case .corrupt:
                let problem = try? file.withExclusiveLock { () throws(UserDefaultsError) in quarantineIfStillCorrupt() }
                state.values = [:]
                state.stamp = file.stamp()
                state.loaded = true
                return ([:], problem ?? nil)
            }
        }
        if let problem { report(problem) }
        return values
    }

    /// The persisted value of `key`, registering the read with any observation in progress.
    func value(forKey key: String) -> PropertyListValue? {
        registrar.access(self, keyPath: \.[observedKey: key])
        return values()[key]
    }

    /// Sets or removes `key` in the file: lock, re-read, change that one key, write atomically (unless nothing changed), unlock.
    ///
    /// Re-reading under the lock is what keeps another process's writes to other keys. Temporary files that
    /// killed writers left in the folder are removed on the way.
    func update(_ key: String, to value: PropertyListValue?) throws(UserDefaultsError) {
        var problem: UserDefaultsError?
        var failure: UserDefaultsError?
        registrar.withMutation(of: self, keyPath: \.[observedKey: key]) {
            do throws(UserDefaultsError) {
                try state.withLock { state throws(UserDefaultsError) in
                    try file.withExclusiveLock { () throws(UserDefaultsError) in
                        // A writer killed mid-write leaves its temporary file; under the folder's lock no
                        // other writer of this folder is mid-write, so those of dead processes can go.
                        AtomicFileWriter.removeAbandonedTemporaryFiles(in: file.url.deletingLastPathComponent())
                        var values: [String: PropertyListValue]
                        switch file.read() {
                        case .missing: values = [:]
                        case .values(let current, _): values = current
                        case .corrupt:
                            problem = quarantineIfStillCorrupt()
                            values = [:]
                        }
                        if values[key] != value {
                            values[key] = value
                            do throws(AtomicWriteError) {
                                try file.write(values)
                            } catch {
                                throw .writeFailed(key: key, error)
                            }
                        }
                        state.values = values
                        state.stamp = file.stamp()
                        state.loaded = true
                    }
                }
            } catch {
                failure = error
            }
        }
        if let problem { report(problem) }
        if let failure { throw failure }
    }

    /// Tells observers of `keys` that their effective value may have changed (after a registration).
    func notifyObservers(of keys: some Sequence<String>) {
        for key in keys {
            registrar.withMutation(of: self, keyPath: \.[observedKey: key]) {}
        }
    }

    /// The problems met so far, oldest first.
    var reportedErrors: [UserDefaultsError] { errors.withLock { $0 } }

    /// Records a problem and prints it to standard error, so it is seen even when nobody asks.
    func report(_ error: UserDefaultsError) {
        errors.withLock { $0.append(error) }
        FileHandle.standardError.write(Data("warning: \(error)\n".utf8))
    }

    /// Moves the file aside if it is still unreadable; must run under the file lock.
    private func quarantineIfStillCorrupt() -> UserDefaultsError? {
        guard case .corrupt = file.read() else { return nil }
        return .corruptFile(file.url, quarantinedAt: file.quarantine())
    }
}
