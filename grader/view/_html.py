"""The report as one HTML file: overview (leaderboard, plots, task × agent matrix) and one
section per run, shown when its link is followed (CSS `:target`; a few lines of inline script
only open a linked exchange). No external resource of any kind."""
from __future__ import annotations

import json
from collections import defaultdict
from html import escape
from typing import Any

from grader.suite import KINDS  # the kinds a record's `kind` can be (example tasks are `other`)
from grader.view import _svg


CSS = """
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,sans-serif;margin:0;color:#1d2330;background:#f7f8fa}
header{background:#1d2330;color:#fff;padding:12px 24px}header h1{margin:0;font-size:20px}
header p{margin:4px 0 0;color:#c6cbd6}a{color:#2457c5}main{padding:16px 24px}
h2{margin:24px 0 8px;font-size:18px}h3{margin:18px 0 6px;font-size:15px}
table{border-collapse:collapse;background:#fff;margin:4px 0 12px}td,th{border:1px solid #dde1e8;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#eef1f6}td.num{text-align:right;font-variant-numeric:tabular-nums}
.solved{color:#137333;font-weight:600}.unsolved{color:#b3261e;font-weight:600}.muted{color:#6b7280}
.fail{background:#fdecea}.pass{background:#e8f5e9}.na{background:#f3f4f6}
.cell a{display:inline-block;margin:1px 4px 1px 0}.failed-list{font-size:12px;color:#6b7280}
.run{display:none}.run:target,.run:has(:target){display:block}
body:has(.run:target) #overview,body:has(.run :target) #overview{display:none}
.plot{background:#fff;border:1px solid #dde1e8;margin:4px 12px 12px 0}.plot-title{font-size:13px;font-weight:600}
.axis{font-size:11px;fill:#4b5563}.grid{stroke:#e5e7eb}
.timeline{background:#fff;border:1px solid #dde1e8;height:120px}.band rect{fill:#dbe4f5;stroke:#9fb3dc}
.band.agent rect{fill:#fde7c8;stroke:#f0b561}.band.run rect{fill:#cfe8d5;stroke:#7dbb8c}
.band.checkpoint rect{fill:#e9e3f5}.band text{font-size:10px}
.tick.s2xx{fill:#2e7d32}.tick.s4xx{fill:#ef6c00}.tick.throttled{fill:#c62828}.tick.s5xx{fill:#6a1b1a}
.tick.none{fill:#111}.tick.forged{fill:#8e24aa}
details.exchange{background:#fff;border:1px solid #e5e7eb;margin:1px 0;padding:1px 6px}
details.exchange>summary{cursor:pointer;font-family:ui-monospace,monospace;font-size:12px}
details.exchange:target{outline:2px solid #2457c5}
.badge{display:inline-block;border-radius:3px;padding:0 4px;margin-left:4px;font-size:11px;color:#fff}
.b-fault{background:#6a1b1a}.b-forged{background:#8e24aa}.b-429{background:#c62828}.b-cut{background:#374151}
pre{background:#fff;border:1px solid #e5e7eb;padding:6px;overflow:auto;max-height:420px;font-size:12px}
.diff .add{color:#137333}.diff .del{color:#b3261e}.diff .hunk{color:#6b21a8}
.kv td:first-child{color:#4b5563;white-space:nowrap}
"""

# openTarget: a link to an exchange opens it. markShown: <body data-shown> names the sections
# on screen, so a headless browser can check what renders (tests/grader/test_view.py).
SCRIPT = """
function openTarget(){var id=decodeURIComponent(location.hash.slice(1));if(!id)return;
var el=document.getElementById(id);if(el&&el.tagName==='DETAILS'){el.open=true;el.scrollIntoView({block:'center'});}}
function markShown(){document.body.dataset.shown=[].slice.call(document.querySelectorAll('main>section'))
.filter(function(s){return getComputedStyle(s).display!=='none';}).map(function(s){return s.id;}).join(' ');}
function refresh(){openTarget();markShown();}
window.addEventListener('hashchange',refresh);window.addEventListener('load',function(){setTimeout(refresh,0);});refresh();
"""


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.0f}%"


def _num(x: Any, digits: int = 1) -> str:
    if x is None:
        return "–"
    return f"{x:.{digits}f}" if isinstance(x, float) else str(x)


def _failed(v: dict[str, Any]) -> list[str]:
    return [c["id"] for c in v.get("criteria", []) if not c.get("passed")]


def _kv(rows: list[tuple[str, str]]) -> str:
    return '<table class="kv">' + "".join(f"<tr><td>{escape(k)}</td><td>{v}</td></tr>" for k, v in rows) + "</table>"


