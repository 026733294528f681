import Foundation
import Testing

@testable import CoachKit

@Suite("The class page")
struct ClassOverviewTests {
    /// The fixture class's gradebook on the real course's first two sections.
    func gradebook() throws -> Gradebook {
        let course = try GradedClassFixture.course()
        return Gradebook(course: course, learners: GradedClassFixture.learners(in: course))
    }

    @Test("the score distribution counts each learner in the bar of their share of the points")
    func scoreBins() throws {
        let overview = ClassOverview(gradebook: try gradebook())
        let counts = Dictionary(uniqueKeysWithValues: overview.scoreBins.map { ($0.label, $0.learners.count) })
        #expect(overview.scoreBins.count == 11)
        #expect(
            counts == [
                "0–9 %": 3, "10–19 %": 0, "20–29 %": 0, "30–39 %": 0, "40–49 %": 1, "50–59 %": 1, "60–69 %": 0,
                "70–79 %": 0, "80–89 %": 0, "90–99 %": 1, "100 %": 1,
            ])
    }

    @Test("each section counts its graded learners as complete, in progress, not compiling or not started")
    func sectionProgress() throws {
        let overview = ClassOverview(gradebook: try gradebook())
        let first = overview.sections[0]
        let second = overview.sections[1]
        #expect(first.graded == 6)
        let states: [ClassOverview.SectionState] = [.complete, .inProgress, .doesNotCompile, .notStarted]
        #expect(states.map(first.count) == [2, 3, 0, 1])
        #expect(states.map(second.count) == [1, 2, 1, 2])
        #expect(overview.learnersNotStarted.map(\.name) == ["Bo Starter"])
        #expect(
            overview.flaggedLearners.map(\.name)
                == [GradedClassFixture.scriptName, GradedClassFixture.formulaName, "Ed Unreadable"])
    }

    @Test("checks are ranked by how many learners who started their section fail them, with the message most fail with")
    func rankedChecks() throws {
        let course = try GradedClassFixture.course()
        let overview = ClassOverview(gradebook: try gradebook())
        let top = try #require(overview.checks.first)
        #expect(top.name == course.sections[1].checkNames[0])
        #expect(top.item == course.sections[1].checkpoint[0].item)
        #expect((top.failed, top.attempted) == (3, 4))
        #expect(top.commonFailure?.message == "Expectation failed: (advice.place → .preferences) == .vault")
        #expect(top.commonFailure?.count == 2)
        #expect(top.lesson == "lessons/02-settings/lesson.md")
        #expect(overview.checks.map(\.failed) == overview.checks.map(\.failed).sorted(by: >))
        #expect(overview.checks.count == course.sections[0].checkNames.count + course.sections[1].checkNames.count)
    }

    @Test("a learner's text shows as text: markup, formulas and quotes followed by combining marks are escaped")
    func escapesLearnerText() throws {
        let html = ClassOverviewPage(overview: ClassOverview(gradebook: try gradebook())).html()
        #expect(!html.contains(GradedClassFixture.scriptName))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("=HYPERLINK(&quot;https://example.com&quot;,&quot;x&quot;)"))
        #expect(html.components(separatedBy: "<script").count == 2, "the page's own script is its only one")
        #expect("\"\u{301} onload=x".htmlEscaped == "&quot;\u{301} onload=x")
        #expect("a\u{1B}[31m<b>".htmlEscaped == "a^[[31m&lt;b&gt;")
    }

    @Test("the page fetches nothing: no address with a scheme, and a policy that allows only its own style and script")
    func fetchesNothing() throws {
        let html = ClassOverviewPage(overview: ClassOverview(gradebook: try gradebook())).html()
        for reference in ["http:", "https:", "//", "src=", "url(", "@import", "<link", "<img", "<iframe"] {
            let outsideText = html.replacingOccurrences(of: "https://example.com", with: "")
                .replacingOccurrences(of: "</", with: "")
            #expect(!outsideText.contains(reference), "the page holds \(reference)")
        }
        let policy =
            "default-src 'none'; style-src '\(ClassOverviewPage.hash(of: ClassOverviewPage.styleSheet))'; "
            + "script-src '\(ClassOverviewPage.hash(of: ClassOverviewPage.script))'"
        #expect(html.contains(policy))
        #expect(html.contains("<style>\(ClassOverviewPage.styleSheet)</style>"))
        #expect(html.contains("<script>\(ClassOverviewPage.script)</script>"))
        #expect(!html.contains(" style=\""), "an inline style attribute would be refused by the policy")
    }

    @Test("a bar's height is proportional to its count")
    func barHeights() {
        let svg = SVGChart.columns(
            [
                .init(label: "a", count: 4, title: "four"), .init(label: "b", count: 1, title: "one"),
                .init(label: "c", count: 0, title: "none"),
            ], labelledBy: "caption")
        #expect(svg.contains(#"height="140" data-count="4""#))
        #expect(svg.contains(#"height="35" data-count="1""#))
        #expect(svg.contains(#"height="0" data-count="0""#))
        #expect(SVGChart.number(1.0 / 3) == "0.33")
    }

    @Test("the gradebooks of shards merged draw the same page, byte for byte, as the unsharded gradebook")
    func mergedPageIsTheSame() throws {
        let whole = try gradebook()
        let names = whole.learners.map(\.learner)
        var first = whole
        first.learners = whole.learners.filter { names.firstIndex(of: $0.learner)! % 2 == 0 }
        var second = whole
        second.learners = whole.learners.filter { names.firstIndex(of: $0.learner)! % 2 == 1 }
        let merged = try Gradebook.merging([second, first])
        let previous = try gradebook()
        #expect(
            ClassOverviewPage(overview: ClassOverview(gradebook: merged, previous: previous)).html()
                == ClassOverviewPage(overview: ClassOverview(gradebook: whole, previous: previous)).html())
    }

    @Test(
        "the page says what changed since the earlier gradebook: points, checks newly passing and failing, and failures per check"
    )
    func changes() throws {
        let course = try GradedClassFixture.course()
        let now = try gradebook()
        var earlier = now
        let cy = try #require(earlier.learners.firstIndex { $0.learner == "Cy Partial" })
        earlier.learners[cy] = GradedClassFixture.result(
            "Cy Partial",
            [
                GradedClassFixture.grade(course.sections[0], failing: Set(course.sections[0].checkNames)),
                GradedClassFixture.grade(course.sections[1], failing: Set(course.sections[1].checkNames.prefix(2))),
            ])
        earlier.learners.removeAll { $0.learner == "Ada Reference" }
        let changes = try #require(ClassOverview(gradebook: now, previous: earlier).changes)
        #expect(changes.learners.map(\.name) == ["Ada Reference", "Cy Partial"])
        #expect(changes.learners[0].pointsBefore == nil)
        let change = changes.learners[1]
        #expect((change.pointsBefore, change.pointsNow) == (23, 47))
        #expect(change.newlyPassing.count == 24)
        #expect(change.newlyFailing.isEmpty)
        #expect(changes.unchangedLearners == 5)
        #expect(changes.checks.first.map { ($0.failedBefore, $0.failedNow) } != nil)
        let html = ClassOverviewPage(overview: ClassOverview(gradebook: now, previous: earlier)).html()
        let row =
            #"<tr><td>Cy Partial</td><td class="num" data-label="Before">23</td>"#
            + #"<td class="num" data-label="Now">47 <span class="up">+24</span></td>"#
        #expect(html.contains(row))
    }

    @Test("a gradebook folder holds the class page and the lessons it links to")
    func folderHoldsPageAndLessons() throws {
        let (folder, _) = try GradedClassFixture.writeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let html = try String(contentsOf: folder.appending(path: Gradebook.pageName), encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(FileManager.default.fileExists(atPath: folder.appending(path: "lessons/01-strategy/lesson.md").path))
        let lesson = #"<a href="lessons/01-strategy/lesson.md">Section 1</a><span class="item">Choosing a persistence"#
        #expect(html.contains(lesson))
        #expect(html.contains("<a class=\"learner\" href=\"learners/Ada-Reference/feedback.html\">Ada Reference</a>"))
    }

    @Test("an earlier gradebook in the output folder is what the next run compares with, unless another is named")
    func previousGradebook() throws {
        let (folder, gradebook) = try GradedClassFixture.writeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Gradebook.previous(in: folder) == gradebook)
        #expect(try Gradebook.previous(in: folder.appending(path: "nowhere")) == nil)
        let named = folder.appending(path: Gradebook.jsonName)
        #expect(try Gradebook.previous(in: folder.appending(path: "nowhere"), compare: named) == gradebook)
        #expect(throws: GradebookError.self) {
            try Gradebook.previous(in: folder, compare: folder.appending(path: "missing.json"))
        }
    }
}
