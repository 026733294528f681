import Foundation

/// Colours and symbols for coach's output: colour only on a terminal, never with `NO_COLOR` or `--no-color`.
public struct TerminalStyle: Sendable {
    /// Whether ANSI colour codes are written.
    public var usesColor: Bool

    /// A style that writes colour only when `usesColor` is true.
    public init(usesColor: Bool) {
        self.usesColor = usesColor
    }

    /// The style for standard output: colour when it is a terminal, `NO_COLOR` is unset and the user did not opt out.
    public static func forStandardOutput(
        noColorFlag: Bool, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> TerminalStyle {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return TerminalStyle(usesColor: !noColorFlag && !noColor && isatty(STDOUT_FILENO) == 1)
    }

    /// Text in green.
    public func success(_ text: String) -> String { paint(text, code: "32") }
    /// Text in red.
    public func failure(_ text: String) -> String { paint(text, code: "31") }
    /// Text in yellow.
    public func warning(_ text: String) -> String { paint(text, code: "33") }
    /// Dimmed text.
    public func dim(_ text: String) -> String { paint(text, code: "2") }
    /// Bold text.
    public func bold(_ text: String) -> String { paint(text, code: "1") }

    private func paint(_ text: String, code: String) -> String {
        usesColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// A bar of `width` cells, filled in proportion to `done` out of `total`.
    public func progressBar(done: Int, total: Int, width: Int = 20) -> String {
        let filled = total == 0 ? 0 : min(width, done * width / total)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        return done == total && total > 0 ? success(bar) : bar
    }

    /// A percentage, rounded down, such as "40%".
    public func percent(done: Int, total: Int) -> String {
        total == 0 ? "0%" : "\(done * 100 / total)%"
    }
}
