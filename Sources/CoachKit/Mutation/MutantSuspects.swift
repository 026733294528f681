import Synchronization

/// The checks that killed a section's mutants so far, so that each next mutant runs first against the
/// checks that killed its neighbours: one check in a test process of its own answers in tens of
/// milliseconds, where a large suite runs for half a second before its first failure.
///
/// A suspect only speeds a kill up. A mutant that every suspect lets through still runs against the whole
/// suite, so a mutant is killed exactly when some check fails against it, as without suspects. Where the
/// suspects' runs cost more than they save (a quick suite, or kills that rarely repeat), they stop.
final class MutantSuspects: Sendable {
    /// One kill: where the mutant was and the identifier of the check that killed it.
    private struct Kill {
        let file: String
        let scope: String
        let testID: String
    }

    private struct State {
        /// Every kill so far, the latest last.
        var kills: [Kill] = []
        /// The suspects' runs so far, how many of them killed, and their time.
        var suspectRuns = 0
        var suspectKills = 0
        var suspectSeconds = 0.0
        /// The whole suite's runs so far and their time.
        var suiteRuns = 0
        var suiteSeconds = 0.0
    }

    private let state = Mutex(State())
    /// How many checks one suspects' run holds at most.
    let limit: Int
    /// How many suspects' runs are made before their cost is weighed against what they save.
    let trial: Int

    init(limit: Int = 4, trial: Int = 8) {
        self.limit = limit
        self.trial = trial
    }

    /// Notes that the check `testID` killed `mutant`.
    func record(_ mutant: MutantRecord, killedBy testID: String) {
        state.withLock { $0.kills.append(Kill(file: mutant.file, scope: mutant.scope, testID: testID)) }
    }

    /// Notes a run of the suspects that took `seconds` and whether it killed the mutant.
    func recordSuspectsRun(seconds: Double, killed: Bool) {
        state.withLock {
            $0.suspectRuns += 1
            $0.suspectSeconds += seconds
            if killed { $0.suspectKills += 1 }
        }
    }

    /// Notes a run of the whole suite that took `seconds`.
    func recordSuiteRun(seconds: Double) {
        state.withLock {
            $0.suiteRuns += 1
            $0.suiteSeconds += seconds
        }
    }

    /// The identifiers of the checks most likely to kill `mutant`, at most ``limit``, each once: those that
    /// killed mutants of its scope, then of its file, then of its section, the latest first. None once the
    /// suspects' runs have cost more than the suite's runs they spared.
    func suspects(for mutant: MutantRecord) -> [String] {
        let latestFirst: [Kill]? = state.withLock { state in
            if state.suspectRuns >= trial, state.suiteRuns > 0 {
                let spared = Double(state.suspectKills) * state.suiteSeconds / Double(state.suiteRuns)
                if spared < state.suspectSeconds { return nil }
            }
            return Array(state.kills.reversed())
        }
        guard let latestFirst else { return [] }
        let tiers = [
            latestFirst.filter { $0.file == mutant.file && $0.scope == mutant.scope },
            latestFirst.filter { $0.file == mutant.file },
            latestFirst,
        ]
        var chosen: [String] = []
        for kill in tiers.joined() where !chosen.contains(kill.testID) {
            chosen.append(kill.testID)
            if chosen.count == limit { break }
        }
        return chosen
    }
}
