import CoreTestSupport
import Foundation
import Testing

/// `coach grade` on a small class, run as an instructor runs it: the real `coach` grading three real
/// submissions (a folder, a tampered archive, a branch of a git repository) against a tiny workbench.
@Suite("coach grade on a class", .serialized)
struct ClassGradingTests {
    /// An instructor's workbench of two sections; its manifest honours COURSE_SECTIONS as the real one does.
    enum ClassWorkbench {
        static let manifest = """
            // swift-tools-version: 6.1
            import PackageDescription
            let folder = Context.environment["COURSE_TRACK"] == "solutions" ? "Solutions" : "Exercises"
            let selected = (Context.environment["COURSE_SECTIONS"] ?? "").split(separator: ",").map(String.init)
            let sections = ["Section1Adding", "Section2Naming"].filter { selected.isEmpty || selected.contains($0) }
            let package = Package(
                name: "ClassWorkbench",
                targets: sections.flatMap { name -> [Target] in [
                    .target(name: name, path: "\\(folder)/\\(name)"),
                    .testTarget(name: name + "Tests", dependencies: [.byName(name: name)], path: "Tests/\\(name)Tests"),
                ] } + \(GradingHarnessFiles.targets)
            )
            """
        static func section(_ number: Int, target: String, file: String, checks: [String]) -> String {
            """
            {
              "number": \(number), "title": "\(target.dropFirst(8))", "target": "\(target)", "lesson": "course/lesson.md",
              "exercise": { "id": "\(number).1", "title": "Exercise", "files": ["\(file)"], "givenFiles": [] },
              "hints": ["Read the lesson again.", "Look at the operator."],
              "checkpoint": [{ "item": "Works.", "checks": [\(checks.map { "\"\($0)\"" }.joined(separator: ", "))] }],
              \(number == 1 ? #""points": { "adds larger numbers": 3 },"# : "")
              "mistakes": []
            }
            """
        }
        static let course = """
            { "title": "Class course", "sections": [
            \(section(1, target: "Section1Adding", file: "Adding.swift", checks: ["adds numbers", "adds larger numbers"])),
            \(section(2, target: "Section2Naming", file: "Naming.swift", checks: ["names the course"]))
            ] }
            """
        static let addingStarter = "public func add(_ a: Int, _ b: Int) -> Int {\n    // TODO: add them\n    0\n}\n"
        static let addingSolution = "public func add(_ a: Int, _ b: Int) -> Int {\n    a + b\n}\n"
        static let namingStarter = "public func courseName() -> String {\n    // TODO: name it\n    \"\"\n}\n"
        static let namingSolution = "public func courseName() -> String {\n    \"Class course\"\n}\n"
        static let addingChecks = """
            import Section1Adding
            import Testing

            @Test("adds numbers") func addsNumbers() { #expect(add(2, 3) == 5) }
            @Test("adds larger numbers") func addsLargerNumbers() { #expect(add(200, 300) == 500) }
            """
        static let namingChecks = """
            import Section2Naming
            import Testing

            @Test("names the course") func namesTheCourse() { #expect(courseName() == "Class course") }
            """

        static func make() throws -> URL {
            try FixtureWorkbench.make(
                [
                    "Package.swift": manifest,
                    "course/course.json": course,
                    "course/lesson.md": "# Adding\n",
                    "Exercises/Section1Adding/Adding.swift": addingStarter,
                    "Solutions/Section1Adding/Adding.swift": addingSolution,
                    "Exercises/Section2Naming/Naming.swift": namingStarter,
                    "Solutions/Section2Naming/Naming.swift": namingSolution,
                    "Tests/Section1AddingTests/Checks.swift": addingChecks,
                    "Tests/Section2NamingTests/Checks.swift": namingChecks,
                ].merging(GradingHarnessFiles.files) { own, _ in own }, named: "coach-class")
        }
    }

