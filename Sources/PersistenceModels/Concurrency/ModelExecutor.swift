import Dispatch
import Foundation

/// Something that runs the work of a model actor and owns the context that work uses.
public protocol ModelExecutor: AnyObject, Sendable {
    /// The context the actor's work reads and writes through.
    var modelContext: ModelContext { get }
}

/// A model executor that runs one job at a time, so it can be an actor's executor.
public protocol SerialModelExecutor: ModelExecutor, SerialExecutor {}

/// The executor `@ModelActor` gives an actor: a serial queue of its own, off the main actor.
///
/// Every job of the actor runs on that queue one after another, so the context it owns is only ever
/// used by one thread at a time even though the actor is called from many tasks.
///
/// ```swift
/// let context = ModelContext(container)
/// let executor = DefaultSerialModelExecutor(modelContext: context)
/// ```
// Unchecked Sendable: the context is not Sendable, but it is only touched by jobs this executor runs one at
// a time on `queue`, which is what the actor's isolation promises.
public final class DefaultSerialModelExecutor: SerialModelExecutor, @unchecked Sendable {
    /// The context the actor's work reads and writes through.
    public let modelContext: ModelContext
    private let queue: DispatchQueue

    /// Tells the queue apart from others, so that the executor can check it is the one running.
    private static let queueKey = DispatchSpecificKey<ObjectIdentifier>()

    /// Creates an executor that owns `modelContext` and runs jobs on a new serial queue.
    public init(modelContext: ModelContext) {
        self.modelContext = modelContext
        self.queue = DispatchQueue(label: "PersistenceModels.DefaultSerialModelExecutor", qos: .userInitiated)
        queue.setSpecific(key: Self.queueKey, value: ObjectIdentifier(self))
    }

    /// Schedules a job of the actor on the executor's queue.
    public func enqueue(_ job: consuming ExecutorJob) {
        let unownedJob = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async {
            unownedJob.runSynchronously(on: executor)
        }
    }

    /// The executor as the runtime refers to it.
    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Stops the program when called from anywhere but the executor's queue.
    public func checkIsolated() {
        precondition(isRunningCurrentJob, "expected to run on the queue of a DefaultSerialModelExecutor")
    }

    /// Whether the calling code runs on this executor's queue.
    var isRunningCurrentJob: Bool {
        DispatchQueue.getSpecific(key: Self.queueKey) == ObjectIdentifier(self)
    }
}
