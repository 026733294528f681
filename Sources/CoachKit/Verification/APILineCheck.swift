import Foundation

/// Proves the line between Apple's API and the workbench's: every public symbol a learner can reach is
/// listed once, as Apple's (with the documentation page it mirrors) or as the workbench's own (with what a
/// device uses instead); `import PersistenceCore` reaches Apple's symbols and, of the workbench's, only
/// those listed with the reason they must be reachable; and every lesson, starter and reference that uses
/// a name only `import PersistenceWorkbench` reaches has its lesson say so in an "On Apple platforms" note.
struct APILineCheck {
    /// The modules learners import, and the modules their public symbols come from.
    static let learnerModules = [
        "PersistenceCore", "PersistenceWorkbench", "PersistenceModels", "PersistenceSQLiteStore",
        "PersistencePreferences",
        "PersistenceVault", "PersistenceSandbox", "PersistenceNotifications", "PersistenceCloud",
        "PersistenceCloudServer",
        "LegacyFetching",
    ]

    /// The umbrella's imports: the modules it re-exports whole, and the names it re-exports one by one.
    struct Umbrella: Equatable {
        var wholeModules: Set<String>
        var namedExports: Set<String>
        var importedModules: Set<String>

        /// The re-exports of `source`, the umbrella module's Swift source.
        init(source: String) {
            var whole: Set<String> = ["PersistenceCore"]
            var named: Set<String> = []
            var imported: Set<String> = ["PersistenceCore"]
            for line in source.split(separator: "\n") {
                let words = line.split(separator: " ").map(String.init)
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count else { continue }
                let exported = words[..<index].contains("@_exported")
                let rest = Array(words[(index + 1)...])
                if rest.count == 1 {
                    imported.insert(rest[0])
                    if exported { whole.insert(rest[0]) }
                } else if rest.count == 2 {
                    let parts = rest[1].split(separator: ".", maxSplits: 1).map(String.init)
                    guard parts.count == 2 else { continue }
                    imported.insert(parts[0])
                    if exported { named.insert(rest[1]) }
                }
            }
            wholeModules = whole
            namedExports = named
            importedModules = imported
        }

        /// Whether `import PersistenceCore` reaches `symbol`.
        func reaches(_ symbol: APISurface.Symbol) -> Bool {
            guard !symbol.isSPI, importedModules.contains(symbol.module) else { return false }
            if wholeModules.contains(symbol.module) { return true }
            let components = APISurface.components(of: symbol.path)
            if components.count == 1 {
                return namedExports.contains("\(symbol.module).\(symbol.name)")
            }
            // A member reaches as far as its type does: Swift finds the members an imported module declares,
            // even in an extension of another module's type, wherever the type's name is in scope.
            let owner = components[0]
            return namedExports.contains { $0.hasSuffix(".\(owner)") }
                || ownerModules[owner].map(wholeModules.contains) == true
                || symbol.extendedModule.map(wholeModules.contains) == true
        }

        /// The module that declares each top-level type, to tell whether a member's type is reached.
        var ownerModules: [String: String] = [:]
    }

    /// What the check found, and the counts `coach verify` prints.
    struct Report {
        var problems: [VerificationProblem] = []
        var appleSymbols = 0
        var workbenchSymbols = 0
        var reachableWorkbenchSymbols = 0
        var uses = 0
    }

