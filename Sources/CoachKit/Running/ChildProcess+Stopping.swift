import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One command a ``ChildProcess`` started and has not finished with.
struct RunningChild: Hashable, Sendable {
    /// The command's process.
    let pid: pid_t
    /// `COACH_CHILD_RUN=<unique id>`: in the command's environment, and so in every process it starts;
    /// `nil` for a command found by parent links alone (a build).
    let marker: String?
}

// Stopping a run: the one place that decides which processes belong to a run and ends them.
//
// A process belongs to a run when it descends, by parent links, from the run's command or from a process
// whose environment holds the run's marker. Both are needed: a test can leave its process group and
// session (`setsid`), and its parent can exit so it is re-parented elsewhere, but it keeps its marker;
// or it can start a program with an empty environment, but that program stays its child. What escapes
// both (an orphan that also cleared its environment) is re-parented to coach itself once coach is a
// child subreaper (``ChildProcessSupervision``), and coach then owns it.
extension ChildProcess {
    /// The variable that marks every process of one run.
    static let markerVariable = "COACH_CHILD_RUN"

    /// Stops `run`'s command and every process of the run, then reaps those left to coach.
    ///
    /// - Parameters:
    ///   - commandReaped: Whether the command's own process has exited and been waited for; its pid may
    ///     then belong to an unrelated process and is left alone.
    ///   - gracePeriod: How long the command has to end after `SIGTERM` (SwiftPM then cancels the
    ///     compilers it started) before everything is killed.
    static func stop(_ run: RunningChild, commandReaped: Bool, gracePeriod: Duration = .zero) {
        if !commandReaped && gracePeriod > .zero {
            kill(run.pid, SIGTERM)
            let deadline = ContinuousClock.now + gracePeriod
            while isRunning(run.pid), ContinuousClock.now < deadline { usleep(20_000) }
        }
        killRepeatedly { table in
            let roots =
                (commandReaped ? [] : [run.pid])
                + table.entries.keys.filter {
                    guard let marker = run.marker else { return false }
                    return $0 != getpid() && ProcessTable.environment(of: $0, contains: marker)
                } + adoptedOrphans(in: table, of: run)
            return table.descendants(including: roots)
        }
        // Without `/proc` (macOS) the process group is the most that can be found.
        if !commandReaped { kill(-run.pid, SIGKILL) }
    }

    /// Kills every descendant of coach; used as coach exits, when none of them can still be needed.
    static func stopAllDescendants() {
        killRepeatedly { table in table.descendants(including: table.children(of: getpid())) }
    }

    /// Kills whatever `members` picks from fresh snapshots of the processes until it picks none still
    /// running.
    ///
    /// Every member is first stopped (`SIGSTOP`), snapshot after snapshot until no new one appears, and
    /// only then killed: a stopped process cannot fork, and a living parent keeps its children's links, so
    /// the tree stays whole while it is walked. Killing a parent first would hand its children to `init`,
    /// out of the walk's reach.
    private static func killRepeatedly(_ members: (ProcessTable) -> Set<pid_t>) {
        let protected: Set<pid_t> = [getpid(), getppid()]
        func living(in table: ProcessTable) -> Set<pid_t> {
            members(table).subtracting(protected).filter { table.entries[$0]?.isDead == false }
        }
        for _ in 0..<100 {
            var stopped: Set<pid_t> = []
            for _ in 0..<100 {
                let fresh = living(in: ProcessTable.current()).subtracting(stopped)
                if fresh.isEmpty { break }
                for pid in fresh { kill(pid, SIGSTOP) }
                stopped.formUnion(fresh)
            }
            for pid in stopped { kill(pid, SIGKILL) }
            usleep(5_000)
            let table = ProcessTable.current()
            reapOrphans(in: table)
            if living(in: table).isEmpty { return }
        }
    }

    /// The processes coach adopted as a subreaper that belong to `run`: any child coach did not start
    /// itself, unless it carries another live run's marker.
    private static func adoptedOrphans(in table: ProcessTable, of run: RunningChild) -> [pid_t] {
        guard ChildProcessRegistry.supervises.load(ordering: .relaxed) else { return [] }
        let live = ChildProcessRegistry.shared.liveRuns()
        let commands = Set(live.map(\.pid))
        let otherMarkers = live.compactMap(\.marker).filter { $0 != run.marker }
        return table.children(of: getpid()).filter { pid in
            !commands.contains(pid) && !otherMarkers.contains { ProcessTable.environment(of: pid, contains: $0) }
        }
    }

