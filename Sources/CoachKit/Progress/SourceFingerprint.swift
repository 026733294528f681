import Foundation

/// A digest of the files that decide a section's grade, so unchanged sections need no rebuild.
///
/// It covers the section's sources on the track (and the learner's own tests, if it has them), its hidden
/// suite, the core's sources and the manifest:
/// a change to any of them can change a check's result.
public struct SourceFingerprint: Sendable {
    /// The workbench whose files are read.
    public var workbench: Workbench

    /// A fingerprint reader for `workbench`.
    public init(workbench: Workbench) {
        self.workbench = workbench
    }

    /// The digest of everything `section`'s grade on `track` depends on, as 16 hex digits.
    public func fingerprint(of section: Course.Section, on track: CourseTrack) -> String {
        var hash = FNV1a()
        var folders = [
            workbench.sourceFolder(of: section, on: track),
            workbench.root.appending(path: "Tests/\(section.testTarget)"),
            workbench.root.appending(path: "Sources"),
        ]
        if let learnerTests = section.learnerTests {
            folders.append(workbench.root.appending(path: "\(track.folder)/\(learnerTests.target)"))
        }
        for folder in folders { hash.add(filesUnder: folder, of: workbench) }
        hash.add((try? Data(contentsOf: workbench.root.appending(path: "Package.swift"))) ?? Data())
        return String(format: "%016llx", hash.value)
    }

    /// Regular files under `folder`, sorted by path, hidden files skipped.
    static func files(under folder: URL) -> [URL] {
        guard
            let enumerator = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]
            )
        else { return [] }
        return enumerator.compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .sorted { $0.path < $1.path }
    }

    /// The contents of every file ``files(under:)`` finds, by path relative to `folder`.
    ///
    /// - Throws: The error of a file that cannot be read.
    static func contents(under folder: URL) throws -> [String: Data] {
        var contents: [String: Data] = [:]
        for url in files(under: folder) {
            contents[String(url.path.dropFirst(folder.path.count + 1))] = try Data(contentsOf: url)
        }
        return contents
    }
}

/// The 64-bit FNV-1a hash: fast, stable across runs and machines, and enough to notice a changed file.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ data: Data) {
        // Through a raw buffer and a local: coach is usually a debug build, where iterating `Data` itself
        // costs several times more per byte, and every grade digests the core's sources.
        var hash = value
        data.withUnsafeBytes { bytes in
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        value = hash
        add(separator: 0xff)
    }

    mutating func add(_ text: String) { add(Data(text.utf8)) }

    /// Adds the path (relative to `workbench`'s root) and contents of every file under `folder`, in path order
    /// (``SourceFingerprint/files(under:)``).
    mutating func add(filesUnder folder: URL, of workbench: Workbench) {
        for file in SourceFingerprint.files(under: folder) {
            add(workbench.relativePath(of: file))
            add((try? Data(contentsOf: file)) ?? Data())
        }
    }

    private mutating func add(separator: UInt8) {
        value ^= UInt64(separator)
        value = value &* 0x0000_0100_0000_01b3
    }
}
