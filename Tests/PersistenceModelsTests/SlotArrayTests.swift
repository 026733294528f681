import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

/// The value slots of a model: a copy-on-write array that must keep every value it holds alive exactly
/// as long as it holds it.
@Suite("Slot array", .serialized)
struct SlotArrayTests {
    /// Counts its instances, to see that the array releases what it holds.
    private final class Tracked {
        nonisolated(unsafe) static var liveCount = 0
        let name: String
        init(_ name: String) {
            self.name = name
            Self.liveCount += 1
        }
        deinit { Self.liveCount -= 1 }
    }

    private struct Failure: Error {}

    @Test("values can be appended past the first room, read, replaced and removed in order")
    func appendReplaceRemove() {
        var slots = SlotArray()
        #expect(slots.count == 0)
        #expect(!slots.hasAnyValue)
        for number in 0..<10 { slots.append(number) }
        #expect(slots.count == 10)
        #expect((0..<10).map { slots[$0] as? Int } == Array(0..<10))
        slots[3] = "three"
        slots.remove(at: 0)
        #expect(slots.count == 9)
        #expect(slots[2] as? String == "three")
        #expect(slots[8] as? Int == 9)
        slots.remove(at: 8)
        #expect((0..<slots.count).map { slots[$0] as? Int } == [1, 2, nil, 4, 5, 6, 7, 8])
    }

    @Test("a copy keeps its values when the original changes, and the other way round")
    func copiesAreIndependent() {
        var original: SlotArray = ["a", nil, "c"]
        var copy = original
        original[0] = "changed"
        copy.append("d")
        #expect(original[0] as? String == "changed")
        #expect(original.count == 3)
        #expect(copy[0] as? String == "a")
        #expect(copy.count == 4)
        copy.remove(at: 1)
        #expect(original[1] == nil)
        #expect(original[2] as? String == "c")
    }

    @Test("only nil slots mean no value")
    func hasAnyValue() {
        let empty: SlotArray = [nil, nil]
        let one: SlotArray = [nil, 1]
        #expect(!empty.hasAnyValue)
        #expect(one.hasAnyValue)
    }

    @Test("values are released when replaced, removed, or when the last copy goes")
    func valuesAreReleased() {
        let before = Tracked.liveCount
        do {
            var slots = SlotArray(count: 3) { buffer, initializedCount in
                for name in ["a", "b", "c"] {
                    (buffer.baseAddress! + initializedCount).initialize(to: Tracked(name))
                    initializedCount += 1
                }
            }
            let copy = slots
            slots[0] = nil
            #expect(Tracked.liveCount == before + 3)
            slots.remove(at: 1)
            #expect((copy[1] as? Tracked)?.name == "b")
            _ = consume copy
            #expect(Tracked.liveCount == before + 1)
            #expect((slots[1] as? Tracked)?.name == "c")
        }
        #expect(Tracked.liveCount == before)
    }

    @Test("an initializer that throws leaves no value behind")
    func throwingInitializer() {
        let before = Tracked.liveCount
        #expect(throws: Failure.self) {
            _ = try SlotArray(count: 3) { buffer, initializedCount in
                (buffer.baseAddress! + initializedCount).initialize(to: Tracked("first"))
                initializedCount += 1
                throw Failure()
            }
        }
        #expect(Tracked.liveCount == before)
    }

    @Test("slots marked plain are skipped when the array is freed, and the marks follow a removal")
    func plainSlots() {
        let before = Tracked.liveCount
        do {
            // Slots 0 and 2 are plain; 1 and 3 hold references.
            var slots = SlotArray(count: 4, plainSlots: 0b0101) { buffer, initializedCount in
                let values: [Any?] = [1, Tracked("b"), 3, Tracked("d")]
                for value in values {
                    (buffer.baseAddress! + initializedCount).initialize(to: value)
                    initializedCount += 1
                }
            }
            #expect(Tracked.liveCount == before + 2)
            slots.remove(at: 1)
            #expect(Tracked.liveCount == before + 1)
            // The remaining reference moved from slot 3 to slot 2, which must no longer count as plain.
            #expect((slots[2] as? Tracked)?.name == "d")
            #expect(SlotBuffer.Header.removing(1, from: 0b0101) == 0b0011)
            #expect(SlotBuffer.Header.removing(63, from: .max) == .max >> 1)
        }
        #expect(Tracked.liveCount == before)
    }
}
