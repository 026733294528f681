import Foundation
import Testing

@testable import CoachKit

/// The class page loaded in a real headless browser, checked for what a person sees there.
@Suite("The class page in a browser")
struct ClassPageBrowserTests {
    /// Where the screenshots are kept for review: `.build/coach-tests/` of this checkout.
    static let screenshots = GradedClassFixture.root.appending(path: ".build/coach-tests")

    /// The values of `attribute` on every element of `dom` whose opening tag starts with `tagStart`.
    func attributes(_ attribute: String, of tagStart: String, in dom: Substring) -> [String] {
        dom.components(separatedBy: tagStart).dropFirst().compactMap { tag in
            guard let range = tag.prefix(while: { $0 != ">" }).range(of: " \(attribute)=\"") else { return nil }
            return String(tag[range.upperBound...].prefix { $0 != "\"" })
        }
    }

    /// The part of `dom` from the element with id `id` to the end of its `closing` tag.
    func element(_ id: String, closing: String, in dom: String) throws -> Substring {
        let start = try #require(dom.range(of: "id=\"\(id)\""), "the page has no element #\(id)")
        let end = try #require(dom.range(of: closing, range: start.upperBound..<dom.endIndex), "#\(id) is not closed")
        return dom[start.lowerBound..<end.upperBound]
    }

    /// `name` as a serialized document shows text.
    func shown(_ name: String) -> String {
        name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// The learners' names in the order of the learners' table's rows.
    func learnerOrder(in dom: String) throws -> [String] {
        let table = try element("learner-table", closing: "</table>", in: dom)
        return table.components(separatedBy: "<a class=\"learner\"").dropFirst().map { link in
            String(link.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" })
        }
    }

    @Test(
        "a browser shows the class page's bars, its ranked checks and a learner link that opens the learner's page, with or without scripts",
        .enabled(if: HeadlessBrowser.installed != nil, "chromium is not installed: `bash .ci/setup` installs it"),
        .timeLimit(.minutes(1))
    )
    func classPageInBrowser() throws {
        let browser = try #require(HeadlessBrowser.installed)
        let (folder, gradebook) = try GradedClassFixture.writeFolder(previous: nil)
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: browser.profile)
        }
        let page = folder.appending(path: Gradebook.pageName)
        let dom = try browser.dom(of: page)

        // The score histogram: one bar per share of the points, each as tall as its count of learners.
        let scores = try element("scores", closing: "</svg>", in: dom)
        let counts = attributes("data-count", of: "<rect class=\"bar\"", in: scores).compactMap { Int($0) }
        let heights = attributes("height", of: "<rect class=\"bar\"", in: scores).compactMap { Double($0) }
        #expect(counts == [3, 0, 0, 0, 1, 1, 0, 0, 0, 1, 1])
        #expect(heights.count == counts.count)
        for (count, height) in zip(counts, heights) {
            #expect(abs(height - 140 * Double(count) / 3) < 0.01, "a bar of \(count) learner(s) is \(height) high")
        }
        let sections = try element("sections", closing: "</svg>", in: dom)
        #expect(attributes("data-count", of: "<rect class=\"complete\"", in: sections) == ["2", "1"])

        // The ranked checks: most failed first, the first one's section, item and message as the class failed it.
        let course = try GradedClassFixture.course()
        let checks = try element("check-table", closing: "</table>", in: dom)
        let failed = attributes("data-failed", of: "<tr", in: checks).compactMap { Int($0) }
        #expect(failed.first == 3 && failed == failed.sorted(by: >))
        let firstRow = String(checks.components(separatedBy: "<tr data-failed").dropFirst().first ?? "")
        #expect(firstRow.contains("<span class=\"check-name\">\(course.sections[1].checkNames[0])</span>"))
        #expect(firstRow.contains(course.sections[1].checkpoint[0].item))
        #expect(firstRow.contains("3 of 4"))
        #expect(firstRow.contains("Expectation failed: (advice.place → .preferences) == .vault"))
        let lesson = try #require(attributes("href", of: "<a", in: Substring(firstRow)).first)
        #expect(FileManager.default.fileExists(atPath: folder.appending(path: lesson).path), "\(lesson) leads nowhere")

        // A learner's link opens that learner's feedback page.
        let links = attributes("href", of: "<a class=\"learner\"", in: Substring(dom))
        let ada = try #require(links.first { $0.contains("Ada") })
        let target = folder.appending(path: ada)
        #expect(FileManager.default.fileExists(atPath: target.path))
        #expect(try browser.dom(of: target).contains("<h1>\(gradebook.course): Ada Reference</h1>"))

        // The learners' names show as text; the only script is the page's own.
        #expect(dom.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(dom.components(separatedBy: "<script").count == 2)
        #expect(dom.contains(#">=HYPERLINK("https://example.com","x")</a>"#))

        // In name order without scripts (a copy whose policy refuses the page's script); sorted by
        // points, with sort buttons, when scripts run.
        let byName = gradebook.learners.map { shown($0.learner) }
        let html = try String(contentsOf: page, encoding: .utf8)
        let policy = "script-src '\(ClassOverviewPage.hash(of: ClassOverviewPage.script))'"
        #expect(html.contains(policy))
        let scriptless = folder.appending(path: "index-without-scripts.html")
        try Data(html.replacingOccurrences(of: policy, with: "script-src 'none'").utf8).write(to: scriptless)
        let withoutScripts = try browser.dom(of: scriptless)
        #expect(try learnerOrder(in: withoutScripts) == byName)
        #expect(!withoutScripts.contains("<button"))
        #expect(withoutScripts.contains("<p class=\"note\" id=\"sort-note\">In name order.</p>"))
        #expect(try learnerOrder(in: dom) == byName)
        #expect(dom.contains("<button"))
        let sorted = try browser.dom(of: URL(string: page.absoluteString + "#sort=points-desc")!)
        #expect(
            try learnerOrder(in: sorted) == [
                "Ada Reference", "Cy Partial", "Di Broken", GradedClassFixture.formulaName,
                shown(GradedClassFixture.scriptName), "Bo Starter", "Ed Unreadable",
            ])
        let sortedHeading = #"data-key="points" data-first="descending" aria-sort="descending"><button type="button">"#
        #expect(sorted.contains(sortedHeading))

        let screenshot = Self.screenshots.appending(path: "class-page-375.png")
        try browser.screenshot(of: page, to: screenshot, width: 375, height: 2400)
    }
}
