import Foundation
import GradingSeal
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The graded run this test process makes for coach: the tests coach asked for, and the sealed stream
/// their records go to.
///
/// The request is read once, the first time anything asks for the session: from ``GradedRun``'s
/// initializer, when XCTest makes its test cases, before any test runs. Its key then lives only in this
/// session's sealer, which nothing outside this file can reach.
final class HarnessSession: Sendable {
    /// The session of this process, or `nil` when coach did not start it (a plain `swift test`), or its
    /// request could not be read; then nothing is sealed, and coach counts no result.
    static let current: HarnessSession? = HarnessSession()

    /// The Swift Testing tests to run, or `nil` for none.
    let swiftTestingFilter: [String]?
    /// Whether they run in parallel.
    let parallel: Bool

    private struct Output {
        var sealer: RecordSealer
        let descriptor: Int32
    }

    private let output: Mutex<Output>

    private init?() {
        guard let value = ProcessInfo.processInfo.environment[GradingRequest.descriptorVariable],
            let descriptor = Int32(value)
        else {
            return nil
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let data = try? handle.readToEnd()
        try? handle.close()
        guard let data, let request = try? GradingRequest.decoded(from: data), let key = RunKey(base64: request.key)
        else {
            return nil
        }
        let file = open(request.output, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard file >= 0 else { return nil }
        swiftTestingFilter = request.swiftTestingFilter
        parallel = request.parallel
        output = Mutex(Output(sealer: RecordSealer(key: key), descriptor: file))
        XCTestRecorder.observe(with: self)
    }

    /// Seals `record` (one JSON object without line breaks) and appends it to the stream in one write.
    func write(_ record: String) {
        output.withLock { output in
            let line = Array((output.sealer.seal(record) + "\n").utf8)
            var written = 0
            while written < line.count {
                let result = line[written...].withUnsafeBytes {
                    Glibc.write(output.descriptor, $0.baseAddress, $0.count)
                }
                if result < 0 && errno == EINTR { continue }
                guard result > 0 else { return }
                written += result
            }
        }
    }
}
