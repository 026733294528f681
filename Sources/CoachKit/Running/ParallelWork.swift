import Dispatch
import Foundation
import Synchronization

/// Work on a list of items spread over a few threads, each taking the next item as it finishes one: the
/// pool verify and the mutation tester run their child processes in.
enum ParallelWork {
    /// `body` applied to every item, at most `jobs` calls at a time, each given its slot (`0..<jobs`) so that
    /// calls running together can keep their files apart; the results come back in the items' order.
    ///
    /// - Throws: The first error a call throws, once the calls running then have ended; no item starts after it.
    static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], jobs: Int, _ body: @Sendable (Item, _ slot: Int) throws -> Result
    ) throws -> [Result] {
        let next = Mutex(0)
        let results = Mutex<[Int: Result]>([:])
        let failure = Mutex<(any Error)?>(nil)
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, items.count))) { slot in
            while true {
                let index = next.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard index < items.count, failure.withLock({ $0 == nil }) else { return }
                do {
                    let result = try body(items[index], slot)
                    results.withLock { $0[index] = result }
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return results.withLock { found in items.indices.compactMap { found[$0] } }
    }
}

/// Work started on a thread of its own, whose result is collected later: what verify runs beside a
/// longer stretch of work of its own.
final class BackgroundWork<Value: Sendable>: Sendable {
    private let finished = DispatchSemaphore(value: 0)
    private let outcome = Mutex<Result<Value, any Error>?>(nil)

    /// Starts `body` at once.
    init(_ body: @escaping @Sendable () throws -> Value) {
        Thread.detachNewThread { [self] in
            let result = Result { try body() }
            outcome.withLock { $0 = result }
            finished.signal()
        }
    }

    /// The value `body` returned, once it has.
    ///
    /// - Throws: The error `body` threw.
    func wait() throws -> Value {
        finished.wait()
        finished.signal()
        return try outcome.withLock { $0! }.get()
    }
}
