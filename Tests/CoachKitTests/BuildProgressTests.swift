import CoreTestSupport
import Foundation
import Synchronization
import Testing

@testable import CoachKit

@Suite("Reading a build's progress")
struct BuildProgressTests {
    @Test("SwiftPM's step counter becomes done, total and the step without its file")
    func stepCounter() {
        #expect(
            BuildProgress.parse(line: "[312/1056] Compiling SwiftSyntax Trivia.swift")
                == .building(done: 312, total: 1056, step: "Compiling SwiftSyntax"))
        #expect(
            BuildProgress.parse(line: "[8/9] Linking PersistenceWorkbenchPackageTests.xctest")
                == .building(done: 8, total: 9, step: "Linking PersistenceWorkbenchPackageTests.xctest"))
        #expect(BuildProgress.parse(line: "[0/1] Planning build") == .planning)
    }

    @Test("fetching a dependency is resolving; other lines say nothing")
    func otherLines() {
        #expect(
            BuildProgress.parse(line: "Fetching https://github.com/swiftlang/swift-syntax from cache")
                == .resolving("fetching swift-syntax"))
        #expect(BuildProgress.parse(line: "Build complete! (0.30s)") == nil)
        #expect(BuildProgress.parse(line: "/w/Exercises/A.swift:3:1: error: expected expression") == nil)
        #expect(BuildProgress.parse(line: "[not a counter] x") == nil)
    }

    @Test("the follower reports the latest step of what the log gained, then counts the checks that end")
    func followsALog() throws {
        let log = TestScratch.path("coach-progress")
        let seen = ReportedProgress()
        let follower = BuildLogFollower(log: log, inner: nil) { seen.append($0) }
        try Data(
            "Building for debugging...\n[1/3] Compiling Section1Strategy A.swift\n[2/3] Linking Tests.xctest\n[3/3] Lin"
                .utf8
        ).write(to: log)
        #expect(!follower.shouldStop(at: .now))
        let handle = try FileHandle(forWritingTo: log)
        try handle.seekToEnd()
        try handle.write(
            contentsOf: Data(
                "king x\n◇ Test run started.\n✔ Test \"adds\" passed after 0.001 seconds.\n✘ Test \"zero\" failed after 0.002 seconds with 1 issue.\n"
                    .utf8))
        try handle.close()
        #expect(!follower.shouldStop(at: .now))
        #expect(seen.values == [.building(done: 2, total: 3, step: "Linking Tests.xctest"), .testing(finished: 2)])
    }

    @Test("the progress line shows a bar with the step, and nothing but text without colour")
    func progressLine() {
        let line = ProgressLine.text(
            for: .building(done: 5, total: 10, step: "Compiling GRDB"), style: TerminalStyle(usesColor: false))
        #expect(line == "building  ██████████░░░░░░░░░░  5/10  Compiling GRDB")
        #expect(!line.contains("\u{1B}"))
    }
}

/// Progress reports collected from another thread.
final class ReportedProgress: Sendable {
    private let reports = Mutex<[BuildProgress]>([])
    func append(_ progress: BuildProgress) { reports.withLock { $0.append(progress) } }
    var values: [BuildProgress] { reports.withLock { $0 } }
}