    /// Compares `surface` with `line` under `umbrella`.
    static func problems(surface: APISurface, line: APILine, umbrella: Umbrella) -> Report {
        var report = Report()
        let area = "API line"
        struct Key: Hashable {
            var path: String
            var kind: String
        }
        let apple = Dictionary(
            line.apple.map { (Key(path: $0.symbol, kind: $0.kind), $0) }, uniquingKeysWith: { first, _ in first })
        let workbench = Dictionary(
            line.workbench.map { (Key(path: $0.symbol, kind: $0.kind), $0) }, uniquingKeysWith: { first, _ in first })
        var seen: Set<Key> = []
        for symbol in surface.symbols {
            let key = Key(path: symbol.path, kind: symbol.kind)
            seen.insert(key)
            let described =
                "\(symbol.kind) \(symbol.path) (\(symbol.module)\(symbol.isSPI ? ", @_spi(Workbench)" : ""))"
            switch (apple[key], workbench[key]) {
            case (nil, nil):
                report.problems.append(
                    VerificationProblem(
                        area,
                        "the public \(described) is in neither \(APILine.applePath) nor "
                            + "\(APILine.workbenchPath): list it in the first with the page of Apple's documentation it mirrors, or in the "
                            + "second with what it is for and what a device uses instead"))
            case (.some, .some):
                report.problems.append(
                    VerificationProblem(area, "\(described) is listed as Apple's and as the workbench's own: keep one"))
            case (.some(let entry), nil):
                report.appleSymbols += 1
                if !umbrella.reaches(symbol) {
                    report.problems.append(
                        VerificationProblem(
                            area,
                            "\(described) is Apple's (\(entry.doc)), but import PersistenceCore "
                                + "does not reach it: re-export it from Sources/PersistenceCore/PersistenceCore.swift"))
                }
                if entry.doc.isEmpty || !entry.doc.hasPrefix("documentation/") {
                    report.problems.append(
                        VerificationProblem(
                            area, "\(described) has no Apple documentation page in \(APILine.applePath)"))
                }
            case (nil, .some(let entry)):
                report.workbenchSymbols += 1
                if umbrella.reaches(symbol) {
                    if entry.reachable == nil {
                        report.problems.append(
                            VerificationProblem(
                                area,
                                "\(described) is the workbench's own, but import PersistenceCore "
                                    + "reaches it, so a line that uses it looks like Apple's: declare it @_spi(Workbench) with a public "
                                    + "counterpart in PersistenceWorkbench, or keep it out of PersistenceCore's re-exports"
                            ))
                    } else {
                        report.reachableWorkbenchSymbols += 1
                    }
                }
            }
        }
        for entry in line.apple where !seen.contains(Key(path: entry.symbol, kind: entry.kind)) {
            report.problems.append(
                VerificationProblem(
                    area,
                    "\(APILine.applePath) lists \(entry.kind) \(entry.symbol), which no module declares: remove it"))
        }
        for entry in line.workbench where !seen.contains(Key(path: entry.symbol, kind: entry.kind)) {
            report.problems.append(
                VerificationProblem(
                    area,
                    "\(APILine.workbenchPath) lists \(entry.kind) \(entry.symbol), which no module declares: remove it")
            )
        }
        return report
    }

    /// The names a line of code can write that only a workbench-only import reaches: the workbench's own
    /// top-level types and functions (`types`), and its members of Apple's types whose name no Apple symbol
    /// shares (`members`, written after a dot). A member of one of the workbench's own types is reached
    /// through its type's name, which counts already.
    struct WorkbenchNames: Equatable {
        var types: Set<String> = []
        var members: Set<String> = []
    }

    static func workbenchOnlyNames(surface: APISurface, line: APILine, umbrella: Umbrella) -> WorkbenchNames {
        let workbenchKeys = Set(line.workbench.map { "\($0.symbol)|\($0.kind)" })
        let appleTypes = Set(line.apple.map(\.symbol).filter { APISurface.components(of: $0).count == 1 })
        let appleNames = Set(line.apple.map { APISurface.Symbol(module: "", path: $0.symbol, kind: $0.kind).name })
        var names = WorkbenchNames()
        // An @_spi(Workbench) symbol is the implementation behind a public one; no learner's file reaches it.
        for symbol in surface.symbols
        where workbenchKeys.contains("\(symbol.path)|\(symbol.kind)") && !umbrella.reaches(symbol) && !symbol.isSPI {
            let name = symbol.name
            guard !name.isEmpty, name.first!.isLetter, !appleNames.contains(name),
                !["init", "deinit", "subscript"].contains(name)
            else { continue }
            if let owner = symbol.owner.map({ APISurface.components(of: $0)[0] }) {
                if appleTypes.contains(owner) { names.members.insert(name) }
            } else {
                names.types.insert(name)
            }
        }
        return names
    }

    /// Each of `names` that `code` (Swift source) uses, outside comments and string literals: a type's name
    /// anywhere but as an argument label, a member's only after a dot.
    static func uses(of names: WorkbenchNames, in code: String) -> Set<String> {
        // A member name the code declares itself (`let sandbox`, `func delivered()`) is the code's own there.
        let declared = Set(
            code.matches(of: /(?:let|var|func|case)\s+([A-Za-z_][A-Za-z0-9_]*)/).map { String($0.output.1) })
        var found: Set<String> = []
        for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
            var text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("//") || text.hasPrefix("*") { continue }
            if let comment = text.range(of: "//") { text = String(text[..<comment.lowerBound]) }
            text = text.replacing(/"[^"]*"/, with: "\"\"")
            let characters = Array(text)
            var index = 0
            while index < characters.count {
                guard characters[index].isLetter || characters[index] == "_" else {
                    index += 1
                    continue
                }
                let start = index
                while index < characters.count,
                    characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
                {
                    index += 1
                }
                let word = String(characters[start..<index])
                let afterDot = start > 0 && characters[start - 1] == "."
                let isLabel = index < characters.count && characters[index] == ":"
                if isLabel { continue }
                if names.types.contains(word) || (afterDot && names.members.contains(word) && !declared.contains(word))
                {
                    found.insert(word)
                }
            }
        }
        return found
    }

    /// The text of a lesson's "On Apple platforms" notes: each block quote or paragraph that starts with them.
    static func applePlatformNotes(in lesson: String) -> String {
        var notes: [String] = []
        var current: [String]?
        for line in lesson.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.contains("On Apple platforms") {
                if let current { notes.append(current.joined(separator: " ")) }
                current = [text]
            } else if current != nil, !text.isEmpty, !text.hasPrefix("```") {
                current?.append(text)
            } else if let finished = current {
                notes.append(finished.joined(separator: " "))
                current = nil
            }
        }
        if let current { notes.append(current.joined(separator: " ")) }
        return notes.joined(separator: "\n")
    }
}

