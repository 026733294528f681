import Foundation
import Section8NoteTaker

/// How notes, tags and settings read in the terminal.
enum NoteFormatter {
    /// `2026-11-22 14:05`, in the local time zone.
    static func date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    /// One line of the list: number, pin mark, title, date, tags and an image mark.
    static func row(_ note: Note) -> String {
        let number = NoteNumber.label(of: note).padding(toLength: 5, withPad: " ", startingAt: 0)
        let pin = note.isPinned ? "* " : "  "
        let title = note.title.isEmpty ? "(untitled)" : note.title
        var line = "\(number)\(pin)\(title)  ·  \(date(note.createdAt))"
        let tags = note.tags.map(\.name).sorted()
        if !tags.isEmpty { line += "  ·  " + tags.map { "#\($0)" }.joined(separator: " ") }
        if note.imageFilename != nil { line += "  ·  [image]" }
        return line
    }

    /// The whole list, or a sentence when it is empty.
    static func list(_ notes: [Note], emptyMessage: String) -> String {
        notes.isEmpty ? emptyMessage : notes.map(row).joined(separator: "\n")
    }

    /// Every field of a note, then its content.
    static func detail(_ note: Note, imageURL: URL?) -> String {
        var lines = [
            "\(NoteNumber.label(of: note))  \(note.title.isEmpty ? "(untitled)" : note.title)",
            "created: \(date(note.createdAt))",
            "pinned:  \(note.isPinned ? "yes" : "no")",
            "tags:    \(note.tags.isEmpty ? "none" : note.tags.map(\.name).sorted().joined(separator: ", "))",
        ]
        if let filename = note.imageFilename {
            lines.append("image:   \(filename)" + (imageURL.map { " (\($0.path))" } ?? ""))
        } else {
            lines.append("image:   none")
        }
        lines.append("")
        lines.append(note.content.isEmpty ? "(no content)" : note.content)
        return lines.joined(separator: "\n")
    }

    /// The two settings and what they do to the list.
    static func settings(_ settings: NoteTakerSettings) -> String {
        let order = settings.sortOrder == .date ? "date (newest first)" : "title (A to Z)"
        return """
            sort:         \(order)
            pinned-first: \(settings.showPinnedFirst ? "on" : "off")
            """
    }
}
