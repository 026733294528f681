import Foundation
import Testing

/// `coach grade` on a class of learners who try to game it: forgers of increasing care, a learner whose
/// code reads the instructor's environment and a file outside the course, and a name that is a formula.
/// Each must score no more than the starter, be flagged for review, and leak nothing.
@Suite("coach grade on a class that tries to game it", .serialized)
struct HostileClassTests {
    typealias ClassWorkbench = ClassGradingTests.ClassWorkbench

    static let secretVariable = "COACH_CLASS_TEST_TOKEN"
    static let secret = "instructor-token-\(UUID().uuidString)"
    static let formulaName = #"=HYPERLINK("http://evil.example/","Eve")"#

    /// The gradebook of a class of hostile learners and one that handed in the starters, with the marker
    /// of a file outside the course that one of them tried to read.
    func gradeHostileClass() throws -> (gradebook: [String: Any], csv: String, learners: URL, outsideMarker: String) {
        let helper = ClassGradingTests()
        let root = try ClassWorkbench.make()
        let submissions = FileManager.default.temporaryDirectory.appending(path: "coach-hostile-\(UUID().uuidString)")
        // Outside the course, /tmp and the home folder: beside this repository's own build, as another
        // checkout on the machine would be.
        let outsideMarker = "outside-\(UUID().uuidString)"
        let outside = GradingHarnessFiles.checkout.appending(path: ".build/coach-outside-\(UUID().uuidString).txt")
        try FileManager.default.createDirectory(
            at: outside.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(outsideMarker.utf8).write(to: outside)
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: submissions)
            try? FileManager.default.removeItem(at: outside)
        }
        try helper.write(
            [
                "sam/Exercises/Section1Adding/Adding.swift": ClassWorkbench.addingStarter,
                "f1/Exercises/Section1Adding/Adding.swift": HostileSubmissions.appendingForger,
                "f2/Exercises/Section1Adding/Adding.swift": HostileSubmissions.exactForger,
                "f3/Exercises/Section1Adding/Adding.swift": HostileSubmissions.huntingForger,
                "eve/Exercises/Section2Naming/Naming.swift": HostileSubmissions.leakingNaming(
                    secretVariable: Self.secretVariable, outsideFile: outside.path
                ),
                "roster.csv": """
                learner,submission,ref
                Sam,sam,
                Forger 1,f1,
                Forger 2,f2,
                Forger 3,f3,
                "\(Self.formulaName.replacingOccurrences(of: "\"", with: "\"\""))",eve,

                """,
            ], into: submissions)
        let output = submissions.appending(path: "gradebook")
        setenv(Self.secretVariable, Self.secret, 1)
        defer { unsetenv(Self.secretVariable) }
        let graded = try helper.run(
            ["grade", submissions.appending(path: "roster.csv").path, "--output", output.path, "--timeout", "20"],
            in: root)
        try #require(graded.status == 0, "coach grade printed:\n\(graded.output)")
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: output.appending(path: "gradebook.json")))
            as? [String: Any]
        let csv = try String(contentsOf: output.appending(path: "gradebook.csv"), encoding: .utf8)
        // Kept past the removal of the submissions folder, for the checks below.
        let kept = FileManager.default.temporaryDirectory.appending(path: "coach-hostile-results-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: output, to: kept)
        return (try #require(json), csv, kept, outsideMarker)
    }

    static func learner(_ name: String, in gradebook: [String: Any]) -> [String: Any]? {
        (gradebook["learners"] as? [[String: Any]])?.first { $0["learner"] as? String == name }
    }

    static func points(of learner: [String: Any]?) -> Int {
        ((learner?["sections"] as? [[String: Any]]) ?? []).reduce(0) { $0 + ($1["points"] as? Int ?? 0) }
    }

    static func concerns(of learner: [String: Any]?) -> Set<String> {
        Set(((learner?["reviewNotes"] as? [[String: Any]]) ?? []).compactMap { $0["concern"] as? String })
    }

    @Test(
        "forgers score no more than the starter and are flagged; no secret or outside file reaches any output; no cell is a formula"
    )
    func hostileClass() throws {
        let (gradebook, csv, learners, outsideMarker) = try gradeHostileClass()
        defer { try? FileManager.default.removeItem(at: learners) }
        let starter = Self.points(of: Self.learner("Sam", in: gradebook))
        #expect(starter == 0)
        #expect((Self.learner("Sam", in: gradebook)?["reviewNotes"] as? [Any])?.isEmpty == true)

        for name in ["Forger 1", "Forger 2", "Forger 3"] {
            let forger = Self.learner(name, in: gradebook)
            #expect(Self.points(of: forger) <= starter, "\(name) scored \(Self.points(of: forger))")
            #expect(
                Self.concerns(of: forger).isSuperset(of: [
                    "reads the process's own files in /proc or /dev/fd", "ends or signals the process",
                ]), "\(name) was not flagged: \(Self.concerns(of: forger))")
        }
        // The hunting forger found the sealed results and wrote into them: the evidence is in its row.
        let hunter = Self.learner("Forger 3", in: gradebook)
        let evidence = (hunter?["forgedResults"] as? [String]) ?? []
        #expect(
            evidence.contains { $0.contains("records without the grading harness's seal") }, "evidence: \(evidence)")
        #expect(evidence.contains { $0.contains("records with a forged seal") }, "evidence: \(evidence)")

        let eve = Self.learner(Self.formulaName, in: gradebook)
        #expect(Self.concerns(of: eve).contains("reads the process's environment"))
        var everything = csv + String(decoding: try JSONSerialization.data(withJSONObject: gradebook), as: UTF8.self)
        for file in FileManager.default.enumerator(atPath: learners.path)?.compactMap({ $0 as? String }) ?? []
        where !file.hasSuffix(".log") {
            everything += (try? String(contentsOf: learners.appending(path: file), encoding: .utf8)) ?? ""
        }
        #expect(
            everything.contains("no-secret-here") && everything.contains("no-outside-file-here"),
            "the leaking code did not run")
        #expect(!everything.contains(Self.secret), "the instructor's environment reached a learner's output")
        #expect(!everything.contains(outsideMarker), "a file outside the course reached a learner's output")

        let eveRow = try #require(csv.split(separator: "\n").first { $0.contains("HYPERLINK") })
        #expect(eveRow.hasPrefix(#""'=HYPERLINK("#), "the row begins as a formula: \(eveRow)")
    }
}
