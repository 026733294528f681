import Foundation
import Testing

@testable import PersistenceModels

@Suite("The text a UUID is stored as")
struct UUIDTextTests {
    @Test("uppercaseText is uuidString, for random UUIDs and for the extremes")
    func matchesUUIDString() {
        var samples = (0..<1_000).map { _ in UUID() }
        samples.append(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        samples.append(UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255)))
        for uuid in samples {
            #expect(uuid.uppercaseText == uuid.uuidString)
        }
    }
}
