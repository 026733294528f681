import Testing

@testable import CoachKit

@Suite("Mutant suspects")
struct MutantSuspectsTests {
    func mutant(_ id: Int, file: String = "Answer.swift", scope: String = "add(_:_:)") -> MutantRecord {
        MutantRecord(
            id: id, file: file, line: 3, column: 5, kind: "relational boundary", scope: scope, original: "<",
            mutated: "<=", schemataLines: 10...20)
    }

    @Test(
        "a mutant's suspects are the checks that killed its scope's, then its file's, then the section's, latest first"
    )
    func suspectsComeByNearness() {
        let suspects = MutantSuspects(limit: 4)
        #expect(suspects.suspects(for: mutant(1)).isEmpty)
        suspects.record(mutant(1, file: "Other.swift", scope: "run()"), killedBy: "elsewhere")
        suspects.record(mutant(2, scope: "subtract(_:_:)"), killedBy: "same file, older")
        suspects.record(mutant(3), killedBy: "same scope, older")
        suspects.record(mutant(4, scope: "multiply(_:_:)"), killedBy: "same file, newer")
        suspects.record(mutant(5), killedBy: "same scope, newer")
        #expect(
            suspects.suspects(for: mutant(6))
                == ["same scope, newer", "same scope, older", "same file, newer", "same file, older"])
        #expect(
            suspects.suspects(for: mutant(7, file: "Other.swift", scope: "run()")).prefix(2)
                == ["elsewhere", "same scope, newer"])
    }

    @Test("a check that killed several mutants is suspected once, and no more than the limit are")
    func suspectsAreDistinctAndLimited() {
        let suspects = MutantSuspects(limit: 2)
        for id in 1...3 { suspects.record(mutant(id), killedBy: "check A") }
        #expect(suspects.suspects(for: mutant(4)) == ["check A"])
        suspects.record(mutant(5), killedBy: "check B")
        suspects.record(mutant(6), killedBy: "check C")
        #expect(suspects.suspects(for: mutant(7)) == ["check C", "check B"])
    }

    @Test("suspects stop once their runs cost more than the whole suite's runs they spared, and not before the trial")
    func suspectsStopWhenTheyDoNotPay() {
        let paying = MutantSuspects(limit: 4, trial: 3)
        paying.record(mutant(1), killedBy: "check A")
        paying.recordSuiteRun(seconds: 1.0)
        for _ in 1...3 { paying.recordSuspectsRun(seconds: 0.1, killed: true) }
        #expect(paying.suspects(for: mutant(2)) == ["check A"])

        let costly = MutantSuspects(limit: 4, trial: 3)
        costly.record(mutant(1), killedBy: "check A")
        costly.recordSuiteRun(seconds: 0.1)
        costly.recordSuspectsRun(seconds: 0.1, killed: false)
        costly.recordSuspectsRun(seconds: 0.1, killed: false)
        #expect(costly.suspects(for: mutant(2)) == ["check A"], "two runs are still within the trial")
        costly.recordSuspectsRun(seconds: 0.1, killed: true)
        #expect(costly.suspects(for: mutant(2)).isEmpty, "one kill spared 0.1 s of suite for 0.3 s of suspects")
    }
}
