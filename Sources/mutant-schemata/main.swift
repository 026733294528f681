// Rewrites a section's exercise files as mutant schemata for `coach mutate` and `coach verify`, and prints
// what it made as JSON. coach runs it as a separate program so that coach itself never links swift-syntax.
//
//   mutant-schemata <source folder> <output folder> <first id> <excluded ids, comma-separated or -> \
//       [--no-mutants] [--variant <id>=<folder>]… <file>…
//
// Each `--variant` names another complete version of the section (a known mistake or an alternative
// solution) whose files are switched in beside the mutants where they differ only inside bodies.
import Foundation
import MutantSchemata

/// What the program prints: the mutants, the variants placed, and those refused with why.
struct Output: Encodable {
    var mutants: [Mutant] = []
    var variants: [MutantSchemata.PlacedVariant] = []
    var refusedVariants: [MutantSchemata.RefusedVariant] = []
}

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("mutant-schemata: \(message)\n".utf8))
    exit(status)
}

var arguments = Array(CommandLine.arguments.dropFirst())
let usage =
    "usage: mutant-schemata <source folder> <output folder> <first id> <excluded ids|-> [--no-mutants] [--variant <id>=<folder>]… <file>…"
guard arguments.count >= 5, let firstID = Int(arguments[2]) else { fail(usage, status: 64) }
let source = URL(filePath: arguments[0], directoryHint: .isDirectory)
let output = URL(filePath: arguments[1], directoryHint: .isDirectory)
let excluded = Set(arguments[3].split(separator: ",").compactMap { Int($0) })
arguments.removeFirst(4)
let mutates = arguments.first != "--no-mutants"
if !mutates { arguments.removeFirst() }
var variantFolders: [(id: Int, folder: URL)] = []
while arguments.first == "--variant" {
    guard arguments.count >= 2 else { fail(usage, status: 64) }
    let parts = arguments[1].split(separator: "=", maxSplits: 1)
    guard parts.count == 2, let id = Int(parts[0]) else {
        fail("--variant takes <id>=<folder>, not '\(arguments[1])'", status: 64)
    }
    variantFolders.append((id, URL(filePath: String(parts[1]), directoryHint: .isDirectory)))
    arguments.removeFirst(2)
}
guard !arguments.isEmpty else { fail(usage, status: 64) }

/// Each file's reference text and the variants whose copy of it differs.
@MainActor func filesAndVariants() throws -> [(file: String, text: String, variants: [MutantSchemata.Variant])] {
    try arguments.map { file in
        let text = try String(contentsOf: source.appending(path: file), encoding: .utf8)
        let variants = try variantFolders.compactMap { id, folder -> MutantSchemata.Variant? in
            let theirs = try String(contentsOf: folder.appending(path: file), encoding: .utf8)
            return theirs == text ? nil : MutantSchemata.Variant(id: id, source: theirs)
        }
        return (file, text, variants)
    }
}

var nextID = firstID
var result = Output()
var needsSwitchFile = false
do {
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    let inputs = try filesAndVariants()
    // A variant refused in one file is refused in all: it is built on its own, so none of its bodies is
    // switched in anywhere.
    for (file, text, variants) in inputs {
        result.refusedVariants +=
            MutantSchemata.make(
                file: file, source: text, firstID: 1, excluding: excluded, variants: variants, mutates: false
            ).refusedVariants
    }
    let refused = Set(result.refusedVariants.map(\.id))
    for (file, text, variants) in inputs {
        let schema = MutantSchemata.make(
            file: file, source: text, firstID: nextID, excluding: excluded,
            variants: variants.filter { !refused.contains($0.id) },
            mutates: mutates
        )
        try schema.source.write(to: output.appending(path: file), atomically: true, encoding: .utf8)
        result.mutants += schema.mutants
        result.variants += schema.variants
        nextID = schema.nextID
        needsSwitchFile = needsSwitchFile || schema.needsSwitchFile
    }
    if needsSwitchFile {
        try MutantSchemata.switchFileSource.write(
            to: output.appending(path: MutantSchemata.switchFileName), atomically: true, encoding: .utf8)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    FileHandle.standardOutput.write(try encoder.encode(result))
} catch {
    fail("\(error)", status: 1)
}
