import Foundation
import GRDB
import PersistenceModels
import PersistenceSQLiteStore

/// Opens the reading connection of the core and of GRDB while a workload is prepared.
///
/// The raw way opens its connection and prepares its statements before the clock starts; the core and
/// GRDB open a reading connection on their first read. Opening it here keeps that one-time cost out of
/// the timed part for every way alike.
enum OpenConnections {
    /// A container for `types` at `url` whose store has already served a read.
    ///
    /// The read is of one row. A count, as it was, scanned the smallest index and left its pages in the
    /// reading connection's cache before the clock started, while the other ways read theirs within their
    /// runs: it made the core's `filtered-fetch`, which reads through that index, look a fifth faster.
    static func container<T: PersistentModel>(for types: [any PersistentModel.Type], reading type: T.Type, at url: URL)
        throws -> ModelContainer
    {
        let container = try ModelContainer(for: Schema(types), configurations: ModelConfiguration(url: url))
        var oneRow = FetchDescriptor<T>()
        oneRow.fetchLimit = 1
        _ = try ModelContext(container).fetch(oneRow)
        return container
    }

    /// A GRDB pool at `url` that has already served a read.
    static func pool(at url: URL) throws -> DatabasePool {
        let pool = try DatabasePool(path: url.path)
        try pool.read { _ in }
        return pool
    }
}
