// Section 15 — Bulk work and the app's files
// The sensor readings and the records they are imported from. You do not need to change this file.

import PersistenceCore

/// One measurement of a weather station's sensor, as the log keeps it.
@Model
public final class Reading {
    /// The sensor that took it, such as "roof-thermometer".
    public var sensor: String
    /// What it measured.
    public var value: Double
    /// When it was measured.
    public var takenAt: Date

    /// A reading of `sensor`.
    public init(sensor: String, value: Double, takenAt: Date) {
        self.sensor = sensor
        self.value = value
        self.takenAt = takenAt
    }
}

/// One line of a station's export, before it is imported.
public struct ReadingRecord: Codable, Sendable, Hashable {
    /// The sensor that took it; never empty in a valid record.
    public var sensor: String
    /// What it measured; a finite number in a valid record.
    public var value: Double
    /// When it was measured.
    public var takenAt: Date

    /// A record of `sensor`.
    public init(sensor: String, value: Double, takenAt: Date) {
        self.sensor = sensor
        self.value = value
        self.takenAt = takenAt
    }

    /// Whether the record may be imported: a named sensor and a finite value.
    public var isValid: Bool { !sensor.isEmpty && value.isFinite }
}

/// Why an import stopped.
public enum ImportError: Error, Equatable, LocalizedError {
    /// The record at this position of the imported array is not valid (see `ReadingRecord.isValid`).
    case invalidRecord(index: Int)

    /// What failed and where.
    public var errorDescription: String? {
        switch self {
        case .invalidRecord(let index):
            "Import stopped: record \(index) has no sensor or a value that is not a number — while importing readings"
        }
    }
}
