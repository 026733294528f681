import ArgumentParser
import PersistenceCore
import Section8NoteTaker

/// `notetaker tag`.
struct TagCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag",
        abstract: "Put tags on a note, creating the tags that are new."
    )

    @OptionGroup var target: NoteReference
    @Argument(help: "One or more tag names.")
    var tags: [String]

    func validate() throws {
        if tags.isEmpty { throw ValidationError("Name at least one tag, as in `notetaker tag 3 work`.") }
        for name in tags { try NoteText.validateTagName(name, flag: "a tag name") }
    }

    func run() throws {
        let (app, note) = try target.open()
        // Every tag in one save: the command changes the note all at once or not at all.
        for name in tags where !note.tags.contains(where: { $0.name == name }) {
            note.tags.append(try app.repository.tag(named: name) ?? Tag(name: name))
        }
        try app.repository.context.save()
        print("\(NoteNumber.label(of: note)) tags: \(note.tags.isEmpty ? "none" : NoteFormatter.tagList(note))")
    }
}

/// `notetaker untag`.
struct UntagCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "untag", abstract: "Take a tag off a note; the tag stays.")

    @OptionGroup var target: NoteReference
    @Argument(help: "The tag's name.")
    var tag: String

    func run() throws {
        let (app, note) = try target.open()
        let tag = try app.tag(tag)
        guard note.tags.contains(where: { $0 === tag }) else {
            throw NoteTakerCLIError(
                "\(NoteNumber.label(of: note)) does not carry #\(TerminalText.line(tag.name)): nothing to remove")
        }
        try app.repository.unassign(tag, from: note)
        print("\(NoteNumber.label(of: note)) tags: \(note.tags.isEmpty ? "none" : NoteFormatter.tagList(note))")
    }
}

/// `notetaker tags`: list, create and delete tags.
struct TagsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tags",
        abstract: "List, create or delete tags.",
        subcommands: [List.self, Create.self, Delete.self],
        defaultSubcommand: List.self
    )

    /// `notetaker tags list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List every tag and how many notes carry it.")

        @OptionGroup var unlock: UnlockOptions

        func run() throws {
            let app = try NoteTakerApp.open(unlocking: unlock)
            let tags = try app.repository.allTags()
            if tags.isEmpty {
                print("No tags yet. Create one with `notetaker tags create work` or `notetaker tag 3 work`.")
            }
            for tag in tags {
                let count = tag.notes.count
                print("#\(TerminalText.line(tag.name))  (\(count) \(count == 1 ? "note" : "notes"))")
            }
        }
    }

    /// `notetaker tags create`.
    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a tag.")

        @Argument(help: "The tag's name.")
        var name: String
        @OptionGroup var unlock: UnlockOptions

        func validate() throws {
            try NoteText.validateTagName(name, flag: "the tag name")
        }

        func run() throws {
            let app = try NoteTakerApp.open(unlocking: unlock)
            if try app.repository.tag(named: name) != nil {
                print("#\(TerminalText.line(name)) already exists")
                return
            }
            try app.repository.addTag(named: name)
            guard try app.repository.tag(named: name) != nil else {
                throw NoteTakerCLIError.unfinished(
                    "The tag was not saved", finish: "NoteRepository.addTag and tag(named:)")
            }
            print("Created #\(TerminalText.line(name))")
        }
    }

    /// `notetaker tags delete`.
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a tag; the notes that carried it stay.")

        @Argument(help: "The tag's name.")
        var name: String
        @OptionGroup var unlock: UnlockOptions

        func run() throws {
            let app = try NoteTakerApp.open(unlocking: unlock)
            let tag = try app.tag(name)
            let count = tag.notes.count
            try app.repository.deleteTag(tag)
            print(
                "Deleted #\(TerminalText.line(name)); the \(count) \(count == 1 ? "note" : "notes") that carried it \(count == 1 ? "stays" : "stay")"
            )
        }
    }
}
