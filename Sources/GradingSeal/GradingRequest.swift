import Foundation

/// What coach asks of the grading harness for one test process: the run's key, where to write the sealed
/// records, and which Swift Testing tests to run (XCTest's are chosen on the test program's command line).
///
/// coach writes it as JSON into a pipe that the test process inherits as file descriptor
/// ``descriptor``, and closes its end; the harness reads it before any other test code runs and closes the
/// descriptor, so the key is nowhere but in the harness's memory.
///
/// ```swift
/// let request = GradingRequest(key: .random(), output: "/logs/sealed.jsonl", swiftTestingFilter: ["^Section1Tests\\."])
/// ```
public struct GradingRequest: Codable, Sendable, Equatable {
    /// The environment variable that tells the harness which file descriptor holds the request.
    public static let descriptorVariable = "COACH_GRADING_REQUEST_FD"
    /// The file descriptor the test process inherits the request on.
    public static let descriptor: Int32 = 3

    /// The run's key, as Base64 (``RunKey/base64``).
    public var key: String
    /// The file the harness appends sealed records to.
    public var output: String
    /// Regular expressions selecting the Swift Testing tests to run (as `--filter` takes them; none selects
    /// every test), or `nil` to run none: a run of XCTest cases alone.
    public var swiftTestingFilter: [String]?
    /// Whether Swift Testing tests run in parallel.
    public var parallel: Bool

    /// A request to run the Swift Testing tests `swiftTestingFilter` selects, writing sealed records to `output`.
    public init(key: RunKey, output: String, swiftTestingFilter: [String]?, parallel: Bool = true) {
        self.key = key.base64
        self.output = output
        self.swiftTestingFilter = swiftTestingFilter
        self.parallel = parallel
    }

    /// The request as one line of JSON.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// The request in `data`.
    ///
    /// - Throws: `DecodingError` when `data` is not a request.
    public static func decoded(from data: Data) throws -> GradingRequest {
        try JSONDecoder().decode(GradingRequest.self, from: data)
    }
}
