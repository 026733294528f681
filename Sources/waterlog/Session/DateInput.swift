import Foundation

/// Dates as a user types them.
enum DateInput {
    /// `2026-05-05` (at noon) or `2026-05-05 13:30`, on the current calendar.
    ///
    /// - Throws: ``WaterLogCLIError`` naming the text and the forms it takes.
    static func parse(_ text: String) throws -> Date {
        let parts = text.split { $0 == "-" || $0 == " " || $0 == ":" || $0 == "T" }.compactMap { Int($0) }
        guard parts.count == 3 || parts.count == 5,
            let date = Calendar.current.date(
                from: DateComponents(
                    year: parts[0], month: parts[1], day: parts[2],
                    hour: parts.count == 5 ? parts[3] : 12, minute: parts.count == 5 ? parts[4] : 0
                ))
        else { throw WaterLogCLIError("\"\(text)\" is not a date: write it as 2026-05-05 or 2026-05-05 13:30.") }
        return date
    }
}
