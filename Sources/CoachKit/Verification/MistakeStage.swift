import Foundation

/// Lays out a known mistake as a complete section folder: the reference solution's files with the
/// mistake's files put in their place, under `.build/coach/mistakes/`.
struct MistakeStage {
    let workbench: Workbench

    /// Creates (or recreates) the staged folder and returns its path relative to the workbench root.
    func stage(_ mistake: Course.KnownMistake, of section: Course.Section) throws -> String {
        let files = FileManager.default
        let relative = ".build/coach/mistakes/\(section.target)/\(mistake.id)"
        let folder = workbench.root.appending(path: relative)
        try? files.removeItem(at: folder)
        try files.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try files.copyItem(at: workbench.sourceFolder(of: section, on: .solutions), to: folder)
        let fixtures = workbench.fixtureFolder(of: mistake, in: section)
        for name in try files.contentsOfDirectory(atPath: fixtures.path) {
            let target = folder.appending(path: name)
            try? files.removeItem(at: target)
            try files.copyItem(at: fixtures.appending(path: name), to: target)
        }
        return relative
    }
}
