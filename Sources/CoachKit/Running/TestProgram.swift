import Foundation

/// The test program SwiftPM links for a package: `.build/debug/<Package>PackageTests.xctest`.
enum TestProgram {
    /// The program's path as a command sees it, found in the build folder `buildFolder`, which the
    /// command sees at `seenAt` (a sandbox shows a work copy's build folder at the instructor's path).
    ///
    /// - Throws: `CoachError.cannotLaunch` when the build made no test program.
    static func path(in buildFolder: URL, seenAt visibleFolder: URL) throws -> String {
        let debug = buildFolder.appending(path: "debug")
        let name = (try? FileManager.default.contentsOfDirectory(atPath: debug.path))?.first { $0.hasSuffix("PackageTests.xctest") }
        guard let name else {
            throw CoachError.cannotLaunch(command: "the test suites", reason: "the build made no test program in \(debug.path)")
        }
        return visibleFolder.appending(path: "debug/\(name)").path
    }
}
