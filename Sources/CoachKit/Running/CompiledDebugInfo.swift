import Foundation

/// Whether the persistence core in a build folder was compiled with debug information: every coach
/// command builds as the core was built, so that none compiles every module again. (`swift run coach`
/// plans the folder anew with SwiftPM's defaults each time, so the plan cannot say it; the objects do.)
enum CompiledDebugInfo: Sendable, Equatable {
    /// The folder holds no compiled core yet (a fresh clone).
    case notCompiledYet
    /// The core was compiled with debug information, as SwiftPM does by default.
    case included
    /// The core was compiled with `-debug-info-format none` (a `coach verify` on a fresh clone).
    case leftOut

    /// How the core in the build folder of the package at `root` was compiled, read from one of its objects.
    init(inPackageAt root: URL) {
        let folder = root.appending(path: ".build/debug/PersistenceModels.build")
        let object = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".swift.o") }.min()
        guard let object, let contents = try? Data(contentsOf: folder.appending(path: object)) else {
            self = .notCompiledYet
            return
        }
        self = contents.range(of: Data(".debug_info".utf8)) != nil ? .included : .leftOut
    }

    /// Whether a `coach verify` starting on this folder leaves out debug information: it does on a folder
    /// that never compiled the core, since its builds only run checks and compile in about a fifth less
    /// time without it, and elsewhere builds as the core was built.
    var verifyLeavesOutDebugInfo: Bool { self != .included }
}
