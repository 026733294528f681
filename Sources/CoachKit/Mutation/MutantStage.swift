import Foundation

/// Lays out a section's mutant schemata in its build folder, `.build/coach/variant-build/<target>/`: the
/// reference solution's files, with each exercise file rewritten by the `mutant-schemata` program so that
/// one build holds every mutant — and every known mistake and alternative solution that differs from the
/// reference only inside bodies — selected at run time.
///
/// Each section always builds from the same folder, refilled with only the files that differ, so every
/// build of the variants uses one SwiftPM plan, and a section whose files did not change is not compiled
/// again.
struct MutantStage {
    let workbench: Workbench
    /// The `mutant-schemata` program.
    let generator: URL

    /// A solution written differently, to switch in beside the mutants: its id (``VariantID``) and the
    /// folder of its complete section (see ``VariantStage``).
    struct Variant: Sendable {
        let id: Int
        let folder: URL
    }

    /// A variant switched into a schema: the lines of its own copies of bodies, and of the switches it is in.
    struct PlacedVariant: Codable, Sendable, Equatable {
        var id: Int
        var file: String
        var caseLines: [ClosedRange<Int>]
        var switchLines: [ClosedRange<Int>]
    }

    /// A variant the generator would not switch in, and why.
    struct RefusedVariant: Codable, Sendable, Equatable {
        var id: Int
        var file: String
        var reason: String
    }

    /// A staged section: its folder (relative to the workbench root), the mutants it holds, and the
    /// variants placed in it or refused.
    struct Staged: Sendable {
        let section: Course.Section
        let folder: String
        let mutants: [MutantRecord]
        var variants: [PlacedVariant] = []
        var refusedVariants: [RefusedVariant] = []
    }

    /// Why a section could not be staged.
    struct StageError: Error, LocalizedError {
        let message: String
        var errorDescription: String? { message }
    }

    /// The file the generator adds to a schema whose switches cannot read the environment themselves
    /// (its `MutantSchemata.switchFileName`; coach does not link the generator's module).
    static let switchFileName = "CoachMutantSwitch.swift"

    /// The folder every build of a section's variants reads it from, relative to the workbench root.
    static func buildFolder(of section: Course.Section) -> String {
        ".build/coach/variant-build/\(section.target)"
    }

    /// Makes the section's build folder hold its reference solution, before SwiftPM reads the manifest
    /// (a target's folder must exist then).
    func prepareFolder(of section: Course.Section) throws {
        try LearnerTestGrader.mirror(
            workbench.sourceFolder(of: section, on: .solutions),
            into: workbench.root.appending(path: Self.buildFolder(of: section)))
    }

    /// Writes the section's schemata into its build folder, leaving out the mutants and variants in
    /// `excluded`.
    ///
    /// - Parameters:
    ///   - folder: Where the section's build reads it from, relative to the root; its variant build folder
    ///     unless given.
    ///   - mutates: Whether to make mutants; without, the schema holds the variants alone.
    func stage(
        _ section: Course.Section, excluding excluded: Set<Int>, variants: [Variant] = [], into folder: String? = nil,
        mutates: Bool = true
    ) throws -> Staged {
        let relative = folder ?? Self.buildFolder(of: section)
        let output = workbench.logFolder.appending(
            path: "variant-schemata/"
                + (folder.map { URL(filePath: $0).lastPathComponent + "-" + section.target } ?? section.target))
        try? FileManager.default.removeItem(at: output)
        let log = workbench.logFolder.appending(path: "mutants-\(section.target).json")
        let exclusions = excluded.isEmpty ? "-" : excluded.sorted().map(String.init).joined(separator: ",")
        let termination = try ChildProcess(
            [generator.path, workbench.sourceFolder(of: section, on: .solutions).path, output.path, "1", exclusions]
                + (mutates ? [] : ["--no-mutants"])
                + variants.flatMap { ["--variant", "\($0.id)=\($0.folder.path)"] }
                + section.exercise.files,
            in: workbench.root, logFile: log
        ).run()
        struct Generated: Decodable {
            var mutants: [MutantRecord]
            var variants: [PlacedVariant]
            var refusedVariants: [RefusedVariant]
        }
        let data = (try? Data(contentsOf: log)) ?? Data()
        guard termination.succeeded, let generated = try? JSONDecoder().decode(Generated.self, from: data) else {
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw StageError(
                message: "the mutant generator failed on Section \(section.number): \(text.escapedForTerminal())")
        }
        // The reference's files, with the rewritten ones (and the switch file, when one needs it) over them:
        // the complete schema, kept in `output` too, from where a section's folder is put back after a variant
        // built apart.
        let wanted = try SourceFingerprint.contents(under: workbench.sourceFolder(of: section, on: .solutions))
            .merging(try SourceFingerprint.contents(under: output)) { _, rewritten in rewritten }
        try WorkCopy.mirror(wanted, into: output)
        try WorkCopy.mirror(wanted, into: workbench.root.appending(path: relative))
        return Staged(
            section: section, folder: relative, mutants: generated.mutants, variants: generated.variants,
            refusedVariants: generated.refusedVariants
        )
    }

    /// The mutants and variants whose copies hold the compiler errors in `errors`, by section target; an
    /// error outside all of them means the schema itself is broken, and is returned apart. An error in a
    /// `switch` a variant takes part in, outside every case's own lines (a body that no longer returns
    /// once switched, say), is charged to the variants of that switch.
    static func culprits(
        of errors: [CompilerDiagnostic],
        in staged: [Staged]
    ) -> (mutants: [String: Set<Int>], unexplained: [CompilerDiagnostic]) {
        var culprits: [String: Set<Int>] = [:]
        var unexplained: [CompilerDiagnostic] = []
        for error in errors {
            guard let stage = staged.first(where: { error.path.hasPrefix($0.folder + "/") }) else {
                unexplained.append(error)
                continue
            }
            let file = String(error.path.dropFirst(stage.folder.count + 1))
            if let mutant = stage.mutants.first(where: { $0.file == file && $0.schemataLines.contains(error.line) }) {
                culprits[stage.section.target, default: []].insert(mutant.id)
            } else if let variant = stage.variants.first(where: {
                $0.file == file && $0.caseLines.contains { $0.contains(error.line) }
            }) {
                culprits[stage.section.target, default: []].insert(variant.id)
            } else {
                let inSwitch = stage.variants.filter {
                    $0.file == file && $0.switchLines.contains { $0.contains(error.line) }
                }
                if inSwitch.isEmpty {
                    unexplained.append(error)
                } else {
                    culprits[stage.section.target, default: []].formUnion(inSwitch.map(\.id))
                }
            }
        }
        return (culprits, unexplained)
    }
}
