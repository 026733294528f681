import Foundation
import GRDB
import PersistenceModels
import Synchronization

/// The SQLite database behind a container: opened once, shared by all its contexts.
final class ModelStore: Sendable {
    let writer: any DatabaseWriter
    let layout: StoreLayout
    let identifier: String
    let allowsSave: Bool
    /// Why the store can only be read (its folder or file cannot be written), or `nil` when it can be written.
    let readOnlyReason: String?
    /// Whether the store can only be read; reads work, and a save fails saying so.
    var isReadOnly: Bool { readOnlyReason != nil }
    /// Where `.externalStorage` attributes keep their bytes; `nil` for stores in memory.
    let externalData: ExternalDataStore?
    /// Statements run so far, when recording is on (tests turn it on to check the SQL).
    let recordedStatements = Mutex<[String]?>(nil)
    /// Writes the statements to the SQL log and hands them to `ModelContainer.captureSQL(during:)`.
    let trace: StatementTrace
    /// The open transaction a migration stage's contexts work in; `nil` for an ordinary store.
    let migrationConnection: MigrationConnection?
    /// The row decoders of cached statements, by SQL: matching columns to attributes is done once per query text.
    let rowDecoders = RowDecoderCache()

    init(schema: Schema, configuration: ModelConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)? = nil) throws
    {
        self.migrationConnection = nil
        self.layout = StoreLayout(schema: schema)
        self.allowsSave = configuration.allowsSave
        self.externalData = configuration.keepsStoreInMemory ? nil : ExternalDataStore(storeURL: configuration.url)
        var databaseConfiguration = Configuration()
        databaseConfiguration.label = configuration.name
        // Another container or process writing the same file makes a write wait for its turn
        // instead of failing at once with "database is locked".
        databaseConfiguration.busyMode = .timeout(Self.busyTimeout)
        let trace = StatementTrace(output: SQLDebugOutput.current)
        self.trace = trace
        let recorder = RecorderBox()
        let isFileStore = !configuration.keepsStoreInMemory
        databaseConfiguration.prepareDatabase { db in
            PredicateSQLFunctions.register(in: db)
            if isFileStore {
                if db.configuration.readonly {
                    try db.execute(sql: "PRAGMA mmap_size = \(Self.mappedFileSize)")
                } else {
                    try db.execute(sql: "PRAGMA cache_size = -\(Self.writerCacheSize / 1024)")
                }
            }
            let connection = ObjectIdentifier(db)
            db.trace(options: .statement) { event in
                // Describing an event expands its SQL, which costs more than running a small statement.
                let isRecording = recorder.store?.recordedStatements.withLock { $0 != nil } ?? false
                guard isRecording || trace.isFollowing, case .statement(let statement) = event else { return }
                if isRecording {
                    recorder.store?.recordedStatements.withLock { $0?.append(statement.sql) }
                }
                if trace.isFollowing {
                    trace.follow(statement, on: connection)
                }
            }
        }
        do {
            if configuration.keepsStoreInMemory {
                self.identifier = "memory:\(UUID().uuidString)"
                self.readOnlyReason = nil
                self.writer = try DatabaseQueue(configuration: databaseConfiguration)
            } else {
                let url = configuration.url
                self.identifier = url.standardizedFileURL.path
                let opened = try StoreFile(url: url).open(configuration: databaseConfiguration)
                self.writer = opened.writer
                self.readOnlyReason = opened.readOnlyReason
            }
        } catch let error as SwiftDataError {
            throw error
        } catch {
            throw SwiftDataError(
                .loadIssueModelContainer,
                reason: Self.describe(error),
                context:
                    "opening the store \(configuration.keepsStoreInMemory ? "in memory" : "at \(configuration.url.path)")"
            )
        }
        recorder.store = self
        try StoreMigrator(store: self, schema: schema, migrationPlan: migrationPlan).prepareStore()
    }

    /// A view of `store` with another layout whose reads and writes run in a migration's open transaction.
    init(migrating store: ModelStore, layout: StoreLayout, connection: MigrationConnection) {
        self.writer = store.writer
        self.layout = layout
        self.identifier = store.identifier
        self.allowsSave = true
        self.readOnlyReason = nil
        self.externalData = store.externalData
        self.migrationConnection = connection
        self.trace = store.trace
    }

    /// How much of a store file, in bytes, each reading connection reads through a memory map (`PRAGMA
    /// mmap_size`) rather than a system call per page: a query that visits rows scattered across the table,
    /// such as a count through an index, reads pages the system already caches at the cost of a memory read.
    /// A file larger than this reads its remainder page by page. The writer does not map the file: most
    /// pages it reads it also writes, and a delete of half of 100k rows ran 2% more instructions with its
    /// writer mapped. A mapped page that cannot be read (the file cut short by another program while it is
    /// open) stops the process with `SIGBUS` rather than failing the read.
    static let mappedFileSize = 1 << 30

    /// How many bytes of pages the writer of a file store keeps in memory (`PRAGMA cache_size`), four times
    /// SQLite's default of 2 MiB. A save that changes rows all over a table, such as a delete of every other
    /// row, changes each page of the table's indexes many times: with the default cache, SQLite writes
    /// changed pages to the log before the save ends to make room, writes them again as they change
    /// again, and reads every page it rewrote back to checksum it when the save commits. With room for the
    /// indexes of a 100k-row table, the `DELETE` of half its rows made about 9,000 fewer writes and as many
    /// fewer reads, and took about a third less time (docs/performance.md). The pages stay allocated while
    /// the store is open; the reading connections map the file instead.
    static let writerCacheSize = 8 << 20

    /// How long, in seconds, a write waits for a lock another connection holds on the file.
    static let busyTimeout: TimeInterval = 30

    /// Runs `work` in one write transaction, turning database errors into ``SwiftDataError``.
    ///
    /// - Throws: ``SwiftDataError/saveNotAllowed`` at once when the store can only be read.
    func write<T>(while activity: String, _ work: (Database) throws -> T) throws -> T {
        if let readOnlyReason {
            throw SwiftDataError(
                .saveNotAllowed,
                reason:
                    "the store at \(identifier) can only be read: \(readOnlyReason); make its folder and file writable to save",
                context: activity
            )
        }
        return try reportingErrors(while: activity) {
            if let migrationConnection {
                return try migrationConnection.write { db in try trace.explainingQueries(in: db, work) }
            }
            return try writer.write { db in try trace.explainingQueries(in: db, work) }
        }
    }

    /// Runs `work` with read access, turning database errors into ``SwiftDataError``.
    func read<T>(while activity: String, _ work: (Database) throws -> T) throws -> T {
        try reportingErrors(while: activity) {
            if let migrationConnection {
                return try migrationConnection.read { db in try trace.explainingQueries(in: db, work) }
            }
            return try writer.read { db in try trace.explainingQueries(in: db, work) }
        }
    }

    /// Runs `work`, which reads with one statement, without wrapping it in a transaction.
    ///
    /// A single statement reads one consistent snapshot on its own; skipping `BEGIN` and `COMMIT` is
    /// a large part of the fixed cost of a small fetch. Reads made of several statements use
    /// ``read(while:_:)``.
    func readWithOneStatement<T>(while activity: String, _ work: (Database) throws -> T) throws -> T {
        try reportingErrors(while: activity) {
            if let migrationConnection {
                return try migrationConnection.read { db in try trace.explainingQueries(in: db, work) }
            }
            return try writer.unsafeRead { db in try trace.explainingQueries(in: db, work) }
        }
    }

    /// Runs `access`, turning any error other than a ``SwiftDataError``, Core Data's validation error (a
    /// `.deny` rule refusing a delete) or a batch delete's ``BatchDeleteRescan/Mismatch`` into one that names
    /// `activity`.
    private func reportingErrors<T>(while activity: String, _ access: () throws -> T) throws -> T {
        do {
            return try access()
        } catch let error as SwiftDataError {
            throw error
        } catch let error as CocoaError where error.code == .validationRelationshipDeniedDelete {
            throw error
        } catch let mismatch as BatchDeleteRescan.Mismatch {
            // The save runs again, deleting by key; nobody sees this one.
            throw mismatch
        } catch {
            throw SwiftDataError(.storeOperationFailed, reason: Self.describe(error), context: activity)
        }
    }

    /// Starts or stops recording the SQL statements the store runs.
    func recordStatements(_ isOn: Bool) {
        recordedStatements.withLock { $0 = isOn ? [] : nil }
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return "SQLite error \(error.resultCode.rawValue): \(error.message ?? "\(error.resultCode)")"
        }
        return "\(error)"
    }
}

/// Lets the statement trace, installed before the store exists, reach it once it does.
// Unchecked Sendable: the weak reference is set once, in the store's init, before any statement can be traced, and only read after.
private final class RecorderBox: @unchecked Sendable {
    weak var store: ModelStore?
}
