import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs Swift Testing tests in this process through the testing library's ABI entry point, which hands
/// every record of the run to a callback instead of writing it to a file anyone could append to.
enum SwiftTestingRun {
    /// The entry point's type, as the testing library documents it (`ABIv0.EntryPoint`).
    private typealias EntryPoint =
        @convention(thin) @Sendable (
            _ configurationJSON: UnsafeRawBufferPointer?,
            _ recordHandler: @escaping @Sendable (_ recordJSON: UnsafeRawBufferPointer) -> Void
        ) async throws -> Bool

    /// Why the tests could not be run.
    enum RunError: Error, CustomStringConvertible {
        /// The testing library in this process has no ABI entry point.
        case noEntryPoint

        var description: String {
            switch self {
            case .noEntryPoint:
                "Cannot run the Swift Testing tests: the testing library has no entry point swt_abiv0_getEntryPoint "
                    + "— while starting a graded run. Build the tests with a Swift 6 toolchain."
            }
        }
    }

    /// Runs the tests `filter` selects (every test when it is empty), passing each record to `handle`;
    /// returns whether every test passed.
    ///
    /// - Throws: `RunError.noEntryPoint` when the testing library has no ABI entry point in this process.
    static func run(filter: [String], parallel: Bool, handle: @escaping @Sendable (String) -> Void) async throws -> Bool
    {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swt_abiv0_getEntryPoint") else {
            throw RunError.noEntryPoint
        }
        let getEntryPoint = unsafeBitCast(symbol, to: (@convention(c) () -> UnsafeRawPointer).self)
        let entryPoint = unsafeBitCast(getEntryPoint(), to: EntryPoint.self)
        var arguments = __CommandLineArguments_v0()
        arguments.filter = filter.isEmpty ? nil : filter
        arguments.parallel = parallel
        arguments.eventStreamSchemaVersion = "0"
        let configuration = Array(try JSONEncoder().encode(arguments))
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: configuration.count, alignment: 1)
        defer { bytes.deallocate() }
        bytes.copyBytes(from: configuration)
        return try await entryPoint(UnsafeRawBufferPointer(bytes)) { record in
            handle(String(decoding: record, as: UTF8.self))
        }
    }
}
