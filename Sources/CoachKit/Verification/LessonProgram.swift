import Foundation

/// Lesson blocks joined into one Swift program: an executable target of its own in a scratch folder.
///
/// Each block keeps its place in the lesson through `#sourceLocation`, so the compiler reports an error
/// at `course/…/lesson.md:<line>`. The blocks' `import` lines are gathered at the top of the program.
struct LessonProgram: Equatable, Sendable {
    /// The executable target's name, such as `LessonExamples05` or `LessonExamples05Fails2`.
    var target: String
    /// The section whose lesson the blocks come from.
    var sectionNumber: Int
    /// The lesson file, absolute.
    var lesson: URL
    /// The blocks, in lesson order.
    var blocks: [LessonExample]
    /// Whether `coach verify` runs the program once it is built.
    var runs: Bool
    /// The block that must not compile, placed last, or `nil` for a program that must build.
    var failingBlock: LessonExample?

    /// The program's `main.swift`.
    var source: String {
        var imports = ["PersistenceCore"]
        var bodies: [String] = []
        for block in blocks + (failingBlock.map { [$0] } ?? []) {
            let lines = block.code.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
                guard let module = Self.importedModule(in: String(line)) else { return String(line) }
                if !imports.contains(module) { imports.append(module) }
                return ""
            }
            let located =
                "#sourceLocation(file: \"\(lesson.path)\", line: \(block.firstLine))\n" + lines.joined(separator: "\n")
            bodies.append(block.kind == .ownScope ? "do {\n\(located)\n#sourceLocation()\n}" : located)
        }
        return imports.map { "import \($0)\n" }.joined() + "\n" + bodies.joined(separator: "\n")
            + "\n#sourceLocation()\n"
    }

    /// The module a line such as `import PersistenceCore` imports, or `nil` for any other line.
    static func importedModule(in line: String) -> String? {
        let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
        guard words.count == 2, words[0] == "import" else { return nil }
        return String(words[1])
    }

    /// The programs a lesson's blocks make: one of every block that belongs to the lesson, one of each block
    /// on its own, and one of each block that must not compile (the lesson's blocks, then it).
    static func programs(of examples: [LessonExample], section: Int, lesson: URL) -> (
        build: [LessonProgram], mustFail: [LessonProgram]
    ) {
        let number = section < 10 ? "0\(section)" : "\(section)"
        let shared = examples.filter {
            if case .onItsOwn = $0.kind { return false }
            if case .doesNotCompile = $0.kind { return false }
            return true
        }
        let stops = shared.contains { if case .stopsTheRun = $0.kind { true } else { false } }
        var build: [LessonProgram] = []
        var mustFail: [LessonProgram] = []
        if !shared.isEmpty {
            build.append(
                LessonProgram(
                    target: "LessonExamples\(number)", sectionNumber: section, lesson: lesson, blocks: shared,
                    runs: !stops))
        }
        for (index, example) in examples.enumerated() {
            switch example.kind {
            case .partOfLesson, .ownScope, .stopsTheRun:
                continue
            case .onItsOwn(let runs):
                build.append(
                    LessonProgram(
                        target: "LessonExamples\(number)Block\(index + 1)", sectionNumber: section, lesson: lesson,
                        blocks: [example], runs: runs
                    ))
            case .doesNotCompile:
                mustFail.append(
                    LessonProgram(
                        target: "LessonExamples\(number)Fails\(index + 1)", sectionNumber: section, lesson: lesson,
                        blocks: shared, runs: false, failingBlock: example
                    ))
            }
        }
        return (build, mustFail)
    }

    /// Writes each program as `<folder>/<target>/main.swift`, replacing what the folder held.
    static func stage(_ programs: [LessonProgram], in folder: URL) throws {
        let files = FileManager.default
        try? files.removeItem(at: folder)
        try files.createDirectory(at: folder, withIntermediateDirectories: true)
        for program in programs {
            let targetFolder = folder.appending(path: program.target, directoryHint: .isDirectory)
            try files.createDirectory(at: targetFolder, withIntermediateDirectories: true)
            try Data(program.source.utf8).write(to: targetFolder.appending(path: "main.swift"))
        }
    }
}
