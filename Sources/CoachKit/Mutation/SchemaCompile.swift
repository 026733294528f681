import Foundation

/// Compiles sections' modules with the commands of SwiftPM's plan, side by side, to find every compiler
/// error of their schemata at once.
///
/// SwiftPM stops a build at the first module that fails: a build of fifteen sections' schemata reports the
/// errors of the one or two modules compiling when the first failed, and each further build finds a few
/// more. Run directly, every module's command runs to its end. The commands are the plan's own, with its
/// incremental records, so a module compiled here is not compiled again by SwiftPM's next build.
struct SchemaCompile {
    /// The package's root folder.
    var root: URL
    /// The build's course variables.
    var environment: [String: String]
    /// Where each module's output goes: `build-mutants-<target>.log`.
    var logFolder: URL

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

    /// Compiles the modules `targets` from `plan`, as many at a time as the machine has cores, and returns
    /// their compiler errors (paths relative to `workbench`); `nil` when the plan lacks one of their
    /// commands or does not compile every Swift file of its folder in `folders` (by target) as it is now.
    ///
    /// - Throws: `CoachError.cannotLaunch` when the compiler cannot be started.
    func errors(
        compiling targets: [String], from folders: [String: URL], in plan: SwiftPMBuildPlan, workbench: Workbench
    ) throws -> [CompilerDiagnostic]? {
        let commands = targets.compactMap { target in
            plan.moduleCommand(of: target).flatMap { command in
                folders[target].map { Self.compilesEveryFile(of: $0, command) } == true ? command : nil
            }
        }
        guard commands.count == targets.count else { return nil }
        let outputs = try ParallelWork.map(
            Array(zip(targets, commands)), jobs: ProcessInfo.processInfo.activeProcessorCount
        ) { [root, environment, logFolder] pair, _ in
            let log = logFolder.appending(path: "build-mutants-\(pair.0).log")
            var process = ChildProcess(pair.1.arguments, in: root, environment: environment, logFile: log)
            process.marksItsProcesses = false
            _ = try process.run()
            return Self.diagnostics(inParseableOutput: (try? String(contentsOf: log, encoding: .utf8)) ?? "")
        }
        return CompilerDiagnostic.errors(in: outputs.joined(separator: "\n")).map { $0.relative(to: workbench) }
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
