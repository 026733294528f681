import Foundation
import Section14WaterLog

/// A refusal or failure, printed as `Error: <message>` without the usage.
struct WaterLogCLIError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }

    /// The message of `error` as the contract words it.
    init(wrapping error: any Error) {
        self.description = (error as? LocalizedError)?.errorDescription ?? String(describing: error)
    }
}

/// The daily goal, or the command's error.
func currentGoal() throws -> Int {
    do { return try DailyGoal().goal() } catch { throw WaterLogCLIError(wrapping: error) }
}
