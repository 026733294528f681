import Foundation
import SwiftDiagnostics
@_spi(FixItApplier) import SwiftIDEUtils
import SwiftOperators
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

// Expands macros in a source text as the compiler would and compares three views of the result with the
// expected text: the source annotated with the diagnostics, the source with every fix-it applied, and
// the expansion (of the fixed source when there are fix-its). Runs on the same swift-syntax the macros
// are built on.

/// The macros a suite's `assertMacro` calls expand, set with the `.macros(_:)` trait.
enum ExpandedMacros {
    @TaskLocal static var current: [String: MacroSpec] = [:]
}

/// A suite trait naming the macros its tests expand, by the attribute name written in the source.
struct MacrosTrait: SuiteTrait, TestScoping {
    let macros: [String: MacroSpec]

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await ExpandedMacros.$current.withValue(macros) { try await function() }
    }
}

extension Trait where Self == MacrosTrait {
    /// Expands these macros, each given as its implementation's type.
    static func macros(_ macros: [String: any Macro.Type]) -> MacrosTrait {
        MacrosTrait(macros: macros.mapValues { MacroSpec(type: $0) })
    }

    /// Expands these macros, each with the conformances the compiler would ask of it.
    static func macros(_ macros: [String: MacroSpec]) -> MacrosTrait {
        MacrosTrait(macros: macros)
    }
}

/// Expands the suite's macros in `source` and checks the diagnostics, the fixed source and the expansion
/// against the expected texts given. A view without an expected text must be empty: diagnostics that
/// appear unexpectedly, or an expansion that is not asked for while the source has no errors, fail.
func assertMacro(
    _ source: () -> String,
    diagnostics expectedDiagnostics: (() -> String)? = nil,
    fixes expectedFixes: (() -> String)? = nil,
    expansion expectedExpansion: (() -> String)? = nil,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let macros = ExpandedMacros.current
    #expect(!macros.isEmpty, "assertMacro needs the suite's .macros([...]) trait", sourceLocation: sourceLocation)
    let original = parsed(source())
    let indentation = indentationWidth(of: original)

    let context = BasicMacroExpansionContext(
        sourceFiles: [original: .init(moduleName: "TestModule", fullFilePath: "Test.swift")]
    )
    var expanded = original.expand(
        macroSpecs: macros,
        contextGenerator: {
            BasicMacroExpansionContext(sharingWith: context, lexicalContext: $0.allMacroLexicalContexts())
        },
        indentationWidth: indentation
    )
    var diagnostics = ParseDiagnosticsGenerator.diagnostics(for: original) + context.diagnostics

    let annotated = diagnostics.isEmpty ? nil : annotatedSource(original, diagnostics: diagnostics, context: context)
    compare(annotated, with: expectedDiagnostics?(), view: "diagnostics", sourceLocation: sourceLocation)

    if !diagnostics.isEmpty && diagnostics.allSatisfy({ !$0.fixIts.isEmpty }) {
        let edits = context.diagnostics.flatMap(\.fixIts).flatMap(\.changes).map { $0.edit(in: context) }
        let fixed = parsed(FixItApplier.apply(edits: edits, to: original))
        compare(
            fixed.description.trimmingCharacters(in: .newlines), with: expectedFixes?(), view: "fixes",
            sourceLocation: sourceLocation)

        let fixedContext = BasicMacroExpansionContext(
            sourceFiles: [fixed: .init(moduleName: "TestModule", fullFilePath: "Test.swift")]
        )
        expanded = fixed.expand(
            macroSpecs: macros, contextGenerator: { _ in fixedContext }, indentationWidth: indentation)
        diagnostics = fixedContext.diagnostics
    } else {
        compare(nil, with: expectedFixes?(), view: "fixes", sourceLocation: sourceLocation)
    }

    let expansion =
        diagnostics.contains { $0.diagMessage.severity == .error }
        ? nil : expanded.description.trimmingCharacters(in: .newlines)
    compare(expansion, with: expectedExpansion?(), view: "expansion", sourceLocation: sourceLocation)
}

private func parsed(_ source: String) -> SourceFileSyntax {
    let tree = Parser.parse(source: source)
    return (try? OperatorTable.standardOperators.foldAll(tree).as(SourceFileSyntax.self)) ?? tree
}

/// The indentation of the source's first indented line, or four spaces.
private func indentationWidth(of tree: SourceFileSyntax) -> Trivia {
    let lines = SourceLocationConverter(fileName: "-", tree: tree).sourceLines
    let indented = lines.first { $0.first?.isWhitespace == true && $0 != "\n" }
    return Trivia(stringLiteral: String(indented?.prefix { $0.isWhitespace } ?? "    "))
}

