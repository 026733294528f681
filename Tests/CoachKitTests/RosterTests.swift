import Foundation
import Testing

@testable import CoachKit

@Suite("Reading a class roster")
struct RosterTests {
    let folder = URL(filePath: "/srv/class")

    @Test("a roster line names the learner, the submission relative to the roster and an optional ref")
    func readsLines() throws {
        let roster = try Roster.parse(
            csv: """
                learner,submission,ref
                # graded on Friday
                Ada Lovelace,ada.tar.gz,

                "Hopper, Grace",/git/grace.git,final
                """, relativeTo: folder, path: "roster.csv")
        #expect(
            roster.submissions == [
                Submission(learner: "Ada Lovelace", source: "/srv/class/ada.tar.gz"),
                Submission(learner: "Hopper, Grace", source: "/git/grace.git", ref: "final"),
            ])
    }

    @Test("a line with too few fields or an unclosed quote is refused with its line number")
    func refusesBadLines() {
        #expect(throws: RosterError.self) { try Roster.parse(csv: "Ada\n", relativeTo: folder, path: "r.csv") }
        let unclosed = #expect(throws: RosterError.self) {
            try Roster.parse(csv: "ok,a\n\"Ada,b\n", relativeTo: folder, path: "r.csv")
        }
        #expect(unclosed?.description.contains("line 2") == true)
    }

    @Test("two learners who would share a results folder are refused")
    func refusesSharedFolders() {
        let error = #expect(throws: RosterError.self) {
            try Roster([Submission(learner: "Ada L", source: "/a"), Submission(learner: "Ada/L", source: "/b")])
        }
        #expect(error?.description.contains("Ada-L") == true)
    }

    @Test("a submission named on the command line is named after its file, without the archive suffix")
    func namesFromPaths() throws {
        let roster = try Roster.from(
            arguments: ["/nowhere/ada.tar.gz", "/nowhere/grace.git@final", "/nowhere/linus.zip"], in: folder)
        #expect(roster.submissions.map(\.learner) == ["ada", "grace", "linus"])
        #expect(roster.submissions[1].ref == "final")
        #expect(roster.submissions[1].source == "/nowhere/grace.git")
    }

    @Test("shards split a roster by learner name: every learner in exactly one shard, whatever the roster's order")
    func shardsPartition() throws {
        let names = ["Eve", "Ada", "Dan", "Bob", "Cy", "Fay", "Gil"]
        let roster = try Roster(names.map { Submission(learner: $0, source: "/s/\($0)") })
        let reversed = try Roster(names.reversed().map { Submission(learner: $0, source: "/s/\($0)") })
        let shards = try (1...3).map { try Shard(parsing: "\($0)/3") }
        let slices = shards.map { $0.slice(of: roster).map(\.learner) }
        #expect(slices == [["Ada", "Dan", "Gil"], ["Bob", "Eve"], ["Cy", "Fay"]])
        #expect(shards.map { $0.slice(of: reversed).map(\.learner) } == slices)
    }

    @Test("a shard that is not i/n with 1 ≤ i ≤ n is refused")
    func refusesBadShards() {
        for text in ["0/2", "3/2", "1", "a/b", "1/0"] {
            #expect(throws: RosterError.self, "\(text) should be refused") { try Shard(parsing: text) }
        }
    }
}
