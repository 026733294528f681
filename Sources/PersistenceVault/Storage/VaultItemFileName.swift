import Foundation

/// The name of an item file: `<class>-<primary-key code>-<generation>.item`, such as `genp-3f…9a-12.item`.
///
/// The class lets a damaged file be counted against queries of its class without decrypting it; it
/// reveals nothing of value, as Apple's keychain keeps one table per class. The primary-key code is an
/// HMAC (``VaultKeys/primaryKeyCode(itemClass:primaryKey:)``). The generation is the manifest generation
/// that first listed the file: every write of an item makes a file with a new name, so a file is never
/// changed in place, and a file newer than the manifest is the leftover of a writer killed before its commit.
struct VaultItemFileName: Hashable, Sendable {
    let itemClass: String
    let primaryKeyCode: String
    let generation: UInt64

    static let fileExtension = ".item"

    init(itemClass: String, primaryKeyCode: String, generation: UInt64) {
        self.itemClass = itemClass
        self.primaryKeyCode = primaryKeyCode
        self.generation = generation
    }

    /// Parses a file name; nil for a name the vault does not write, such as one from an older version.
    init?(_ name: String) {
        guard name.hasSuffix(Self.fileExtension) else { return nil }
        let parts = name.dropLast(Self.fileExtension.count).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3,
            VaultItemSchema.schema(for: String(parts[0])) != nil,
            parts[1].count == 64, parts[1].allSatisfy(\.isHexDigit),
            let generation = UInt64(parts[2]), String(generation) == parts[2]
        else { return nil }
        self.init(itemClass: String(parts[0]), primaryKeyCode: String(parts[1]), generation: generation)
    }

    var rawValue: String { "\(itemClass)-\(primaryKeyCode)-\(generation)\(Self.fileExtension)" }

    /// Whether `name` is an item file's name at all (well-formed or not); temporary files are not.
    static func isItemFileName(_ name: String) -> Bool {
        name.hasSuffix(fileExtension) && !name.hasPrefix(".")
    }
}
