import Foundation

/// The Swift modules the compiler builds from the toolchain's interfaces on a build folder's first build
/// (`Testing`, `Glibc`, `_Concurrency`…), handed on to fixture packages from the build folder the running
/// tests came from.
///
/// A package's first `swift build` compiles those interfaces into its own module cache, about half of
/// what building a tiny fixture package costs. A fixture seeded here builds them only when its flags
/// differ: the compiler keys each module by the flags it needs and checks it against the toolchain's
/// interface before using it. Clang's precompiled modules stay behind, as each records the path of the
/// cache it was built in.
public enum InterfaceModuleCache {
    /// Copies the running tests' interface-built modules into the module cache of the package at `root`,
    /// where its debug build looks for them. Copies nothing when the tests' build folder has none.
    public static func seed(packageAt root: URL) {
        let (source, destination) = RunningTestsBuild.folders("ModuleCache", inPackageAt: root)
        let files = FileManager.default
        let modules = ((try? files.contentsOfDirectory(atPath: source.path)) ?? []).filter {
            $0.hasSuffix(".swiftmodule")
        }
        guard !modules.isEmpty, (try? files.createDirectory(at: destination, withIntermediateDirectories: true)) != nil
        else { return }
        for name in modules {
            try? files.copyItem(at: source.appending(path: name), to: destination.appending(path: name))
        }
    }
}

/// The build folder the running tests came from, whose outputs fixture packages are seeded with.
enum RunningTestsBuild {
    /// The folder `path` names in the running tests' build configuration (`.build/<triple>/debug/<path>`), and the
    /// same folder in the debug build of the package at `root`.
    static func folders(_ path: String, inPackageAt root: URL) -> (source: URL, destination: URL) {
        let configuration = URL(filePath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let triple = configuration.deletingLastPathComponent().lastPathComponent
        return (configuration.appending(path: path), root.appending(path: ".build/\(triple)/debug/\(path)"))
    }
}
