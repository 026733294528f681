import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section8NoteTaker

/// Says what a sync did in NoteTaker's words: notes by their titles, tags by their names.
struct SyncReportFormatter {
    let report: CloudKitSyncReport
    let repository: NoteRepository

    /// Every line of the report, for `notetaker sync`.
    static func lines(_ report: CloudKitSyncReport, repository: NoteRepository) -> [String] {
        let formatter = SyncReportFormatter(report: report, repository: repository)
        return formatter.removals + [formatter.sent, formatter.received] + formatter.conflicts + formatter.unapplied
            + formatter.keptEarlier + formatter.waiting
    }

    /// The lines worth saying after any command: conflicts, removals and records kept without being applied.
    static func notices(_ report: CloudKitSyncReport, repository: NoteRepository) -> [String] {
        let formatter = SyncReportFormatter(report: report, repository: repository)
        return formatter.removals + formatter.conflicts + formatter.unapplied
    }

    private var sent: String {
        let changes = report.sent
        guard !changes.isEmpty else { return "Sent nothing: no change was waiting on this device." }
        return "Sent \(count(changes.count, "change")) to iCloud: \(describe(changes))."
    }

    private var received: String {
        let changes = report.received
        guard !changes.isEmpty else {
            return report.unapplied.isEmpty ? "Received nothing new." : "Received nothing this NoteTaker can apply."
        }
        let devices = Set(changes.compactMap(\.device).filter { !$0.isEmpty }).sorted()
        let from = devices.isEmpty ? "" : " from \(devices.joined(separator: " and "))"
        return "Received \(count(changes.count, "change"))\(from): \(describe(changes))."
    }

    private var conflicts: [String] {
        report.conflicts.map { conflict in
            let identifier =
                conflict.persistentIdentifier
                ?? report.received.first { $0.recordName == conflict.recordName }?.persistentIdentifier
            let item = name(entity: conflict.entityName, identifier: identifier, lost: conflict.lostValues)
            let other = conflict.otherDevice
            let sentence =
                switch conflict.outcome {
                case .editLost: "your edit of \(item) lost to \(other)'s newer record"
                case .editWon: "your edit of \(item) replaced \(other)'s: yours reached iCloud later"
                case .editUndidDeletion: "your edit brought back \(item), which \(other) had deleted"
                case .deletionUndone: "your deletion of \(item) was undone by \(other)'s later edit"
                case .editLostToDeletion: "your edit of \(item) lost to \(other)'s deletion"
                case .deletionWon: "your deletion of \(item) removed \(other)'s edit"
                }
            return "Conflict: \(sentence) (the later upload wins the whole record)."
        }
    }

    private var unapplied: [String] {
        report.unapplied.map { record in
            let what =
                record.entityName.map { "a \(TerminalText.line($0)) record (\(record.recordName))" }
                ?? "the record \(record.recordName) (\(record.recordType))"
            return "Kept \(what) without applying it: \(TerminalText.line(record.reason)). "
                + "It is applied by the first sync of a NoteTaker that can, or replaced by a newer version from iCloud."
        }
    }

    private var keptEarlier: [String] {
        let earlier = report.unappliedCount - report.unapplied.count
        guard earlier > 0 else { return [] }
        let (waits, them) = earlier == 1 ? ("waits", "it") : ("wait", "them")
        return [
            "\(count(earlier, "record")) received earlier \(waits) on this device for a NoteTaker that can apply \(them) "
                + "(`notetaker\(NoteTakerCloud.deviceFlag) account status` lists \(them))."
        ]
    }

    private var removals: [String] {
        report.removals.map { removal in
            "Removed \(count(removal.removedModels, "note or tag", plural: "notes and tags")) mirrored from iCloud from this device, "
                + "as an iPhone does, because \(removal.reason); iCloud keeps them."
        }
    }

    private var waiting: [String] {
        var lines: [String] = []
        let links = report.waitingRelationships
        if links > 0 {
            let (waits, them) = links == 1 ? ("waits", "it") : ("wait", "them")
            lines.append(
                "\(count(links, "link")) received \(waits) for a note or tag that has not arrived yet; "
                    + "the sync that brings it connects \(them).")
        }
        if report.pendingChanges > 0 {
            lines.append("\(count(report.pendingChanges, "change")) still wait on this device.")
        }
        return lines
    }

    /// The changes as titles and counts: `'Groceries', tag 'home', 1 deleted note, 2 tag links`.
    private func describe(_ changes: [CloudKitSyncReport.RecordChange]) -> String {
        var parts: [String] = []
        var deleted: [String: Int] = [:]
        var links = 0
        var linksRemoved = 0
        for change in changes {
            guard let entity = change.entityName else {
                if change.kind == .saved { links += 1 } else { linksRemoved += 1 }
                continue
            }
            if change.kind == .deleted {
                deleted[entity, default: 0] += 1
            } else {
                parts.append(name(entity: entity, identifier: change.persistentIdentifier, lost: [:]))
            }
        }
        for (entity, number) in deleted.sorted(by: { $0.key < $1.key }) {
            parts.append(
                "\(number) deleted \(entity == "Tag" ? (number == 1 ? "tag" : "tags") : (number == 1 ? "note" : "notes"))"
            )
        }
        if links > 0 { parts.append(count(links, "tag link") + " added") }
        if linksRemoved > 0 { parts.append(count(linksRemoved, "tag link") + " removed") }
        return parts.joined(separator: ", ")
    }

    /// A note as `'Groceries'`, a tag as `tag 'home'`; `a note` when it is gone.
    private func name(entity: String, identifier: PersistentIdentifier?, lost: [String: String]) -> String {
        let context = repository.context
        if entity == "Tag" {
            if let identifier,
                let tag = try? context.fetch(
                    FetchDescriptor<Tag>(predicate: #Predicate { $0.persistentModelID == identifier })
                ).first
            {
                return "tag '\(TerminalText.line(tag.name))'"
            }
            return lost["name"].map { "tag '\(TerminalText.line($0))'" } ?? "a tag"
        }
        if let identifier,
            let note = try? context.fetch(
                FetchDescriptor<Note>(predicate: #Predicate { $0.persistentModelID == identifier })
            ).first
        {
            return "'\(TerminalText.line(note.title))'"
        }
        return lost["title"].map { "'\(TerminalText.line($0))'" } ?? "a note"
    }

    private func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
        "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
    }
}
