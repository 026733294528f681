// Section 11 — Background work and history
// The export a fitness watch writes, and how to read it. You do not need to change this file.

import PersistenceCore

/// One workout as the watch's JSON export describes it.
///
/// ```json
/// [{"id": "run-0001", "title": "Morning run", "kind": "run", "startedAt": "2026-03-01T07:30:00Z", "minutes": 42}]
/// ```
public struct WorkoutRecord: Codable, Equatable, Sendable {
    /// The watch's own id for the workout; the same workout keeps it in every export.
    public var id: String
    /// The name the watch gave it.
    public var title: String
    /// "run", "ride", "swim" or "walk".
    public var kind: String
    /// When it started.
    public var startedAt: Date
    /// How long it lasted, in whole minutes.
    public var minutes: Int

    /// Creates a record.
    public init(id: String, title: String, kind: String, startedAt: Date, minutes: Int) {
        self.id = id
        self.title = title
        self.kind = kind
        self.startedAt = startedAt
        self.minutes = minutes
    }
}

/// Reads and writes the watch's export files.
public enum WorkoutExport {
    /// The records of the export file at `url`, in the file's order.
    ///
    /// - Throws: The file's read error, or `DecodingError` when it is not an export.
    public static func read(from url: URL) throws -> [WorkoutRecord] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode([WorkoutRecord].self, from: Data(contentsOf: url))
    }

    /// Writes `records` as an export file at `url`.
    ///
    /// - Throws: The encoder's or the file's error.
    public static func write(_ records: [WorkoutRecord], to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        try encoder.encode(records).write(to: url, options: .atomic)
    }
}
