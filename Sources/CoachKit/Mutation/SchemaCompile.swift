import Foundation

/// Compiles sections' modules with the commands of SwiftPM's plan, side by side, to find every compiler
/// error of their schemata at once, and to keep the hidden suites compiled.
///
/// SwiftPM stops a build at the first module that fails: a build of fifteen sections' schemata reports the
/// errors of the one or two modules compiling when the first failed, and each further build finds a few
/// more. Run directly, every module's command runs to its end. The commands are the plan's own, with its
/// incremental records, so a module compiled here is not compiled again by SwiftPM's next build.
///
/// A schema declares what its reference does (its switches read the environment in place, declaring
/// nothing), so its module's interface file declares the same as the one the suites were compiled against:
/// that file is put back (``KeptModuleInterface``), and SwiftPM's next build finds the suites done.
struct SchemaCompile {
    /// The package's root folder.
    var root: URL
    /// The build's course variables.
    var environment: [String: String]
    /// Where each module's output goes: `build-mutants-<target>.log`.
    var logFolder: URL

    /// What compiling directly found: the compiler errors of the modules compiled, and which they were.
    struct Outcome: Equatable {
        /// The errors, with paths relative to the workbench.
        var errors: [CompilerDiagnostic]
        /// The modules compiled; the others are left to SwiftPM.
        var compiled: Set<String>
    }

    /// Whether `command` compiles exactly the Swift files in `folder` now: a file added or removed since
    /// SwiftPM planned would be left out, or missed.
    static func compilesEveryFile(of folder: URL, _ command: SwiftPMBuildPlan.Command) -> Bool {
        let prefix = folder.resolvingSymlinksInPath().path + "/"
        let planned = Set(
            command.inputs.filter { $0.hasSuffix(".swift") && $0.hasPrefix(prefix) }.map {
                String($0.dropFirst(prefix.count))
            })
        let present = Set(
            SourceFingerprint.files(under: folder).map(\.path).filter { $0.hasSuffix(".swift") }.map {
                String(URL(filePath: $0).resolvingSymlinksInPath().path.dropFirst(prefix.count))
            })
        return !planned.isEmpty && planned == present
    }

