import ArgumentParser
import CoachKit
import Foundation
import Synchronization

struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Regrade a section every time one of its files is saved.",
        discussion: """
            Without a number, watches the first section that is not complete. Press Enter to regrade at \
            once (useful where file events do not arrive), h and Enter for the next hint, q and Enter to stop.
            """
    )

    @Argument(help: "The section's number.")
    var section: Int?

    @OptionGroup var timeLimit: TimeLimitOptions
    @OptionGroup var options: CommonOptions

    func run() throws {
        let session = try Session.open()
        let section = try session.sectionOrNext(self.section)
        let workbench = session.workbench
        let style = options.style
        let watcher = FileWatcher(folders: [workbench.sourceFolder(of: section, on: session.track)])
        // q+Enter stops at once, whatever runs: a build or the checks are stopped with everything they started.
        let input = KeyboardInput { line in
            guard ["q", "quit"].contains(line.trimmingCharacters(in: .whitespaces).lowercased()) else { return }
            ChildProcessSupervision.stopEverythingAndExit(status: 0)
        }
        input.start()

        session.say(
            style.bold("Watching Section \(section.number)")
                + " · \(section.title.escapedForTerminal()) — save a file to regrade; Enter regrades now, h+Enter shows a hint, q+Enter stops."
        )
        var shouldGrade = true
        while true {
            let baseline = watcher.snapshot()
            if shouldGrade {
                session.say()
                session.say("Checking Section \(section.number)…")
                let grade = try session.grader(timeLimit: timeLimit.limit).grade([section], on: session.track)[0]
                for line in CheckReport(grade: grade, timeLimit: timeLimit.limit).renderCompact(style: style) {
                    session.say(line)
                }
            }
            let changed = watcher.waitForChange(since: baseline) { input.hasPendingLine }
            if changed {
                shouldGrade = true
                continue
            }
            switch input.takeLine()?.trimmingCharacters(in: .whitespaces).lowercased() {
            case "h", "hint":
                let store = ProgressStore(workbench: workbench)
                var progress = store.load()
                if let hint = HintBook(section: section).next(recordingIn: &progress) {
                    try store.save(progress)
                    session.say(
                        style.bold("Hint \(hint.level) of \(section.hints.count)")
                            + ": \(hint.text.escapedForTerminal(keepingLineBreaks: true))")
                }
                shouldGrade = false
            default:
                shouldGrade = true
            }
        }
    }
}

/// Lines typed at the terminal, read on a background thread so watching and typing go on together.
///
/// Reads standard input with `read(2)`, never through stdio: `readLine()` holds standard input's stream
/// lock while it waits for a key, and any other stdio call that takes every stream's lock (`fflush(nil)`,
/// `exit`'s final flush) would then wait for the next key press.
final class KeyboardInput: Sendable {
    private let lines = Mutex<[String]>([])
    private let onLine: @Sendable (String) -> Void

    /// Input that also hands each line to `onLine` on the reading thread as soon as it is typed, before
    /// it is queued.
    init(onLine: @escaping @Sendable (String) -> Void = { _ in }) {
        self.onLine = onLine
    }

    func start() {
        Thread.detachNewThread { [self] in
            var pending: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 256)
            while true {
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                pending.append(contentsOf: buffer[0..<count])
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[..<newline], as: UTF8.self)
                    pending.removeSubrange(...newline)
                    onLine(line)
                    lines.withLock { $0.append(line) }
                }
            }
        }
    }

    var hasPendingLine: Bool { lines.withLock { !$0.isEmpty } }

    func takeLine() -> String? {
        lines.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}
