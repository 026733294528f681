import Foundation
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

/// The test processes a run of every test starts side by side, and the tests each one selects.
@Suite("the waiting tests' processes")
struct WaitingTestGroupTests {
    /// The processes whose filter selects `id` and whose skip does not leave it out: the groups by index,
    /// then "others" (every test no group selects).
    func processes(running id: String, groups: [[String]] = SwiftPackageTester.waitingTestGroups) throws -> [String] {
        func matches(_ pattern: String) throws -> Bool {
            try NSRegularExpression(pattern: pattern).firstMatch(in: id, range: NSRange(id.startIndex..., in: id))
                != nil
        }
        var found: [String] = []
        for index in groups.indices {
            let skip = SwiftPackageTester.groupSkip(index, of: groups)
            if try matches(SwiftPackageTester.groupFilter(groups[index])), try !(skip.map(matches) ?? false) {
                found.append("group \(index)")
            }
        }
        if try !matches(SwiftPackageTester.groupFilter(groups.flatMap { $0 })) { found.append("others") }
        return found
    }

    @Test(
        "every test runs in exactly one process: a named suite in its group, the module's other suites in the module's")
    func everyTestRunsOnce() throws {
        #expect(try processes(running: "CoachCommandTests.ClassGradingTests/gradesAClass()") == ["group 0"])
        #expect(try processes(running: "CoachCommandTests.HangingCheckTests/hangingCheckTimesOut()") == ["group 1"])
        #expect(try processes(running: "CoachCommandTests.HelpTests/noStrayGoldenText()") == ["group 2"])
        #expect(try processes(running: "CoachCommandTests.ClassGradingTestsMore/x()") == ["group 2"])
        #expect(try processes(running: "NoteTakerAppTests.SyncCommandTests/sync()") == ["group 3"])
        #expect(try processes(running: "PersistenceModelsTests.SlotArrayTests/grows()") == ["others"])
        #expect(try processes(running: "CoachCommandTestsExtra.Suite/x()") == ["others"])
    }
}
