import Foundation

/// The commands of the build SwiftPM last planned, read from the description it hands its build engine
/// (`.build/debug.yaml`, an llbuild manifest): what each command reads, writes and runs.
struct SwiftPMBuildPlan: Sendable {
    /// One command of the plan.
    struct Command: Sendable, Equatable, Codable {
        /// Its name in the plan, such as `C.Section2Settings-x86_64-unknown-linux-gnu-debug.module`.
        var name: String
        /// The build engine's tool that runs it: `shell` runs `arguments`; `phony` groups its inputs;
        /// the others (`write-auxiliary-file`, `test-discovery-tool`, …) are SwiftPM's own.
        var tool: String = ""
        /// The files (and `<virtual>` nodes) it reads.
        var inputs: [String] = []
        /// The files (and `<virtual>` nodes) it writes.
        var outputs: [String] = []
        /// The program and its arguments, for a `shell` command.
        var arguments: [String] = []

        enum CodingKeys: String, CodingKey {
            case name, tool, inputs, outputs
            case arguments = "args"
        }

        init(name: String, tool: String = "", inputs: [String] = [], outputs: [String] = [], arguments: [String] = []) {
            self.name = name
            self.tool = tool
            self.inputs = inputs
            self.outputs = outputs
            self.arguments = arguments
        }

        /// The command with the compiler driver's jobs (`-jN`, which SwiftPM sets to the machine's cores) at
        /// one: a module's files then compile in one frontend beside its module's emission, where two batches
        /// would each load the module's imports and check its declarations again. For modules compiled side by
        /// side, whose own parallelism the cores cannot use: a section's module compiled this way took 2.7–3.1
        /// CPU-seconds instead of 3.8–4.0, and as long on the clock. The driver's incremental records do not
        /// depend on `-j`.
        var withOneCompileJob: Command {
            var command = self
            command.arguments = arguments.map { $0.hasPrefix("-j") && Int($0.dropFirst(2)) != nil ? "-j1" : $0 }
            return command
        }
    }

    /// Every command, in the plan's order.
    var commands: [Command]

    /// Reads the `commands:` part of the build description at `file`.
    ///
    /// - Throws: ``Unreadable`` when the file cannot be read or a command's line is not the JSON SwiftPM
    ///   writes.
    static func read(from file: URL) throws -> SwiftPMBuildPlan {
        do {
            return SwiftPMBuildPlan(commands: try commands(in: try String(contentsOf: file, encoding: .utf8)))
        } catch {
            throw Unreadable(path: file.path, reason: "\(error)")
        }
    }

    /// The command that compiles the module `module`: SwiftPM names it `C.<module>-<triple>-debug.module`.
    func moduleCommand(of module: String) -> Command? {
        commands.first {
            $0.tool == "shell" && $0.name.hasPrefix("C.\(module)-") && $0.name.hasSuffix("-debug.module")
        }
    }

    /// A build description that could not be read.
    struct Unreadable: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "SwiftPM's build description \(path) could not be read: \(reason)" }
    }

    private static func commands(in text: String) throws -> [Command] {
        var commands: [Command] = []
        var inCommands = false
        for line in text.split(separator: "\n") {
            if !line.hasPrefix(" ") {
                inCommands = line == "commands:"
                continue
            }
            guard inCommands else { continue }
            if line.hasPrefix("  \""), line.hasSuffix("\":") {
                commands.append(Command(name: try decode(String.self, line.dropFirst(2).dropLast())))
            } else if !commands.isEmpty, line.hasPrefix("    ") {
                let field = line.dropFirst(4)
                if field.hasPrefix("tool: ") {
                    commands[commands.count - 1].tool = String(field.dropFirst(6))
                } else if field.hasPrefix("inputs: ") {
                    commands[commands.count - 1].inputs = try decode([String].self, field.dropFirst(8))
                } else if field.hasPrefix("outputs: ") {
                    commands[commands.count - 1].outputs = try decode([String].self, field.dropFirst(9))
                } else if field.hasPrefix("args: ") {
                    commands[commands.count - 1].arguments = try decode([String].self, field.dropFirst(6))
                }
            }
        }
        return commands
    }

    private static func decode<Value: Decodable>(_ type: Value.Type, _ json: Substring) throws -> Value {
        try JSONDecoder().decode(Value.self, from: Data(json.utf8))
    }
}
