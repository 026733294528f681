import Foundation

/// Lays out a section's mutant schemata under `.build/coach/mutants/<target>/`: the reference solution's
/// files, with each exercise file rewritten by the `mutant-schemata` program so that one build holds
/// every mutant, selected at run time.
struct MutantStage {
    let workbench: Workbench
    /// The `mutant-schemata` program.
    let generator: URL

    /// A staged section: its folder (relative to the workbench root) and the mutants it holds.
    struct Staged {
        let section: Course.Section
        let folder: String
        let mutants: [MutantRecord]
    }

    /// Why a section could not be staged.
    struct StageError: Error, LocalizedError {
        let message: String
        var errorDescription: String? { message }
    }

    /// Copies the section's solution to its staging folder and rewrites its exercise files, leaving out
    /// the mutants in `excluded`.
    func stage(_ section: Course.Section, excluding excluded: Set<Int>) throws -> Staged {
        let files = FileManager.default
        let relative = ".build/coach/mutants/\(section.target)"
        let folder = workbench.root.appending(path: relative)
        try? files.removeItem(at: folder)
        try files.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try files.copyItem(at: workbench.sourceFolder(of: section, on: .solutions), to: folder)

        let log = workbench.logFolder.appending(path: "mutants-\(section.target).json")
        let exclusions = excluded.isEmpty ? "-" : excluded.sorted().map(String.init).joined(separator: ",")
        let termination = try ChildProcess(
            [generator.path, workbench.sourceFolder(of: section, on: .solutions).path, folder.path, "1", exclusions]
                + section.exercise.files,
            in: workbench.root, logFile: log
        ).run()
        let output = (try? Data(contentsOf: log)) ?? Data()
        guard termination.succeeded, let mutants = try? JSONDecoder().decode([MutantRecord].self, from: output) else {
            let text = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw StageError(message: "the mutant generator failed on Section \(section.number): \(text.escapedForTerminal())")
        }
        return Staged(section: section, folder: relative, mutants: mutants)
    }

    /// The mutants whose copies hold the compiler errors in `errors`, by section target; an error outside
    /// every mutant's copy means the schema itself is broken, and is returned apart.
    static func culprits(
        of errors: [CompilerDiagnostic],
        in staged: [Staged]
    ) -> (mutants: [String: Set<Int>], unexplained: [CompilerDiagnostic]) {
        var mutants: [String: Set<Int>] = [:]
        var unexplained: [CompilerDiagnostic] = []
        for error in errors {
            let match = staged.lazy.compactMap { stage -> (String, Int)? in
                guard error.path.hasPrefix(stage.folder + "/") else { return nil }
                let file = String(error.path.dropFirst(stage.folder.count + 1))
                guard let mutant = stage.mutants.first(where: { $0.file == file && $0.schemataLines.contains(error.line) }) else {
                    return nil
                }
                return (stage.section.target, mutant.id)
            }.first
            if let (target, id) = match {
                mutants[target, default: []].insert(id)
            } else {
                unexplained.append(error)
            }
        }
        return (mutants, unexplained)
    }
}
