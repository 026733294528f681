/// Text from the store made safe to print: a title or tag name holding escape sequences or other control
/// characters must not move the cursor, recolour or clear the terminal.
enum TerminalText {
    /// `text` with every control character shown as an escape (`\e`, `\u{7}`), line breaks and tabs
    /// included; for one-line fields such as a title or a tag name.
    static func line(_ text: String) -> String {
        escaping(text, keeping: [])
    }

    /// `text` with control characters escaped except line breaks and tabs; for a note's content.
    static func block(_ text: String) -> String {
        escaping(text, keeping: ["\n", "\t"])
    }

    private static func escaping(_ text: String, keeping kept: Set<Unicode.Scalar>) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            let isControl = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            if !isControl || kept.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else if scalar == "\u{1B}" {
                result += "\\e"
            } else if scalar == "\n" {
                result += "\\n"
            } else if scalar == "\t" {
                result += "\\t"
            } else {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return result
    }
}