    /// Makes the lists `command` reads besides its sources say what SwiftPM's plan says, and says whether
    /// they do: SwiftPM writes a module's list of sources (`@…/sources`) only when it builds the module, so
    /// after a build with other course variables it still names the files of then, and it is written here;
    /// the output file map, which SwiftPM writes as it plans, must name every source, or the compiler
    /// would write their objects where it runs. A list with a path the compiler would read quoted (a space,
    /// a quote, a backslash) is left to SwiftPM.
    static func prepareFileLists(of command: SwiftPMBuildPlan.Command) -> Bool {
        let sources = command.inputs.filter { $0.hasSuffix(".swift") }
        if let listArgument = command.arguments.first(where: { $0.hasPrefix("@") }) {
            let list = URL(filePath: String(listArgument.dropFirst()))
            let wanted = sources.map { $0 + "\n" }.joined()
            if (try? String(contentsOf: list, encoding: .utf8)) != wanted {
                guard !wanted.contains(where: { " \t\"'\\".contains($0) }),
                    (try? Data(wanted.utf8).write(to: list, options: .atomic)) != nil
                else { return false }
            }
        }
        guard let flag = command.arguments.firstIndex(of: "-output-file-map") else { return true }
        guard command.arguments.indices.contains(flag + 1),
            let data = FileManager.default.contents(atPath: command.arguments[flag + 1]),
            let map = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return false }
        return sources.allSatisfy { map[$0] != nil }
    }

    /// Compiles each of the modules `targets` that `plan` compiles from its folder in `folders` (by target)
    /// as it is now, as many at a time as the machine has cores (each in one compile job), and returns their
    /// compiler errors. A module the plan has no command for, or whose folder gained or lost a Swift file
    /// since SwiftPM planned, is left out, for SwiftPM to build.
    ///
    /// - Throws: `CoachError.cannotLaunch` when the compiler cannot be started.
    func compile(
        _ targets: [String], from folders: [String: URL], in plan: SwiftPMBuildPlan, workbench: Workbench
    ) throws -> Outcome {
        let commands = targets.compactMap { target -> (String, SwiftPMBuildPlan.Command)? in
            guard let command = plan.moduleCommand(of: target), let folder = folders[target],
                Self.compilesEveryFile(of: folder, command), Self.prepareFileLists(of: command)
            else { return nil }
            return (target, command)
        }
        let outputs = try ParallelWork.map(commands, jobs: ProcessInfo.processInfo.activeProcessorCount) {
            [root, environment, logFolder] pair, _ in
            let log = logFolder.appending(path: "build-mutants-\(pair.0).log")
            let interfaces = pair.1.outputs.compactMap(KeptModuleInterface.init(path:))
            let publicInterfaces = pair.1.outputs.compactMap { PublicInterfaceFile(modulePath: $0, of: pair.1) }
            var process = ChildProcess(
                commands.count > 1 ? pair.1.withOneCompileJob.arguments : pair.1.arguments, in: root,
                environment: environment, logFile: log)
            process.marksItsProcesses = false
            if try process.run().succeeded {
                for publicInterface in publicInterfaces {
                    PublicInterfaceFile.vouchForCompile(ofModuleAt: publicInterface.modulePath)
                }
                for interface in interfaces where !interface.restoreIfSameDeclarations() {
                    // A section built with library evolution whose public interface reads as it did keeps
                    // its suite's objects too (``PublicInterfaceFile``).
                    guard let publicInterface = publicInterfaces.first(where: { $0.modulePath == interface.path }),
                        publicInterface.isUnchanged(importerSources: Self.importerSources(of: interface.path, in: plan))
                    else { continue }
                    _ = interface.restore()
                }
            } else {
                // The next compile must not take a public interface this one may have written for the one the
                // suites were compiled against.
                for publicInterface in publicInterfaces {
                    try? FileManager.default.removeItem(
                        atPath: PublicInterfaceFile.interfacePath(ofModuleAt: publicInterface.modulePath))
                }
            }
            return Self.diagnostics(inParseableOutput: (try? String(contentsOf: log, encoding: .utf8)) ?? "")
        }
        return Outcome(
            errors: CompilerDiagnostic.errors(in: outputs.joined(separator: "\n")).map { $0.relative(to: workbench) },
            compiled: Set(commands.map(\.0)))
    }

    /// The Swift files of the commands of `plan` that read the interface file at `modulePath`.
    static func importerSources(of modulePath: String, in plan: SwiftPMBuildPlan) -> [String] {
        plan.commands.filter { $0.tool == "shell" && $0.inputs.contains(modulePath) }.flatMap(\.inputs)
            .filter { $0.hasSuffix(".swift") }
    }

    /// The compiler's diagnostics in the output of a command run with `-parseable-output`: each message is
    /// a JSON object whose `output` holds what the compiler printed; lines outside messages are kept.
    static func diagnostics(inParseableOutput text: String) -> String {
        var found: [String] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("\"output\"") else {
                if !trimmed.hasPrefix("\"") && !trimmed.hasPrefix("{") && !trimmed.hasPrefix("}")
                    && !trimmed.hasPrefix("]") && Int(trimmed) == nil
                {
                    found.append(String(line))
                }
                continue
            }
            guard let colon = trimmed.firstIndex(of: ":") else { continue }
            var literal = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if literal.hasSuffix(",") { literal.removeLast() }
            if let output = try? JSONSerialization.jsonObject(with: Data(literal.utf8), options: .fragmentsAllowed)
                as? String
            {
                found.append(output)
            }
        }
        return found.joined(separator: "\n")
    }
}
