import Foundation
import Testing

@testable import CoachKit

@Suite("Building known mistakes in rounds")
struct MistakeRoundTests {
    /// Two sections: the first with three known mistakes, the second with one.
    static let twoSectionCourse = """
        {
          "title": "Fixture course",
          "sections": [
            {
              "number": 1, "title": "Basics", "target": "Section1Basics", "lesson": "course/01/lesson.md",
              "exercise": { "id": "1.1", "title": "First", "files": ["Answer.swift"], "givenFiles": [] },
              "hints": ["nudge", "nearly the answer"],
              "checkpoint": [{ "item": "Knows the basics.", "checks": ["adds numbers"] }],
              "mistakes": [
                { "id": "a", "summary": "a", "caughtBy": ["adds numbers"] },
                { "id": "b", "summary": "b", "caughtBy": ["adds numbers"] },
                { "id": "c", "summary": "c", "caughtBy": ["adds numbers"] }
              ]
            },
            {
              "number": 2, "title": "More", "target": "Section2More", "lesson": "course/01/lesson.md",
              "exercise": { "id": "2.1", "title": "Second", "files": ["Answer.swift"], "givenFiles": [] },
              "hints": ["nudge", "nearly the answer"],
              "checkpoint": [{ "item": "Knows more.", "checks": ["adds more"] }],
              "mistakes": [{ "id": "x", "summary": "x", "caughtBy": ["adds more"] }]
            }
          ]
        }
        """

    /// Every known mistake the compiler must not refuse, placed in its section: those built in rounds.
    static func builtMistakes(of sections: [Course.Section]) -> [Verifier.PlacedMistake] {
        sections.flatMap { section in
            section.mistakes.filter { $0.compileError == nil }.map {
                Verifier.PlacedMistake(section: section, mistake: $0)
            }
        }
    }

