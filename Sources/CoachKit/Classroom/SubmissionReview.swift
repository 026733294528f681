import Foundation

/// One place in a submission's exercise files that uses something no exercise needs, for the instructor
/// to look at: reading the process's arguments or `/proc`, file descriptors, ending the process, loading
/// or naming symbols, C libraries, raw memory. Such code is how a submission would reach past the checks.
public struct ReviewNote: Codable, Equatable, Sendable, CustomStringConvertible {
    /// The file, relative to the workbench root (`Exercises/Section1Strategy/StorageAdvisor.swift`).
    public var path: String
    /// The line, from 1.
    public var line: Int
    /// What the code does, as a phrase ("reads the process's command line").
    public var concern: String
    /// The code that matched, shortened and without control characters.
    public var excerpt: String

    /// "Exercises/…/StorageAdvisor.swift:12: reads the process's command line (`CommandLine.arguments`)".
    public var description: String { "\(path):\(line): \(concern) (`\(excerpt)`)" }
}

/// Finds what a submission's exercise files use that the course never asks for.
///
/// A rule stays silent for a file whose starter or reference solution matches it too: what the course's
/// own code does is never a concern. Comments are ignored; string literals are not (a path to `/proc` is
/// written in one).
///
/// ```swift
/// let notes = SubmissionReview(workbench: workbench).notes(for: intake)
/// ```
public struct SubmissionReview: Sendable {
    /// The instructor's checkout, whose starters and solutions set what is ordinary.
    public var workbench: Workbench

    /// A review against `workbench`'s starters and solutions.
    public init(workbench: Workbench) {
        self.workbench = workbench
    }

    /// One kind of concern and the code that shows it.
    struct Rule: Sendable {
        var concern: String
        var pattern: String
    }

    /// Modules any exercise file may import.
    static let ordinaryImports: Set<String> = ["Foundation", "FoundationEssentials", "PersistenceCore"]
    /// Modules a learner's own test file may import besides.
    static let testingImports: Set<String> = ["Testing", "XCTest"]

