import Foundation
import Testing

@testable import CoachKit

@Suite("Where a grading's time goes")
struct GradingTimelineTests {
    @Test("planning ends with SwiftPM's Building line; linking runs from the last compile step's line to the end")
    func buildPhasesFromTheLog() throws {
        let log = FileManager.default.temporaryDirectory.appending(path: "coach-phases-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let watch = BuildPhaseWatch(log: log, inner: nil)
        let start = ContinuousClock.now
        func append(_ text: String, at seconds: Int) throws {
            let handle = try FileHandle(forWritingTo: log)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(text.utf8))
            try handle.close()
            watch.read(at: start + .seconds(seconds))
        }
        try Data().write(to: log)

        try append("[0/1] Planning build\n[1/1] Compiling plugin GenerateManual\n", at: 1)
        try append("Building for debugging...\n", at: 2)
        try append("[5/9] Compiling Section1Strategy A.swift\n[6/9] Linking coach\n", at: 3)
        #expect(watch.compiled == start + .seconds(3))
        try append("[7/9] Compiling Section1StrategyTests Checks.swift\n", at: 4)
        #expect(watch.compiled == nil, "a compile step followed the link")
        try append("[8/9] Write Objects.LinkFileList\n", at: 5)
        try append("[9/9] Linking PersistenceWorkbenchPackageTests.xctest\n", at: 8)

        #expect(watch.planned == start + .seconds(2))
        #expect(watch.compiled == start + .seconds(5))
    }

    @Test("phases of one name add up, and a context names those recorded within it")
    func totalsAndContext() {
        let timeline = GradingTimeline()
        timeline.record("compiling", .milliseconds(1500))
        timeline.during("your tests") {
            timeline.record("compiling", .seconds(2))
            timeline.record("compiling", .seconds(1))
        }
        timeline.record("linking", .milliseconds(500))
        timeline.record("compiling", .milliseconds(500))

        #expect(
            timeline.totals == [
                .init(name: "compiling", seconds: 2),
                .init(name: "your tests: compiling", seconds: 3),
                .init(name: "linking", seconds: 0.5),
            ])
    }

    @Test("the report lists each phase, coach's own share of the command and the total")
    func reportLines() {
        let report = TimingReport(
            phases: [.init(name: "compiling", seconds: 1.25), .init(name: "linking", seconds: 0.5)],
            startup: .milliseconds(100), whole: .seconds(2)
        )

        #expect(
            Array(report.lines.dropFirst()) == [
                "  coach starting                                  0.10 s",
                "  compiling                                       1.25 s",
                "  linking                                         0.50 s",
                "  coach itself (course, progress file, report)    0.25 s",
                "  total                                           2.10 s",
            ])
    }

    @Test("this process's age is known on Linux and is not negative")
    func processAge() throws {
        #if os(Linux)
        let age = try #require(ProcessStart.age())
        #expect(age >= .zero)
        #endif
    }
}

@Suite("The edit→grade benchmark")
struct FeedbackLoopBenchmarkTests {
    @Test("an edit a killed run left in the exercise file is removed, and nothing else of the file")
    func leftoverEditsAreRemoved() throws {
        let workbench = try WorkbenchFixture.make()
        defer { try? FileManager.default.removeItem(at: workbench.root) }
        let section = workbench.course.sections[0]
        let benchmark = FeedbackLoopBenchmark(workbench: workbench, track: .exercises)
        let file = try #require(benchmark.editedFile(of: section))
        try Data(
            "// starter\nlet kept = 1\n\nprivate let loopBenchmarkEdit = 7  \(FeedbackLoopBenchmark.marker) 2\n".utf8
        ).write(to: file)

        try benchmark.removeLeftoverEdits(in: [section])

        #expect(try String(contentsOf: file, encoding: .utf8) == "// starter\nlet kept = 1\n\n")
    }

    @Test(
        "a body edit goes into the first function that has no result or returns with a statement, and keeps the file otherwise"
    )
    func bodyEdit() throws {
        let text =
            "struct Settings {\n    func total() -> Int {\n        1\n    }\n\n    public mutating func reset() {\n        value = 0\n    }\n}"
        let edited = try #require(FeedbackLoopBenchmark.editing(text, run: 2, edit: .body))
        let lines = edited.components(separatedBy: "\n")
        #expect(lines[5] == "    public mutating func reset() {")
        #expect(lines[6].hasPrefix("        _ = \"edit ") && lines[6].hasSuffix("\(FeedbackLoopBenchmark.marker) 2"))
        #expect(lines.filter { !$0.contains(FeedbackLoopBenchmark.marker) } == text.components(separatedBy: "\n"))
        #expect(FeedbackLoopBenchmark.editing("func total() -> Int {\n    1\n}\n", run: 1, edit: .body) == nil)
        let returning = try #require(
            FeedbackLoopBenchmark.editing(
                "func total() -> Int {\n    let one = 1\n    return one\n}", run: 1, edit: .body))
        #expect(returning.components(separatedBy: "\n")[1].hasPrefix("    _ = "))
        let opened = try #require(
            FeedbackLoopBenchmark.editing("struct Screen {\n    public init() {}\n}", run: 1, edit: .body))
        #expect(
            opened.components(separatedBy: "\n").filter { !$0.contains(FeedbackLoopBenchmark.marker) }
                == ["struct Screen {", "    public init() {", "    }", "}"])
        #expect(
            FeedbackLoopBenchmark.editing("let kept = 1\n", run: 1, edit: .declaration)?.contains(
                "private let loopBenchmarkEdit") == true)
        let helper = try #require(FeedbackLoopBenchmark.editing("let kept = 1\n", run: 3, edit: .helper))
        let added = helper.components(separatedBy: "\n").filter { $0.contains(FeedbackLoopBenchmark.marker) }
        #expect(added.count == 1 && added[0].hasPrefix("func loopBenchmarkHelper") && added[0].hasSuffix(" 3"))
    }

    @Test("each section's median is set beside the budget, with the median run's phases below it")
    func lines() throws {
        let workbench = try WorkbenchFixture.make()
        defer { try? FileManager.default.removeItem(at: workbench.root) }
        let section = workbench.course.sections[0]
        let benchmark = FeedbackLoopBenchmark(workbench: workbench, track: .exercises, budget: .seconds(3))
        let fast = FeedbackLoopBenchmark.Result(
            section: section, runs: [.milliseconds(2600), .milliseconds(2400), .milliseconds(2900)],
            phases: [.init(name: "compiling", seconds: 1.2), .init(name: "linking", seconds: 0.4)]
        )
        var slow = fast
        slow.runs = [.seconds(5), .seconds(4)]

        #expect(
            benchmark.lines(for: [fast, slow]) == [
                "Section  1   2.60 s  within the 3 s budget  (runs: 2.6, 2.4, 2.9 s)",
                "            compiling 1.20 · linking 0.40",
                "Section  1   5.00 s  OVER the 3 s budget  (runs: 5.0, 4.0 s)",
                "            compiling 1.20 · linking 0.40",
            ])
    }
}