    /// Waits for the dead processes coach adopted, so none lingers as a zombie.
    ///
    /// Each is waited for by its pid, never with `waitpid(-1, …)`: in a program that embeds CoachKit, a
    /// child started elsewhere (say with Foundation's `Process`) must keep its exit status for its owner.
    private static func reapOrphans(in table: ProcessTable) {
        guard ChildProcessRegistry.supervises.load(ordering: .relaxed) else { return }
        let commands = Set(ChildProcessRegistry.shared.liveRuns().map(\.pid))
        for pid in table.children(of: getpid()) where table.entries[pid]?.isDead == true && !commands.contains(pid) {
            var status: Int32 = 0
            _ = waitpid(pid, &status, WNOHANG)
        }
    }

    /// Whether `pid` has not yet exited (a zombie has).
    private static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = ProcessTable.readFile("/proc/\(pid)/stat") else { return kill(pid, 0) == 0 }
        return ProcessTable.entry(pid: pid, stat: String(decoding: stat, as: UTF8.self))?.isDead == false
    }
}

/// The commands coach is running, so that an interrupt stops them and a sweep leaves them alone.
final class ChildProcessRegistry: Sendable {
    static let shared = ChildProcessRegistry()

    /// Whether coach is a child subreaper, so every child it did not start itself is an orphan of a run.
    static let supervises = Atomic<Bool>(false)

    private struct State {
        var runs: Set<RunningChild> = []
        var isStopping = false
    }

    private let state = Mutex(State())

    /// Starts a command with `spawn` and records it, under one lock so that no sweep sees it unrecorded;
    /// once coach is stopping after an interrupt, never returns.
    ///
    /// - Throws: What `spawn` throws.
    func start(marker: String?, _ spawn: () throws -> pid_t) throws -> RunningChild {
        while true {
            waitForExitIfStopping()
            let run = try state.withLock { state -> RunningChild? in
                guard !state.isStopping else { return nil }
                let run = RunningChild(pid: try spawn(), marker: marker)
                state.runs.insert(run)
                return run
            }
            if let run { return run }
        }
    }

    /// Forgets `run` once its command has been waited for.
    func finish(_ run: RunningChild) {
        _ = state.withLock { $0.runs.remove(run) }
    }

    /// The commands running now.
    func liveRuns() -> Set<RunningChild> {
        state.withLock { $0.runs }
    }

    /// Never returns once coach is stopping after an interrupt: a command that the interrupt ended must not
    /// be reported as failed (a "does not compile" for a cancelled build) while coach exits.
    func waitForExitIfStopping() {
        while state.withLock({ $0.isStopping }) { sleep(60) }
    }

    /// Refuses new commands and stops every running one with everything it started; called when coach
    /// itself is interrupted.
    func stopAll() {
        let runs = state.withLock { state in
            state.isStopping = true
            return state.runs
        }
        for run in runs { ChildProcess.stop(run, commandReaped: false, gracePeriod: .seconds(1)) }
        if Self.supervises.load(ordering: .relaxed) { ChildProcess.stopAllDescendants() }
    }
}

/// Makes coach answer for every process its runs start: none outlives coach, whatever its process group
/// or session.
///
/// Call it once, early, in the `coach` program only: it makes the whole process a child subreaper and
/// treats each child it did not start through ``ChildProcess`` as an orphan of a run, which a program
/// with other children of its own (a test runner) cannot promise.
public enum ChildProcessSupervision {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// Becomes a child subreaper, stops every run on Ctrl-C, `kill` or a closed terminal, and kills
    /// every remaining descendant at exit; later calls do nothing.
    public static func install() {
        guard
            ChildProcessRegistry.supervises.compareExchange(expected: false, desired: true, ordering: .relaxed)
                .exchanged
        else { return }
        becomeChildSubreaper()
        atexit { ChildProcess.stopAllDescendants() }
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { stopEverythingAndExit(status: 128 + signalNumber) }
            source.resume()
            sources.append(source)
        }
    }

    /// Stops every running command with everything it started, then ends coach with `status`; any thread
    /// may call it (a key press read on a background thread while a build runs on the main one).
    public static func stopEverythingAndExit(status: Int32) -> Never {
        ChildProcessRegistry.shared.stopAll()
        exit(status)
    }

    /// Makes orphans among coach's descendants re-parented to coach, not to `init`, so they stay within
    /// reach of the parent-link walk.
    private static func becomeChildSubreaper() {
        _ = prctl(36 /* PR_SET_CHILD_SUBREAPER */, 1)
    }

    /// Calls Linux's `prctl(2)`. Swift does not import C functions with variable arguments, so it is
    /// called through its address with the integer arguments Linux reads; elsewhere it does nothing.
    private static func prctl(_ option: Int32, _ argument: UInt) -> Int32 {
        #if os(Linux)
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard let program = dlopen(nil, RTLD_NOW), let address = dlsym(program, "prctl") else { return -1 }
        return unsafeBitCast(address, to: Prctl.self)(option, argument, 0, 0, 0)
        #else
        return -1
        #endif
    }
}
