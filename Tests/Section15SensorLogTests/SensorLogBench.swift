@_exported import DeviceBench
import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section15SensorLog

/// The device a check runs on: a fresh station app's device with its own sandbox and vault (see
/// `ThrowawayDevice` in Tests/DeviceBench), with this section's helpers below.
extension ThrowawayDevice {
    /// The station app's identifier.
    static let stationApp = "com.example.SensorLog"

    /// The log's store file in Application Support.
    var storeURL: URL { sandbox.applicationSupportDirectory.appending(path: "SensorLog.store") }

    /// A container on the log's store file, as the app opens it at each launch.
    func launchLog() throws -> ModelContainer {
        try ModelContainer(for: Reading.self, configurations: ModelConfiguration(url: storeURL))
    }

    /// The readings stored in the log, read by a new container as a relaunched app reads them: each as
    /// "sensor=value", in the order they were taken.
    func storedReadings() throws -> [String] {
        let context = ModelContext(try launchLog())
        let readings = try context.fetch(FetchDescriptor<Reading>(sortBy: [SortDescriptor(\.takenAt)]))
        return readings.map { "\($0.sensor)=\(formatted($0.value))" }
    }
}

/// `count` valid records of `sensor`, one an hour from `firstHour`, with values `firstValue`, +1, +2…
func records(_ count: Int, sensor: String = "roof", firstHour: Int = 0, firstValue: Double = 1) -> [ReadingRecord] {
    (0..<count).map { offset in
        ReadingRecord(
            sensor: sensor, value: firstValue + Double(offset),
            takenAt: moment(day: Double(firstHour + offset) / 24))
    }
}

/// A number as the checks show it: without ".0" when it is whole.
func formatted(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}

/// A short list as a learner reads it: its first and last entries and how many there are.
func summarize(_ items: [String]) -> String {
    guard items.count > 6 else { return describe(items) }
    return "\(items.count) entries: \(describe(Array(items.prefix(3)))) … \(describe(Array(items.suffix(2))))"
}

/// Bytes as a learner reads them: nil, their text when it is UTF-8, or their size.
func describe(_ data: Data?) -> String {
    guard let data else { return "nil" }
    if let text = String(data: data, encoding: .utf8) { return "\"\(text)\"" }
    return "\(data.count) bytes"
}
