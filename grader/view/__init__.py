"""`ibench view`: one self-contained HTML report of a folder of runs (or one bundle).

The overview holds the leaderboard (as `ibench leaderboard` counts it: mean, solve rate with
its Wilson interval, per kind, pass^k), plots of scores per kind and agent, and a task × agent
matrix; each run has a page with its timeline, criteria and evidence, conduct findings, every
exchange (request and response on a click), the agent's patch and the process logs. Everything
is read from the bundles; the file opens from disk with no server and no network.
"""
from __future__ import annotations

from datetime import datetime, timezone
from html import escape
from pathlib import Path

from grader.view import _html
from grader.view._data import RunData, load_runs

__all__ = ["build_report", "write_report", "RunData"]


def build_report(root: Path, keyring=None) -> tuple[str, int, list[str]]:
    """(the HTML, runs shown, what was left out)."""
    from grader.suite import aggregate, leaderboard_rows, record

    runs, problems = load_runs(Path(root), keyring)
    for i, r in enumerate(runs):
        r.anchor = f"r{i}"
    records = [record(r.verdict, str(r.path)) for r in runs if r.counted]
    for r in runs:
        if not r.counted:
            problems.append(f"{r.path}: not counted: {r.left_out}")
    agg = aggregate(records)
    rows = leaderboard_rows(agg)
    when = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    subtitle = (f"{len(runs)} run(s) from <code>{escape(str(root))}</code> · {len(records)} counted · "
                f"written {when}")
    body = _html.overview(runs, records, agg, rows, problems, str(root)) + "\n" + \
        "\n".join(_html.run_section(r) for r in runs)
    return _html.page("Integration Bench report", subtitle, body), len(runs), problems


def write_report(root: Path, out: Path, keyring=None) -> tuple[Path, int]:
    html, n, _problems = build_report(root, keyring)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(html, encoding="utf-8")
    return out, n
