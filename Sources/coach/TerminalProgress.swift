import CoachKit
import Foundation
import Synchronization

/// A progress line on the terminal, rewritten in place and cleared before any other output; it writes
/// nothing at all when standard output is not a terminal, so piped and logged output stays the same.
final class TerminalProgress: Sendable {
    /// Whether the line is shown: standard output is a terminal.
    let isEnabled: Bool
    private let style: TerminalStyle
    private let state = Mutex<(shown: Bool, lastDrawn: ContinuousClock.Instant?)>((false, nil))

    /// A progress line drawn in `style` when standard output is a terminal.
    init(style: TerminalStyle, enabled: Bool = isatty(STDOUT_FILENO) == 1) {
        self.isEnabled = enabled
        self.style = style
    }

    /// The terminal's width, or 100 when it cannot be told.
    private var width: Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 10 else { return 100 }
        return Int(size.ws_col) - 1
    }

    /// Shows `progress`, at most ten times a second.
    func show(_ progress: BuildProgress, prefix: String = "") {
        show(text: prefix + ProgressLine.text(for: progress, style: style, width: max(20, width - prefix.count)))
    }

    /// Shows `text` as the progress line.
    func show(text: String) {
        guard isEnabled else { return }
        state.withLock { state in
            let now = ContinuousClock.now
            if let last = state.lastDrawn, now - last < .milliseconds(100) { return }
            state.lastDrawn = now
            state.shown = true
            StandardOutput.write("\r\u{1B}[2K" + text)
        }
    }

    /// Removes the progress line, so the next output starts on a clean line.
    func clear() {
        guard isEnabled else { return }
        state.withLock { state in
            guard state.shown else { return }
            state.shown = false
            state.lastDrawn = nil
            StandardOutput.write("\r\u{1B}[2K")
        }
    }

    /// Prints `line` above the progress line.
    func say(_ line: String) {
        state.withLock { state in
            if isEnabled && state.shown {
                StandardOutput.write("\r\u{1B}[2K")
                state.shown = false
                state.lastDrawn = nil
            }
            StandardOutput.write(line + "\n")
        }
    }
}