def overview(runs, records: list[dict], agg: dict[str, Any], lb_rows: list[dict], problems: list[str],
             source: str) -> str:
    out = ['<section id="overview">', "<h2>Leaderboard</h2>"]
    if not lb_rows:
        out.append('<p class="muted">No counted run: every verdict here was left out (see below).</p>')
    ks = [k for k in KINDS if any(r["kind"] == k for r in records)]
    pk = sorted({k for r in lb_rows for k in r if k.startswith("pass^")}, key=lambda s: int(s[5:]))
    out.append('<table id="leaderboard"><tr><th>#</th><th>agent</th><th>runs</th><th>mean score</th>'
               '<th>solve rate</th><th>95% CI (Wilson)</th>'
               + "".join(f"<th>{k}</th>" for k in ks) + "".join(f"<th>{escape(k)}</th>" for k in pk) + "</tr>")
    for r in lb_rows:
        kinds = agg["agents"][r["agent"]]["per_kind"]
        out.append(
            f"<tr><td class=num>{r['rank']}</td><td>{escape(r['agent'])}</td>"
            f"<td class=num>{r['completed']}/{r['runs']}</td><td class=num>{_num(r['mean_score'])}</td>"
            f"<td class=num>{_pct(r['solve_rate'])}</td><td class=num>{_pct(r['ci95_low'])}–{_pct(r['ci95_high'])}</td>"
            + "".join(f"<td class=num>{_num(kinds[k]['mean_score']) if k in kinds else '–'} · "
                      f"{_pct(kinds[k]['solve_rate']['rate']) if k in kinds else '–'}</td>" for k in ks)
            + "".join(f"<td class=num>{_pct(r.get(k))}</td>" for k in pk) + "</tr>")
    out.append("</table>")
    if ks:
        out.append('<p class="muted">Per kind: mean score · solve rate. A run counts when its bundle and verdict '
                   "signatures verify (as for <code>ibench leaderboard</code>); harness errors, interrupted and "
                   "unscored runs are listed, never counted.</p>")
    agents = agg["ranking"]
    if agents and ks:
        mean = {a: [agg["agents"][a]["per_kind"].get(k, {}).get("mean_score") for k in ks] for a in agents}
        rate = {a: [None if agg["agents"][a]["per_kind"].get(k) is None or
                    agg["agents"][a]["per_kind"][k]["solve_rate"]["rate"] is None else
                    100 * agg["agents"][a]["per_kind"][k]["solve_rate"]["rate"] for k in ks] for a in agents}
        out.append('<div id="plots">' + _svg.grouped_bars("mean score per kind", list(ks), mean)
                   + _svg.grouped_bars("solve rate per kind", list(ks), rate, unit="%") + "</div>")
    out.append("<h2>Task × agent</h2>")
    agents_all = sorted({r.agent for r in runs})
    tasks = sorted({r.task for r in runs})
    cells: dict[tuple[str, str], list] = defaultdict(list)
    for r in runs:
        cells[(r.task, r.agent)].append(r)
    out.append('<table id="matrix"><tr><th>task</th>' + "".join(f"<th>{escape(a)}</th>" for a in agents_all) + "</tr>")
    for t in tasks:
        out.append(f"<tr><td>{escape(t)}</td>")
        for a in agents_all:
            parts = []
            for r in cells.get((t, a), []):
                v = r.verdict
                score = v.get("score")
                mark = ("✓" if v.get("solved") else "✗") if v.get("outcome") in ("completed", "agent_error") else v.get("outcome")
                cls = "solved" if v.get("solved") else "unsolved"
                failed = _failed(v)
                title = f"{r.run_id}: {v.get('outcome')}" + (f"; failed {', '.join(failed)}" if failed else "")
                note = "" if r.counted else f' <span class="muted" title="{escape(r.left_out or "")}">(not counted)</span>'
                parts.append(f'<a class="{cls}" href="#run-{r.anchor}" title="{escape(title)}">'
                             f"{_num(score)} {escape(str(mark))}</a>{note}"
                             + (f'<div class="failed-list">{escape(", ".join(failed))}</div>' if failed else ""))
            out.append(f'<td class="cell">{"".join(parts) or "–"}</td>')
        out.append("</tr>")
    out.append("</table>")
    if problems:
        out.append("<h3>Left out</h3><ul>" + "".join(f"<li>{escape(p)}</li>" for p in problems) + "</ul>")
    out.append("</section>")
    return "\n".join(out)


def _evidence(rows: list[dict]) -> str:
    if not rows:
        return ""
    cols = sorted({k for r in rows for k in r})
    body = "".join("<tr>" + "".join(f"<td>{escape(json.dumps(r.get(c), ensure_ascii=False) if not isinstance(r.get(c), str) else r.get(c))}</td>"
                                    for c in cols) + "</tr>" for r in rows)
    return (f'<details class="evidence"><summary>evidence ({len(rows)} row(s) shown)</summary>'
            f'<table><tr>{"".join(f"<th>{escape(c)}</th>" for c in cols)}</tr>{body}</table></details>')