private func compare(_ actual: String?, with expected: String?, view: String, sourceLocation: Testing.SourceLocation) {
    switch (actual, expected) {
    case (nil, nil):
        return
    case (let actual?, nil):
        Issue.record("Unexpected \(view):\n\(actual)", sourceLocation: sourceLocation)
    case (nil, let expected?):
        Issue.record("Expected \(view), found none. Expected:\n\(expected)", sourceLocation: sourceLocation)
    case (let actual?, let expected?):
        #expect(actual == expected, "\(view) differ. Found:\n\(actual)", sourceLocation: sourceLocation)
    }
}

/// The source with each diagnostic drawn under its line: `┬───` under the highlighted text, then
/// `╰─ 🛑 message` (`├─` when more follow on the line) and `✏️ fix-it` for each of its fix-its.
private func annotatedSource(
    _ tree: SourceFileSyntax, diagnostics: [Diagnostic], context: BasicMacroExpansionContext
) -> String {
    struct Placed {
        let column: Int
        let lastColumn: Int
        let diagnostic: Diagnostic
    }
    var byLine: [Int: [Placed]] = [:]
    for diagnostic in diagnostics {
        let start = context.location(for: diagnostic.position, anchoredAt: diagnostic.node, fileName: "")
        let highlights = diagnostic.highlights.isEmpty ? [diagnostic.node] : diagnostic.highlights
        let lastColumn =
            highlights.compactMap { highlight -> Int? in
                let end = context.location(
                    for: highlight.endPositionBeforeTrailingTrivia, anchoredAt: diagnostic.node, fileName: ""
                )
                return end.line == start.line ? end.column - 1 : nil
            }.max() ?? start.column
        byLine[start.line, default: []].append(
            Placed(column: start.column, lastColumn: max(lastColumn, start.column), diagnostic: diagnostic))
    }

    var output: [String] = []
    let lines = tree.description.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
        output.append(String(line))
        guard let placed = byLine[index + 1]?.sorted(by: { $0.column < $1.column }) else { continue }
        let first = placed[0]
        output.append(
            String(repeating: " ", count: first.column - 1) + "┬"
                + String(repeating: "─", count: first.lastColumn - first.column))
        for (number, entry) in placed.enumerated() {
            let indent = String(repeating: " ", count: entry.column - 1)
            let branch = number == placed.count - 1 ? "╰─" : "├─"
            output.append(
                indent + branch + " " + symbol(of: entry.diagnostic.diagMessage.severity) + " "
                    + entry.diagnostic.message)
            for fixIt in entry.diagnostic.fixIts {
                output.append(indent + "   ✏️ " + fixIt.message.message)
            }
        }
    }
    return output.joined(separator: "\n").trimmingCharacters(in: .newlines)
}

private func symbol(of severity: DiagnosticSeverity) -> String {
    switch severity {
    case .error: "🛑"
    case .warning: "⚠️"
    case .note: "ℹ️"
    case .remark: "✏️"
    @unknown default: "?"
    }
}

extension FixIt.Change {
    /// The edit of the original source this change makes: its nodes are the expansion context's copies.
    fileprivate func edit(in context: BasicMacroExpansionContext) -> SourceEdit {
        func position(_ position: AbsolutePosition, of node: some SyntaxProtocol) -> AbsolutePosition {
            AbsolutePosition(utf8Offset: context.location(for: position, anchoredAt: Syntax(node), fileName: "").offset)
        }
        switch self {
        case .replace(let oldNode, let newNode):
            return SourceEdit(
                range: position(oldNode.position, of: oldNode)..<position(oldNode.endPosition, of: oldNode),
                replacement: newNode.description)
        case .replaceLeadingTrivia(let token, let newTrivia):
            return SourceEdit(
                range: position(
                    token.position, of: token)..<position(token.positionAfterSkippingLeadingTrivia, of: token),
                replacement: newTrivia.description
            )
        case .replaceTrailingTrivia(let token, let newTrivia):
            return SourceEdit(
                range: position(
                    token.endPositionBeforeTrailingTrivia, of: token)..<position(token.endPosition, of: token),
                replacement: newTrivia.description
            )
        case .replaceChild(let data):
            let range = data.replacementRange
            return SourceEdit(
                range: position(range.lowerBound, of: data.parent)..<position(range.upperBound, of: data.parent),
                replacement: data.newChild.description
            )
        case .replaceText(let range, let text, let node):
            return SourceEdit(
                range: position(range.lowerBound, of: node)..<position(range.upperBound, of: node), replacement: text)
        @unknown default:
            Issue.record("a fix-it makes a change this helper cannot apply: \(self)")
            return SourceEdit(range: AbsolutePosition(utf8Offset: 0)..<AbsolutePosition(utf8Offset: 0), replacement: "")
        }
    }
}
