import Foundation

/// Whether a variant built apart probably changes what its section's module declares to the suite that
/// imports it — a stored property made transient, a method added or removed, a default argument — or only
/// what a declaration does (a delete rule, an attribute's option, a unique key), judged from its files alone.
///
/// Verify builds such variants one after another from SwiftPM's plan, and a suite compiles again only
/// when its section's interface changes (``KeptModuleInterface``): each reshaping variant costs two suite
/// compiles (its own and the next variant's, back to the reference's shape), so those go last. Only the
/// order depends on the guess; every variant is built and graded as it is.
enum InterfaceReshaping {
    /// The words that begin a declaration an importer compiles against.
    private static var declaration: Regex<AnyRegexOutput> {
        try! Regex(
            #"\b(func|init|subscript|var|let|case|class|struct|enum|protocol|typealias|actor|override|deinit)\b"#)
    }
    /// Attributes and macros that leave a declaration's shape as it is: what it stores and how, not that
    /// it is stored. The model macros read them in the module itself; its interface file is the same.
    private static var shapeKeepingAttribute: Regex<AnyRegexOutput> {
        try! Regex(
            #"@(Attribute|Relationship)(\((?:[^()]|\([^()]*\))*\))?|#(Unique|Index)<[^<>]*>\((?:[^()]|\([^()]*\))*\)"#)
    }

    /// Whether the files of `variant` probably declare otherwise than `reference`'s, file by file (by name):
    /// once attributes that keep a declaration's shape are set aside, their declarations differ
    /// (``SwiftDeclarationOutline``, which leaves bodies out). A file the outline cannot read counts by its
    /// lines: one that one version has and the other lacks declares something or marks a property
    /// `@Transient`.
    static func isLikely(reference: [String: String], variant: [String: String]) -> Bool {
        let attribute = shapeKeepingAttribute
        for name in Set(reference.keys).union(variant.keys) {
            guard let before = reference[name], let after = variant[name] else { return true }
            let earlier = SwiftDeclarationOutline(before.replacing(attribute, with: ""))
            let later = SwiftDeclarationOutline(after.replacing(attribute, with: ""))
            if earlier.isReadable && later.isReadable {
                if earlier != later { return true }
            } else if linesDeclareOtherwise(before, after) {
                return true
            }
        }
        return false
    }

    /// Whether a line that one text has and the other lacks, once shape-keeping attributes are set aside,
    /// declares something or marks a property `@Transient` (a body on its declaration's line counts too).
    private static func linesDeclareOtherwise(_ before: String, _ after: String) -> Bool {
        let declaration = declaration
        var counts: [String: Int] = [:]
        for line in normalizedLines(before) { counts[line, default: 0] += 1 }
        for line in normalizedLines(after) { counts[line, default: 0] -= 1 }
        return counts.contains { line, count in
            count != 0 && (line.contains("@Transient") || line.contains(declaration))
        }
    }

    /// Whether the section folder at `folder` probably declares otherwise than the reference at `reference`
    /// (``isLikely(reference:variant:)``), reading the Swift files of both.
    static func isLikely(reference: URL, variant folder: URL) -> Bool {
        isLikely(reference: swiftFiles(in: reference), variant: swiftFiles(in: folder))
    }

    private static func swiftFiles(in folder: URL) -> [String: String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var files: [String: String] = [:]
        for name in names where name.hasSuffix(".swift") {
            files[name] = try? String(contentsOf: folder.appending(path: name), encoding: .utf8)
        }
        return files
    }

    /// The file's lines, trimmed, without comments, blank lines and shape-keeping attributes.
    private static func normalizedLines(_ text: String) -> [String] {
        let shapeKeepingAttribute = shapeKeepingAttribute
        return text.split(separator: "\n").compactMap { line in
            let kept = String(line).replacing(shapeKeepingAttribute, with: "").trimmingCharacters(in: .whitespaces)
            return kept.isEmpty || kept.hasPrefix("//") ? nil : kept
        }
    }
}
