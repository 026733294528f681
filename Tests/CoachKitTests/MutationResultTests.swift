import Foundation
import Testing

@testable import CoachKit

@Suite("Mutation results")
struct MutationResultTests {
    func mutant(_ id: Int, _ original: String, _ mutated: String, line: Int = 3, lines: ClosedRange<Int> = 10...20)
        -> MutantRecord
    {
        MutantRecord(
            id: id, file: "Answer.swift", line: line, column: 5, kind: "relational boundary", scope: "add(_:_:)",
            original: original, mutated: mutated, schemataLines: lines
        )
    }

    func section(equivalents: [Course.EquivalentMutant]) throws -> Course.Section {
        var section = try WorkbenchFixture.make().course.sections[0]
        section.equivalentMutants = equivalents
        return section
    }

    @Test(
        "a survivor listed as equivalent is explained; an unlisted one is a problem; the score leaves equivalents out")
    func survivorsAndEquivalents() throws {
        let equivalent = Course.EquivalentMutant(
            file: "Answer.swift", scope: "add(_:_:)", change: "`<` → `<=`", reason: "the values are never equal")
        let result = SectionMutationResult(
            section: try section(equivalents: [equivalent]),
            outcomes: [
                MutantOutcome(mutant: mutant(1, "<", "<="), result: .survived),
                MutantOutcome(mutant: mutant(2, ">", ">="), result: .survived),
                MutantOutcome(mutant: mutant(3, "+", "-"), result: .killed(by: "adds numbers")),
            ],
            notCompiled: [4]
        )
        #expect(result.equivalent.map(\.id) == [1])
        #expect(result.unexplained.map(\.id) == [2])
        #expect(result.score == 50)
        #expect(!result.isComplete)
        #expect(result.problemLines.count == 1)
        #expect(result.problemLines[0].contains("Answer.swift:3 in add(_:_:)"))
        #expect(result.summaryLine.contains("1 killed, 1 equivalent, 1 survived, 1 did not compile"))
    }

    @Test("an equivalent entry that no longer survives is reported as out of date")
    func staleEquivalent() throws {
        let stale = Course.EquivalentMutant(
            file: "Answer.swift", scope: "add(_:_:)", change: "`<` → `<=`", reason: "was equivalent")
        let result = SectionMutationResult(
            section: try section(equivalents: [stale]),
            outcomes: [MutantOutcome(mutant: mutant(1, "<", "<="), result: .killed(by: "adds numbers"))],
            notCompiled: []
        )
        #expect(result.staleEquivalents == [stale])
        #expect(result.problemLines.first?.contains("no longer survives") == true)
        #expect(result.score == 100)
    }

    @Test("a compiler error inside a mutant's copy is charged to that mutant, one elsewhere is not")
    func compilerErrorsFindTheirMutant() throws {
        let section = try section(equivalents: [])
        let staged = [
            MutantStage.Staged(
                section: section, folder: ".build/coach/mutants/Section1Basics",
                mutants: [mutant(1, "<", "<=", lines: 10...14), mutant(2, "+", "-", lines: 15...19)]
            )
        ]
        let errors = [
            CompilerDiagnostic(
                path: ".build/coach/mutants/Section1Basics/Answer.swift", line: 17, column: 3, message: "type mismatch"),
            CompilerDiagnostic(
                path: ".build/coach/mutants/Section1Basics/Answer.swift", line: 40, column: 1, message: "elsewhere"),
        ]
        let (culprits, unexplained) = MutantStage.culprits(of: errors, in: staged)
        #expect(culprits == ["Section1Basics": [2]])
        #expect(unexplained.map(\.line) == [40])
    }
}
