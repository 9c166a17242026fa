"""Plots drawn as inline SVG by the project (no CDN, no script): bars of scores, a run's
timeline, and its request rate against the vendor's rate limit."""
from __future__ import annotations

from datetime import datetime
from html import escape
from typing import Any

PALETTE = ["#3366cc", "#dc3912", "#ff9900", "#109618", "#990099", "#0099c6", "#dd4477", "#66aa00"]


def _t(ts: str | None) -> float | None:
    if not ts:
        return None
    try:
        return datetime.fromisoformat(ts.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return None


def grouped_bars(title: str, groups: list[str], series: dict[str, list[float | None]], ymax: float = 100.0,
                 unit: str = "") -> str:
    """One cluster per group (e.g. task kind), one bar per series (e.g. agent)."""
    w, h, left, bottom, top = 640, 240, 40, 40, 28
    n = max(1, len(series))
    gw = (w - left - 10) / max(1, len(groups))
    bw = max(4.0, (gw - 12) / n)
    out = [f'<svg class="plot" role="img" aria-label="{escape(title)}" viewBox="0 0 {w} {h + 20 * ((n + 2) // 3)}" '
           f'width="{w}" xmlns="http://www.w3.org/2000/svg">',
           f'<text x="{left}" y="16" class="plot-title">{escape(title)}</text>']
    for tick in (0, 25, 50, 75, 100):
        y = h - bottom - (h - bottom - top) * tick / 100
        out.append(f'<line x1="{left}" x2="{w - 10}" y1="{y:.1f}" y2="{y:.1f}" class="grid"/>'
                   f'<text x="{left - 4}" y="{y + 4:.1f}" text-anchor="end" class="axis">{tick * ymax / 100:g}{unit}</text>')
    for gi, g in enumerate(groups):
        x0 = left + gi * gw + 6
        for si, (name, vals) in enumerate(series.items()):
            v = vals[gi]
            if v is None:
                continue
            bh = (h - bottom - top) * min(v, ymax) / ymax
            x = x0 + si * bw
            out.append(f'<rect x="{x:.1f}" y="{h - bottom - bh:.1f}" width="{bw - 2:.1f}" height="{bh:.1f}" '
                       f'fill="{PALETTE[si % len(PALETTE)]}"><title>{escape(name)} · {escape(g)}: {v:.1f}{unit}</title></rect>')
        out.append(f'<text x="{x0 + gw / 2 - 6:.1f}" y="{h - bottom + 16}" text-anchor="middle" class="axis">{escape(g)}</text>')
    for si, name in enumerate(series):
        x, y = left + (si % 3) * 200, h + 2 + 20 * (si // 3)
        out.append(f'<rect x="{x}" y="{y}" width="12" height="12" fill="{PALETTE[si % len(PALETTE)]}"/>'
                   f'<text x="{x + 16}" y="{y + 11}" class="axis">{escape(name[:28])}</text>')
    out.append("</svg>")
    return "".join(out)


def _status_class(x: dict[str, Any]) -> str:
    if x.get("forged"):
        return "forged"
    s = x.get("status")
    if s is None:
        return "none"
    if s == 429:
        return "throttled"
    if s >= 500:
        return "s5xx"
    if s >= 400:
        return "s4xx"
    return "s2xx"


def timeline(run) -> str:
    """Phases and scenario steps as bands, every exchange as a tick (its colour: the status;
    a ring: a fault fired), linked to its row in the exchange list."""
    start = _t(run.verdict.get("timings", {}).get("run_started_at")) or _t(run.manifest.get("started_at"))
    end = _t(run.verdict.get("timings", {}).get("run_ended_at")) or _t(run.manifest.get("ended_at"))
    times = [_t(x.get("started_at")) for x in run.exchanges]
    times = [t for t in times if t is not None]
    if start is None:
        start = min(times) if times else 0.0
    if end is None or end <= start:
        end = max(times + [start + 1.0])
    span = max(end - start, 1e-3)
    w, left, right = 900, 8, 8
    scale = (w - left - right) / span

    def x(t: float) -> float:
        return left + (t - start) * scale

    bands, prev = [], start
    agent_open = None
    for e in run.events:
        t = _t(e.get("at"))
        if t is None:
            continue
        if e.get("type") == "phase" and e.get("name") == "agent":
            if e.get("state") == "start":
                agent_open = t
            elif agent_open is not None:
                bands.append(("agent", agent_open, t, "agent"))
                prev = t
        elif e.get("type") == "step":
            d = e.get("duration_s")
            s0 = t - float(d) if isinstance(d, (int, float)) else prev
            bands.append((str(e.get("step")), max(s0, start), t, str(e.get("kind"))))
            prev = t
    out = [f'<svg class="timeline" viewBox="0 0 {w} 110" width="100%" preserveAspectRatio="none" '
           f'xmlns="http://www.w3.org/2000/svg" role="img" aria-label="timeline of {escape(run.run_id)}">']
    for i, (label, a, b, kind) in enumerate(bands):
        bx, bw = x(a), max(1.0, (b - a) * scale)
        out.append(f'<g class="band {escape(kind)}"><rect x="{bx:.1f}" y="{4 + (i % 2) * 22}" width="{bw:.1f}" height="20">'
                   f'<title>{escape(label)} ({escape(kind)}): {b - a:.2f} s</title></rect>'
                   + (f'<text x="{bx + 2:.1f}" y="{18 + (i % 2) * 22}">{escape(label)}</text>' if bw > 30 else "")
                   + "</g>")
    for xrow in run.exchanges:
        t = _t(xrow.get("started_at"))
        if t is None:
            continue
        cls = _status_class(xrow)
        y = 60 if xrow.get("direction") == "to_vendor" else 84
        ring = ' stroke="#000" stroke-width="1.5"' if xrow.get("fault") else ""
        out.append(f'<a href="#x-{escape(run.anchor)}-{xrow.get("seq")}"><rect class="tick {cls}" x="{x(t):.1f}" '
                   f'y="{y}" width="2" height="18"{ring}><title>#{xrow.get("seq")} {escape(str(xrow.get("method")))} '
                   f'{escape(str(xrow.get("path")))} → {xrow.get("status")}'
                   f'{" fault " + escape(str(xrow.get("fault"))) if xrow.get("fault") else ""}'
                   f'{" forged " + escape(str(xrow.get("forged"))) if xrow.get("forged") else ""}</title></rect></a>')
    out.append(f'<text x="{left}" y="108" class="axis">0 s</text>'
               f'<text x="{w - right}" y="108" text-anchor="end" class="axis">{span:.1f} s</text></svg>')
    return "".join(out)


def rate_plot(run) -> str:
    """Requests per second to each vendor (1 s buckets) against its rate limit (limit / window)."""
    by_vendor: dict[str, list[float]] = {}
    for xrow in run.exchanges:
        t = _t(xrow.get("started_at"))
        if t is not None and xrow.get("direction") == "to_vendor" and xrow.get("vendor"):
            by_vendor.setdefault(str(xrow["vendor"]), []).append(t)
    if not by_vendor:
        return ""
    t0 = min(min(v) for v in by_vendor.values())
    t1 = max(max(v) for v in by_vendor.values())
    n = max(1, int(t1 - t0) + 1)
    counts = {v: [0] * n for v in by_vendor}
    for v, ts in by_vendor.items():
        for t in ts:
            counts[v][min(n - 1, int(t - t0))] += 1
    limits = {v: min(lim / win for lim, win in run.rate_limits[v]) for v in by_vendor if run.rate_limits.get(v)}
    ymax = max([max(c) for c in counts.values()] + list(limits.values()) + [1])
    w, h, left, bottom, top = 900, 180, 40, 24, 22
    sx, sy = (w - left - 10) / max(1, n - 1 if n > 1 else 1), (h - bottom - top) / ymax
    out = [f'<svg class="plot rate" viewBox="0 0 {w} {h}" width="{w}" xmlns="http://www.w3.org/2000/svg" '
           f'role="img" aria-label="request rate">',
           f'<text x="{left}" y="14" class="plot-title">requests per second (lines: each vendor; dashed: its rate limit)</text>']
    for tick in (0, ymax / 2, ymax):
        y = h - bottom - tick * sy
        out.append(f'<line x1="{left}" x2="{w - 10}" y1="{y:.1f}" y2="{y:.1f}" class="grid"/>'
                   f'<text x="{left - 4}" y="{y + 4:.1f}" text-anchor="end" class="axis">{tick:.1f}</text>')
    for i, (v, c) in enumerate(sorted(counts.items())):
        color = PALETTE[i % len(PALETTE)]
        pts = " ".join(f"{left + j * sx:.1f},{h - bottom - k * sy:.1f}" for j, k in enumerate(c))
        out.append(f'<polyline fill="none" stroke="{color}" stroke-width="1.5" points="{pts}"><title>{escape(v)}</title></polyline>')
        if v in limits:
            y = h - bottom - limits[v] * sy
            out.append(f'<line x1="{left}" x2="{w - 10}" y1="{y:.1f}" y2="{y:.1f}" stroke="{color}" stroke-dasharray="6 4">'
                       f'<title>{escape(v)} limit: {limits[v]:.2f} req/s</title></line>')
        out.append(f'<text x="{w - 10}" y="{top + 12 * i}" text-anchor="end" fill="{color}" class="axis">{escape(v)}</text>')
    out.append(f'<text x="{left}" y="{h - 6}" class="axis">0 s</text>'
               f'<text x="{w - 10}" y="{h - 6}" text-anchor="end" class="axis">{n} s</text></svg>')
    return "".join(out)