def _criteria(v: dict[str, Any]) -> str:
    crits = v.get("criteria", [])
    if not crits:
        return '<p class="muted">No criteria ran (outcome ' + escape(str(v.get("outcome"))) + ").</p>"
    out = ['<table class="criteria"><tr><th>criterion</th><th>category</th><th>weight</th><th>M</th>'
           "<th>result</th><th>credit</th><th>violations</th><th>what it checks</th></tr>"]
    for c in crits:
        res = "error" if c.get("error") else ("pass" if c.get("passed") else "fail")
        cls = {"pass": "pass", "fail": "fail"}.get(res, "na")
        out.append(f'<tr class="{cls}"><td>{escape(c["id"])}</td><td>{escape(str(c.get("category")))}</td>'
                   f'<td class=num>{_num(c.get("weight"))}</td><td>{"M" if c.get("mandatory") else ""}</td>'
                   f"<td>{res}</td><td class=num>{_num(c.get('credit'), 2)}</td><td class=num>{_num(c.get('violations'))}</td>"
                   f"<td>{escape(c.get('description') or '')}{'<br><b>' + escape(c['error']) + '</b>' if c.get('error') else ''}"
                   f"{_evidence(c.get('evidence') or [])}</td></tr>")
    out.append("</table>")
    return "".join(out)


def _conduct(v: dict[str, Any]) -> str:
    rows = [c for c in v.get("criteria", []) if c.get("conduct") or str(c.get("id", "")).startswith("lib:")]
    out = ["<table class=conduct><tr><th>check</th><th>criterion</th><th>result</th><th>violations</th><th>over</th></tr>"]
    for c in rows:
        res = "pass" if c.get("passed") else "fail"
        out.append(f'<tr class="{res}"><td>{escape(str(c.get("conduct") or c["id"]))}</td><td>{escape(c["id"])}</td>'
                   f"<td>{res}</td><td class=num>{_num(c.get('violations'))}</td><td class=num>{_num(c.get('population'))}</td></tr>")
    for n in v.get("conduct_not_applicable", []):
        out.append(f'<tr class="na"><td>{escape(n.get("conduct") or "")}</td><td>{escape(n.get("id") or "")}</td>'
                   f'<td>not recorded</td><td colspan=2>{escape(n.get("reason") or "")}</td></tr>')
    out.append("</table>")
    return "".join(out) if len(out) > 2 else '<p class="muted">No conduct check applied.</p>'


def _headers(h: Any) -> str:
    if not isinstance(h, dict) or not h:
        return ""
    return '<table class="kv">' + "".join(f"<tr><td>{escape(str(k))}</td><td>{escape(str(val))}</td></tr>"
                                          for k, val in sorted(h.items())) + "</table>"


def _exchange(run, x: dict[str, Any], t0: float | None) -> str:
    t = _svg._t(x.get("started_at"))
    rel = f"{t - t0:8.3f}s" if t is not None and t0 is not None else ""
    badges = ""
    if x.get("status") == 429:
        badges += '<span class="badge b-429">429</span>'
    if x.get("fault"):
        badges += f'<span class="badge b-fault">fault {escape(str(x["fault"]))} · {escape(str(x.get("fault_action")))}</span>'
    if x.get("forged"):
        badges += f'<span class="badge b-forged">forged {escape(str(x["forged"]))}</span>'
    if x.get("client_saw") not in (None, "full"):
        badges += f'<span class="badge b-cut">client saw {escape(str(x["client_saw"]))}</span>'
    arrow = "→" if x.get("direction") == "to_vendor" else "⇠ receiver"
    summary = (f"#{x.get('seq')} {rel} {escape(str(x.get('vendor') or ''))} {escape(str(x.get('method')))} "
               f"{escape(str(x.get('path')))} {arrow} {x.get('status') if x.get('status') is not None else 'no answer'}")
    return (f'<details class="exchange" id="x-{run.anchor}-{x.get("seq")}"><summary>{summary}{badges}</summary>'
            f"<h4>request</h4><code>{escape(str(x.get('method')))} {escape(str(x.get('url')))}</code>"
            f"{_headers(x.get('req_headers'))}"
            + (f"<pre>{escape(x['req_body'])}</pre>" if x.get("req_body") else "")
            + f"<h4>response {x.get('status') if x.get('status') is not None else '(none)'}"
              f"{' · ' + escape(str(x['error'])) if x.get('error') else ''}</h4>{_headers(x.get('resp_headers'))}"
            + (f"<pre>{escape(x['resp_body'])}</pre>" if x.get("resp_body") else "")
            + f'<p class="muted">{escape(str(x.get("started_at")))} · {_num(x.get("duration_ms"))} ms · phase '
              f'{escape(str(x.get("phase")))}</p></details>')


