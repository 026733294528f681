import Foundation

extension ClassOverviewPage {
    /// How many ranked checks show before the rest, which a reader opens.
    static let checksShown = 20

    /// The checks ranked by how many learners who started their section fail them: the first
    /// ``checksShown``, then the rest behind a disclosure.
    func checks() -> String {
        var html = [
            #"<section id="checks" aria-labelledby="checks-heading">"#,
            #"<h2 id="checks-heading">Checks the class fails most</h2>"#,
        ]
        let ranked = overview.checks
        guard !ranked.isEmpty else {
            html += [#"<p class="note">Every check passes for everyone who started its section.</p>"#, "</section>"]
            return html.joined(separator: "\n")
        }
        html += [
            #"<p class="note">Counted among the learners who started the check's section; the message is the first "#
                + "line most of them fail with.</p>",
            Self.checkTable(Array(ranked.prefix(Self.checksShown)), from: 1, id: "check-table"),
        ]
        if ranked.count > Self.checksShown {
            let more = ranked.count - Self.checksShown
            html += [
                "<details>",
                "<summary>\(more) more check\(more == 1 ? "" : "s") that fewer learners fail</summary>",
                Self.checkTable(Array(ranked.dropFirst(Self.checksShown)), from: Self.checksShown + 1, id: "more"),
                "</details>",
            ]
        }
        html.append("</section>")
        return html.joined(separator: "\n")
    }

    /// A table of ranked `checks`, numbered from `first`.
    static func checkTable(_ checks: [ClassOverview.CheckFailures], from first: Int, id: String) -> String {
        var html = [
            #"<div class="scroll"><table class="cards checks" id="\#(id)">"#,
            #"<thead><tr><th class="num">#</th><th>Check</th><th>Section</th><th class="num">Fail</th>"#
                + "<th>Most common failure</th></tr></thead>",
            "<tbody>",
        ]
        for (index, check) in checks.enumerated() {
            let item = check.item.isEmpty ? "" : #"<span class="item">\#(check.item.htmlEscaped)</span>"#
            let section = "Section \(check.section)"
            let lesson = check.lesson.map { #"<a href="\#(href($0))">\#(section)</a>"# } ?? section
            let failure =
                check.commonFailure.map { failure in
                    #"<code class="message">\#(failure.message.htmlEscaped)</code>"#
                        + (check.failed > 1
                            ? #" <span class="muted">(\#(failure.count) of \#(check.failed))</span>"# : "")
                } ?? ""
            let bar = meter(check.failed, of: check.attempted)
            html.append(
                #"<tr data-failed="\#(check.failed)"><td class="num">\#(first + index)</td>"#
                    + #"<td><span class="check-name">\#(check.name.htmlEscaped)</span>\#(item)</td>"#
                    + #"<td class="section-link">\#(lesson)"#
                    + #"<span class="item">\#(check.sectionTitle.htmlEscaped)</span></td>"#
                    + #"<td class="num" data-label="Fail">\#(check.failed) of \#(check.attempted) \#(bar)</td>"#
                    + "<td>\(failure)</td></tr>"
            )
        }
        html += ["</tbody>", "</table></div>"]
        return html.joined(separator: "\n")
    }

    /// The learners, in name order, each linking to their feedback page.
    func learners() -> String {
        var html = [
            #"<section id="learners" aria-labelledby="learners-heading">"#,
            #"<h2 id="learners-heading">Learners</h2>"#,
            #"<p class="note" id="sort-note">In name order.</p>"#,
            #"<div class="scroll"><table class="cards" id="learner-table">"#,
            #"<thead><tr><th data-key="name" aria-sort="ascending">Learner</th>"#
                + #"<th class="num" data-key="points" data-first="descending">Points</th>"#
                + #"<th class="num" data-key="complete" data-first="descending">Complete</th>"#
                + #"<th>By section</th><th data-key="flags" data-first="descending">Flags</th></tr></thead>"#,
            "<tbody>",
        ]
        for (index, learner) in overview.learners.enumerated() {
            let cells = learner.sections.map { cell in
                #"<span class="cell \#(Self.style(of: cell.state))" "#
                    + #"title="Section \#(cell.number): \#(cell.state.rawValue)">"#
                    + "\(cell.number): \(cell.points)/\(cell.possiblePoints)</span>"
            }
            let lookCount = learner.flags.filter(\.needsALook).count
            html.append(
                #"<tr><td data-sort="\#(index)">\#(link(to: learner))</td>"#
                    + #"<td class="num" data-label="Points" data-sort="\#(learner.points)">"#
                    + "\(learner.points)/\(learner.possiblePoints) "
                    + #"<span class="muted">\#(learner.percent) %</span></td>"#
                    + #"<td class="num" data-label="Complete" data-sort="\#(learner.completeSections)">"#
                    + "\(learner.completeSections) of \(learner.sections.count)</td>"
                    + #"<td><span class="cells">\#(cells.joined())</span></td>"#
                    + #"<td data-sort="\#(lookCount * 100 + learner.flags.count)">"#
                    + "\(Self.badges(of: learner))</td></tr>"
            )
        }
        html += ["</tbody>", "</table></div>", "</section>"]
        return html.joined(separator: "\n")
    }

    /// One badge per kind of flag `learner` has, most serious first, with how many when more than one.
    static func badges(of learner: ClassOverview.Learner) -> String {
        let kinds: [ClassOverview.Learner.Flag.Kind] = [
            .notGraded, .forgedResults, .tampering, .review, .doesNotCompile,
        ]
        return kinds.compactMap { kind -> String? in
            let found = learner.flags.filter { $0.kind == kind }
            guard let first = found.first else { return nil }
            let count = found.count > 1 ? " ×\(found.count)" : ""
            return #"<span class="flag \#(first.needsALook ? "look" : "info")">\#(kind.rawValue)\#(count)</span>"#
        }.joined(separator: " ")
    }

    /// The style sheet's class of a section in `state`.
    static func style(of state: ClassOverview.SectionState) -> String {
        switch state {
        case .complete: "complete"
        case .inProgress: "progress"
        case .doesNotCompile: "broken"
        case .notStarted, .notGraded: "idle"
        }
    }

    /// What changed since the earlier gradebook, or how to get that comparison.
    func changes() -> String {
        var html = [
            #"<section id="changes" aria-labelledby="changes-heading">"#, #"<h2 id="changes-heading">Changes</h2>"#,
        ]
        guard let changes = overview.changes else {
            html += [
                #"<p class="note">Nothing to compare with: the output folder held no earlier gradebook.json. The next "#
                    + "grading into the same folder shows what changed since this one.</p>",
                "</section>",
            ]
            return html.joined(separator: "\n")
        }
        let unchanged = changes.unchangedLearners == 1 ? "1 learner" : "\(changes.unchangedLearners) learners"
        var intro = "Since the earlier gradebook: \(unchanged) unchanged."
        if let sections = changes.earlierSections {
            let numbers = sections.map(String.init).joined(separator: ", ")
            intro += " It graded other sections (\(numbers)): their points are compared as they were."
        }
        html.append(#"<p class="note">\#(intro)</p>"#)
        if !changes.learners.isEmpty {
            html += [
                "<h3>Learners</h3>",
                #"<div class="scroll"><table class="cards" id="learner-changes">"#,
                #"<thead><tr><th>Learner</th><th class="num">Before</th><th class="num">Now</th>"#
                    + "<th>Newly passing</th><th>Newly failing</th></tr></thead>",
                "<tbody>",
            ]
            for change in changes.learners {
                let delta = (change.pointsNow ?? 0) - (change.pointsBefore ?? 0)
                let before = change.pointsBefore.map(String.init) ?? "new"
                let now = change.pointsNow.map(String.init) ?? "gone"
                let trend =
                    delta > 0
                    ? #"<span class="up">+\#(delta)</span>"#
                    : delta < 0 ? #"<span class="down">−\#(-delta)</span>"# : ""
                html.append(
                    "<tr><td>\(change.name.htmlEscaped)</td>"
                        + #"<td class="num" data-label="Before">\#(before)</td>"#
                        + #"<td class="num" data-label="Now">\#(now) \#(trend)</td>"#
                        + #"<td data-label="Newly passing">\#(Self.list(change.newlyPassing))</td>"#
                        + #"<td data-label="Newly failing">\#(Self.list(change.newlyFailing))</td></tr>"#
                )
            }
            html += ["</tbody>", "</table></div>"]
        }
        if !changes.checks.isEmpty {
            html += [
                "<h3>Checks</h3>",
                #"<div class="scroll"><table class="cards" id="check-changes">"#,
                #"<thead><tr><th>Check</th><th class="num">Section</th><th class="num">Failed before</th>"#
                    + #"<th class="num">Now</th></tr></thead>"#,
                "<tbody>",
            ]
            for check in changes.checks {
                let style = check.failedNow < check.failedBefore ? "up" : "down"
                html.append(
                    #"<tr><td>\#(check.name.htmlEscaped)</td>"#
                        + #"<td class="num" data-label="Section">\#(check.section)</td>"#
                        + #"<td class="num" data-label="Failed before">\#(check.failedBefore)</td>"#
                        + #"<td class="num \#(style)" data-label="Now">\#(check.failedNow)</td></tr>"#
                )
            }
            html += ["</tbody>", "</table></div>"]
        }
        html.append("</section>")
        return html.joined(separator: "\n")
    }

    /// Up to five of `names`, then how many more.
    static func list(_ names: [String]) -> String {
        guard !names.isEmpty else { return "" }
        let shown = names.prefix(5).map(\.htmlEscaped).joined(separator: "<br>")
        return names.count > 5 ? shown + #"<br><span class="muted">and \#(names.count - 5) more</span>"# : shown
    }

    /// A small bar of `part` out of `whole`.
    static func meter(_ part: Int, of whole: Int) -> String {
        let width = whole > 0 ? 100 * Double(part) / Double(whole) : 0
        return #"<svg class="mini" viewBox="0 0 100 8" aria-hidden="true">"#
            + #"<rect class="track" width="100" height="8"/>"#
            + #"<rect class="fill" width="\#(SVGChart.number(width))" height="8"/></svg>"#
    }
}
