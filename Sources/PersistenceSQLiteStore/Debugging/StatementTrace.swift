import Foundation
import GRDB
import Synchronization

/// Follows the statements one store runs: writes them to the SQL log at the level asked for, hands them
/// to the captures in progress, and reads the plan of each query once the database access that ran it
/// ends (a statement cannot be explained on its connection while it runs).
final class StatementTrace: Sendable {
    /// Where the log goes, and how much of it.
    let output: SQLDebugOutput
    /// The captures in progress.
    private let captures = Mutex<[SQLCapture]>([])
    /// How many captures are in progress, read without the lock for every statement.
    private let captureCount = Atomic<Int>(0)
    /// Queries whose plan is still to be read, by the connection that ran them.
    private let unexplained = Mutex<[ObjectIdentifier: [UnexplainedQuery]]>([:])
    /// How many queries wait in ``unexplained``, read without the lock after every database access.
    private let unexplainedCount = Atomic<Int>(0)

    init(output: SQLDebugOutput) {
        self.output = output
    }

    /// Whether statements need looking at: the log is on, or something captures them.
    var isFollowing: Bool {
        output.isOn || captureCount.load(ordering: .relaxed) > 0
    }

    /// Logs and captures one statement as it starts, run on the connection `connection`.
    func follow(_ statement: Database.TraceEvent.Statement, on connection: ObjectIdentifier) {
        let sql = statement.sql
        if output.writesWorkbenchPrefix {
            output.write("[PersistenceModels SQL] \(sql)")
        }
        // Lines starting with `--` announce the triggers a statement fires, not statements of their own.
        guard !sql.hasPrefix("--"), !StoreStatements.isQueryPlan(sql) else { return }
        if output.debugSwitch.logsStatements {
            output.write("CoreData: sql: \(sql)")
        }
        let isQuery = SQLLog.Statement.isQuery(sql)
        let places =
            captureCount.load(ordering: .relaxed) > 0
            ? captures.withLock { $0.map { capture in (capture, capture.append(sql, isQuery: isQuery)) } }
            : []
        guard isQuery, output.debugSwitch.logsQueryPlans || !places.isEmpty else { return }
        let query = UnexplainedQuery(
            sql: sql, expandedSQL: statement.expandedSQL, logsPlan: output.debugSwitch.logsQueryPlans, places: places)
        unexplained.withLock { $0[connection, default: []].append(query) }
        unexplainedCount.add(1, ordering: .relaxed)
    }

    /// Runs `work`, a database access on `db`, then reads the plans of the queries it ran.
    func explainingQueries<T>(in db: Database, _ work: (Database) throws -> T) rethrows -> T {
        defer { explainQueries(ranOn: db) }
        return try work(db)
    }

    /// Reads the plan of each query run on `db` since the last time, and logs and captures it.
    private func explainQueries(ranOn db: Database) {
        guard unexplainedCount.load(ordering: .relaxed) > 0,
            let queries = unexplained.withLock({ $0.removeValue(forKey: ObjectIdentifier(db)) })
        else { return }
        unexplainedCount.subtract(queries.count, ordering: .relaxed)
        for query in queries {
            // The values the query bound are part of the text it is explained with, so SQLite plans the
            // query it ran; a query that can no longer be explained (its table is gone) has no plan.
            let rows = (try? Row.fetchAll(db, sql: StoreStatements.queryPlan(of: query.expandedSQL))) ?? []
            let plan = rows.map { row -> String in row["detail"] ?? "" }
            if query.logsPlan {
                output.write("CoreData: details: SQLite: \(StoreStatements.queryPlan(of: query.sql))")
                for line in plan { output.write("CoreData: details: SQLite: \(line)") }
            }
            for (capture, index) in query.places {
                capture.setQueryPlan(plan, at: index)
            }
        }
    }

    /// Starts handing every statement to `capture`.
    func begin(_ capture: SQLCapture) {
        captures.withLock { $0.append(capture) }
        captureCount.add(1, ordering: .relaxed)
    }

    /// Stops handing statements to `capture`.
    func end(_ capture: SQLCapture) {
        captures.withLock { $0.removeAll { $0 === capture } }
        captureCount.subtract(1, ordering: .relaxed)
    }
}

/// A query run on a connection whose plan is still to be read, and where its plan goes.
private struct UnexplainedQuery: Sendable {
    let sql: String
    /// The query with the values it bound written in, as SQLite expands it.
    let expandedSQL: String
    let logsPlan: Bool
    /// The captures that hold the query, each with its position there.
    let places: [(SQLCapture, Int)]
}

/// The statements collected by one `captureSQL(during:)` call, from every store of its container.
final class SQLCapture: Sendable {
    private let statements = Mutex<[SQLLog.Statement]>([])

    /// Adds a statement, and returns its position.
    func append(_ sql: String, isQuery: Bool) -> Int {
        statements.withLock { statements in
            statements.append(SQLLog.Statement(sql: sql, isQuery: isQuery, queryPlan: []))
            return statements.count - 1
        }
    }

    /// Gives the statement at `index` its plan.
    func setQueryPlan(_ plan: [String], at index: Int) {
        statements.withLock { $0[index].queryPlan = plan }
    }

    /// The statements collected so far.
    var collected: [SQLLog.Statement] {
        statements.withLock { $0 }
    }
}