def _diff(patch: str) -> str:
    lines = []
    for line in patch.splitlines():
        cls = "add" if line.startswith("+") and not line.startswith("+++") else \
            "del" if line.startswith("-") and not line.startswith("---") else "hunk" if line.startswith("@@") else ""
        lines.append(f'<span class="{cls}">{escape(line)}</span>' if cls else escape(line))
    return '<pre class="diff">' + "\n".join(lines) + "</pre>"


def run_section(run) -> str:
    v = run.verdict
    tm = v.get("timings") or {}
    t0 = _svg._t(tm.get("run_started_at"))
    sig = (v.get("integrity") or {}).get("signature") or {}
    facts = [("task", escape(run.task)), ("agent", escape(str(v.get("agent")))),
             ("model", escape(str(v.get("model") or "–"))), ("trial", _num(v.get("trial"))),
             ("outcome", escape(str(v.get("outcome"))) + (f" — {escape(v['cause'])}" if v.get("cause") else "")),
             ("score", f'{_num(v.get("score"))} <span class="{"solved" if v.get("solved") else "unsolved"}">'
                       f'{"solved" if v.get("solved") else "unsolved"}</span>'),
             ("counted", "yes" if run.counted else f"no — {escape(run.left_out or '')}"),
             ("signature", escape(f"{sig.get('status')} (key {sig.get('key_id')})")),
             ("bundle", f"<code>{escape(str(run.path))}</code> ({escape(run.verdict_file)})"),
             ("duration", f"{_num(tm.get('run_duration_s'))} s")]
    steps = tm.get("steps") or {}
    phases = tm.get("phases") or {}
    timing = ", ".join(f"{escape(k)} {val:.2f} s" for k, val in list(phases.items()) + list(steps.items()))
    out = [f'<section class="run" id="run-{run.anchor}"><p><a href="#overview">← overview</a></p>',
           f"<h2>{escape(run.run_id)}</h2>", _kv(facts)]
    if timing:
        out.append(f'<p class="muted">timings: {timing}</p>')
    out.append("<h3>Timeline</h3>" + _svg.timeline(run)
               + '<p class="muted">Bands: the agent phase and each scenario step. Ticks: exchanges (upper row to '
                 "vendors, lower row deliveries to the receiver); green 2xx, orange 4xx, red 429, dark red 5xx, "
                 "black no answer, purple forged; outlined: a fault fired. A tick links to its exchange.</p>")
    rate = _svg.rate_plot(run)
    if rate:
        out.append("<h3>Request rate</h3>" + rate)
    out.append("<h3>Criteria</h3>" + _criteria(v))
    out.append("<h3>Conduct</h3>" + _conduct(v))
    if v.get("errors") or v.get("notes"):
        out.append("<h3>Grader notes</h3><ul>" + "".join(f"<li>{escape(str(n))}</li>" for n in
                                                       list(v.get("errors", [])) + list(v.get("notes", []))) + "</ul>")
    more = run.exchanges_total - len(run.exchanges)
    out.append(f"<h3>Exchanges ({run.exchanges_total})</h3>"
               + (f'<p class="muted">The first {len(run.exchanges)} are shown; {more} more are in the bundle '
                  f"(<code>ibench export har</code> has them all).</p>" if more > 0 else ""))
    phase = None
    for x in run.exchanges:
        if x.get("phase") != phase:
            phase = x.get("phase")
            out.append(f"<h4>{escape(str(phase))}</h4>")
        out.append(_exchange(run, x, t0))
    out.append("<h3>Agent's patch</h3>" + (_diff(run.patch) if run.patch.strip() else '<p class="muted">No change.</p>'))
    if run.logs:
        out.append("<h3>Process logs</h3>" + "".join(
            f"<details><summary>{escape(name)}</summary><pre>{escape(text)}</pre></details>" for name, text in run.logs.items()))
    out.append("</section>")
    return "\n".join(out)


def page(title: str, subtitle: str, body: str) -> str:
    return ("<!doctype html>\n<html lang=en><head><meta charset=utf-8>"
            "<meta name=viewport content='width=device-width,initial-scale=1'>"
            f"<title>{escape(title)}</title><style>{CSS}</style></head><body>"
            f"<header><h1>{escape(title)}</h1><p>{subtitle}</p></header><main>{body}</main>"
            f"<script>{SCRIPT}</script></body></html>\n")
