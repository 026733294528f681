import Foundation

/// Starts a probe that counts, lets it run for a random moment, kills it with SIGKILL, and returns the
/// last value it reported as committed: a test then checks that the store holds that value or a later one.
public enum KillLoop {
    /// One round: `arguments` for the probe, which prints "ready" and then "committed <n>" per save.
    ///
    /// - Parameter upTo: The longest random wait before the kill, in microseconds.
    /// - Returns: The last committed value the probe printed, or nil when it printed none.
    public static func runAndKill(_ arguments: [String], upTo maximumWait: UInt32 = 30_000) throws -> Int? {
        let (probe, output) = try ProbeProcess.startCapturingOutput(arguments)
        let reader = output.fileHandleForReading
        var printed = Data()
        while !printed.starts(with: Data("ready\n".utf8)) {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            printed.append(chunk)
        }
        usleep(UInt32.random(in: 0...maximumWait))
        kill(probe.processIdentifier, SIGKILL)
        probe.waitUntilExit()
        printed.append(reader.readDataToEndOfFile())
        let lines = String(decoding: printed, as: UTF8.self).split(separator: "\n")
        return lines.last { $0.hasPrefix("committed ") }.flatMap { Int($0.dropFirst("committed ".count)) }
    }
}
