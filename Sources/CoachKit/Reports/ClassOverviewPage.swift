import Foundation
import GradingSeal

/// The class page, `index.html` of a gradebook folder: a self-contained HTML5 page an instructor reads in
/// a browser before the next lesson.
///
/// It shows the score distribution and each section's completion as inline SVG charts, the checks ranked
/// by how many learners fail them (with the checkpoint item, the most common failure message and a link
/// to the lesson's copy), a table of learners linking to their feedback pages with the review flags, and
/// what changed since the earlier gradebook. Nothing is fetched: the style sheet and the one script are
/// inline, and the page's content security policy allows those two alone (by their SHA-256), so neither
/// a network request nor a script the page did not write can run. The table is in name order and the
/// page reads the same without JavaScript; the script only lets a reader sort the table by a column.
///
/// Every string a learner controls (names, messages, file names, review notes) is escaped as the feedback
/// pages escape it. The page depends on the gradebooks alone, so a merged gradebook and an unsharded run
/// give the same bytes.
///
/// ```swift
/// let page = ClassOverviewPage(overview: ClassOverview(gradebook: gradebook, previous: nil))
/// try Data(page.html().utf8).write(to: folder.appending(path: Gradebook.pageName))
/// ```
public struct ClassOverviewPage: Sendable {
    /// What the page shows.
    public var overview: ClassOverview

    /// The page of `overview`.
    public init(overview: ClassOverview) {
        self.overview = overview
    }

    /// The page's title: the course and "the class at a glance", or the learner's name on a page of one.
    public var title: String {
        let learners = overview.gradebook.learners
        return overview.gradebook.course + ": " + (learners.count == 1 ? learners[0].learner : "the class at a glance")
    }

    /// The page as an HTML5 document.
    public func html() -> String {
        let parts = [
            head(), header(), "<main>", glance(), charts(), checks(), learners(), changes(), "</main>", footer(),
            "<script>\(Self.script)</script>", "</body>", "</html>",
        ]
        return parts.joined(separator: "\n") + "\n"
    }

    /// The content security policy: nothing from anywhere, but the page's own style sheet and script.
    static var contentSecurityPolicy: String {
        "default-src 'none'; style-src '\(hash(of: styleSheet))'; script-src '\(hash(of: script))'; "
            + "img-src 'none'; base-uri 'none'; form-action 'none'"
    }

    /// A CSP source of `text`'s SHA-256.
    static func hash(of text: String) -> String {
        "sha256-" + Data(SHA256.hash(Array(text.utf8))).base64EncodedString()
    }

