import Foundation

/// Bar charts as inline SVG, drawn by coach: no script, no font or file fetched, text escaped.
///
/// Each bar is a `<rect>` whose `data-count` attribute holds its value and whose height (or width) is
/// proportional to it, with a `<title>` a browser shows on hover; colours come from the page's style
/// sheet through each bar's class.
///
/// ```swift
/// SVGChart.columns([.init(label: "0–9 %", count: 2, title: "2 learners")], labelledBy: "scores-caption")
/// ```
enum SVGChart {
    /// A vertical bar.
    struct Column {
        /// The label under the bar.
        var label: String
        /// Its value.
        var count: Int
        /// What a browser shows on hover.
        var title: String
    }

    /// A horizontal bar made of segments, with a label above it.
    struct Row {
        /// The label above the bar, on the left.
        var label: String
        /// The note above the bar, on the right.
        var note: String
        /// The segments, left to right.
        var segments: [Segment]
    }

    /// One segment of a row.
    struct Segment {
        /// Its value.
        var count: Int
        /// The style sheet's class that colours it.
        var style: String
        /// What a browser shows on hover.
        var title: String
    }

    /// The width of every chart's coordinate system; the page scales it to the screen.
    static let width = 360.0

    /// A column chart of `columns`, each bar's height proportional to its count, the count above it.
    ///
    /// - Parameter labelledBy: The id of the element that names the chart.
    static func columns(_ columns: [Column], labelledBy: String) -> String {
        let top = 18.0
        let plot = 140.0
        let height = top + plot + 22
        let largest = max(1, columns.map(\.count).max() ?? 0)
        let slot = width / Double(max(1, columns.count))
        var svg = [open(style: "chart", height: height, labelledBy: labelledBy)]
        for (index, column) in columns.enumerated() {
            let barHeight = plot * Double(column.count) / Double(largest)
            let x = slot * Double(index) + slot * 0.1
            let center = slot * Double(index) + slot / 2
            svg.append(
                #"<rect class="bar" x="\#(number(x))" y="\#(number(top + plot - barHeight))" "#
                    + #"width="\#(number(slot * 0.8))" height="\#(number(barHeight))" data-count="\#(column.count)">"#
                    + "<title>\(column.title.htmlEscaped)</title></rect>"
            )
            if column.count > 0 {
                svg.append(text(String(column.count), x: center, y: top + plot - barHeight - 4, anchor: "middle"))
            }
            svg.append(text(column.label, x: center, y: top + plot + 16, anchor: "middle", style: "axis"))
        }
        let baseline = number(top + plot)
        svg.append(#"<line class="baseline" x1="0" y1="\#(baseline)" x2="\#(number(width))" y2="\#(baseline)"/>"#)
        svg.append("</svg>")
        return svg.joined(separator: "\n")
    }

    /// A chart of one horizontal bar per row, each segment's width proportional to its share of `total`.
    ///
    /// - Parameter labelledBy: The id of the element that names the chart.
    static func rows(_ rows: [Row], total: Int, labelledBy: String) -> String {
        let rowHeight = 40.0
        let barHeight = 16.0
        let height = rowHeight * Double(rows.count)
        var svg = [open(style: "chart rows", height: max(height, 1), labelledBy: labelledBy)]
        for (index, row) in rows.enumerated() {
            let y = rowHeight * Double(index)
            svg.append(text(row.label, x: 0, y: y + 14, anchor: "start"))
            svg.append(text(row.note, x: width, y: y + 14, anchor: "end", style: "axis"))
            let top = number(y + 19)
            let size = #"width="\#(number(width))" height="\#(number(barHeight))""#
            svg.append(#"<rect class="track" x="0" y="\#(top)" \#(size)/>"#)
            var x = 0.0
            for segment in row.segments {
                let segmentWidth = total > 0 ? width * Double(segment.count) / Double(total) : 0
                svg.append(
                    #"<rect class="\#(segment.style.htmlEscaped)" x="\#(number(x))" y="\#(top)" "#
                        + #"width="\#(number(segmentWidth))" height="\#(number(barHeight))" "#
                        + #"data-count="\#(segment.count)">"#
                        + "<title>\(segment.title.htmlEscaped)</title></rect>"
                )
                x += segmentWidth
            }
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n")
    }

    /// The opening `<svg>` tag of a chart `height` high, named by the element with id `labelledBy`.
    private static func open(style: String, height: Double, labelledBy: String) -> String {
        #"<svg class="\#(style)" viewBox="0 0 \#(number(width)) \#(number(height))" role="img" "#
            + #"aria-labelledby="\#(labelledBy.htmlEscaped)">"#
    }

    /// A `<text>` element holding `content`, escaped.
    private static func text(_ content: String, x: Double, y: Double, anchor: String, style: String? = nil) -> String {
        let style = style.map { #" class="\#($0)""# } ?? ""
        return #"<text\#(style) x="\#(number(x))" y="\#(number(y))" text-anchor="\#(anchor)">"#
            + "\(content.htmlEscaped)</text>"
    }

    /// `value` with at most two decimals and no trailing zeros, the same on every machine.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(format: "%.2f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
