import Foundation
import Synchronization

/// Where the wall-clock time of one grading goes, phase by phase: what `coach check --timings` prints, so
/// the edit→grade loop can be watched as the course grows.
///
/// The build's phases are cut where SwiftPM's log shows them: its "Building for …" line ends "SwiftPM
/// start and planning", and the link steps after the last compile step are "linking". The test program's start ends when its
/// first result is written.
public final class GradingTimeline: Sendable {
    /// One measured stretch of time.
    public struct Phase: Sendable, Equatable {
        /// What ran, such as "linking".
        public var name: String
        /// How long it ran.
        public var seconds: Double

        /// A phase called `name` that lasted `seconds`.
        public init(name: String, seconds: Double) {
            self.name = name
            self.seconds = seconds
        }
    }

    private let state = Mutex<(phases: [Phase], context: String?, commands: [String])>(([], nil, []))

    /// An empty timeline.
    public init() {}

    /// Every phase recorded, in order.
    public var phases: [Phase] { state.withLock { $0.phases } }

    /// What each build step run without SwiftPM was, in the order they finished: a module's name, or
    /// "link" (SwiftPM's own builds are not listed).
    public var commands: [String] { state.withLock { $0.commands } }

    /// Notes that the build step `name` ran.
    func noteCommand(_ name: String) {
        state.withLock { $0.commands.append(name) }
    }

    /// The phases with the same name added up, in the order each name first appears.
    public var totals: [Phase] {
        var order: [String] = []
        var seconds: [String: Double] = [:]
        for phase in phases {
            if seconds[phase.name] == nil { order.append(phase.name) }
            seconds[phase.name, default: 0] += phase.seconds
        }
        return order.map { Phase(name: $0, seconds: seconds[$0] ?? 0) }
    }

    /// Records `duration` spent in `name`, prefixed by the context set with ``during(_:_:)`` if any.
    public func record(_ name: String, _ duration: Duration) {
        state.withLock { state in
            let full = state.context.map { "\($0): \(name)" } ?? name
            state.phases.append(Phase(name: full, seconds: duration.seconds))
        }
    }

    /// Records the stretch from `start` to `end`, skipping one of no length (a phase the log never showed).
    func record(_ name: String, from start: ContinuousClock.Instant, to end: ContinuousClock.Instant) {
        if end > start { record(name, end - start) }
    }

    /// Runs `body`, naming every phase it records after `context` ("learner tests: linking").
    public func during<Result>(_ context: String, _ body: () throws -> Result) rethrows -> Result {
        let outer = state.withLock { state in
            defer { state.context = context }
            return state.context
        }
        defer { state.withLock { $0.context = outer } }
        return try body()
    }
}

/// Notes, while SwiftPM builds, when its log shows the end of planning and the end of the last compile step.
///
/// SwiftPM prints a step's line when the step has finished: planning ends with its "Building for …" line
/// (after the plugins are compiled), and the link steps run from the line before them to theirs.
final class BuildPhaseWatch: ChildProcessWatchdog {
    private struct Marks {
        var tail = LogTail()
        var planned: ContinuousClock.Instant?
        var lastCompile: ContinuousClock.Instant?
        var linkedSinceCompile = false
    }

    private let log: URL
    private let inner: (any ChildProcessWatchdog)?
    private let state = Mutex(Marks())

    /// Watches `log`; `inner` still decides when to stop the command.
    init(log: URL, inner: (any ChildProcessWatchdog)?) {
        self.log = log
        self.inner = inner
    }

    /// When the log last showed planning (SwiftPM's start, the build plan and its plugins), if it did.
    var planned: ContinuousClock.Instant? { state.withLock { $0.planned } }
    /// When the last step other than a link finished, provided link steps followed it.
    var compiled: ContinuousClock.Instant? { state.withLock { $0.linkedSinceCompile ? $0.lastCompile : nil } }

    func shouldStop(at now: ContinuousClock.Instant) -> Bool {
        read(at: now)
        return inner?.shouldStop(at: now) ?? false
    }

    /// Reads what the log gained since the last call, noting the lines seen at `now`.
    func read(at now: ContinuousClock.Instant) {
        state.withLock { state in
            for line in state.tail.newLines(of: log) {
                switch BuildProgress.parse(line: line) {
                case .planning:
                    state.planned = now
                case .building(_, _, let step) where step.hasPrefix("Linking"):
                    state.linkedSinceCompile = true
                case .building(_, _, let step) where !step.hasPrefix("Compiling plugin"):
                    state.lastCompile = now
                    state.linkedSinceCompile = false
                default:
                    break
                }
            }
        }
    }
}

/// Notes when a file first exists with something in it: the moment a test program wrote its first result.
final class FirstOutputWatch: ChildProcessWatchdog {
    private let file: URL
    private let inner: any ChildProcessWatchdog
    private let seen = Mutex<ContinuousClock.Instant?>(nil)

    /// Watches `file`; `inner` still decides when to stop the command.
    init(file: URL, inner: any ChildProcessWatchdog) {
        self.file = file
        self.inner = inner
    }

    /// When the file first had content, if it did.
    var firstOutput: ContinuousClock.Instant? { seen.withLock { $0 } }

    func shouldStop(at now: ContinuousClock.Instant) -> Bool {
        if seen.withLock({ $0 == nil }),
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber,
            size.intValue > 0
        {
            seen.withLock { $0 = now }
        }
        return inner.shouldStop(at: now)
    }
}
