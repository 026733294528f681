import ArgumentParser
import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section8NoteTaker

/// `notetaker add`.
struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a note.")

    @Argument(help: "The note's title.")
    var title: String
    @Option(name: .shortAndLong, help: "The note's text.")
    var content: String = ""
    @Flag(help: "Pin the note to the top of the list.")
    var pinned = false
    @Option(name: .shortAndLong, help: "A tag to put on the note; created when new. Repeat for more tags.")
    var tag: [String] = []
    @OptionGroup var unlock: UnlockOptions

    func validate() throws {
        try NoteText.validateTitle(title, flag: "the title")
        for name in tag { try NoteText.validateTagName(name, flag: "--tag") }
    }

    func run() throws {
        let app = try NoteTakerApp.open(unlocking: unlock)
        // One save for the note and all its tags: a crash never leaves the note without some of them.
        let note = try app.repository.addNote(title: title, content: content, isPinned: pinned, tags: tag)
        guard NoteNumber.of(note) != nil, try app.repository.notes().contains(where: { $0 === note }) else {
            throw NoteTakerCLIError.unfinished("The note was not saved", finish: "Note and NoteRepository.addNote")
        }
        print("Added \(NoteNumber.label(of: note)): \(NoteFormatter.title(of: note))")
    }
}

/// `notetaker list`.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the notes, a page at a time, ordered as the settings say.",
        discussion: """
            Change the order with `notetaker settings set --sort title` or `--pinned-first off`, and the \
            page size with `--per-page`.
            """
    )

    @Option(name: .shortAndLong, help: "Only the notes that carry this tag.")
    var tag: String?
    @Option(name: .shortAndLong, help: "Which page to show, counting from 1.")
    var page = 1
    @OptionGroup var unlock: UnlockOptions

    func validate() throws {
        if page < 1 { throw ValidationError("--page counts from 1; \(page) is not a page.") }
    }

    func run() throws {
        let app = try NoteTakerApp.open(unlocking: unlock)
        let pageSize = max(app.settings.notesPerPage, 1)
        let notes: [Note]
        let total: Int
        do {
            if let tag {
                let wanted = try app.tag(tag)
                let tagged = try app.repository.notes().filter { note in note.tags.contains { $0 === wanted } }
                total = tagged.count
                notes = Array(tagged.dropFirst((page - 1) * pageSize).prefix(pageSize))
            } else {
                // The whole list first: a note the store cannot read is reported with its row here, where
                // a query would only come back empty.
                total = try app.repository.notes().count
                notes =
                    ModelEnvironment.with(app.repository.context) { NoteList(settings: app.settings, page: page) }.notes
            }
        } catch let error as NoteTakerCLIError {
            throw error
        } catch {
            throw NoteTakerCLIError.unreadable(error)
        }
        let pageCount = (total + pageSize - 1) / pageSize
        if tag == nil && page <= pageCount && notes.isEmpty {
            throw NoteTakerCLIError.unfinished(
                "The store holds \(total) note(s), but page \(page) of the list is empty", finish: "NoteList")
        }
        if total > 0 && page > pageCount {
            print("There is no page \(page): the list has \(pageCount) page(s) of \(pageSize) notes.")
            return
        }
        print(
            NoteFormatter.list(
                notes,
                emptyMessage: tag == nil
                    ? "No notes yet. Add one with `notetaker add \"Title\"`." : "No note carries #\(tag!)."))
        if pageCount > 1 {
            let next =
                page < pageCount ? " Next: notetaker list --page \(page + 1)\(tag.map { " --tag \($0)" } ?? "")" : ""
            print("Page \(page) of \(pageCount), \(pageSize) notes per page.\(next)")
        }
    }
}

/// `notetaker search`.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "List the notes whose title or text contains some words, ignoring case."
    )

    @Argument(help: "The text to look for.")
    var text: String
    @OptionGroup var unlock: UnlockOptions

    func run() throws {
        let app = try NoteTakerApp.open(unlocking: unlock)
        print(
            NoteFormatter.list(try app.repository.notes(matching: text), emptyMessage: "No note contains \"\(text)\"."))
    }
}

