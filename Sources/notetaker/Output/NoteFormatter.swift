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
        var line = "\(number)\(pin)\(title(of: note))  ·  \(date(note.createdAt))"
        let tags = note.tags.map(\.name).sorted()
        if !tags.isEmpty { line += "  ·  " + tags.map { "#\(TerminalText.line($0))" }.joined(separator: " ") }
        if note.imageFilename != nil { line += "  ·  [image]" }
        return line
    }

    /// A note's title as one safe line, or "(untitled)".
    static func title(of note: Note) -> String {
        note.title.isEmpty ? "(untitled)" : TerminalText.line(note.title)
    }

    /// A note's tag names, sorted, as one safe line: "travel, work".
    static func tagList(_ note: Note) -> String {
        note.tags.map(\.name).sorted().map(TerminalText.line).joined(separator: ", ")
    }

    /// The whole list, or a sentence when it is empty.
    static func list(_ notes: [Note], emptyMessage: String) -> String {
        notes.isEmpty ? emptyMessage : notes.map(row).joined(separator: "\n")
    }

    /// Every field of a note, then its content.
    static func detail(_ note: Note, imageURL: URL?) -> String {
        var lines = [
            "\(NoteNumber.label(of: note))  \(title(of: note))",
            "created: \(date(note.createdAt))",
            "pinned:  \(note.isPinned ? "yes" : "no")",
            "tags:    \(note.tags.isEmpty ? "none" : tagList(note))",
        ]
        if let filename = note.imageFilename {
            lines.append(
                "image:   \(TerminalText.line(filename))" + (imageURL.map { " (\(TerminalText.line($0.path)))" } ?? ""))
        } else {
            lines.append("image:   none")
        }
        lines.append("")
        lines.append(note.content.isEmpty ? "(no content)" : TerminalText.block(note.content))
        return lines.joined(separator: "\n")
    }

    /// The two settings and what they do to the list.
    static func settings(_ settings: NoteTakerSettings) -> String {
        let order = settings.sortOrder == .date ? "date (newest first)" : "title (A to Z)"
        return """
            sort:         \(order)
            pinned-first: \(settings.showPinnedFirst ? "on" : "off")
            per-page:     \(settings.notesPerPage)
            """
    }
}