    private func head() -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy)">
        <meta name="generator" content="coach">
        <title>\(title.htmlEscaped)</title>
        <style>\(Self.styleSheet)</style>
        </head>
        <body>
        """
    }

    private func header() -> String {
        let book = overview.gradebook
        let sections = book.sections.map { String($0.number) }
        let learners = Self.count(book.learners.count, "learner")
        let graded = sections.count == 1 ? "section \(sections[0])" : "sections " + sections.joined(separator: ", ")
        let links = [
            ("glance", "Summary"), ("scores", "Scores"), ("sections", "Sections"), ("checks", "Checks"),
            ("learners", "Learners"), ("changes", "Changes"),
        ]
        let nav = links.map { id, name in "<a href=\"#\(id)\">\(name)</a>" }.joined(separator: " ")
        return """
            <header>
            <h1>\(title.htmlEscaped)</h1>
            <p class="lede">\(learners) · \(graded.htmlEscaped) · \(book.possiblePoints) points possible</p>
            <nav aria-label="On this page">\(nav)</nav>
            </header>
            """
    }

    private func glance() -> String {
        let median = overview.medianPercent.map { "\($0) %" } ?? "–"
        let stats = [
            ("Median score", median),
            ("Every section complete", String(overview.learnersComplete.count)),
            ("Not started", String(overview.learnersNotStarted.count)),
            ("Need a look", String(overview.flaggedLearners.count)),
        ]
        var html = [
            "<section id=\"glance\" aria-labelledby=\"glance-heading\">",
            "<h2 id=\"glance-heading\">Summary</h2>",
            "<dl class=\"stats\">" + stats.map { "<div><dt>\($0.0)</dt><dd>\($0.1)</dd></div>" }.joined() + "</dl>",
            "<h3>Submissions that need a look</h3>",
        ]
        let flagged = overview.flaggedLearners
        if flagged.isEmpty {
            html.append(
                #"<p class="note">None: no forged results, tampered files, code no exercise needs or submissions "#
                    + "that could not be graded.</p>"
            )
        } else {
            html.append("<ul class=\"flagged\">")
            for learner in flagged {
                let details = learner.flags.filter(\.needsALook).map { flag in
                    "<li><span class=\"flag look\">\(flag.kind.rawValue)</span> \(flag.detail.htmlEscaped)</li>"
                }
                html.append("<li>\(link(to: learner))<ul>\(details.joined())</ul></li>")
            }
            html.append("</ul>")
        }
        html.append("<h3>Not started</h3>")
        let idle = overview.learnersNotStarted
        html.append(
            idle.isEmpty
                ? "<p class=\"note\">Everyone graded has started at least one section.</p>"
                : "<p class=\"idle-learners\">" + idle.map(link(to:)).joined(separator: ", ") + "</p>")
        html.append("</section>")
        return html.joined(separator: "\n")
    }

    private func charts() -> String {
        let learners = Self.count(overview.learners.count, "learner")
        let columns = overview.scoreBins.map { bin in
            SVGChart.Column(
                label: bin.lower == 100 ? "100" : String(bin.lower), count: bin.learners.count,
                title: "\(bin.label): " + (bin.learners.isEmpty ? "nobody" : bin.learners.joined(separator: ", "))
            )
        }
        let states: [(ClassOverview.SectionState, String)] = [
            (.complete, "complete"), (.inProgress, "progress"), (.doesNotCompile, "broken"), (.notStarted, "idle"),
        ]
        let rows = overview.sections.map { section in
            SVGChart.Row(
                label: "\(section.number). \(Self.shortened(section.title, to: 38))",
                note: "\(section.count(.complete)) of \(section.graded) complete",
                segments: states.map { state, style in
                    SVGChart.Segment(
                        count: section.count(state), style: style,
                        title: "Section \(section.number): \(section.count(state)) \(state.rawValue)"
                    )
                }
            )
        }
        let graded = overview.sections.map(\.graded).max() ?? 0
        let legend = states.map { state, style in
            "<li><span class=\"swatch \(style)\"></span>\(state.rawValue)</li>"
        }
        return """
            <div class="charts">
            <section id="scores" aria-labelledby="scores-heading">
            <h2 id="scores-heading">Scores</h2>
            <figure>
            \(SVGChart.columns(columns, labelledBy: "scores-caption"))
            <figcaption id="scores-caption">Learners by their share of the \
            \(overview.gradebook.possiblePoints) points, each bar counting from the percentage under it \
            (\(learners) in all).</figcaption>
            </figure>
            </section>
            <section id="sections" aria-labelledby="sections-heading">
            <h2 id="sections-heading">Sections</h2>
            <figure>
            <ul class="legend">\(legend.joined())</ul>
            \(SVGChart.rows(rows, total: graded, labelledBy: "sections-caption"))
            <figcaption id="sections-caption">How far each graded learner got in each section \
            (\(Self.count(graded, "graded learner")) in all): a section is not started while its exercise files \
            are the starter's (or, where that is not known, while none of its checks passes).</figcaption>
            </figure>
            </section>
            </div>
            """
    }

    private func footer() -> String {
        """
        <footer>
        <p class="note">Drawn by coach from this folder's gradebook.json. A learner's name opens their feedback page; \
        a section's name opens the copy of its lesson in lessons/. Sharded classes merged with \
        <code>coach gradebook merge</code> get the same page as one run.</p>
        </footer>
        """
    }

    /// A link to `learner`'s feedback page, named after the learner.
    func link(to learner: ClassOverview.Learner) -> String {
        "<a class=\"learner\" href=\"\(Self.href(learner.feedbackPage))\">\(learner.name.htmlEscaped)</a>"
    }

    /// `path` (relative, with `/` between folders) as an attribute value: every segment percent-encoded.
    static func href(_ path: String) -> String {
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/;?#"))
        return path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        }.joined(separator: "/").htmlEscaped
    }

    /// "1 learner", "2 learners".
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// `text` cut to `limit` characters with an ellipsis.
    static func shortened(_ text: String, to limit: Int) -> String {
        text.count > limit ? String(text.prefix(limit - 1)) + "…" : text
    }
}
