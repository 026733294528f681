import Foundation

/// A solution that differs from the reference: a known mistake, which some check must reject, or an
/// alternative solution, which every check must accept. Its fixtures live in
/// `course/<mistakes|alternatives>/<target>/<id>/`.
struct SolutionVariant {
    /// Which kind, named as its folder is.
    enum Kind: String {
        case mistake = "mistakes"
        case alternative = "alternatives"

        /// How messages name one.
        var noun: String { self == .mistake ? "known mistake" : "alternative solution" }
    }

    let kind: Kind
    let id: String

    static func mistake(_ mistake: Course.KnownMistake) -> SolutionVariant {
        SolutionVariant(kind: .mistake, id: mistake.id)
    }
    static func alternative(_ alternative: Course.Alternative) -> SolutionVariant {
        SolutionVariant(kind: .alternative, id: alternative.id)
    }
}

/// Lays out a solution variant as a complete section folder under `.build/coach/<kind>/`: the reference
/// solution's files, with each of the variant's fixtures applied. A fixture named `<File>.diff` is a
/// unified diff (`diff -u`) against the solution's `<File>`; any other fixture replaces the file of its name.
struct VariantStage {
    let workbench: Workbench

    /// Why a fixture cannot be applied.
    struct StageError: Error, LocalizedError {
        let message: String
        var errorDescription: String? { message }
    }

    /// Stages a known mistake; see ``stage(_:of:)-(SolutionVariant,_)``.
    func stage(_ mistake: Course.KnownMistake, of section: Course.Section) throws -> String {
        try stage(.mistake(mistake), of: section)
    }

    /// Creates (or recreates) the staged folder and returns its path relative to the workbench root.
    func stage(_ variant: SolutionVariant, of section: Course.Section) throws -> String {
        // The folder below is deleted and refilled: an id that is not one plain name could point it anywhere.
        guard CoursePath.isPlainName(variant.id, allowingDots: true) else {
            throw StageError(
                message: "the \(variant.kind.noun) id \"\(variant.id.escapedForTerminal())\" is not a plain folder name"
            )
        }
        let relative = ".build/coach/\(variant.kind.rawValue)/\(section.target)/\(variant.id)"
        try stage(variant, of: section, in: workbench.root.appending(path: relative))
        return relative
    }

    /// Creates (or recreates) `folder` holding the variant's complete section folder.
    func stage(_ variant: SolutionVariant, of section: Course.Section, in folder: URL) throws {
        guard CoursePath.isPlainName(variant.id, allowingDots: true) else {
            throw StageError(
                message: "the \(variant.kind.noun) id \"\(variant.id.escapedForTerminal())\" is not a plain folder name"
            )
        }
        let files = FileManager.default
        try? files.removeItem(at: folder)
        try files.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try files.copyItem(at: workbench.sourceFolder(of: section, on: .solutions), to: folder)
        let fixtures = workbench.fixtureFolder(of: variant, in: section)
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
            throw StageError(
                message: "\(fixturePath) does not apply to \(solutionPath): \(problem). "
                    + "Edit a copy of the solution file and regenerate it with `diff -u \(solutionPath) <copy> > \(fixturePath)`"
            )
        }
    }
}

extension VariantStage {
    /// Whether the variant staged in `folder` has the reference's files with only exercise files changed,
    /// which the `mutant-schemata` program can switch in at run time (it then decides body by body).
    static func isSwitchable(_ folder: URL, for section: Course.Section, workbench: Workbench) -> Bool {
        let reference = workbench.sourceFolder(of: section, on: .solutions)
        let names = { (root: URL) in
            Set(SourceFingerprint.files(under: root).map { String($0.path.dropFirst(root.path.count + 1)) })
        }
        let theirs = names(folder)
        guard theirs == names(reference) else { return false }
        return theirs.allSatisfy { name in
            section.exercise.files.contains(name)
                || (try? Data(contentsOf: folder.appending(path: name)))
                    == (try? Data(contentsOf: reference.appending(path: name)))
        }
    }
}
