import Foundation
import Testing

@testable import CoachKit

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("Remembering progress")
struct ProgressTests {
    @Test("hints come one level at a time and the last one repeats")
    func hintLevels() throws {
        let section = try WorkbenchFixture.make().course.sections[0]
        var progress = Progress()
        let book = HintBook(section: section)
        #expect(book.next(recordingIn: &progress)?.level == 1)
        #expect(book.next(recordingIn: &progress)?.text == "the `approach`")
        #expect(book.next(recordingIn: &progress)?.text == "nearly the `answer()`")
        #expect(book.next(recordingIn: &progress)?.level == 3)
        #expect(progress.hintsSeen["Section1Basics"] == 3)
    }

    @Test("a stored grade reads back the same, and a missing file reads as no progress")
    func roundTrip() throws {
        let workbench = try WorkbenchFixture.make()
        let store = ProgressStore(workbench: workbench)
        #expect(store.load() == Progress())
        let section = workbench.course.sections[0]
        let grade = SectionGrade(
            section: section, run: WorkbenchFixture.run(["adds numbers": .passed, "copes with zero": .failed]),
            workbench: workbench)
        var progress = Progress()
        progress.store(grade, fingerprint: "abc", on: .exercises, at: Date(timeIntervalSince1970: 0))
        try store.save(progress)
        let record = try #require(store.load().record(of: section, on: .exercises))
        #expect(record.grade(of: section) == grade)
        #expect(store.load().record(of: section, on: .solutions) == nil)
    }

    @Test("the next section is the first one not complete; none once all are")
    func firstIncompleteSection() throws {
        let workbench = try WorkbenchFixture.make()
        let section = workbench.course.sections[0]
        var progress = Progress()
        #expect(progress.firstIncompleteSection(of: workbench.course, on: .exercises) == section)
        let partial = SectionGrade(
            section: section, run: WorkbenchFixture.run(["adds numbers": .passed]), workbench: workbench)
        progress.store(partial, fingerprint: "a", on: .exercises)
        #expect(progress.firstIncompleteSection(of: workbench.course, on: .exercises) == section)
        let complete = SectionGrade(
            section: section,
            run: WorkbenchFixture.run(["adds numbers": .passed, "names things": .passed, "copes with zero": .passed]),
            workbench: workbench
        )
        progress.store(complete, fingerprint: "b", on: .exercises)
        #expect(progress.firstIncompleteSection(of: workbench.course, on: .exercises) == nil)
        #expect(progress.firstIncompleteSection(of: workbench.course, on: .solutions) == section)
    }

    @Test("a corrupt progress file reads as no progress instead of stopping coach")
    func corruptFile() throws {
        let workbench = try WorkbenchFixture.make()
        let store = ProgressStore(workbench: workbench)
        try FileManager.default.createDirectory(
            at: store.file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: store.file)
        #expect(store.load() == Progress())
    }

    @Test("the fingerprint changes when an exercise file changes and not otherwise")
    func fingerprint() throws {
        let workbench = try WorkbenchFixture.make()
        let section = workbench.course.sections[0]
        let fingerprints = SourceFingerprint(workbench: workbench)
        let before = fingerprints.fingerprint(of: section, on: .exercises)
        #expect(fingerprints.fingerprint(of: section, on: .exercises) == before)
        try Data("// edited".utf8).write(to: workbench.root.appending(path: "Exercises/Section1Basics/Answer.swift"))
        #expect(fingerprints.fingerprint(of: section, on: .exercises) != before)
    }

    @Test("the watcher reports a saved file once it has stayed unchanged")
    func watcherSeesSaves() throws {
        let workbench = try WorkbenchFixture.make()
        let folder = workbench.root.appending(path: "Exercises/Section1Basics")
        let watcher = FileWatcher(folders: [folder])
        let baseline = watcher.snapshot()
        try Data("// saved with more text".utf8).write(to: folder.appending(path: "Answer.swift"))
        #expect(
            watcher.waitForChange(since: baseline, pollEvery: .milliseconds(10), quietPeriod: .milliseconds(30)) {
                false
            })
        #expect(!watcher.waitForChange(since: watcher.snapshot(), pollEvery: .milliseconds(10)) { true })
    }
}

@Suite("Machine-readable reports")
struct MachineReportTests {
    func grade() throws -> SectionGrade {
        let workbench = try WorkbenchFixture.make()
        return SectionGrade(
            section: workbench.course.sections[0],
            run: WorkbenchFixture.run(["adds numbers": .passed, "names things": .passed, "copes with zero": .failed]),
            workbench: workbench)
    }

    @Test("JSON lists every check with its checkpoint item, result and messages")
    func json() throws {
        let json = try MachineReport(track: .exercises, grades: [grade()]).json()
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(decoded?["passed"] as? Int == 2)
        #expect(decoded?["total"] as? Int == 3)
        let section = (decoded?["sections"] as? [[String: Any]])?.first
        #expect(section?["verdict"] as? String == "failed")
        let checks = section?["checks"] as? [[String: Any]]
        #expect(checks?.last?["checkpointItem"] as? String == "Handles edge cases.")
        #expect(checks?.last?["result"] as? String == "failed")
    }

    @Test("JUnit XML has a suite per section and a failure element per failing check")
    func junit() throws {
        let xml = try MachineReport(track: .solutions, grades: [grade()]).junit()
        #expect(xml.contains(#"<testsuites name="Persistence Workbench (solutions)" tests="3" failures="1">"#))
        #expect(xml.contains(#"<testcase classname="Section1BasicsTests" name="adds numbers"/>"#))
        #expect(xml.contains(#"<failure message="failed">Expectation failed"#))
        #expect((try? XMLDocument(xmlString: xml)) != nil)
    }
}
