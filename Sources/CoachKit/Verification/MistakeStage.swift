import Foundation

/// Lays out a known mistake as a complete section folder under `.build/coach/mistakes/`: the reference
/// solution's files, with each of the mistake's fixtures applied. A fixture named `<File>.diff` is a
/// unified diff (`diff -u`) against the solution's `<File>`; any other fixture replaces the file of its name.
struct MistakeStage {
    let workbench: Workbench

    /// Why a fixture cannot be applied.
    struct StageError: Error, LocalizedError {
        let message: String
        var errorDescription: String? { message }
    }

    /// Creates (or recreates) the staged folder and returns its path relative to the workbench root.
    func stage(_ mistake: Course.KnownMistake, of section: Course.Section) throws -> String {
        // The folder below is deleted and refilled: an id that is not one plain name could point it anywhere.
        guard CoursePath.isPlainName(mistake.id, allowingDots: true) else {
            throw StageError(message: "the known mistake id \"\(mistake.id.escapedForTerminal())\" is not a plain folder name")
        }
        let files = FileManager.default
        let relative = ".build/coach/mistakes/\(section.target)/\(mistake.id)"
        let folder = workbench.root.appending(path: relative)
        try? files.removeItem(at: folder)
        try files.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try files.copyItem(at: workbench.sourceFolder(of: section, on: .solutions), to: folder)
        let fixtures = workbench.fixtureFolder(of: mistake, in: section)
        for name in try files.contentsOfDirectory(atPath: fixtures.path).sorted() {
            let fixture = fixtures.appending(path: name)
            if name.hasSuffix(".diff") {
                let target = folder.appending(path: String(name.dropLast(".diff".count)))
                try patchedContents(of: target, applying: fixture, section: section).write(to: target)
            } else {
                let target = folder.appending(path: name)
                try? files.removeItem(at: target)
                try files.copyItem(at: fixture, to: target)
            }
        }
        return relative
    }

    /// The contents of `target` with the diff at `fixture` applied.
    private func patchedContents(of target: URL, applying fixture: URL, section: Course.Section) throws -> Data {
        let fixturePath = workbench.relativePath(of: fixture)
        let solutionPath = "\(CourseTrack.solutions.folder)/\(section.target)/\(target.lastPathComponent)"
        guard let original = try? String(contentsOf: target, encoding: .utf8) else {
            throw StageError(message: "\(fixturePath) patches \(solutionPath), which does not exist")
        }
        do {
            let diff = try UnifiedDiff(String(contentsOf: fixture, encoding: .utf8))
            return Data(try diff.applied(to: original).utf8)
        } catch let problem as UnifiedDiff.Problem {
            throw StageError(message: "\(fixturePath) does not apply to \(solutionPath): \(problem). "
                + "Edit a copy of the solution file and regenerate it with `diff -u \(solutionPath) <copy> > \(fixturePath)`")
        }
    }
}
