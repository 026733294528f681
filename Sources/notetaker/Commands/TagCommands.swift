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
    }

    func run() throws {
        let (app, note) = try target.open()
        for name in tags {
            try app.repository.assign(try app.repository.addTag(named: name), to: note)
        }
        let now = note.tags.map(\.name).sorted()
        print("\(NoteNumber.label(of: note)) tags: \(now.isEmpty ? "none" : now.joined(separator: ", "))")
    }
}

/// `notetaker untag`.
struct UntagCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "untag", abstract: "Take a tag off a note; the tag stays.")

    @OptionGroup var target: NoteReference
    @Argument(help: "The tag's name.")
    var tag: String

    func run() throws {
        let (app, note) = try target.open()
        let tag = try app.tag(tag)
        guard note.tags.contains(where: { $0 === tag }) else {
            throw NoteTakerCLIError("\(NoteNumber.label(of: note)) does not carry #\(tag.name): nothing to remove")
        }
        try app.repository.unassign(tag, from: note)
        let now = note.tags.map(\.name).sorted()
        print("\(NoteNumber.label(of: note)) tags: \(now.isEmpty ? "none" : now.joined(separator: ", "))")
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
                print("#\(tag.name)  (\(count) \(count == 1 ? "note" : "notes"))")
            }
        }
    }

    /// `notetaker tags create`.
    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a tag.")

        @Argument(help: "The tag's name.")
        var name: String
        @OptionGroup var unlock: UnlockOptions

        func run() throws {
            let app = try NoteTakerApp.open(unlocking: unlock)
            if try app.repository.tag(named: name) != nil {
                print("#\(name) already exists")
                return
            }
            try app.repository.addTag(named: name)
            guard try app.repository.tag(named: name) != nil else {
                throw NoteTakerCLIError.unfinished("The tag was not saved", finish: "NoteRepository.addTag and tag(named:)")
            }
            print("Created #\(name)")
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
            print("Deleted #\(name); the \(count) \(count == 1 ? "note" : "notes") that carried it \(count == 1 ? "stays" : "stay")")
        }
    }
}
