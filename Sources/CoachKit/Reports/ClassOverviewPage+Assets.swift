extension ClassOverviewPage {
    /// The page's style sheet: readable from a 375 px phone to a desktop, and in print (navigation and
    /// sorting hidden, charts in colour, rows never split across pages).
    static let styleSheet = """
        :root{color-scheme:light;--ink:#1f2328;--muted:#57606a;--line:#d0d7de;--accent:#0969da;--good:#1a7f37;\
        --warn:#9a6700;--bad:#cf222e}
        *{box-sizing:border-box}
        body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:#fff;\
        max-width:72rem;margin:0 auto;padding:1rem 1.25rem 2rem;line-height:1.45}
        h1{font-size:1.5rem;margin:.25rem 0}
        h2{font-size:1.2rem;margin:1.75rem 0 .5rem;padding-bottom:.25rem;border-bottom:1px solid var(--line)}
        h3{font-size:1rem;margin:1rem 0 .25rem}
        a{color:var(--accent)}
        nav{display:flex;flex-wrap:wrap;gap:.25rem 1rem}
        .lede,.note,.muted,.item,figcaption{color:var(--muted)}
        .lede{margin:.25rem 0 .5rem}
        .item{display:block;font-size:.85rem}
        .stats{display:grid;grid-template-columns:repeat(auto-fit,minmax(9rem,1fr));gap:.5rem;margin:.75rem 0}
        .stats div{border:1px solid var(--line);border-radius:6px;padding:.4rem .75rem}
        .stats dt{font-size:.85rem;color:var(--muted)}
        .stats dd{margin:0;font-size:1.5rem;font-weight:600}
        ul.flagged{padding-left:1.25rem}
        ul.flagged ul{list-style:none;padding:0;margin:.15rem 0 .5rem;font-size:.9rem;overflow-wrap:anywhere}
        .charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,22rem),1fr));gap:0 2rem}
        figure{margin:0}
        svg.chart{display:block;width:100%;max-width:34rem;height:auto;margin:.5rem 0}
        svg text{font:12px system-ui,sans-serif;fill:var(--ink)}
        svg text.axis{fill:var(--muted);font-size:11px}
        .bar{fill:var(--accent)}
        .track{fill:#eaeef2}
        .fill{fill:var(--bad)}
        .baseline{stroke:var(--line)}
        rect.complete{fill:var(--good)}
        rect.progress{fill:#d4a72c}
        rect.broken{fill:var(--bad)}
        rect.idle{fill:#afb8c1}
        .legend{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem 1rem;padding:0;margin:.25rem 0;font-size:.9rem}
        .swatch{display:inline-block;width:.8em;height:.8em;margin-right:.35em;border-radius:2px}
        .swatch.complete{background:var(--good)}
        .swatch.progress{background:#d4a72c}
        .swatch.broken{background:var(--bad)}
        .swatch.idle{background:#afb8c1}
        .scroll{overflow-x:auto}
        table{border-collapse:collapse;width:100%;font-size:.92rem}
        th,td{text-align:left;vertical-align:top;padding:.4rem .5rem;border-bottom:1px solid var(--line)}
        th{white-space:nowrap}
        .num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
        th button{font:inherit;font-weight:bold;color:var(--accent);background:none;border:0;padding:0;cursor:pointer}
        th[aria-sort=ascending] button::after{content:" \\25B2"}
        th[aria-sort=descending] button::after{content:" \\25BC"}
        summary{cursor:pointer;color:var(--accent);margin:.5rem 0}
        code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.85rem;overflow-wrap:anywhere}
        svg.mini{width:3.5rem;height:.5rem;margin-left:.25rem}
        .cells{display:flex;flex-wrap:wrap;gap:.25rem}
        .cell{font-size:.8rem;border-radius:4px;padding:0 .35rem;white-space:nowrap}
        .cell.complete{background:#dafbe1}
        .cell.progress{background:#fff8c5}
        .cell.broken{background:#ffebe9}
        .cell.idle{background:#eaeef2;color:var(--muted)}
        .flag{display:inline-block;font-size:.8rem;border:1px solid;border-radius:1rem;padding:0 .5rem;\
        white-space:nowrap}
        .flag.look{color:var(--bad)}
        .flag.info{color:var(--warn)}
        .up{color:var(--good)}
        .down{color:var(--bad)}
        footer{margin-top:2rem}
        @media (max-width:40rem){
        body{padding:.75rem .75rem 1.5rem;font-size:.95rem}
        table.cards,table.cards tbody{display:block}
        table.cards thead{display:none}
        table.cards tr{display:block;padding:.45rem 0;border-bottom:1px solid var(--line)}
        table.cards td{display:block;border:0;padding:.05rem 0;text-align:left;white-space:normal}
        table.cards td[data-label]::before{content:attr(data-label) ": ";color:var(--muted)}
        table.cards td:empty{display:none}
        table.checks tr{position:relative;padding-left:1.9rem}
        table.checks td:first-child{position:absolute;left:0}
        table.checks td.section-link .item{display:inline;margin-left:.35rem}
        #learner-table thead{display:block}
        #learner-table thead tr{display:flex;flex-wrap:wrap;gap:.25rem 1rem;padding:.25rem 0}
        #learner-table th{border:0;padding:0}
        #learner-table th:not([data-key]){display:none}
        th,td{padding:.35rem .3rem}
        }
        @media print{
        nav{display:none}
        body{max-width:none;padding:0;font-size:10pt}
        a{color:inherit;text-decoration:none}
        .scroll{overflow:visible}
        h2,h3{break-after:avoid}
        tr,figure,.stats div{break-inside:avoid}
        *{-webkit-print-color-adjust:exact;print-color-adjust:exact}
        th button{color:inherit}
        th button::after{content:none!important}
        }
        """

    /// The page's one script: sorts the learners' table by the column whose heading is selected, or by
    /// `#sort=<key>[-desc]` in the address. Without it the table stays in name order and nothing else
    /// changes.
    static let script = """
        (function () {
          "use strict";
          var table = document.getElementById("learner-table");
          if (!table || !table.tHead || table.tBodies.length === 0) { return; }
          var body = table.tBodies[0];
          var headers = table.tHead.rows[0].cells;
          function value(row, index) { return row.cells[index].getAttribute("data-sort") || ""; }
          function compare(a, b, index) {
            var x = value(a, index), y = value(b, index);
            if (x !== "" && y !== "" && isFinite(x) && isFinite(y)) { return Number(x) - Number(y); }
            return x < y ? -1 : (x > y ? 1 : 0);
          }
          function sortBy(index, descending) {
            var rows = Array.prototype.slice.call(body.rows);
            rows.sort(function (a, b) {
              var order = compare(a, b, index);
              if (order === 0) { return compare(a, b, 0); }
              return descending ? -order : order;
            });
            rows.forEach(function (row) { body.appendChild(row); });
            for (var i = 0; i < headers.length; i++) { headers[i].removeAttribute("aria-sort"); }
            headers[index].setAttribute("aria-sort", descending ? "descending" : "ascending");
          }
          function apply(key, descending, remember) {
            for (var i = 0; i < headers.length; i++) {
              if (headers[i].getAttribute("data-key") !== key) { continue; }
              sortBy(i, descending);
              if (remember) {
                try { history.replaceState(null, "", "#sort=" + key + (descending ? "-desc" : "")); } catch (e) { }
              }
              return;
            }
          }
          Array.prototype.forEach.call(headers, function (header) {
            var key = header.getAttribute("data-key");
            if (!key) { return; }
            var button = document.createElement("button");
            button.type = "button";
            while (header.firstChild) { button.appendChild(header.firstChild); }
            header.appendChild(button);
            button.addEventListener("click", function () {
              var current = header.getAttribute("aria-sort");
              apply(key, current ? current === "ascending" : header.getAttribute("data-first") === "descending", true);
            });
          });
          var note = document.getElementById("sort-note");
          if (note) {
            note.textContent = "In name order until you select a column's heading to sort by it (again to reverse).";
          }
          var match = /^#sort=([a-z]+)(-desc)?$/.exec(window.location.hash);
          if (match) { apply(match[1], Boolean(match[2]), false); }
        })();
        """
}
