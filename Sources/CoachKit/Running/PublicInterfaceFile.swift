import Foundation

/// The public interface a module compiled with library evolution writes beside its interface file
/// (`Modules/<module>.swiftinterface`, which `COURSE_RESILIENT_SECTIONS` asks of the sections' modules), read
/// before a compile to tell whether the compile changed it.
///
/// An importer of such a module reaches it only through what its public interface declares: the layout of
/// each type, a class's dispatch table and each property's storage stay behind accessors the module exports
/// itself. So when a compile leaves the public interface's text as it was, an importer that imports the module
/// plainly compiles to the objects it has. One that imports it `@testable` also reaches its internal
/// declarations, which the public interface leaves out, and is compiled again.
struct PublicInterfaceFile {
    /// The module's interface file (`.swiftmodule`), whose sibling the public interface is.
    let modulePath: String
    /// The public interface's text before the compile, or `nil` when there was none.
    let text: Data?

    /// The public interface of the module `command` writes to `modulePath`, as it is now; `nil` unless
    /// `command` compiles the module with library evolution and writes its public interface.
    init?(modulePath: String, of command: SwiftPMBuildPlan.Command) {
        guard modulePath.hasSuffix(".swiftmodule"), command.arguments.contains("-enable-library-evolution"),
            command.arguments.contains("-emit-module-interface")
        else { return nil }
        self.modulePath = modulePath
        let interface = Self.interfacePath(ofModuleAt: modulePath)
        // A build without library evolution rewrites the interface file and leaves the public interface of an
        // earlier build beside it: that one speaks for no importer compiled since.
        guard let interfaceTime = Self.modificationTime(of: interface),
            let moduleTime = Self.modificationTime(of: modulePath),
            interfaceTime + Self.sameCompileTolerance >= moduleTime
        else {
            text = nil
            return
        }
        text = FileManager.default.contents(atPath: interface)
    }

    /// Marks the public interface of the module at `modulePath` as the one of the compile that has just
    /// succeeded. The compiler leaves an interface file whose text it would write again as it is, date and
    /// all, so without this a module compiled again would look newer than a public interface that is its own.
    static func vouchForCompile(ofModuleAt modulePath: String) {
        let interface = interfacePath(ofModuleAt: modulePath)
        guard FileManager.default.fileExists(atPath: interface) else { return }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: interface)
    }

    /// Marks the public interfaces of every module `plan` compiles with library evolution as their builds',
    /// after a build of that plan succeeded (``vouchForCompile(ofModuleAt:)``): each of those modules was
    /// compiled under the plan's flags then or before, and the compiler keeps its public interface's text
    /// true to it.
    static func vouchForBuild(of plan: SwiftPMBuildPlan) {
        for command in plan.commands where command.tool == "shell" {
            for output in command.outputs where PublicInterfaceFile(modulePath: output, of: command) != nil {
                vouchForCompile(ofModuleAt: output)
            }
        }
    }

    /// How much older than the interface file a public interface may be and still have been written by the
    /// same compile (the driver writes both in one job; a compile that leaves it unchanged does not write it,
    /// and coach's compiles and builds then vouch for it, ``vouchForCompile(ofModuleAt:)``). After ``KeptModuleInterface/restore()`` the
    /// interface file is the older one, which is as it should be: the public interface then still reads as
    /// what the importers were compiled against.
    static let sameCompileTolerance: TimeInterval = 10

    private static func modificationTime(of path: String) -> TimeInterval? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)?
            .timeIntervalSince1970
    }

    /// Where the driver writes the public interface of the module whose interface file is at `modulePath`.
    static func interfacePath(ofModuleAt modulePath: String) -> String {
        String(modulePath.dropLast(".swiftmodule".count)) + ".swiftinterface"
    }

    /// Whether the public interface reads as it did before the compile, to an importer's objects
    /// (``PublicInterfaceText``), with every one of `importerSources` (the importers' Swift files) importing
    /// the module plainly.
    func isUnchanged(importerSources: [String]) -> Bool {
        guard let text, let now = FileManager.default.contents(atPath: Self.interfacePath(ofModuleAt: modulePath))
        else { return false }
        guard
            now == text
                || PublicInterfaceText.asImportersSeeIt(String(decoding: now, as: UTF8.self))
                    == PublicInterfaceText.asImportersSeeIt(String(decoding: text, as: UTF8.self))
        else { return false }
        return !importerSources.contains { path in
            FileManager.default.contents(atPath: path)?.range(of: Data("@testable".utf8)) != nil
        }
    }
}
