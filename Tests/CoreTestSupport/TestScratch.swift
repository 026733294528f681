import Foundation

/// Throwaway files and folders for tests, all inside one folder of the test process that is removed when
/// the process exits: a run makes hundreds of fixtures, and a test that fails half-way does not remove
/// its own.
public enum TestScratch {
    /// The test process's folder, made on first use, removed at exit (a crashed process leaves it behind).
    public static let processFolder: URL = {
        let folder = FileManager.default.temporaryDirectory.appending(
            path: "coach-test-scratch-\(getpid())-\(UUID().uuidString.prefix(8))", directoryHint: .isDirectory)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestScratch.processFolder) }
        return folder
    }()

    /// A new path inside ``processFolder`` whose name starts with `name`; nothing is made there.
    public static func path(_ name: String) -> URL {
        processFolder.appending(path: "\(name)-\(UUID().uuidString)")
    }
}