extension APILineCheck {
    /// Reads the public API of the learner-facing modules from the build SwiftPM last planned (their symbol
    /// graphs, extracted with the compiler's `swift-symbolgraph-extract`), compares it with the committed
    /// lists, and reads every section's lesson, starters and references for the workbench's own names.
    ///
    /// - Throws: ``APISurface/Problem`` when the plan or the lists cannot be read; `CoachError.cannotLaunch`
    ///   when the extractor cannot be started.
    static func run(workbench: Workbench) throws -> Report {
        let root = workbench.root
        let folder = workbench.logFolder.appending(path: "symbol-graphs")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let flags = try extractorFlags(planFile: root.appending(path: ".build/debug.yaml"))
        let log = workbench.logFolder.appending(path: "symbol-graphs.log")
        for module in learnerModules {
            let termination = try ChildProcess(
                [
                    "swift-symbolgraph-extract", "-module-name", module, "-output-dir", folder.path,
                    "-minimum-access-level", "public",
                    "-skip-synthesized-members", "-include-spi-symbols",
                ] + flags,
                in: root, logFile: log
            ).run()
            guard termination.succeeded else {
                throw APISurface.Problem(
                    description:
                        "the symbol graph of \(module) could not be extracted (see \(workbench.relativePath(of: log)))")
            }
        }
        let surface = try APISurface.read(fromSymbolGraphsIn: folder)
        let line = try APILine.read(from: root)
        let umbrellaSource =
            (try? String(
                contentsOf: root.appending(path: "Sources/PersistenceCore/PersistenceCore.swift"), encoding: .utf8))
            ?? ""
        var umbrella = Umbrella(source: umbrellaSource)
        umbrella.ownerModules = Dictionary(
            surface.symbols.filter(\.isTopLevel).map { ($0.path, $0.module) }, uniquingKeysWith: { first, _ in first }
        )
        var report = problems(surface: surface, line: line, umbrella: umbrella)
        let names = workbenchOnlyNames(surface: surface, line: line, umbrella: umbrella)
        for section in workbench.course.sections {
            guard let lessonURL = try? workbench.lessonFile(of: section),
                let lesson = try? String(contentsOf: lessonURL, encoding: .utf8)
            else { continue }
            var code = ((try? LessonExample.examples(inLesson: lesson)) ?? []).map(\.code).joined(separator: "\n")
            let targets = [section.target] + section.learnerFiles.map(\.0)
            for track in CourseTrack.allCases {
                for target in Set(targets) {
                    let sources = root.appending(path: track.folder).appending(path: target)
                    for file in SourceFingerprint.files(under: sources) where file.pathExtension == "swift" {
                        code += "\n" + ((try? String(contentsOf: file, encoding: .utf8)) ?? "")
                    }
                }
            }
            let used = uses(of: names, in: code)
            report.uses += used.count
            let notes = applePlatformNotes(in: lesson)
            for name in used.sorted() where !notes.contains(name) {
                report.problems.append(
                    VerificationProblem(
                        "Section \(section.number) lesson",
                        "its lesson, starters or reference use \(name), which only import PersistenceWorkbench reaches, but no "
                            + "\"On Apple platforms\" note of \(section.lesson) names it: say what a device does instead"
                    ))
            }
        }
        return report
    }

    /// The include paths, module maps and target of the plan's compile command for the workbench's own
    /// module, which sees every learner-facing module.
    static func extractorFlags(planFile: URL) throws -> [String] {
        let plan = try SwiftPMBuildPlan.read(from: planFile)
        guard
            let command = plan.commands.first(where: {
                $0.name.hasPrefix("C.PersistenceWorkbench-") && $0.name.hasSuffix(".module")
            })
        else {
            throw APISurface.Problem(
                description: "the build SwiftPM planned last does not compile PersistenceWorkbench")
        }
        var flags: [String] = []
        var index = 0
        let arguments = command.arguments
        while index < arguments.count {
            let argument = arguments[index]
            if ["-I", "-Xcc", "-module-cache-path", "-target"].contains(argument), index + 1 < arguments.count {
                flags += [argument, arguments[index + 1]]
                index += 2
            } else {
                index += 1
            }
        }
        return flags
    }
}