    @Test("each round swaps at most one mistake into each section, and every mistake is in exactly one round")
    func roundsCoverEveryMistakeOnce() throws {
        let workbench = try WorkbenchFixture.make(course: Self.twoSectionCourse)
        let rounds = Verifier.rounds(Self.builtMistakes(of: workbench.course.sections), section: \.section.number)
        let labels = rounds.map { $0.map { "\($0.section.number):\($0.mistake.id)" } }
        #expect(
            labels == [["1:a", "2:x"], ["1:b"], ["1:c"]],
            "expected the n-th mistake of each section per round, found \(labels)")
    }

    @Test(
        "a section with fewer variants than the rounds puts them where the others weigh least, in its own order"
    )
    func roundsSpreadTheLoad() {
        // (section, name, weight): section 1 fills four rounds, its last two heavy; section 2's two heavy
        // variants go beside its light ones, and section 3's light one in the lightest round left.
        let items = [
            (1, "a", 1), (1, "b", 1), (1, "c", 3), (1, "d", 3), (2, "p", 3), (2, "q", 3), (3, "x", 1),
        ]
        let rounds = Verifier.rounds(items, section: \.0, weight: \.2).map { $0.map { "\($0.0):\($0.1)" } }
        #expect(rounds == [["1:a", "2:p"], ["1:b", "2:q"], ["1:c", "3:x"], ["1:d"]])
        #expect(Verifier.spread([1, 1], over: [5, 0, 5, 0]) == [1, 3])
        #expect(Verifier.spread([2, 1, 2], over: [0, 0, 0]) == [0, 1, 2])
    }

    @Test("whatever the weights, every variant is in one round, each section's in their order, one a round")
    func roundsKeepEverySectionsOrder() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let items = (1...5).flatMap { section in
                (0..<Int.random(in: 0...6, using: &generator)).map {
                    (section, $0, Int.random(in: 1...4, using: &generator))
                }
            }
            let rounds = Verifier.rounds(items, section: \.0, weight: \.2)
            let depth = Dictionary(grouping: items, by: \.0).values.map(\.count).max() ?? 0
            #expect(rounds.count == depth)
            for round in rounds {
                #expect(Set(round.map(\.0)).count == round.count, "a round holds two variants of one section: \(round)")
            }
            for section in 1...5 {
                let order = rounds.flatMap { $0.filter { $0.0 == section }.map(\.1) }
                #expect(order == items.filter { $0.0 == section }.map(\.1))
            }
        }
    }

    @Test(
        "variants built apart go in the order that changes a section's public interface least: shape-keeping first, then the starter, then the reshaping"
    )
    func roundOrderKeepsInterfacesInARow() {
        // (name, reshapes, is the starter), as staged: the starter first.
        let staged = [
            ("starter", false, true), ("a", false, false), ("r1", true, false), ("b", false, false),
            ("reshaping starter", true, true), ("r2", true, false),
        ]
        let order = Verifier.roundOrder(staged, reshapes: { _, item in item.1 }, isStarter: { $0.2 }).map(\.0)
        #expect(order == ["a", "b", "starter", "r1", "r2", "reshaping starter"])
        let flags = [true, false]
        #expect(
            Verifier.roundOrder(["x", "y"], reshapes: { index, _ in flags[index] }, isStarter: { _ in false }) == [
                "y", "x",
            ])
    }

    @Test(
        "a round runs a mistake's catching checks alone and every check of an alternative's or a starter's section; a catching check the run does not know runs the whole section"
    )
    func roundFilterRunsWhatCounts() throws {
        let workbench = try WorkbenchFixture.make(course: Self.twoSectionCourse)
        let (first, second) = (workbench.course.sections[0], workbench.course.sections[1])
        let checks = [
            TestOutcome(
                id: "Section1BasicsTests.Checks/addsNumbers()/Checks.swift:3:6", displayName: "adds numbers",
                result: .passed),
            TestOutcome(
                id: "Section1BasicsTests.Checks/addsZero()/Checks.swift:5:6", displayName: "adds zero", result: .passed),
            TestOutcome(
                id: "Section2MoreTests.Checks/addsNumbers()/Checks.swift:3:6", displayName: "adds numbers",
                result: .passed),
        ]
        let mistake = Verifier.StagedVariant(
            section: first, kind: .mistake(first.mistakes[0]), id: VariantID.mistakes, folder: "m")
        let starter = Verifier.StagedVariant(section: second, kind: .starter, id: VariantID.starter, folder: "s")
        let filter = Verifier.roundFilter([mistake, starter], checks: checks)
        #expect(filter == #"^Section1BasicsTests\.Checks\/addsNumbers\(\)|^Section2MoreTests\."#)
        let pattern = try Regex(filter)
        let selected = (checks.map(\.id) + ["Section2MoreTests.Checks/addsMore()/Checks.swift:9:6"]).filter {
            $0.contains(pattern)
        }
        #expect(
            selected == [
                "Section1BasicsTests.Checks/addsNumbers()/Checks.swift:3:6",
                "Section2MoreTests.Checks/addsNumbers()/Checks.swift:3:6",
                "Section2MoreTests.Checks/addsMore()/Checks.swift:9:6",
            ])

        let unknown = Verifier.StagedVariant(
            section: second, kind: .mistake(second.mistakes[0]), id: VariantID.mistakes, folder: "x")
        #expect(Verifier.roundFilter([unknown], checks: checks) == #"^Section2MoreTests\."#)
    }

    @Test("a course without known mistakes needs no mistake build")
    func noMistakesNoRounds() throws {
        let workbench = try WorkbenchFixture.make(course: Self.twoSectionCourse)
        let sections = workbench.course.sections.map { section in
            var withoutMistakes = section
            withoutMistakes.mistakes = []
            return withoutMistakes
        }
        let rounds = Verifier.rounds(Self.builtMistakes(of: sections), section: \.section.number)
        #expect(rounds.isEmpty, "expected no rounds, found \(rounds.count)")
    }

    @Test("a mistake the compiler must refuse is built on its own, never in a round")
    func compilerRefusalsAreBuiltAlone() throws {
        let course = Self.twoSectionCourse.replacingOccurrences(
            of: #"{ "id": "b", "summary": "b", "caughtBy": ["adds numbers"] }"#,
            with: #"{ "id": "b", "summary": "b", "caughtBy": [], "compileError": "risks causing data races" }"#
        )
        let workbench = try WorkbenchFixture.make(course: course)
        let rounds = Verifier.rounds(Self.builtMistakes(of: workbench.course.sections), section: \.section.number)
        #expect(rounds.map { $0.map { "\($0.section.number):\($0.mistake.id)" } } == [["1:a", "2:x"], ["1:c"]])
        #expect(Verifier.compilerRefusals(of: workbench.course.sections).map(\.mistake.id) == ["b"])
        #expect(CourseAudit(workbench: workbench).problems().allSatisfy { !$0.message.contains("'b' names no check") })
    }

    @Test("a refused mistake holds only when the build fails with its error in the mistake's own files")
    func refusalNeedsTheErrorInTheMistake() throws {
        let workbench = try WorkbenchFixture.make(course: Self.twoSectionCourse)
        var mistake = workbench.course.sections[0].mistakes[0]
        mistake.compileError = "risks causing data races"
        let placed = Verifier.PlacedMistake(section: workbench.course.sections[0], mistake: mistake)
        let folder = ".build/coach/mistakes/Section1Basics/a"
        func run(compiled: Bool, errors: [CompilerDiagnostic]) -> TrackRun {
            TrackRun(
                track: .solutions, build: compiled ? .exited(0) : .exited(1), compilerErrors: errors, testRun: nil,
                outcomes: [],
                buildLog: workbench.root, testLog: workbench.root
            )
        }
        let inMistake = CompilerDiagnostic(
            path: "/w/\(folder)/Feed.swift", line: 3, column: 9, message: "sending 'items' risks causing data races")
        let elsewhere = CompilerDiagnostic(
            path: "/w/Tests/Section1BasicsTests/Checks.swift", line: 1, column: 1,
            message: "sending 'x' risks causing data races")

        #expect(
            Verifier.refusalProblems(of: placed, in: run(compiled: false, errors: [inMistake]), stagedIn: folder)
                .isEmpty)
        #expect(
            Verifier.refusalProblems(of: placed, in: run(compiled: true, errors: []), stagedIn: folder).first?.message
                .contains("but the package builds") == true)
        #expect(
            Verifier.refusalProblems(of: placed, in: run(compiled: false, errors: [elsewhere]), stagedIn: folder).first?
                .message.contains("without the error") == true)
    }

    @Test("several overrides reach the manifest as one semicolon-separated variable")
    func overridesJoinIntoOneVariable() {
        let request = BuildRequest(
            track: .solutions,
            overrides: [
                .init(target: "Section1Basics", folder: ".build/coach/mistakes/Section1Basics/a"),
                .init(target: "Section2More", folder: ".build/coach/mistakes/Section2More/x"),
            ])
        let value = request.environment["COURSE_SECTION_OVERRIDE"]
        #expect(
            value
                == "Section1Basics=.build/coach/mistakes/Section1Basics/a;Section2More=.build/coach/mistakes/Section2More/x",
            "expected both overrides joined by ';', found \(value ?? "nil")"
        )
        #expect(
            BuildRequest(track: .solutions).environment["COURSE_SECTION_OVERRIDE"] == "",
            "expected an empty value without overrides")
    }
}