/// `notetaker show`.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one note in full.")

    @OptionGroup var target: NoteReference

    func run() throws {
        let (app, note) = try target.open()
        print(NoteFormatter.detail(note, imageURL: note.imageFilename.flatMap { app.repository.images.url(for: $0) }))
    }
}

/// `notetaker edit`.
struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a note's title or text.")

    @OptionGroup var target: NoteReference
    @Option(name: .long, help: "The new title.")
    var title: String?
    @Option(name: .shortAndLong, help: "The new text.")
    var content: String?

    func validate() throws {
        if title == nil && content == nil {
            throw ValidationError("Nothing to change: give --title, --content or both.")
        }
        if let title { try NoteText.validateTitle(title, flag: "--title") }
    }

    func run() throws {
        let (app, note) = try target.open()
        try app.repository.update(note, title: title, content: content)
        print("Edited \(NoteNumber.label(of: note)): \(NoteFormatter.title(of: note))")
    }
}

/// `notetaker pin`.
struct PinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pin", abstract: "Pin a note to the top of the list.")

    @OptionGroup var target: NoteReference

    func run() throws {
        let (app, note) = try target.open()
        try app.repository.update(note, isPinned: true)
        print("Pinned \(NoteNumber.label(of: note)): \(NoteFormatter.title(of: note))")
    }
}

/// `notetaker unpin`.
struct UnpinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unpin", abstract: "Unpin a note.")

    @OptionGroup var target: NoteReference

    func run() throws {
        let (app, note) = try target.open()
        try app.repository.update(note, isPinned: false)
        print("Unpinned \(NoteNumber.label(of: note)): \(NoteFormatter.title(of: note))")
    }
}

/// `notetaker delete`.
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a note and its image.")

    @OptionGroup var target: NoteReference

    func run() throws {
        let app = try NoteTakerApp.open(unlocking: target.unlock)
        let number = try NoteNumber.parse(target.note)
        let note: Note
        do {
            note = try app.note(target.note)
        } catch let error as NoteTakerCLIError where error.isUnreadableNote {
            // Its values cannot be read, so it is deleted by its number alone.
            try app.deleteUnreadableNote(number)
            print("Deleted #\(number), whose stored values could not be read")
            return
        }
        let label = "\(NoteNumber.label(of: note)): \(NoteFormatter.title(of: note))"
        try app.repository.deleteNote(note)
        print("Deleted \(label)")
    }
}

/// `notetaker attach-image`.
struct AttachImageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attach-image",
        abstract: "Give a note an image file, replacing the one it had.",
        discussion: "The file is copied into the app's Application Support/NoteImages folder under a new name."
    )

    @OptionGroup var target: NoteReference
    @Argument(help: "The image file to copy.", completion: .file())
    var file: String

    func run() throws {
        let data = try ImageFile.read(file)
        let (app, note) = try target.open()
        let url = URL(filePath: file)
        let pathExtension = url.pathExtension.isEmpty ? "img" : url.pathExtension.lowercased()
        // The file is written before the note is saved; the lock keeps another process's sweep of
        // unreferenced files from taking it in between.
        try app.withImagesLocked(while: "attaching an image") {
            try app.repository.attachImage(data, pathExtension: pathExtension, to: note)
        }
        guard let filename = note.imageFilename else {
            throw NoteTakerCLIError.unfinished("The image was not attached", finish: "NoteRepository.attachImage")
        }
        let path = app.repository.images.url(for: filename)?.path ?? filename
        print("Attached \(TerminalText.line(file)) to \(NoteNumber.label(of: note)) as \(TerminalText.line(path))")
    }
}

/// `notetaker detach-image`.
struct DetachImageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detach-image", abstract: "Remove a note's image and delete its file.")

    @OptionGroup var target: NoteReference

    func run() throws {
        let (app, note) = try target.open()
        guard note.imageFilename != nil else {
            throw NoteTakerCLIError("\(NoteNumber.label(of: note)) has no image: nothing to remove")
        }
        try app.repository.removeImage(from: note)
        print("Removed the image of \(NoteNumber.label(of: note))")
    }
}
