// Section 11 — Background work and history
// What an import reports after each batch. You do not need to change this file.

import PersistenceCore

/// How far an import has come, reported after each saved batch.
public struct ImportProgress: Equatable, Sendable, CustomStringConvertible {
    /// Workouts saved so far.
    public var imported: Int
    /// Workouts in the export.
    public var total: Int

    /// Creates a report.
    public init(imported: Int, total: Int) {
        self.imported = imported
        self.total = total
    }

    /// The share saved so far, from 0 to 1; 1 for an empty export.
    public var fractionCompleted: Double {
        total == 0 ? 1 : Double(imported) / Double(total)
    }

    /// "400 of 1200".
    public var description: String { "\(imported) of \(total)" }
}
