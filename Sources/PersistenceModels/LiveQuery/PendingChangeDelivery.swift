import Dispatch
import Foundation
import Synchronization

/// Holds a context's unsaved changes back from live queries until they are processed, as SwiftData
/// does: at the end of the current turn of the main actor, on `save()`, or on `processPendingChanges()`.
///
/// Between those points a `@Query` keeps the results it had, so code that walks a query's results
/// while deleting (`for index in offsets { context.delete(items[index]) }`) sees the same list
/// throughout, as a view's action does on Apple's platforms.
final class PendingChangeDelivery: Sendable {
    private struct State {
        /// A change is waiting to reach live queries.
        var isPending = false
        /// The end of the current turn has been arranged to deliver it.
        var isWaitingForTurnEnd = false
        /// Counts the changes delivered or discarded, so a main-actor task arranged for an earlier change
        /// never delivers a later one (made, say, on another thread after a save took the earlier one).
        var round = 0
    }

    private let signal: ModelChangeSignal
    private let state = Mutex(State())

    init(signal: ModelChangeSignal) {
        self.signal = signal
    }

    /// Records an unsaved change; the end of the current turn delivers it.
    ///
    /// A change made on the main actor is delivered by a main-actor task, which runs once the current
    /// main-actor job ends; a change made elsewhere waits for a save, ``deliver()``, or
    /// ``TurnEnd/endTurn()``. Either way, ``TurnEnd`` lists the change until it is delivered.
    func noteChange() {
        let arranged = state.withLock { state -> Int? in
            state.isPending = true
            guard !state.isWaitingForTurnEnd else { return nil }
            state.isWaitingForTurnEnd = true
            return state.round
        }
        guard let round = arranged else { return }
        TurnEnd.shared.add(self)
        if MainActorDetection.isRunningOnMainActor {
            // Only this context's change, and only this round's: the end of a main-actor turn processes
            // the main actor's contexts, never a background context's (as the main run loop does on a
            // device), nor a change made after a save already delivered this one.
            Task { @MainActor [self] in self.deliver(inRound: round) }
        }
    }

    /// Delivers a waiting change to live queries now; with `round`, only the change of that round.
    func deliver(inRound round: Int? = nil) {
        if takePending(inRound: round) { signal.noteChange(.pendingWork) }
    }

    /// Forgets a waiting change that a save has delivered in its own notification.
    func discard() {
        _ = takePending()
    }

    /// Clears the waiting change and returns whether there was one; with `round`, only when the change
    /// is still the one of that round.
    private func takePending(inRound round: Int? = nil) -> Bool {
        let (wasPending, wasWaiting) = state.withLock { state -> (Bool, Bool) in
            if let round, round != state.round { return (false, false) }
            defer { state = State(round: state.round + 1) }
            return (state.isPending, state.isWaitingForTurnEnd)
        }
        if wasWaiting { TurnEnd.shared.remove(self) }
        return wasPending
    }
}

/// The contexts whose changes wait for the end of the current turn.
final class TurnEnd: Sendable {
    static let shared = TurnEnd()

    private let waiting = Mutex<[ObjectIdentifier: PendingChangeDelivery]>([:])

    func add(_ delivery: PendingChangeDelivery) {
        waiting.withLock { $0[ObjectIdentifier(delivery)] = delivery }
    }

    func remove(_ delivery: PendingChangeDelivery) {
        waiting.withLock { $0[ObjectIdentifier(delivery)] = nil }
    }

    /// Delivers every waiting change, in no particular order.
    func endTurn() {
        let deliveries = waiting.withLock { waiting -> [PendingChangeDelivery] in
            defer { waiting.removeAll() }
            return Array(waiting.values)
        }
        for delivery in deliveries { delivery.deliver() }
    }
}

/// Tells whether the calling code runs on the main actor.
///
/// The main actor's jobs run on the main dispatch queue, but not always on the main thread: under
/// Swift Testing on Linux another thread drains that queue while the main thread waits. So the check
/// marks the main queue and looks for the mark, and also accepts the main thread (a program's
/// top-level code runs there before any queue does).
enum MainActorDetection {
    private static let mainQueueMark: DispatchSpecificKey<Bool> = {
        let mark = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: mark, value: true)
        return mark
    }()

    static var isRunningOnMainActor: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueMark) == true
    }
}
