import Foundation
import Testing

@testable import PersistenceSQLiteStore

@Suite("Finding a type's conformance once")
struct ConformanceLookupTests {
    @Test("a conforming type is found as the protocol's metatype, every time; other types are not, every time")
    func answersStayTheSame() throws {
        let scalars = ConformanceLookup { $0 as? any StoredScalar.Type }
        for _ in 0..<3 {
            let int = try #require(scalars.conformance(of: Int.self))
            #expect(ObjectIdentifier(int) == ObjectIdentifier(Int.self))
            #expect(int.storedValue(of: 42) == 42.databaseValue)
            #expect(scalars.conformance(of: [Int].self) == nil)
            #expect(scalars.conformance(of: Int?.self) == nil)
        }
    }

    @Test("a value is encoded by its type's conformance: scalars, optionals of scalars, and none")
    func encodesThroughTheLookup() throws {
        #expect(try ValueCodec.encode(7) == 7.databaseValue)
        #expect(try ValueCodec.encode(Optional(7) as Any) == 7.databaseValue)
        #expect(try ValueCodec.encode(Optional<Int>.none as Any) == .null)
        #expect(try ValueCodec.encode(Optional(Optional("a")) as Any) == "a".databaseValue)
        #expect(try ValueCodec.encode(true) == 1.databaseValue)
    }
}
