import Foundation

/// A JSON file of test outcomes by section and track, each kept with the digest of the files they came
/// from, in `.build/coach/` (a clean build forgets it): what the result caches of `coach check` share.
///
/// Outcomes count only in the folder that made them: each is kept with the folder's identity
/// (``identity(of:)``), which a file committed into a repository cannot carry, so a forged cache that a
/// learner's repository holds is never read as results in a fresh clone (a learner's CI running
/// `coach report`).
struct DigestedOutcomes {
    /// The file.
    let file: URL

    private struct Entry: Codable {
        var digest: String
        var outcomes: [TestOutcome]
    }

    /// The outcomes kept for `section` on `track`, when they were kept with `digest` in this folder.
    func outcomes(of section: Course.Section, on track: CourseTrack, digest: String) -> [TestOutcome]? {
        guard let entry = entries()[Self.key(section, track)], entry.digest == bound(digest) else { return nil }
        return entry.outcomes
    }

    /// Keeps `outcomes` for `section` on `track` with `digest`, or forgets the section's entry when `nil`.
    func keep(_ outcomes: [TestOutcome]?, of section: Course.Section, on track: CourseTrack, digest: String) {
        var all = entries()
        all[Self.key(section, track)] = outcomes.map { Entry(digest: bound(digest), outcomes: $0) }
        guard let data = try? JSONEncoder().encode(all) else { return }
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
    }

    /// `digest` tied to the folder the file lies in.
    private func bound(_ digest: String) -> String {
        digest + "@" + Self.identity(of: file.deletingLastPathComponent())
    }

    /// The identity of `folder`: the device, inode and change time of a file coach makes in it once
    /// (`identity`) and never touches again. A change time is the kernel's to set, never a user's, so a
    /// clone that holds a committed copy of that file has another one.
    static func identity(of folder: URL) -> String {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let marker = folder.appending(path: "identity").path
        let made = open(marker, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o644)
        if made >= 0 { close(made) }
        var status = stat()
        guard stat(marker, &status) == 0 else { return "unknown-\(UUID().uuidString)" }
        return "\(status.st_dev):\(status.st_ino):\(status.st_ctim.tv_sec).\(status.st_ctim.tv_nsec)"
    }

    private func entries() -> [String: Entry] {
        guard let data = try? Data(contentsOf: file) else { return [:] }
        return (try? JSONDecoder().decode([String: Entry].self, from: data)) ?? [:]
    }

    private static func key(_ section: Course.Section, _ track: CourseTrack) -> String {
        "\(track.rawValue)/\(section.target)"
    }
}
