import Foundation

/// Opening a file that another connection holds for a moment, where the holder's lock cannot be waited on.
package enum ContendedOpen {
    /// Runs `attempt` until it stops failing with an error `isContended` recognises, or `patience` seconds
    /// pass; the pauses between attempts grow from 2 ms to a tenth of a second.
    ///
    /// - Throws: The error of the last attempt, at once when `isContended` does not recognise it.
    package static func retrying<T>(
        for patience: TimeInterval, whileContended isContended: (any Error) -> Bool, _ attempt: () throws -> T
    ) throws -> T {
        let deadline = ContinuousClock.now + .seconds(patience)
        var pause = 0.002
        while true {
            do {
                return try attempt()
            } catch let error where isContended(error) && ContinuousClock.now + .seconds(pause) < deadline {
                Thread.sleep(forTimeInterval: pause)
                pause = min(pause * 2, 0.1)
            }
        }
    }
}
