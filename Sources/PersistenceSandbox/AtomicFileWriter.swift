import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file's content atomically: readers, and a crash at any moment, see the old content or the new, never a mix.
///
/// It writes a temporary file named `.<name>.atomic-<pid>-<random>` in the destination's folder, flushes it
/// to disk, gives it the old file's permission bits (or the ones asked for), and renames it over the
/// destination, as Foundation's `.atomic` option does. The result is a new inode, so extended attributes
/// such as the backup flag do not carry over. A process killed mid-write leaves its temporary file behind;
/// ``removeAbandonedTemporaryFiles(in:)`` deletes those of processes that no longer run.
///
/// ```swift
/// try AtomicFileWriter.write(Data("hello".utf8), to: url)
/// try AtomicFileWriter.write(to: url, permissions: 0o600) { output in
///     for chunk in chunks { try output.write(chunk) }
/// }
/// ```
///
/// ## Topics
/// - ``write(_:to:permissions:)``
/// - ``write(to:permissions:contents:)``
/// - ``Output``
/// - ``removeAbandonedTemporaryFiles(in:)``
public enum AtomicFileWriter {
    /// Where the content of a streaming write goes.
    public struct Output: ~Copyable {
        fileprivate let descriptor: Int32
        fileprivate let destination: URL

        /// Appends `data` to the new content.
        /// - Throws: ``AtomicWriteError`` when the bytes cannot be written.
        public func write(_ data: Data) throws(AtomicWriteError) {
            let result: Int32 = data.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return errno
                    }
                    offset += written
                }
                return 0
            }
            if result != 0 {
                throw AtomicWriteError(errno: result, step: "writing the temporary file", destination: destination)
            }
        }
    }

    private static let marker = ".atomic-"

    /// Replaces the content of `url` with `data`.
    /// - Parameters:
    ///   - data: The new content.
    ///   - url: The file to create or replace; its folder must exist.
    ///   - permissions: The new file's mode bits; by default the old file's, or `0o666` minus the umask.
    /// - Throws: ``AtomicWriteError``; the old file is then untouched.
    public static func write(_ data: Data, to url: URL, permissions: mode_t? = nil) throws(AtomicWriteError) {
        try write(to: url, permissions: permissions) { output throws(AtomicWriteError) in try output.write(data) }
    }

    /// Replaces the content of `url` with what `contents` writes into its ``Output``.
    /// - Throws: ``AtomicWriteError``; the old file is then untouched.
    public static func write(
        to url: URL,
        permissions: mode_t? = nil,
        contents: (borrowing Output) throws -> Void
    ) throws(AtomicWriteError) {
        let destination = url.standardizedFileURL
        let folder = destination.deletingLastPathComponent()
        let temporary = folder.appending(path: temporaryFileName(for: destination.lastPathComponent))
        let mode = permissions ?? existingMode(of: destination)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode ?? 0o666)
        guard descriptor >= 0 else {
            throw AtomicWriteError(errno: errno, step: "creating the temporary file", destination: destination)
        }
        var closed = false
        var renamed = false
        defer {
            if !closed { close(descriptor) }
            if !renamed { unlink(temporary.path) }
        }
        do {
            try contents(Output(descriptor: descriptor, destination: destination))
        } catch let error as AtomicWriteError {
            throw error
        } catch {
            throw AtomicWriteError(
                .contentFailed(String(describing: error)), step: "producing the content", destination: destination)
        }
        if let mode, fchmod(descriptor, mode) != 0 {
            throw AtomicWriteError(errno: errno, step: "setting the permissions", destination: destination)
        }
        if fsync(descriptor) != 0 {
            throw AtomicWriteError(errno: errno, step: "flushing the temporary file", destination: destination)
        }
        closed = true
        if close(descriptor) != 0 {
            throw AtomicWriteError(errno: errno, step: "closing the temporary file", destination: destination)
        }
        if rename(temporary.path, destination.path) != 0 {
            throw AtomicWriteError(
                errno: errno, step: "renaming the temporary file over the destination", destination: destination)
        }
        renamed = true
    }

    /// Whether `name` is the name of a temporary file made by this writer; listings leave those out.
    public static func isTemporaryFileName(_ name: String) -> Bool {
        name.hasPrefix(".") && name.contains(marker)
    }

    /// Deletes the temporary files that writers killed mid-write left in `folder`; live writers' files stay.
    ///
    /// - Returns: The names of the files removed.
    @discardableResult
    public static func removeAbandonedTemporaryFiles(in folder: URL) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var removed: [String] = []
        for name in names where isTemporaryFileName(name) {
            guard let pidText = name.components(separatedBy: marker).last?.split(separator: "-").first,
                let pid = pid_t(pidText), pid != getpid()
            else { continue }
            if kill(pid, 0) != 0, errno == ESRCH, unlink(folder.appending(path: name).path) == 0 {
                removed.append(name)
            }
        }
        return removed
    }

    private static func temporaryFileName(for name: String) -> String {
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        return ".\(name.prefix(120))\(marker)\(getpid())-\(random)"
    }

    private static func existingMode(of url: URL) -> mode_t? {
        var status = stat()
        guard stat(url.path, &status) == 0 else { return nil }
        return status.st_mode & 0o7777
    }
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #else
    Darwin.write(descriptor, bytes, count)
    #endif
}
