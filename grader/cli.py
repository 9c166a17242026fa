"""Grader commands: `ibench grade`, `ibench rescore`, `ibench leaderboard` (and, from their own
modules, `ibench audit`, `ibench export`, `ibench key`).

Exit codes: 0 done (grade: solved), 1 ran but negative (grade: unsolved), 2 could not run
(grade: unscored / harness_error / not a bundle / tampered; rescore: a bundle could not be
graded or came out unscored).
"""
from __future__ import annotations

import csv
import io
import json
import sys
import time
from pathlib import Path

import click

from grader.errors import BundleError
from grader.suite import SCORED

EXIT_OK, EXIT_NEGATIVE, EXIT_ERROR = 0, 1, 2


def _fmt(x, digits=1) -> str:
    if x is None:
        return "-"
    if isinstance(x, float):
        return f"{x:.{digits}f}"
    return str(x)


def _summary(verdict: dict) -> str:
    lines = [f"{verdict['run_id']}: outcome {verdict['outcome']}"
             + (f", score {verdict['score']:.1f}, {'SOLVED' if verdict['solved'] else 'unsolved'}"
                if verdict["outcome"] in SCORED else "")
             + (f" — {verdict['cause']}" if verdict.get("cause") else "")]
    if not verdict["integrity"]["verified"]:
        lines.append("  integrity NOT verified (--allow-tampered): "
                     + "; ".join(verdict["integrity"]["problems"][:3]))
    for c in verdict["criteria"]:
        if c["error"]:
            mark = "ERR "
        elif c["passed"]:
            mark = "ok  "
        else:
            mark = "FAIL"
        extra = f"  {c['error']}" if c["error"] else (
            f"  {c['violations']} violation(s)" if c["violations"] else "")
        lines.append(f"  {mark} {c['id']:<28} {c['category']:<11} w={_fmt(c['weight'])} "
                     f"{'M' if c['mandatory'] else ' '} credit={_fmt(c['credit'], 2)}{extra}")
    for n in verdict.get("conduct_not_applicable", []):
        lines.append(f"  n/a  {n['id']:<28} {n['reason']}")
    for e in verdict["errors"]:
        if ":" in e and e.split(":", 1)[0] in {c["id"] for c in verdict["criteria"]}:
            continue
        lines.append(f"  grader error: {e}")
    for n in verdict["notes"]:
        lines.append(f"  note: {n}")
    return "\n".join(lines)


def _trust_option(f):
    return click.option(
        "--trust", "trust", multiple=True, type=click.Path(dir_okay=False, path_type=Path),
        help="Also accept bundles and verdicts signed by the keys in FILE (the output of "
             "`ibench key export` of their operator); repeatable. `ibench key trust FILE` "
             "accepts them for good.")(f)


def _signature_line(verdict: dict, ring, bundle: Path) -> str:
    """Who sealed the bundle, for people: own / trusted / project key, which the verdict
    itself does not say (it must not depend on who re-grades; bundle/signing.py)."""
    sig = verdict["integrity"].get("signature") or {}
    status, key_id = sig.get("status"), sig.get("key_id")
    if status == "valid" and sig.get("trusted"):
        return f"  signed by {sig.get('algorithm')} key {key_id} ({ring.describe(key_id, bundle)})"
    if status == "valid":
        return f"  signed by {sig.get('algorithm')} key {key_id}, a key you do not trust: NOT verified"
    if status == "unsigned":
        return "  not signed: NOT verified"
    return f"  signature {status}" + (f" (key {key_id})" if key_id else "") + ": NOT verified"


@click.command("grade")
@click.argument("bundle", type=click.Path(file_okay=False, path_type=Path))
@click.option("--criteria", "criteria_dir", type=click.Path(path_type=Path),
              help="Grade with these criteria instead of the bundle's criteria/ snapshot.")
@click.option("--allow-tampered", is_flag=True,
              help="Grade a bundle whose files do not match manifest.json (the verdict says so).")
@click.option("--out", "out", type=click.Path(dir_okay=False, path_type=Path),
              help="Where to write the verdict ('-' = stdout). Default: BUNDLE/verdict.json if "
                   "absent, else BUNDLE/verdict.rescored.json (an existing verdict is never "
                   "overwritten unless --out names it).")
