import Foundation

/// The version of each source file the test program was last built from, kept in
/// `.build/coach/built-sources` by path relative to the package root: what a new edit is compared with
/// (``ImporterReach``).
struct BuiltSources {
    /// The package's root folder.
    var root: URL

    var folder: URL { root.appending(path: ".build/coach/built-sources") }

    /// The kept version of the file at `path` (relative to the root), if there is one.
    func contents(of path: String) -> String? {
        try? String(contentsOf: folder.appending(path: path), encoding: .utf8)
    }

    /// Keeps `contents` as the version of `path` built last.
    func keep(_ contents: String, of path: String) {
        let file = folder.appending(path: path)
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(contents.utf8).write(to: file, options: .atomic)
    }

    /// Keeps the Swift files among `files` (relative paths with the stamps a build read before it started)
    /// whose stamps are still those: a file saved again during the build may not be what it compiled.
    func keepBuilt(_ files: [String: DirectRebuild.Stamp], where include: (String) -> Bool) {
        for (path, stamp) in files where path.hasSuffix(".swift") && include(path) {
            let fullPath = root.appending(path: path).path
            guard let contents = try? String(contentsOfFile: fullPath, encoding: .utf8),
                DirectRebuild.Stamp(path: fullPath) == stamp
            else {
                try? FileManager.default.removeItem(at: folder.appending(path: path))
                continue
            }
            keep(contents, of: path)
        }
    }

    /// Forgets every kept version.
    func forgetAll() {
        try? FileManager.default.removeItem(at: folder)
    }
}

/// Whether the modules that import a module must compile again after an edit of its sources changed its
/// interface file, judged from the edit's declarations and the importers' own sources.
///
/// The swift driver recompiles every file of an importer that uses anything declared in an edited file's
/// top level, so a learner's new helper function or constant recompiled a section's whole hidden suite.
/// An importer compiles differently only where it can see a change: when the edit keeps what decides
/// layouts, dispatch tables and name resolution (``SwiftDeclarationOutline``'s shape) and changes only
/// declarations the importer never spells, the importer's objects are what compiling it again would give.
/// Macros expanded in an importer are taken to spell only names its source spells.
struct ImporterReach {
    /// The package's root folder, resolved as the plan names it.
    var packageRoot: URL
    var builtSources: BuiltSources
    /// The package's files with the stamps read before the rebuild (relative paths).
    var stamps: [String: DirectRebuild.Stamp]

    /// The path of `path` (absolute, as the plan names it) relative to the package root, if inside it.
    func relativePath(_ path: String) -> String? {
        let prefix = packageRoot.path.hasSuffix("/") ? packageRoot.path : packageRoot.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    /// Whether no importer can compile differently after the edit of `edited`, files of the module whose
    /// sources are `moduleSources`, when the importers' sources are `importerSources` (all absolute paths).
    func leavesImportersAsCompiled(moduleSources: [String], edited: [String], importerSources: [String]) -> Bool {
        guard !edited.isEmpty else { return false }
        var changedNames: Set<String> = []
        var editedOutlines: [String: SwiftDeclarationOutline] = [:]
        for path in edited {
            guard let relative = relativePath(path), let earlier = builtSources.contents(of: relative),
                let now = try? String(contentsOfFile: path, encoding: .utf8),
                DirectRebuild.Stamp(path: path) == stamps[relative]
            else { return false }
            let outline = SwiftDeclarationOutline(now)
            guard let names = outline.changedNames(since: SwiftDeclarationOutline(earlier)) else { return false }
            changedNames.formUnion(names)
            editedOutlines[path] = outline
        }
        if changedNames.isEmpty { return true }
        // A name another file's shape spells (a stored property's type, an inferred initializer) decides
        // more than its own declaration.
        for path in moduleSources where editedOutlines[path] == nil {
            guard let source = try? String(contentsOfFile: path, encoding: .utf8) else { return false }
            if !changedNames.isDisjoint(with: SwiftDeclarationOutline(source).shapeWords) { return false }
        }
        for path in importerSources {
            guard let source = try? String(contentsOfFile: path, encoding: .utf8) else { return false }
            if !changedNames.isDisjoint(with: SwiftTokens.wordRuns(in: source)) { return false }
        }
        return true
    }
}