    static let rules: [Rule] = [
        Rule(
            concern: "reads the process's command line",
            pattern: #"\bCommandLine\b|\bprocessInfo\s*\.\s*arguments\b|\bProcessInfo\s*\(\s*\)\s*\.\s*arguments\b"#),
        Rule(
            concern: "reads the process's environment",
            pattern: #"\bprocessInfo\s*\.\s*environment\b|\b(getenv|setenv|unsetenv|environ)\b"#),
        Rule(
            concern: "reads the process's own files in /proc or /dev/fd",
            pattern: #"/proc\b|/dev/fd\b|/dev/std(in|out|err)\b"#),
        Rule(
            concern: "uses file descriptors directly",
            pattern:
                #"\bfileDescriptor\s*:|\bFileHandle\s*\(\s*fileDescriptor|\b(dup|dup2|dup3|fcntl|pipe|pipe2|ftruncate)\s*\(|\bFileHandle\s*\.\s*standard(Input|Output|Error)\b"#
        ),
        Rule(
            concern: "ends or signals the process",
            pattern: #"\b(exit|_exit|_Exit|quick_exit|abort|raise|kill|pthread_exit)\s*\(|\bThread\s*\.\s*exit\b"#),
        Rule(concern: "loads or looks up code at run time", pattern: #"\b(dlopen|dlsym|dlclose|dladdr)\b|\bRTLD_\w+"#),
        Rule(
            concern: "names a symbol to the linker", pattern: #"@_silgen_name|@_cdecl|@_extern|@_section|@_used|@c\b"#),
        Rule(
            concern: "reaches raw memory",
            pattern: #"\bUnsafe(Mutable)?(Raw)?(Buffer)?Pointer\b|\bwithUnsafe\w*|\bunsafeBitCast\b|\bOpaquePointer\b"#),
        Rule(
            concern: "starts other programs",
            pattern: #"\bProcess\s*\(\s*\)|\bposix_spawn\w*|\b(fork|vfork|execv\w*|system|popen)\s*\("#),
        Rule(
            concern: "calls the testing library from the code under test",
            pattern: #"\bTest\s*\.\s*(cancel|current)\b|\bIssue\s*\.\s*record\b|\bwithKnownIssue\b"#),
    ]

    /// The notes on every exercise file `intake` took from the submission, in path and line order.
    public func notes(for intake: SubmissionIntake) -> [ReviewNote] {
        var notes: [ReviewNote] = []
        for section in workbench.course.sections {
            for (target, name) in section.learnerFiles {
                guard let contents = intake.exerciseFiles[target]?[name], let normalized = CoursePath.normalized(name)
                else { continue }
                let isTestFile = section.learnerTests?.target == target
                let path = "\(CourseTrack.exercises.folder)/\(target)/\(normalized)"
                notes += self.notes(
                    on: String(decoding: contents, as: UTF8.self), path: path, target: target, isTestFile: isTestFile)
            }
        }
        return notes.sorted { ($0.path, $0.line) < ($1.path, $1.line) }
    }

    /// The notes on `text`, the learner's copy of `path` in `target`.
    func notes(on text: String, path: String, target: String, isTestFile: Bool) -> [ReviewNote] {
        let relative = String(path.dropFirst(CourseTrack.exercises.folder.count + 1 + target.count + 1))
        let references = CourseTrack.allCases.compactMap { track in
            (try? String(
                contentsOf: workbench.root.appending(path: "\(track.folder)/\(target)/\(relative)"), encoding: .utf8))
                .map(Self.withoutComments)
        }
        let lines = Self.withoutComments(text).split(separator: "\n", omittingEmptySubsequences: false)
        var notes: [ReviewNote] = []
        for rule in Self.rules {
            guard let expression = try? NSRegularExpression(pattern: rule.pattern) else { continue }
            if references.contains(where: { Self.matches(expression, $0) }) { continue }
            for (index, line) in lines.enumerated() {
                guard let match = Self.firstMatch(expression, String(line)) else { continue }
                notes.append(
                    ReviewNote(path: path, line: index + 1, concern: rule.concern, excerpt: Self.excerpt(match)))
            }
        }
        let allowed = Self.ordinaryImports.union(isTestFile ? Self.testingImports : []).union(
            references.flatMap(Self.imports))
        for (index, line) in lines.enumerated() {
            for module in Self.imports(in: String(line)) where !allowed.contains(module) {
                notes.append(
                    ReviewNote(
                        path: path, line: index + 1, concern: "imports \(module), which this exercise never uses",
                        excerpt: Self.excerpt(line.trimmingCharacters(in: .whitespaces))
                    ))
            }
        }
        return notes
    }

    /// The modules `text` imports (`import Glibc`, `@testable import X`, `import struct Glibc.FILE`).
    static func imports(in text: String) -> [String] {
        let expression = try! NSRegularExpression(
            pattern:
                #"(?m)^\s*(?:@\w+\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#
        )
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// `text` with its comments blanked out, line breaks kept so that line numbers stay; string literals
    /// stay as they are.
    static func withoutComments(_ text: String) -> String {
        var result = ""
        var characters = Array(text)[...]
        var inString = false
        var blockDepth = 0
        while let character = characters.popFirst() {
            let next = characters.first
            if blockDepth > 0 {
                if character == "*" && next == "/" {
                    blockDepth -= 1
                    characters.removeFirst()
                } else if character == "/" && next == "*" {
                    blockDepth += 1
                    characters.removeFirst()
                } else if character == "\n" {
                    result.append("\n")
                }
                continue
            }
            if inString {
                result.append(character)
                if character == "\\", let escaped = characters.popFirst() {
                    result.append(escaped)
                } else if character == "\"" || character == "\n" {
                    inString = false
                }
                continue
            }
            if character == "/" && next == "/" {
                while let skipped = characters.first, skipped != "\n" { characters.removeFirst() }
            } else if character == "/" && next == "*" {
                blockDepth = 1
                characters.removeFirst()
            } else {
                if character == "\"" { inString = true }
                result.append(character)
            }
        }
        return result
    }

    private static func matches(_ expression: NSRegularExpression, _ text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    private static func firstMatch(_ expression: NSRegularExpression, _ text: String) -> String? {
        guard let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range, in: text)
        else { return nil }
        return String(text[range])
    }

    private static func excerpt(_ text: some StringProtocol) -> String {
        let visible = text.escapedForTerminal()
        return visible.count > 60 ? String(visible.prefix(59)) + "…" : visible
    }
}