@click.option("--timings", is_flag=True, help="Print the grader's wall-clock timings to stderr.")
@click.option("--quiet", "-q", is_flag=True, help="Print only the output path.")
@_trust_option
def grade(bundle: Path, criteria_dir: Path | None, allow_tampered: bool, out: Path | None,
          timings: bool, quiet: bool, trust: tuple[Path, ...]) -> None:
    """Grade one trace bundle offline; writes verdict.json.

    Exit 0 solved, 1 unsolved, 2 not graded (unscored, harness error, tampered or not a bundle).
    """
    from bundle.keys import Keyring
    from grader.scoring import exit_code, grade_bundle, verdict_bytes
    from bundle.signing import write_signed_verdict

    t: dict = {}
    ring = Keyring.default(trust)
    verdict = grade_bundle(bundle, criteria_dir=criteria_dir, allow_tampered=allow_tampered,
                           timings=t, keyring=ring)
    if out is not None and str(out) == "-":
        sys.stdout.buffer.write(verdict_bytes(verdict))
        sys.stdout.flush()
    else:
        if out is None:
            out = bundle / "verdict.json"
            if out.exists():
                out = bundle / "verdict.rescored.json"
        side = write_signed_verdict(out, verdict)
        if quiet:
            click.echo(str(out))
        else:
            click.echo(_summary(verdict))
            click.echo(_signature_line(verdict, ring, bundle))
            click.echo(f"verdict written to {out} (signed: {side.name})")
    if timings:
        click.echo("timings: " + ", ".join(f"{k} {v:.3f}s" for k, v in sorted(t.items())), err=True)
    raise click.exceptions.Exit(exit_code(verdict))


@click.command("rescore")
@click.argument("directory", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--jobs", "-j", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Worker processes grading bundles in parallel (docs/grader.md, \"Re-scoring an archive\").")
@click.option("--overwrite", is_flag=True,
              help="Replace verdict.json (default: write verdict.rescored.json beside it).")
@click.option("--allow-tampered", is_flag=True, help="Grade bundles that fail the manifest check.")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table",
              show_default=True, help="A table for people, or JSON.")
@_trust_option
def rescore(directory: Path, jobs: int, overwrite: bool, allow_tampered: bool, fmt: str,
            trust: tuple[Path, ...]) -> None:
    """Re-grade every bundle under DIRECTORY with its own criteria snapshot.

    Exit 0 when every bundle got a verdict that is completed (or a faithful harness_error),
    2 when any bundle could not be graded or came out unscored.
    """
    from grader.rescore import rescore_bundles
    from grader.suite import find_bundles

    bundles = find_bundles(directory)
    if not bundles:
        raise BundleError(f"{directory}: no bundle (a directory with manifest.json) found")
    t0 = time.perf_counter()
    rows = rescore_bundles(bundles, jobs, overwrite, allow_tampered, trust)
    elapsed = time.perf_counter() - t0
    bad = [r for r in rows if r["error"] or r["outcome"] == "unscored"]
    if fmt == "json":
        click.echo(json.dumps({"bundles": rows, "failed": len(bad)}, indent=2, sort_keys=True))
    else:
        for r in rows:
            if r["error"]:
                click.echo(f"ERROR {r['bundle']}: {r['error']}")
                continue
            change = ""
            if r["previous_score"] is not None or r["previous_solved"] is not None:
                if (r["previous_score"], r["previous_solved"]) != (r["score"], r["solved"]):
                    change = f"  (was {_fmt(r['previous_score'])}, solved={r['previous_solved']})"
            click.echo(f"{r['outcome']:<13} {_fmt(r['score']):>6}  "
                       f"{'solved  ' if r['solved'] else 'unsolved' if r['solved'] is False else '-       '}"
                       f" {r['run_id']}{change}")
        errors = sum(1 for r in rows if r["error"])
        unscored = sum(1 for r in rows if not r["error"] and r["outcome"] == "unscored")
        changed = sum(1 for r in rows if not r["error"] and r["previous_score"] is not None
                      and (r["previous_score"], r["previous_solved"]) != (r["score"], r["solved"]))
        click.echo(f"{len(rows)} bundle(s) in {elapsed:.1f} s: {len(rows) - errors} re-graded "
                   f"({changed} with a new score or solved), {unscored} unscored, {errors} could not be graded")
    raise click.exceptions.Exit(EXIT_ERROR if bad else EXIT_OK)


