import Foundation
import PersistenceModels

/// The SQL statements a container's SQLite stores ran while some work ran, each query with the plan
/// SQLite chose for it. Made by ``ModelContainer/captureSQL(during:)``.
///
/// The workbench's own tool, for tests and for looking at what a fetch costs: on Apple's platforms,
/// read Core Data's log instead (the launch argument `-com.apple.CoreData.SQLDebug 1`, or 4 to add query
/// plans), which the workbench also writes.
///
/// ```swift
/// let log = container.captureSQL {
///     _ = try? context.fetch(FetchDescriptor<Visit>(predicate: #Predicate { $0.place == "Oslo" }))
/// }
/// print(log.queries.count)            // 1
/// print(log.queries[0].queryPlan)     // ["SEARCH Visit USING INDEX Visit_index_place (place=?)"]
/// ```
///
/// ## Topics
/// - ``statements``
/// - ``queries``
/// - ``Statement``
public struct SQLLog: Sendable, Hashable, CustomStringConvertible {
    /// One statement a store ran.
    public struct Statement: Sendable, Hashable, CustomStringConvertible {
        /// The statement's SQL, with a `?` for each value it bound: the log never shows a value.
        public let sql: String
        /// Whether the statement reads rows of the store's tables (a `SELECT`, or a `WITH` query).
        /// SQLite's reads of its own catalogue, which a connection makes as it opens, are not queries.
        public let isQuery: Bool
        /// For a query, how SQLite ran it: the `detail` of each step of `EXPLAIN QUERY PLAN`, such as
        /// `SEARCH Visit USING INDEX Visit_index_place (place=?)` or `SCAN Visit`; empty otherwise.
        public internal(set) var queryPlan: [String]

        /// The SQL, then the plan's steps, one a line, indented.
        public var description: String {
            ([sql] + queryPlan.map { "    \($0)" }).joined(separator: "\n")
        }

        /// Whether `sql` is a statement that reads rows of the store's tables.
        static func isQuery(_ sql: String) -> Bool {
            let start = sql.prefix(6).uppercased()
            guard start == "SELECT" || start.hasPrefix("WITH") else { return false }
            return !catalogueTables.contains { sql.contains($0) }
        }

        /// The names of SQLite's catalogue, which the store never gives a table of its own.
        private static let catalogueTables = ["sqlite_master", "sqlite_schema", "sqlite_temp_master"]
    }

    /// Every statement, in the order they ran: queries, and the statements that write, begin and end
    /// transactions.
    public let statements: [Statement]

    /// The queries among ``statements``: what a fetch, a count, a prefetch or the load of a
    /// relationship ran, without SQLite's reads of its own catalogue.
    public var queries: [Statement] {
        statements.filter(\.isQuery)
    }

    /// Each statement on its own line, each query followed by its plan.
    public var description: String {
        statements.map(\.description).joined(separator: "\n")
    }
}

extension ModelContainer {
    /// Runs `work` and returns the SQL the container's SQLite stores ran meanwhile, each query with the
    /// plan SQLite chose. Workbench only; see ``SQLLog``.
    ///
    /// ```swift
    /// let log = try container.captureSQL {
    ///     _ = try context.fetchCount(FetchDescriptor<Visit>())
    /// }
    /// print(log)   // SELECT COUNT(*) FROM "Visit"
    ///              //     SCAN Visit
    /// ```
    ///
    /// Every statement of the container's stores counts, from any context or actor, while `work` runs;
    /// stores of other kinds (a custom ``DataStore``) run no SQL and add nothing.
    ///
    /// - Parameter work: The code to watch.
    /// - Returns: The statements, in the order they ran.
    /// - Throws: What `work` throws; the statements are then lost.
    @_spi(Workbench) public func workbenchCaptureSQL(during work: () throws -> Void) rethrows -> SQLLog {
        let capture = SQLCapture()
        let traces = stores.compactMap { ($0.engine as? DefaultStore)?.database.trace }
        for trace in traces { trace.begin(capture) }
        defer {
            for trace in traces { trace.end(capture) }
        }
        try work()
        return SQLLog(statements: capture.collected)
    }
}
