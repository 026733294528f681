import Foundation

/// The lines `coach check --timings` prints: each phase of the grading with its seconds, what coach
/// itself spent between them, and the total.
public struct TimingReport: Equatable, Sendable {
    /// The phases measured, in order, each with its total time.
    public var phases: [GradingTimeline.Phase]
    /// How long coach's process ran before the command began (loading, reading its arguments), if known.
    public var startup: Duration?
    /// How long the command ran, from its start to its report.
    public var whole: Duration

    /// A report of `phases` within a command that ran for `whole` after a process `startup`.
    public init(phases: [GradingTimeline.Phase], startup: Duration?, whole: Duration) {
        self.phases = phases
        self.startup = startup
        self.whole = whole
    }

    /// A heading, one line per phase, coach's own share, and the total, with aligned seconds.
    public var lines: [String] {
        let measured = phases.reduce(0) { $0 + $1.seconds }
        var rows = startup.map { [("coach starting", $0.seconds)] } ?? []
        rows += phases.map { ($0.name, $0.seconds) }
        rows.append(("coach itself (course, progress file, report)", max(0, whole.seconds - measured)))
        let total = rows.reduce(0) { $0 + $1.1 }
        rows.append(("total", total))
        let width = rows.map(\.0.count).max() ?? 0
        let heading = "Where the time went (wall clock; `swift run` adds its own check that coach is built):"
        return [heading]
            + rows.map { name, seconds in
                "  " + name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                    + String(format: "%6.2f s", seconds)
            }
    }
}

/// How long ago this process started, read from Linux's `/proc`.
public enum ProcessStart {
    /// The time since this process started, or `nil` where `/proc` does not say (macOS).
    ///
    /// `/proc/self/stat`'s 22nd field is the start in clock ticks after boot; `/proc/uptime` is the time
    /// since boot in seconds.
    public static func age() -> Duration? {
        guard let stat = ProcessTable.readFile("/proc/self/stat"), let uptime = ProcessTable.readFile("/proc/uptime")
        else { return nil }
        let text = String(decoding: stat, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        // After the command: state is field 3, so the start time (field 22) is the 20th from here.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]),
            let since = Double(String(decoding: uptime, as: UTF8.self).split(separator: " ").first ?? "")
        else { return nil }
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard ticksPerSecond > 0 else { return nil }
        return .milliseconds(Int64(max(0, since - ticks / ticksPerSecond) * 1000))
    }
}
