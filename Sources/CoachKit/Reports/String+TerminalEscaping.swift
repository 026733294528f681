extension StringProtocol {
    /// The text with every control character shown as visible text, so text coach did not write (a
    /// test's output, names from course.json) cannot move the cursor, recolour or clear the terminal.
    ///
    /// C0 controls are shown in caret notation (`ESC` as `^[`, a carriage return as `^M`), `DEL` as `^?`,
    /// and C1 controls (such as the one-character CSI, U+009B) as `\u{9B}`. Tabs stay, and so do line
    /// feeds when `keepingLineBreaks` is set (for multi-line text such as a lesson).
    ///
    /// ```swift
    /// "red \u{1B}[31mtext".escapedForTerminal()   // "red ^[[31mtext"
    /// ```
    public func escapedForTerminal(keepingLineBreaks: Bool = false) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x09:
                escaped.append(scalar)
            case 0x0A where keepingLineBreaks:
                escaped.append(scalar)
            case 0x00...0x1F:
                escaped.append("^")
                escaped.append(Unicode.Scalar(UInt8(scalar.value + 0x40)))
            case 0x7F:
                escaped.append(contentsOf: "^?".unicodeScalars)
            case 0x80...0x9F:
                escaped.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            default:
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}
