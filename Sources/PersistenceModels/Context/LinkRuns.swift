/// The links of a prefetch gathered by owner: each owner's positions in the linked rows, in link order, as
/// one run of a single array.
struct LinkRuns {
    /// Positions in the linked rows, the links of each owner together.
    private(set) var positions: [Int] = []
    /// The range of ``positions`` of each owner's links, in the order the owners first appear.
    private(set) var runs: [Range<Int>] = []
    /// The index in ``runs`` of each owner with links.
    private(set) var runOfOwner: [Int64: Int] = [:]

    /// Gathers `links`, of at most `ownerCount` owners.
    ///
    /// A store gives the links grouped by owner, so this is one pass; links of one owner in two places are
    /// ordered by owner first, each owner's keeping their order.
    init(_ links: [(owner: Int64, row: Int)], ownerCount: Int) {
        if !gather(links, ownerCount: ownerCount) {
            let byOwner = links.enumerated()
                .sorted { ($0.element.owner, $0.offset) < ($1.element.owner, $1.offset) }
                .map(\.element)
            _ = gather(byOwner, ownerCount: ownerCount)
        }
    }

    /// Gathers `links` in one pass; `false`, with nothing gathered, when an owner's links are in two places.
    private mutating func gather(_ links: [(owner: Int64, row: Int)], ownerCount: Int) -> Bool {
        positions = []
        positions.reserveCapacity(links.count)
        // Room for one entry an owner, not one a link: five tags a note would reserve five times the table.
        runs = []
        runs.reserveCapacity(min(links.count, ownerCount))
        runOfOwner = [:]
        runOfOwner.reserveCapacity(min(links.count, ownerCount))
        var runOwner: Int64?
        var runStart = 0
        for (owner, row) in links {
            if owner != runOwner {
                if runOwner != nil { runs.append(runStart..<positions.count) }
                guard runOfOwner.updateValue(runs.count, forKey: owner) == nil else { return false }
                runOwner = owner
                runStart = positions.count
            }
            positions.append(row)
        }
        if runOwner != nil { runs.append(runStart..<positions.count) }
        return true
    }
}
