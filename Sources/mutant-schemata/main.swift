// Rewrites a section's exercise files as mutant schemata for `coach mutate`, and prints the mutants as
// JSON. coach runs it as a separate program so that coach itself never links swift-syntax.
//
//   mutant-schemata <source folder> <output folder> <first id> <excluded ids, comma-separated or -> <file>…
import Foundation
import MutantSchemata

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 5, let firstID = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: mutant-schemata <source folder> <output folder> <first id> <excluded ids|-> <file>…\n".utf8))
    exit(64)
}
let source = URL(filePath: arguments[0], directoryHint: .isDirectory)
let output = URL(filePath: arguments[1], directoryHint: .isDirectory)
let excluded = Set(arguments[3].split(separator: ",").compactMap { Int($0) })
var nextID = firstID
var mutants: [Mutant] = []
do {
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    for file in arguments[4...] {
        let text = try String(contentsOf: source.appending(path: file), encoding: .utf8)
        let schema = MutantSchemata.make(file: file, source: text, firstID: nextID, excluding: excluded)
        try schema.source.write(to: output.appending(path: file), atomically: true, encoding: .utf8)
        mutants += schema.mutants
        nextID = schema.nextID
    }
    try MutantSchemata.switchFileSource.write(to: output.appending(path: MutantSchemata.switchFileName), atomically: true, encoding: .utf8)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    FileHandle.standardOutput.write(try encoder.encode(mutants))
} catch {
    FileHandle.standardError.write(Data("mutant-schemata: \(error)\n".utf8))
    exit(1)
}
