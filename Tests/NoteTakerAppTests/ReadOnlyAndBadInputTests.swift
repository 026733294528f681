import Foundation
import GRDB
import Testing

/// `notetaker` in a data folder it cannot write, and given input it cannot use.
@Suite(
    "notetaker with a read-only folder and bad input",
    .enabled(if: notetakerRunsTheReference, "runs the reference NoteTaker"))
struct ReadOnlyAndBadInputTests {
    /// Runs a shell command and expects it to succeed.
    func shell(_ command: String) throws {
        let process = Process()
        process.executableURL = URL(filePath: "/bin/sh")
        process.arguments = ["-c", command]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "`\(command)` failed")
    }

    @Test(
        "in a data folder it cannot write, notetaker lists, shows and unlocks, and an add fails saying the folder is read-only"
    )
    func readOnlyFolderServesReads() throws {
        var home = NoteTakerHome()
        defer {
            try? shell("chmod -R u+w '\(home.dataHome.path)'")
            home.remove()
        }
        #expect(try home.run(["add", "Groceries", "--content", "lemons", "--tag", "home"]).status == 0)
        #expect(try home.run(["settings", "set", "--sort", "title"]).status == 0)
        #expect(try home.run(["lock", "set", "--new-pin", "7391"]).status == 0)
        try shell("chmod -R a-w '\(home.dataHome.path)'")
        // Root writes any folder whatever its mode, so as root the reads run where the data folder is mounted
        // read-only (bubblewrap, which `.ci/setup` installs for coach's grading sandbox). Running them as
        // another user instead would not do: a process whose user changed may not read its own
        // /proc/self/cmdline on some kernels, and Swift reads its arguments there.
        if geteuid() == 0 {
            let folder = home.dataHome.path
            home.runAs = ["bwrap", "--dev-bind", "/", "/", "--ro-bind", folder, folder]
        }

        let list = try home.run(["list", "--pin", "7391"])
        #expect(list.status == 0 && list.output.contains("Groceries"), "list in a read-only folder: \(list.output)")
        let show = try home.run(["show", "1", "--pin", "7391"])
        #expect(show.status == 0 && show.output.contains("lemons"), "show in a read-only folder: \(show.output)")
        let settings = try home.run(["settings", "--pin", "7391"])
        #expect(settings.output.contains("title (A to Z)"), "settings in a read-only folder: \(settings.output)")
        let add = try home.run(["add", "Another", "--pin", "7391"])
        #expect(add.status != 0 && add.output.contains("read"), "add in a read-only folder: \(add.output)")
        #expect(!add.output.contains("OSStatus"), "\(add.output)")
    }

    @Test(
        "bad input is refused with a message that names the problem and the fix",
        arguments: [
            (["show", "-1"], "note"),
            (["show", "x1"], "No note \"x1\""),
            (["add", ""], "empty"),
            (["add", "   "], "empty"),
            (["add", "Title", "--tag", ""], "empty"),
            (["tags", "create", " "], "empty"),
            (["edit", "1", "--title", ""], "empty"),
            (["attach-image", "1", "/"], "is a folder"),
            (["attach-image", "1", "/dev/null"], "not a regular file"),
            (["attach-image", "1", "/no/such/picture.jpg"], "no such file"),
        ])
    func badInputIsExplained(arguments: [String], expected: String) throws {
        let home = NoteTakerHome()
        defer { home.remove() }
        #expect(try home.run(["add", "First"]).status == 0)
        let result = try home.run(arguments)
        #expect(result.status != 0, "`notetaker \(arguments.joined(separator: " "))` succeeded: \(result.output)")
        #expect(
            result.output.contains(expected), "`notetaker \(arguments.joined(separator: " "))` said: \(result.output)")
        #expect(
            !result.output.contains("NSCocoaErrorDomain") && !result.output.contains("Missing expected argument"),
            "\(result.output)")
    }

    @Test("control characters in a title or tag are shown escaped, never sent to the terminal")
    func controlCharactersAreEscaped() throws {
        let home = NoteTakerHome()
        defer { home.remove() }
        #expect(try home.run(["add", "red\u{1B}[31mtext\u{7}", "--tag", "t\u{1B}[2J"]).status == 0)
        let list = try home.run(["list"]).output
        #expect(
            !list.contains("\u{1B}") && !list.contains("\u{7}"), "raw control characters in: \(list.debugDescription)")
        #expect(list.contains("red\\e[31mtext\\u{7}"), "\(list.debugDescription)")
        #expect(list.contains("#t\\e[2J"), "\(list.debugDescription)")
    }

    @Test("a note whose stored values cannot be read is named with its row and column, and can still be deleted")
    func unreadableNoteCanBeDeleted() throws {
        let home = NoteTakerHome()
        defer { home.remove() }
        #expect(try home.run(["add", "Groceries", "--tag", "home"]).status == 0)
        #expect(try home.run(["add", "Second"]).status == 0)
        // Another program wrote text where NoteTaker keeps a date.
        let store = home.sandbox.applicationSupportDirectory.appending(path: "NoteTaker.store")
        let queue = try DatabaseQueue(path: store.path)
        try queue.write { try $0.execute(sql: #"UPDATE "Note" SET "createdAt" = 'yesterday' WHERE "_pk" = 1"#) }
        try queue.close()

        let list = try home.run(["list"])
        #expect(list.status != 0, "list showed a note it cannot read: \(list.output)")
        #expect(
            list.output.contains("Note.createdAt of row 1") && list.output.contains("notetaker delete"),
            "\(list.output)")
        let show = try home.run(["show", "1"])
        #expect(show.status != 0 && show.output.contains("`notetaker delete 1` removes it"), "\(show.output)")
        let other = try home.run(["show", "2"])
        #expect(other.status == 0 && other.output.contains("Second"), "the readable note: \(other.output)")

        let delete = try home.run(["delete", "1"])
        #expect(delete.status == 0 && delete.output.contains("Deleted #1"), "\(delete.output)")
        let after = try home.run(["list"])
        #expect(
            after.status == 0 && after.output.contains("Second") && !after.output.contains("Groceries"),
            "\(after.output)")
        let tags = try home.run(["tags"])
        #expect(tags.status == 0 && tags.output.contains("home"), "the deleted note's tag stays: \(tags.output)")
    }
}

