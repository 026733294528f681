import Foundation

/// The test program SwiftPM links for a package: `.build/debug/<Package>PackageTests.xctest`.
enum TestProgram {
    /// The program's path as a command sees it, found in the build folder `buildFolder`, which the
    /// command sees at `seenAt` (a sandbox shows a work copy's build folder at the instructor's path).
    ///
    /// - Throws: `CoachError.cannotLaunch` when the build made no test program.
    static func path(in buildFolder: URL, seenAt visibleFolder: URL) throws -> String {
        let debug = buildFolder.appending(path: "debug")
        let name = (try? FileManager.default.contentsOfDirectory(atPath: debug.path))?.first {
            $0.hasSuffix("PackageTests.xctest")
        }
        guard let name else {
            throw CoachError.cannotLaunch(
                command: "the test suites", reason: "the build made no test program in \(debug.path)")
        }
        return visibleFolder.appending(path: "debug/\(name)").path
    }

    /// The arguments of `swift build` that build the test program of the package at `root` and what it
    /// links, and nothing else: the apps (`notetaker` on a learner's Section 8) are neither built nor
    /// allowed to fail a grade. When the manifest's package name cannot be read, every product is built.
    static func buildArguments(forPackageAt root: URL) -> [String] {
        guard let name = packageName(at: root) else { return ["swift", "build", "--build-tests"] }
        return ["swift", "build", "--product", "\(name)PackageTests"]
    }

    /// The test program's name without its extension, `<Package>PackageTests`, as SwiftPM names it.
    static func name(forPackageAt root: URL) -> String {
        "\(packageName(at: root) ?? "")PackageTests"
    }

    /// The package's name as its manifest gives it, or `nil` when it cannot be read.
    private static func packageName(at root: URL) -> String? {
        guard let manifest = try? String(contentsOf: root.appending(path: "Package.swift"), encoding: .utf8),
            let match = manifest.firstMatch(of: /Package\(\s*name:\s*"([^"\\]+)"/)
        else { return nil }
        return String(match.1)
    }
}

/// A copy of a test program, beside it, for test runs that go on while a later build relinks the program
/// in place. In the program's own folder it still finds the resource bundles it was built with.
struct TestProgramCopy {
    /// The copy.
    let url: URL

    /// Copies `program` to `<program>.<suffix>`, which a search for the package's test program
    /// (`…PackageTests.xctest`, ``TestProgram/path(in:seenAt:)``) never finds.
    ///
    /// - Throws: The file system's error when the program cannot be copied.
    init(of program: URL, suffix: String) throws {
        url = program.deletingLastPathComponent().appending(path: program.lastPathComponent + "." + suffix)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.copyItem(at: program, to: url)
    }

    /// Removes the copy.
    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
