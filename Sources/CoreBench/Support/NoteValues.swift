import Foundation

/// The values of the n-th generated note, identical for every way so that results can be compared.
struct NoteValues {
    /// Distinct priorities; every priority is shared by `rows / priorityCount` notes.
    static func priorityCount(rows: Int) -> Int { max(1, rows / 20) }

    let identifier: UUID
    let title: String
    let content: String
    let date: Date
    let isArchived: Bool
    let priority: Int

    init(index: Int, rows: Int) {
        var bytes = [UInt8](repeating: 0, count: 16)
        withUnsafeBytes(of: UInt64(index).littleEndian) { bytes.replaceSubrange(0..<8, with: $0) }
        withUnsafeBytes(of: UInt64(0x5EED_0000_CAFE_F00D).littleEndian) { bytes.replaceSubrange(8..<16, with: $0) }
        identifier = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
        title = "Note \(index)"
        content = "Body of note \(index): a line or two of text that a note-taking app would keep."
        date = Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(index) * 37)
        isArchived = index % 2 == 1
        // Spread priorities so that neighbouring rows differ and each priority has about 20 rows.
        priority = (index &* 7_919) % Self.priorityCount(rows: rows)
    }

    /// Seconds since 2001, as the core stores dates.
    var storedDate: Double { date.timeIntervalSinceReferenceDate }
}
