import Foundation

/// Times class grading on a made-up class: submissions generated from the reference solutions, the known
/// mistakes, the starters, files that do not compile and code that hangs, graded at several `--jobs`.
///
/// The kinds take turns, one submission each: every section correct; one section a known mistake (each
/// section and mistake in turn); the first sections done and the rest still the starter; one section
/// that does not compile; and one section whose code never returns (the diffs in
/// `course/grading/benchmark/hanging/<target>/`, applied to the reference solution).
public struct GradingBenchmark: Sendable {
    /// The instructor's checkout.
    public var workbench: Workbench
    /// How many submissions to generate.
    public var count: Int

    /// A benchmark of `count` submissions of `workbench`'s course.
    public init(workbench: Workbench, count: Int) {
        self.workbench = workbench
        self.count = count
    }

    /// Where the generated submissions are written.
    public var folder: URL { workbench.root.appending(path: ".build/coach/grading/benchmark") }
    /// The folder of hanging variants: `<target>/<File>.diff` against the reference solution.
    var hangingFolder: URL { workbench.root.appending(path: "course/grading/benchmark/hanging") }

    /// The kind of each generated submission, in order.
    public enum Kind: String, CaseIterable, Sendable {
        case correct, mistake, partial, broken, hanging
    }

    /// Writes the submissions (each a folder holding `Exercises/<target>/…`) and returns them.
    ///
    /// - Throws: `GradingBenchmark.Failure` when a fixture cannot be staged or applied.
    public func generate() throws -> [Submission] {
        let files = FileManager.default
        let root = folder.appending(path: "submissions")
        try? files.removeItem(at: root)
        let sections = workbench.course.sections
        let mistakes = sections.flatMap { section in section.mistakes.map { (section, $0) } }
        let hanging = try hangingVariants()
        var submissions: [Submission] = []
        for index in 0..<count {
            let kind = Kind.allCases[index % Kind.allCases.count]
            let turn = index / Kind.allCases.count
            var contents: [String: [String: Data]] = [:]
            for section in sections {
                contents[section.target] = try exerciseFiles(
                    of: section, from: workbench.sourceFolder(of: section, on: .solutions))
            }
            switch kind {
            case .correct:
                break
            case .mistake:
                guard !mistakes.isEmpty else { break }
                let (section, mistake) = mistakes[(turn * 7) % mistakes.count]
                let staged = try VariantStage(workbench: workbench).stage(mistake, of: section)
                contents[section.target] = try exerciseFiles(of: section, from: workbench.root.appending(path: staged))
            case .partial:
                let done = 1 + turn % max(1, sections.count - 1)
                for section in sections.dropFirst(done) {
                    contents[section.target] = try exerciseFiles(
                        of: section, from: workbench.sourceFolder(of: section, on: .exercises))
                }
            case .broken:
                let section = sections[turn % sections.count]
                if let name = section.exercise.files.first {
                    contents[section.target]?[name]?.append(Data("\nthis line does not compile\n".utf8))
                }
            case .hanging:
                guard !hanging.isEmpty else { break }
                let (section, name, data) = hanging[turn % hanging.count]
                contents[section.target]?[name] = data
            }
            let name = String(format: "%02d-%@", index + 1, kind.rawValue)
            for (target, byName) in contents {
                for (file, data) in byName {
                    let url = root.appending(path: "\(name)/\(CourseTrack.exercises.folder)/\(target)/\(file)")
                    try files.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try data.write(to: url)
                }
            }
            submissions.append(Submission(learner: name, source: root.appending(path: name).path))
        }
        return submissions
    }

    /// The exercise files of `section` in `folder`.
    private func exerciseFiles(of section: Course.Section, from folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in section.exercise.files {
            files[name] = try Data(contentsOf: folder.appending(path: name))
        }
        return files
    }

    /// Each hanging variant: its section, the exercise file it replaces, and that file's contents.
    private func hangingVariants() throws -> [(Course.Section, String, Data)] {
        var variants: [(Course.Section, String, Data)] = []
        for section in workbench.course.sections {
            let folder = hangingFolder.appending(path: section.target)
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
            where name.hasSuffix(".diff") {
                let file = String(name.dropLast(".diff".count))
                let original = try String(
                    contentsOf: workbench.sourceFolder(of: section, on: .solutions).appending(path: file),
                    encoding: .utf8)
                do {
                    let patched = try UnifiedDiff(String(contentsOf: folder.appending(path: name), encoding: .utf8))
                        .applied(to: original)
                    variants.append((section, file, Data(patched.utf8)))
                } catch let problem as UnifiedDiff.Problem {
                    throw Failure(
                        description:
                            "\(workbench.relativePath(of: folder.appending(path: name))) does not apply to the solution: \(problem) — while generating the benchmark's hanging submissions. Regenerate it with `diff -u`."
                    )
                }
            }
        }
        return variants
    }

    /// Why the benchmark could not generate its submissions.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed, why, and how to fix it.
        public var description: String
    }
}
