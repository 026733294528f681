import Foundation

/// Results for learning-management and CI systems: JSON, or JUnit XML with one test case per check.
public struct MachineReport: Sendable {
    /// The track graded.
    public var track: CourseTrack
    /// One grade per section.
    public var grades: [SectionGrade]

    /// A report of `grades` on `track`.
    public init(track: CourseTrack, grades: [SectionGrade]) {
        self.track = track
        self.grades = grades
    }

    /// The results as pretty-printed JSON with sorted keys.
    public func json() throws -> String {
        let sections = grades.map { grade in
            JSONSection(
                number: grade.section.number, title: grade.section.title, target: grade.section.target,
                verdict: CheckReport(grade: grade, timeLimit: .zero).verdict.rawValue,
                passed: grade.passedCount, total: grade.checks.count,
                compilerErrors: grade.compilerErrors.map(\.description),
                checks: grade.items.flatMap { item in
                    item.checks.map { check in
                        JSONCheck(
                            name: check.name, checkpointItem: item.item,
                            result: check.outcome?.result.rawValue ?? "missing", messages: check.outcome?.issues ?? [])
                    }
                }
            )
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let passed = grades.reduce(0) { $0 + $1.passedCount }
        let total = grades.reduce(0) { $0 + $1.checks.count }
        let data = try encoder.encode(
            JSONReport(track: track.rawValue, passed: passed, total: total, sections: sections))
        return String(decoding: data, as: UTF8.self)
    }

    /// The results as a JUnit XML document: a suite per section, a case per check.
    ///
    /// - Parameter suiteName: Who or what was graded (a learner's name), shown in the document's name.
    public func junit(suiteName: String? = nil) -> String {
        var xml = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        let failures = grades.reduce(0) { $0 + $1.checks.count - $1.passedCount }
        let tests = grades.reduce(0) { $0 + $1.checks.count }
        let name = suiteName.map { "Persistence Workbench: \($0)" } ?? "Persistence Workbench (\(track.rawValue))"
        xml.append(#"<testsuites name="\#(escape(name))" tests="\#(tests)" failures="\#(failures)">"#)
        for grade in grades {
            let suite = "Section \(grade.section.number): \(grade.section.title)"
            xml.append(
                #"  <testsuite name="\#(escape(suite))" tests="\#(grade.checks.count)" failures="\#(grade.checks.count - grade.passedCount)">"#
            )
            for check in grade.checks {
                let open = #"    <testcase classname="\#(grade.section.testTarget)" name="\#(escape(check.name))""#
                if check.passed {
                    xml.append(open + "/>")
                    continue
                }
                let result =
                    check.outcome?.result.rawValue ?? (grade.compilerErrors.isEmpty ? "missing" : "does not compile")
                let details = (check.outcome?.issues ?? grade.compilerErrors.map(\.description)).joined(separator: "\n")
                xml.append(open + ">")
                xml.append(#"      <failure message="\#(escape(result))">\#(escape(details))</failure>"#)
                xml.append("    </testcase>")
            }
            xml.append("  </testsuite>")
        }
        xml.append("</testsuites>")
        return xml.joined(separator: "\n")
    }

    /// XML-escapes `text`; control characters other than tab and line feed, which XML 1.0 does not
    /// allow even as references, are first written out visibly.
    private func escape(_ text: String) -> String {
        text.escapedForTerminal(keepingLineBreaks: true).replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }

    private struct JSONReport: Encodable {
        var track: String
        var passed: Int
        var total: Int
        var sections: [JSONSection]
    }

    private struct JSONSection: Encodable {
        var number: Int
        var title: String
        var target: String
        var verdict: String
        var passed: Int
        var total: Int
        var compilerErrors: [String]
        var checks: [JSONCheck]
    }

    private struct JSONCheck: Encodable {
        var name: String
        var checkpointItem: String
        var result: String
        var messages: [String]
    }
}
