import Foundation
import Synchronization

/// Runs work on several threads released at the same moment, as processes racing for one new file.
public enum SimultaneousStart {
    /// Runs `body` once per number in `0..<count`, each on a thread of its own, all released together, and
    /// returns the description of every error they threw.
    public static func failures(of count: Int, _ body: @escaping @Sendable (Int) throws -> Void) -> [String] {
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        let failures = Mutex<[String]>([])
        for number in 0..<count {
            done.enter()
            Thread.detachNewThread {
                defer { done.leave() }
                start.wait()
                do {
                    try body(number)
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        for _ in 0..<count { start.signal() }
        done.wait()
        return failures.withLock { $0 }
    }
}
