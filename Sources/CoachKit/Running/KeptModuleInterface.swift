import Foundation

/// A module's interface file (`.swiftmodule`) as it was before a command compiled the module again, put
/// back when the new one declares the same: then the modules that import it need not compile again.
///
/// The swift driver recompiles every importer of a module whose interface file changed, and that file
/// changes with any edit of a type's body, even one no importer can see (a delete rule in a
/// `@Relationship`, a `#Unique` key, an attribute's option): it holds a fingerprint of each declaration's
/// tokens, for incremental builds. Everything an importer compiles against — each declaration's
/// signature, a class's stored properties and methods (its layout and vtable, which a debug build's
/// importers compute themselves), inlinable bodies — is serialized in the same file. So when the new file
/// differs from the old one only inside fingerprints (32 lowercase hexadecimal digits) and is as long,
/// the importers' objects are exactly what compiling them again would give, and putting the old file back
/// (contents and modification time) keeps every build system and driver that looks at it from compiling
/// them. Only the module's own objects, and so the link, change.
struct KeptModuleInterface {
    /// The interface file's path.
    let path: String
    /// Its contents before the compile.
    let contents: Data
    /// Its modification time before the compile.
    let modified: timespec

    /// The interface file at `path` as it is now; `nil` for any other kind of file, or none.
    init?(path: String) {
        guard path.hasSuffix(".swiftmodule") else { return nil }
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
            let contents = FileManager.default.contents(atPath: path)
        else { return nil }
        self.path = path
        self.contents = contents
        self.modified = status.st_mtim
    }

    /// Puts the kept contents and modification time back when the file at ``path`` now declares the same
    /// (``declareTheSame(_:_:)``); says whether it did. The file is rewritten in place.
    func restoreIfSameDeclarations() -> Bool {
        guard let now = FileManager.default.contents(atPath: path), Self.declareTheSame(contents, now) else {
            return false
        }
        return restore()
    }

    /// Puts the kept contents and modification time back, whatever the file holds now; says whether it did.
    /// For a caller that knows the importers' objects hold for the new module (``PublicInterfaceFile``).
    func restore() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: path) else { return false }
        do {
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: contents)
            try handle.close()
        } catch {
            try? handle.close()
            return false
        }
        // The access time is left as it is: UTIME_OMIT, ((1 << 30) - 2) in Linux's headers.
        var times = [timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2), modified]
        return utimensat(AT_FDCWD, path, &times, 0) == 0
    }

    /// Whether two interface files declare the same: as long as each other, and every byte that differs
    /// lies inside a run of at least 32 lowercase hexadecimal digits in both (a fingerprint).
    static func declareTheSame(_ old: Data, _ new: Data) -> Bool {
        guard old.count == new.count else { return false }
        return old.withUnsafeBytes { oldBytes in
            new.withUnsafeBytes { newBytes in
                let old = oldBytes.bindMemory(to: UInt8.self)
                let new = newBytes.bindMemory(to: UInt8.self)
                var index = 0
                while index < old.count {
                    guard old[index] != new[index] else {
                        index += 1
                        continue
                    }
                    guard let oldRun = hexRun(around: index, in: old), let newRun = hexRun(around: index, in: new),
                        oldRun.count >= 32, newRun.count >= 32
                    else { return false }
                    index = min(oldRun.upperBound, newRun.upperBound)
                }
                return true
            }
        }
    }

    /// The run of lowercase hexadecimal digits that holds `index`, or `nil` when the byte there is not one.
    private static func hexRun(around index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        func isHexDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) }
        guard isHexDigit(bytes[index]) else { return nil }
        var start = index
        while start > 0, isHexDigit(bytes[start - 1]) { start -= 1 }
        var end = index + 1
        while end < bytes.count, isHexDigit(bytes[end]) { end += 1 }
        return start..<end
    }
}