/// `notetaker list` a page at a time.
@Suite(
    "notetaker lists notes a page at a time", .enabled(if: notetakerRunsTheReference, "runs the reference NoteTaker"))
struct ListPagingTests {
    @Test("list shows notesPerPage notes and says how to reach the next page; a page out of range is refused or named")
    func pages() throws {
        let home = NoteTakerHome()
        defer { home.remove() }
        for number in 1...5 {
            #expect(try home.run(["add", "Note \(number)"]).status == 0)
        }
        let perPage = try home.run(["settings", "set", "--per-page", "2", "--sort", "title"])
        #expect(
            perPage.status == 0 && perPage.output.contains("per-page:     2"),
            "settings set --per-page 2: \(perPage.output)")

        let first = try home.run(["list"])
        #expect(
            first.output.contains("Note 1") && first.output.contains("Note 2") && !first.output.contains("Note 3"),
            "list: \(first.output)")
        #expect(
            first.output.contains("Page 1 of 3, 2 notes per page. Next: notetaker list --page 2"),
            "list: \(first.output)")
        let last = try home.run(["list", "--page", "3"])
        #expect(
            last.output.contains("Note 5") && !last.output.contains("Note 4") && !last.output.contains("Next:"),
            "list --page 3: \(last.output)")
        let past = try home.run(["list", "--page", "4"])
        #expect(
            past.status == 0 && past.output.contains("There is no page 4: the list has 3 page(s)"),
            "list --page 4: \(past.output)")

        let zero = try home.run(["list", "--page", "0"])
        #expect(zero.status != 0 && zero.output.contains("--page counts from 1"), "list --page 0: \(zero.output)")
        let tooMany = try home.run(["settings", "set", "--per-page", "0"])
        #expect(
            tooMany.status != 0 && tooMany.output.contains("--per-page 0 is out of range"),
            "settings set --per-page 0: \(tooMany.output)")
    }
}
