import Foundation
import Observation
import Synchronization

/// Counts the inserts, deletes and saves made through a container's contexts, so live queries know when to fetch again.
///
/// Reading ``generation`` inside `withObservationTracking` (as reading a ``Query`` does) registers
/// interest; every change notifies those observers once.
final class ModelChangeSignal: Observable, Sendable {
    private let registrar = ObservationRegistrar()
    private let changeCount = Mutex(0)

    /// How many changes have been made so far.
    var generation: Int {
        registrar.access(self, keyPath: \.generation)
        return changeCount.withLock { $0 }
    }

    /// Records a change and notifies observers.
    func noteChange() {
        registrar.withMutation(of: self, keyPath: \.generation) {
            changeCount.withLock { $0 += 1 }
        }
    }
}
