/// One `path:line:column: error: message` line from the compiler.
public struct CompilerDiagnostic: Codable, Equatable, Sendable, CustomStringConvertible {
    /// The source file, absolute as the compiler printed it or relative to the workbench root.
    public var path: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int
    /// The compiler's message.
    public var message: String

    /// The diagnostic in the form editors and terminals link: `path:line:column: error: message`.
    public var description: String { "\(path):\(line):\(column): error: \(message)" }

    /// Every distinct error line in a build log, in order.
    public static func errors(in log: String) -> [CompilerDiagnostic] {
        var seen: Set<String> = []
        var errors: [CompilerDiagnostic] = []
        for line in log.split(whereSeparator: \.isNewline) {
            guard let diagnostic = CompilerDiagnostic(errorLine: String(line)),
                seen.insert(diagnostic.description).inserted
            else { continue }
            errors.append(diagnostic)
        }
        return errors
    }

    /// Parses `path:line:column: error: message`; `nil` for any other line.
    init?(errorLine: String) {
        guard let marker = errorLine.range(of: ": error: ") else { return nil }
        let location = errorLine[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
        guard location.count >= 3,
            let column = Int(location[location.count - 1]),
            let line = Int(location[location.count - 2])
        else { return nil }
        let path = location.dropLast(2).joined(separator: ":")
        guard !path.isEmpty, !path.contains(" ") || path.hasPrefix("/") else { return nil }
        self.init(path: path, line: line, column: column, message: String(errorLine[marker.upperBound...]))
    }

    /// Creates a diagnostic.
    public init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// The same diagnostic with its path relative to the workbench root.
    public func relative(to workbench: Workbench) -> CompilerDiagnostic {
        var copy = self
        copy.path = workbench.relativePath(path)
        return copy
    }
}
