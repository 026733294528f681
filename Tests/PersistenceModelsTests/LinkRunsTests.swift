import Testing

@testable import PersistenceModels

@Suite("Gathering a prefetch's links by owner")
struct LinkRunsTests {
    /// Each owner's linked rows, in the order the runs list them.
    private func rowsByOwner(_ runs: LinkRuns) -> [Int64: [Int]] {
        runs.runOfOwner.mapValues { Array(runs.positions[runs.runs[$0]]) }
    }

    @Test("links grouped by owner become one run each, in link order")
    func groupedLinks() {
        let runs = LinkRuns([(7, 2), (7, 0), (3, 1), (9, 0), (9, 2), (9, 1)], ownerCount: 3)
        #expect(runs.positions == [2, 0, 1, 0, 2, 1])
        #expect(runs.runs == [0..<2, 2..<3, 3..<6])
        #expect(runs.runOfOwner == [7: 0, 3: 1, 9: 2])
    }

    @Test("an owner's links in two places are gathered into one run, keeping their order")
    func scatteredLinks() {
        let runs = LinkRuns([(5, 0), (6, 1), (5, 2), (6, 3), (5, 4)], ownerCount: 2)
        #expect(rowsByOwner(runs) == [5: [0, 2, 4], 6: [1, 3]])
        #expect(runs.positions.count == 5)
        #expect(runs.runs.count == 2)
    }

    @Test("no links give no runs, and an owner count below the links' owners still gathers them all")
    func edges() {
        let empty = LinkRuns([], ownerCount: 4)
        #expect(empty.positions.isEmpty && empty.runs.isEmpty && empty.runOfOwner.isEmpty)
        let single = LinkRuns([(1, 0)], ownerCount: 1)
        #expect(rowsByOwner(single) == [1: [0]])
        let more = LinkRuns([(1, 0), (2, 1), (3, 2)], ownerCount: 1)
        #expect(rowsByOwner(more) == [1: [0], 2: [1], 3: [2]])
    }
}
