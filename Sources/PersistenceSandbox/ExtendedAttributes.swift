import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads and writes extended attributes of a file through the C library.
///
/// Swift's Glibc module does not import `<sys/xattr.h>`, so the functions are looked up by name once.
enum ExtendedAttributes {
    private typealias GetFunction =
        @convention(c) (
            UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int
        ) -> Int
    private typealias SetFunction =
        @convention(c) (
            UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32
        ) -> Int32
    private typealias RemoveFunction = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Int32

    // Unchecked Sendable: C function pointers looked up once and never changed; the functions themselves are thread-safe.
    private struct Functions: @unchecked Sendable {
        let get: GetFunction
        let set: SetFunction
        let remove: RemoveFunction
    }

    private static let functions: Functions? = {
        let library = dlopen(nil, RTLD_NOW)
        guard let get = dlsym(library, "getxattr"), let set = dlsym(library, "setxattr"),
            let remove = dlsym(library, "removexattr")
        else { return nil }
        return Functions(
            get: unsafeBitCast(get, to: GetFunction.self),
            set: unsafeBitCast(set, to: SetFunction.self),
            remove: unsafeBitCast(remove, to: RemoveFunction.self)
        )
    }()

    /// A failed call, with its `errno` code.
    struct Failure: Error {
        let code: Int32
    }

    /// The attribute's value, or nil when the file has no such attribute.
    static func value(named name: String, at path: String) -> Result<[UInt8]?, Failure> {
        guard let functions else { return .failure(Failure(code: ENOTSUP)) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { bytes in
            functions.get(path, name, bytes.baseAddress, bytes.count)
        }
        if count >= 0 { return .success(Array(buffer.prefix(count))) }
        let code = errno
        return code == ENODATA ? .success(nil) : .failure(Failure(code: code))
    }

    /// Sets the attribute, replacing any earlier value.
    static func setValue(_ value: [UInt8], named name: String, at path: String) -> Result<Void, Failure> {
        guard let functions else { return .failure(Failure(code: ENOTSUP)) }
        let status = value.withUnsafeBytes { bytes in functions.set(path, name, bytes.baseAddress, bytes.count, 0) }
        return status == 0 ? .success(()) : .failure(Failure(code: errno))
    }

    /// Removes the attribute; a missing attribute is not an error.
    static func removeValue(named name: String, at path: String) -> Result<Void, Failure> {
        guard let functions else { return .failure(Failure(code: ENOTSUP)) }
        if functions.remove(path, name) == 0 { return .success(()) }
        let code = errno
        return code == ENODATA ? .success(()) : .failure(Failure(code: code))
    }
}
