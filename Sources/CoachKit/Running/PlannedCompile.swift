/// Compiles one file as a module of its own with the flags SwiftPM planned for another module of its last
/// build, outside SwiftPM, writing nothing the build reads.
///
/// SwiftPM stops a build at the first module that fails to compile, so programs that must fail would each
/// need a build of their own (a plan, a check of every file, one module). Their compile commands differ
/// from a program's that built only in the module's name and its source: this keeps the template's search
/// paths, macro plugins, language mode and defines, takes out its sources and everything it writes for the
/// build (module, dependencies, index, incremental records, diagnostics files), and compiles the file to a
/// throwaway object, so that every diagnostic a build would print, type checking's and the later passes'
/// (data-race safety), is printed.
struct PlannedCompile: Sendable, Equatable {
    /// The template's compiler and the arguments kept from its command.
    let kept: [String]
    /// The template module's name, which its entry point's name repeats.
    let templateModule: String

    /// Arguments of SwiftPM's compile command that take a value naming something the build writes, or the
    /// module's name.
    static let droppedWithValue: Set<String> = [
        "-module-name", "-emit-module-path", "-output-file-map", "-index-store-path", "-emit-objc-header-path",
        "-emit-dependencies-path", "-serialize-diagnostics-path",
    ]
    /// Arguments that make the command write for the build, or print for SwiftPM.
    static let dropped: Set<String> = [
        "-emit-dependencies", "-emit-module", "-incremental", "-c", "-enable-batch-mode", "-serialize-diagnostics",
        "-parseable-output", "-emit-objc-header", "-parse-as-library",
    ]

    /// The compile command SwiftPM planned for `module`, or `nil` when `plan` has none (the module is not
    /// a Swift module of the plan, or its command is not one this can adapt).
    init?(module: String, in plan: SwiftPMBuildPlan) {
        guard let command = plan.moduleCommand(of: module), let compiler = command.arguments.first,
            compiler.hasSuffix("swiftc")
        else { return nil }
        var kept = [compiler]
        var skipNext = false
        for argument in command.arguments.dropFirst() {
            if skipNext {
                skipNext = false
            } else if Self.droppedWithValue.contains(argument) {
                skipNext = true
            } else if Self.dropped.contains(argument) || argument.hasPrefix("@") || argument.hasSuffix(".swift")
                || argument.hasPrefix("-j")
            {
                continue
            } else {
                kept.append(argument)
            }
        }
        self.kept = kept
        templateModule = module
    }

    /// The command that compiles `file` as the module `module`, writing only `object`.
    func arguments(compiling file: String, asModule module: String, object: String) -> [String] {
        kept.map { $0 == "\(templateModule)_main" ? "\(module)_main" : $0 }
            + ["-module-name", module, "-c", file, "-o", object]
    }
}
