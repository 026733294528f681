extension StringProtocol {
    /// The text as HTML that shows exactly this text: control characters written out visibly (as
    /// ``escapedForTerminal(keepingLineBreaks:)`` does, line feeds kept), then `&`, `<`, `>` and `"` as
    /// entities, so it is safe in an element's content and in a double-quoted attribute. It works on
    /// Unicode scalars, not characters: a quote followed by a combining mark is one `Character` to Swift
    /// but still a quote to an HTML parser.
    ///
    /// ```swift
    /// "<script>alert(1)</script>".htmlEscaped   // "&lt;script&gt;alert(1)&lt;/script&gt;"
    /// ```
    public var htmlEscaped: String {
        var escaped = String.UnicodeScalarView()
        for scalar in escapedForTerminal(keepingLineBreaks: true).unicodeScalars {
            switch scalar {
            case "&": escaped.append(contentsOf: "&amp;".unicodeScalars)
            case "<": escaped.append(contentsOf: "&lt;".unicodeScalars)
            case ">": escaped.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": escaped.append(contentsOf: "&quot;".unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}
