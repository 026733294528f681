import Foundation

/// The "exclude from backup" flag of files and folders: `URLResourceValues.isExcludedFromBackup` for Linux.
///
/// The flag is an extended attribute of the file itself, as on Apple platforms. It therefore belongs to
/// one inode: an atomic write replaces the file with a new inode and the flag reads `false` again, which
/// is why Apple advises setting it again after each save. A flagged folder is left out of the backup
/// with everything inside it.
///
/// ```swift
/// try BackupExclusion.setExcluded(true, at: imageURL)
/// BackupExclusion.isExcluded(at: imageURL) // true
/// ```
///
/// ## Topics
/// - ``isExcluded(at:)``
/// - ``setExcluded(_:at:)``
public enum BackupExclusion {
    /// The attribute name; the `user.` namespace is the one unprivileged processes may write on Linux.
    static let attributeName = "user.com.apple.metadata:com_apple_backup_excludeItem"
    private static let attributeValue = Array("com.apple.backupd".utf8)

    /// Whether the item at `url` is excluded from backups; `false` for a new file.
    /// - Throws: ``SandboxError`` when the item is missing or its attributes cannot be read.
    public static func isExcluded(at url: URL) throws(SandboxError) -> Bool {
        switch ExtendedAttributes.value(named: attributeName, at: url.path) {
        case .success(let value): return value != nil
        case .failure(let failure):
            throw SandboxError(errno: failure.code, operation: "Reading the backup flag", url: url)
        }
    }

    /// Marks the item at `url` as excluded from (or included in) backups.
    /// - Throws: ``SandboxError`` when the item is missing or the file system cannot keep the flag.
    public static func setExcluded(_ excluded: Bool, at url: URL) throws(SandboxError) {
        let result =
            excluded
            ? ExtendedAttributes.setValue(attributeValue, named: attributeName, at: url.path)
            : ExtendedAttributes.removeValue(named: attributeName, at: url.path)
        if case .failure(let failure) = result {
            throw SandboxError(errno: failure.code, operation: "Setting the backup flag", url: url)
        }
    }
}
