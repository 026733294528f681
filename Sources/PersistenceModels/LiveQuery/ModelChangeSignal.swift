import Foundation
import Observation
import Synchronization

/// Counts the inserts, deletes and saves made through a container's contexts, so live queries know when to fetch again.
///
/// Reading ``generation`` inside `withObservationTracking` (as reading a ``Query`` does) registers
/// interest; every change notifies those observers once. The signal also remembers which rows the
/// most recent saves wrote, so a live query can re-read only those rows (see ``savedKeys(since:)``).
final class ModelChangeSignal: Observable, Sendable {
    private let registrar = ObservationRegistrar()
    private let state = Mutex(ChangeLog())

    /// How many changes have been made so far.
    var generation: Int {
        registrar.access(self, keyPath: \.generation)
        return state.withLock { $0.generation }
    }

    /// Records a change and notifies observers.
    func noteChange(_ change: ModelChange) {
        registrar.withMutation(of: self, keyPath: \.generation) {
            state.withLock { $0.append(change) }
        }
    }

    /// The primary keys each save after `generation` wrote, by entity name.
    ///
    /// - Returns: `nil` when the rows written since then are not all known: the log no longer reaches
    ///   back that far, or the store was rewritten as a whole.
    func savedKeys(since generation: Int) -> [String: Set<Int64>]? {
        state.withLock { $0.savedKeys(since: generation) }
    }
}

/// A change a context reports to live queries.
enum ModelChange: Sendable {
    /// Work that only a context holds (an insert, a delete, a rollback): the store is unchanged.
    case pendingWork
    /// A save that wrote the rows with these primary keys, by entity name.
    case saved([String: Set<Int64>])
    /// The store changed in a way that is not described row by row, such as deleting all data or a
    /// save of many rows.
    case storeRewritten

    /// The most rows a save lists; a larger save reports ``storeRewritten`` instead, so that a bulk
    /// import does not keep every key it wrote in memory (a live query re-reads rows by key only when
    /// few changed).
    static let listedKeysAtMost = 1_024
}

/// The most recent changes of a container, with the generation each one made.
private struct ChangeLog {
    /// How many changes are kept; a live query that last read longer ago than this fetches everything again.
    static let capacity = 64

    private(set) var generation = 0
    private var entries: [(generation: Int, change: ModelChange)] = []

    mutating func append(_ change: ModelChange) {
        generation += 1
        entries.append((generation, change))
        if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
    }

    func savedKeys(since generation: Int) -> [String: Set<Int64>]? {
        guard let oldest = entries.first?.generation, oldest <= generation + 1 else {
            return generation == self.generation ? [:] : nil
        }
        var keys: [String: Set<Int64>] = [:]
        for entry in entries where entry.generation > generation {
            switch entry.change {
            case .pendingWork:
                continue
            case .saved(let written):
                keys.merge(written) { $0.union($1) }
            case .storeRewritten:
                return nil
            }
        }
        return keys
    }
}
