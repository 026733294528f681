import Synchronization
import Testing

@testable import CoachKit

@Suite("work spread over a few threads")
struct ParallelWorkTests {
    @Test("every item is done once, on a slot below the job count, and the results keep the items' order")
    func orderAndSlots() throws {
        let slots = Mutex<Set<Int>>([])
        let results = try ParallelWork.map(Array(0..<50), jobs: 3) { item, slot in
            slots.withLock { _ = $0.insert(slot) }
            return item * 2
        }
        #expect(results == (0..<50).map { $0 * 2 })
        #expect(slots.withLock { $0.isSubset(of: [0, 1, 2]) })
        #expect(try ParallelWork.map([Int](), jobs: 2) { item, _ in item }.isEmpty)
    }

    struct Refused: Error, Equatable { let item: Int }

    @Test("the first error is thrown, and no item starts after it")
    func firstErrorStops() {
        let started = Mutex(0)
        #expect(throws: Refused(item: 0)) {
            try ParallelWork.map(Array(0..<100), jobs: 1) { item, _ -> Int in
                started.withLock { $0 += 1 }
                throw Refused(item: item)
            }
        }
        #expect(started.withLock { $0 } == 1)
    }
}