    var coach: URL {
        get throws { try #require(BuiltProduct.executable(named: "coach"), "coach is not built beside the tests") }
    }

    /// Runs `coach arguments` in `folder` without a terminal and returns its exit status and output.
    func run(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        _ = try coach
        return try FixtureWorkbench.runCoach(arguments, in: folder)
    }

    /// Runs a shell command in `folder`, requiring it to succeed.
    func shell(_ command: String, in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(filePath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "`\(command)` failed in \(folder.path)")
    }

    /// Writes `files` into `folder`.
    func write(_ files: [String: String], into folder: URL) throws {
        for (path, contents) in files {
            let url = folder.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
    }

    /// Three submissions and a roster naming them, in a new folder beside the workbench.
    ///
    /// - Ada: a folder with both sections solved.
    /// - Bob: an archive of a whole checkout, section 1 unsolved, whose hidden suite was edited to expect 0.
    /// - Cy: a git repository whose branch `final` solves section 1 and breaks section 2 (its `main` holds
    ///   the starters).
    func makeClass() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(
            path: "coach-class-submissions-\(UUID().uuidString)")
        try write(
            [
                "ada/Exercises/Section1Adding/Adding.swift": ClassWorkbench.addingSolution,
                "ada/Exercises/Section2Naming/Naming.swift": ClassWorkbench.namingSolution,
                "bob-checkout/Package.swift": ClassWorkbench.manifest,
                "bob-checkout/Exercises/Section1Adding/Adding.swift": ClassWorkbench.addingStarter,
                "bob-checkout/Exercises/Section2Naming/Naming.swift": ClassWorkbench.namingSolution,
                "bob-checkout/Tests/Section1AddingTests/Checks.swift": ClassWorkbench.addingChecks
                    .replacingOccurrences(of: "== 5", with: "== 0").replacingOccurrences(of: "== 500", with: "== 0"),
                "cy/Exercises/Section1Adding/Adding.swift": ClassWorkbench.addingStarter,
                "cy/Exercises/Section2Naming/Naming.swift": ClassWorkbench.namingStarter,
                "roster.csv": "learner,submission,ref\nAda,ada,\nBob,bob.tar.gz,\nCy,cy,final\n",
            ], into: folder)
        try shell("tar -czf bob.tar.gz bob-checkout && rm -r bob-checkout", in: folder)
        let cy = folder.appending(path: "cy")
        try shell(
            "git init -q -b main && git add -A && git -c user.name=t -c user.email=t@t commit -qm starters && git checkout -q -b final",
            in: cy)
        try write(
            [
                "Exercises/Section1Adding/Adding.swift": ClassWorkbench.addingSolution,
                "Exercises/Section2Naming/Naming.swift": "public func courseName() -> String {\n    missing\n}\n",
            ], into: cy)
        try shell("git -c user.name=t -c user.email=t@t commit -qam final && git checkout -q main", in: cy)
        return folder
    }

    @Test(
        "a class is graded with the instructor's suites: a tampered suite is reported and not used, a broken section costs only its own checks, and two shards merge into the unsharded gradebook"
    )
    func gradesAClass() throws {
        let root = try ClassWorkbench.make()
        let submissions = try makeClass()
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: submissions)
        }
        let roster = submissions.appending(path: "roster.csv").path
        let whole = submissions.appending(path: "whole")

        let graded = try run(["grade", roster, "--output", whole.path, "--jobs", "2", "--timeout", "20"], in: root)
        #expect(graded.status == 0, "coach grade printed:\n\(graded.output)")
        #expect(
            !graded.output.contains("\r") && !graded.output.contains("\u{1B}"),
            "progress was drawn without a terminal:\n\(graded.output)")
        #expect(
            try String(contentsOf: whole.appending(path: "gradebook.csv"), encoding: .utf8) == """
                learner,section 1,section 2,total,possible,tampered files,problem,review
                Ada,4,1,5,5,,,
                Bob,0,1,1,5,Tests/Section1AddingTests/Checks.swift (changed),,
                Cy,4,0,4,5,,,

                """)
        let cyFeedback = try String(contentsOf: whole.appending(path: "learners/Cy/feedback.md"), encoding: .utf8)
        #expect(cyFeedback.contains("Exercises/Section2Naming/Naming.swift:2:5: error: cannot find 'missing' in scope"))
        let bobJUnit = try String(contentsOf: whole.appending(path: "learners/Bob/junit.xml"), encoding: .utf8)
        #expect(bobJUnit.contains(#"<testcase classname="Section1AddingTests" name="adds numbers">"#))
        #expect(FileManager.default.fileExists(atPath: whole.appending(path: "learners/Ada/feedback.html").path))

        for shard in 1...2 {
            let result = try run(
                [
                    "grade", roster, "--shard", "\(shard)/2", "--output",
                    submissions.appending(path: "shard-\(shard)").path,
                ], in: root)
            #expect(result.status == 0, "coach grade --shard \(shard)/2 printed:\n\(result.output)")
        }
        let merged = submissions.appending(path: "merged")
        let merge = try run(["gradebook", "merge", "shard-1", "shard-2", "--output", merged.path], in: submissions)
        #expect(merge.status == 0, "coach gradebook merge printed:\n\(merge.output)")
        for name in ["gradebook.csv", "gradebook.json", "index.html", "lessons/lesson.md"] {
            #expect(
                try String(contentsOf: merged.appending(path: name), encoding: .utf8)
                    == String(contentsOf: whole.appending(path: name), encoding: .utf8))
        }
        #expect(FileManager.default.fileExists(atPath: merged.appending(path: "learners/Cy/feedback.html").path))
        let page = try String(contentsOf: whole.appending(path: "index.html"), encoding: .utf8)
        #expect(page.contains(#"<a class="learner" href="learners/Bob/feedback.html">Bob</a>"#))
        #expect(
            page.contains(
                "<li><span class=\"flag look\">tampered files</span> Tests/Section1AddingTests/Checks.swift (changed)</li>"
            ))

        let again = try run(
            [
                "grade", submissions.appending(path: "ada").path, "--output", whole.path, "--sections", "1",
                "--timeout", "20",
            ], in: root)
        #expect(again.status == 0, "coach grade into the same folder printed:\n\(again.output)")
        let changes = try String(contentsOf: whole.appending(path: "index.html"), encoding: .utf8)
        #expect(
            changes.contains("It graded other sections (1, 2)"),
            "the second run's page does not compare with the first run's gradebook")
        #expect(FixtureWorkbench.processes(mentioning: root.path) == [])
    }
}