@click.command("leaderboard")
@click.argument("directory", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["table", "json", "csv"]), default="table", help="A table, JSON or CSV.",
              show_default=True)
@click.option("--prefer", type=click.Choice(["rescored", "original"]), default="rescored",
              show_default=True, help="Which verdict to read when a bundle has both.")
@_trust_option
def leaderboard(directory: Path, fmt: str, prefer: str, trust: tuple[Path, ...]) -> None:
    """Aggregate the verdicts under DIRECTORY: per agent mean score, solve rate (Wilson 95 %),
    per kind, per category and pass^k across trials.

    Only verified verdicts count: the bundle's files match its signed manifest, and the verdict
    was signed by a grader whose key you accept (verdict.sig). Any other is left out and listed
    with the reason."""
    from bundle.keys import Keyring
    from grader.suite import aggregate, collect, leaderboard_rows

    records, problems = collect(directory, prefer=prefer, keyring=Keyring.default(trust))
    if not records:
        raise BundleError(f"{directory}: no verdict found"
                          + (f" that could be verified ({problems[0]})" if problems else ""))
    agg = aggregate(records)
    rows = leaderboard_rows(agg)
    if fmt == "json":
        click.echo(json.dumps({**agg, "problems": problems}, indent=2, sort_keys=True))
    elif fmt == "csv":
        cols: list[str] = []
        for r in rows:
            cols += [k for k in r if k not in cols]
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=cols, lineterminator="\n")
        w.writeheader()
        for r in rows:
            w.writerow({k: "" if r.get(k) is None else r.get(k) for k in cols})
        click.echo(buf.getvalue(), nl=False)
    else:
        from rich.console import Console
        from rich.table import Table

        t = Table(title=f"Integration Bench leaderboard ({agg['runs']} runs)")
        for col in ("#", "agent", "runs", "mean score", "solve rate", "95% CI", "build", "fix",
                    "harden", "migrate", "pass^k"):
            t.add_column(col)
        for r in rows:
            pk = ", ".join(f"{k[5:]}:{v:.2f}" for k, v in r.items() if k.startswith("pass^"))
            pct = lambda x: "-" if x is None else f"{100 * x:.0f}%"  # noqa: E731
            t.add_row(str(r["rank"]), r["agent"], f"{r['completed']}/{r['runs']}",
                      _fmt(r["mean_score"]), pct(r["solve_rate"]),
                      f"{pct(r['ci95_low'])}–{pct(r['ci95_high'])}",
                      pct(r["build_solve_rate"]), pct(r["fix_solve_rate"]),
                      pct(r["harden_solve_rate"]), pct(r["migrate_solve_rate"]), pk or "-")
        Console(file=sys.stdout, width=140).print(t)
        for p in problems:
            click.echo(f"note: {p}")


from grader.key_cli import key  # noqa: E402  (the `ibench key` group: show, export, trust …)
from grader.traffic_cli import audit, export  # noqa: E402  (audit any traffic; export har)

@click.command("query")
@click.argument("directory", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.argument("sql")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table", show_default=True,
              help="How the rows are printed: a table, CSV with a header line, or a JSON list of objects.")
def query(directory: Path, sql: str, fmt: str) -> int:
    """Ask one SQL question of every bundle under DIRECTORY: views runs, criteria, exchanges
    and events, each row with its run_id (docs/grader.md, "Questions across an archive")."""
    from grader.criteria import json_safe
    from grader.query import run_query

    cols, rows, n = run_query(directory, sql)
    if fmt == "json":
        click.echo(json.dumps([{c: json_safe(v) for c, v in zip(cols, r)} for r in rows], indent=2, sort_keys=True))
    elif fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf)
        w.writerow(cols)
        w.writerows(rows)
        click.echo(buf.getvalue(), nl=False)
    else:
        from rich.console import Console
        from rich.table import Table

        t = Table(title=f"{len(rows)} row(s) from {n} bundle(s)")
        for c in cols:
            t.add_column(c)
        for r in rows:
            t.add_row(*("" if v is None else str(v) for v in r))
        Console(file=sys.stdout, width=max(120, Console().width)).print(t)
    return 0


commands = [grade, rescore, leaderboard, query, audit, export, key]
