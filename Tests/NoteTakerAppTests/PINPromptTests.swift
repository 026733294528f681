import CoreTestSupport
import Foundation
import Testing

@Suite("notetaker's PIN prompt at a terminal", .enabled(if: notetakerRunsTheReference, "runs the reference NoteTaker"))
struct PINPromptTests {
    @Test("the PIN typed at the prompt opens the app and is never echoed")
    func rightPINOpensWithoutEcho() throws {
        let home = NoteTakerHome()
        defer { home.remove() }
        #expect(try home.run(["add", "Groceries", "--content", "lemons"]).status == 0)
        #expect(try home.run(["lock", "set", "--new-pin", "7391"]).status == 0)

        let terminal = try home.startAtTerminal(["list"])
        let prompt = try terminal.waitFor("PIN: ", within: .seconds(20))
        try terminal.type("7391\n")
        try terminal.waitFor("Groceries", after: prompt, within: .seconds(20))
        #expect(try terminal.waitForExit(within: .seconds(20)) == 0)
        #expect(!terminal.transcript.contains("7391"), "the PIN was echoed: \(terminal.transcript)")
    }

    @Test("a wrong PIN typed at the prompt is refused, with the tries left")
    func wrongPINIsRefused() throws {
        let home = NoteTakerHome()
        defer { home.remove() }
        #expect(try home.run(["lock", "set", "--new-pin", "7391"]).status == 0)

        let terminal = try home.startAtTerminal(["list"])
        try terminal.waitFor("PIN: ", within: .seconds(20))
        try terminal.type("1111\n")
        try terminal.waitFor("Wrong PIN", within: .seconds(20))
        #expect(try terminal.waitForExit(within: .seconds(20)) != 0)
        #expect(!terminal.transcript.contains("1111"))
    }

    @Test("setting a PIN asks for it at the terminal when --new-pin is not given")
    func newPINIsAskedFor() throws {
        let home = NoteTakerHome()
        defer { home.remove() }
        let terminal = try home.startAtTerminal(["lock", "set"])
        try terminal.waitFor("New PIN: ", within: .seconds(20))
        try terminal.type("2580\n")
        try terminal.waitFor("PIN set.", within: .seconds(20))
        #expect(try terminal.waitForExit(within: .seconds(20)) == 0)
        #expect(try home.run(["lock", "status"]).output.contains("A PIN is set"))
    }
}
