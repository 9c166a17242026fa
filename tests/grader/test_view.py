"""`ibench view`: the HTML report renders from the committed samples in a real browser
(headless Chromium): the leaderboard, the task × agent matrix, and a run page with its timeline,
criteria, evidence and exchanges. A screenshot of each is saved beside the test's files."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from grader.suite import wilson
from grader.view import build_report
from grader.view import cli as view_cli
from ibench.cli import USER_ERRORS

SAMPLES = Path(__file__).parents[2] / "traces" / "samples"
CHROMIUM = next((shutil.which(b) for b in ("chromium", "chromium-browser", "google-chrome") if shutil.which(b)), None)
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium here (.ci/run installs Debian's chromium)")


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    out = tmp_path_factory.mktemp("view") / "report.html"
    r = CliRunner().invoke(view_cli.view, [str(SAMPLES), "-o", str(out)])
    assert r.exit_code == 0, r.output
    return out


def chromium(url: str, shot: Path | None = None) -> str:
    """The DOM after the page's scripts ran (and a screenshot when asked)."""
    base = [CHROMIUM, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--disable-extensions", "--user-data-dir=" + str(Path(shot or url.split("#")[0][7:]).parent / "profile"),
            "--window-size=1400,2000", "--virtual-time-budget=3000"]
    if shot is not None:
        subprocess.run(base + ["--hide-scrollbars", f"--screenshot={shot}", url], capture_output=True, timeout=120)
        assert shot.is_file() and shot.stat().st_size > 10_000, "no screenshot"
    dom = subprocess.run(base + ["--dump-dom", url], capture_output=True, text=True, timeout=120).stdout
    assert "<body" in dom, "Chromium printed no DOM"
    return dom


def shown(dom: str) -> list[str]:
    m = re.search(r'<body[^>]*data-shown="([^"]*)"', dom)
    assert m, "the page's script did not run"
    return m.group(1).split()


@needs_chromium
def test_the_overview_renders_leaderboard_and_matrix(report):
    dom = chromium(report.as_uri(), report.parent / "overview.png")
    assert shown(dom) == ["overview"]  # run pages stay hidden until linked
    board = re.search(r'<table id="leaderboard">(.*?)</table>', dom, re.S).group(1)
    assert "oracle" in board and "noop" in board and "100.0" in board
    solved = len({p.name for p in SAMPLES.glob("*__oracle__t1") if (p / "verdict.json").is_file()})
    lo, hi = wilson(solved, solved)  # every oracle sample is solved: its Wilson interval
    assert f"{100 * lo:.0f}%–{100 * hi:.0f}%" in board
    matrix = re.search(r'<table id="matrix">(.*?)</table>', dom, re.S).group(1)
    tasks = sorted({p.name.split("__")[0] for p in SAMPLES.iterdir() if (p / "verdict.json").is_file()})
    for t in tasks:
        assert f"<td>{t}</td>" in matrix
    assert matrix.count('href="#run-') == len(tasks) * 2
    assert 'class="failed-list"' in matrix  # noop's failed criteria are named
    assert dom.count('<svg class="plot"') >= 2


@needs_chromium
def test_a_run_page_renders_timeline_criteria_and_evidence(report):
    html = report.read_text()
    # the noop run of build-02: failed criteria with evidence rows
    anchor = re.search(r'<section class="run" id="run-(r\d+)"><p><a href="#overview">[^<]*</a></p>\s*'
                       r"<h2>build-02-talentforge-requisition-ties__noop__t1</h2>", html).group(1)
    dom = chromium(f"{report.as_uri()}#run-{anchor}", report.parent / "run.png")
    assert shown(dom) == [f"run-{anchor}"]
    section = dom.split(f'id="run-{anchor}"', 1)[1].split("</section>", 1)[0]
    assert '<svg class="timeline"' in section
    assert re.search(r'<tr class="fail"><td>c1-requisitions-mirrored</td>', section)
    assert '<details class="evidence"><summary>evidence (5 row(s) shown)</summary>' in section
    assert "missing from the store" in section


@needs_chromium
def test_a_linked_exchange_opens_on_its_run_page(report):
    html = report.read_text()
    anchor = re.search(r'id="run-(r\d+)"><p><a href="#overview">[^<]*</a></p>\s*'
                       r"<h2>harden-02-placemint-webhook-gauntlet__oracle__t1</h2>", html).group(1)
    seq = re.search(rf'<details class="exchange" id="x-{anchor}-(\d+)"><summary>[^<]*'
                    r'<span class="badge b-forged">', html).group(1)  # a forged delivery
    dom = chromium(f"{report.as_uri()}#x-{anchor}-{seq}")
    assert shown(dom) == [f"run-{anchor}"]
    assert re.search(rf'<details class="exchange" id="x-{anchor}-{seq}" open="">', dom)


def test_the_report_is_self_contained(report):
    html = report.read_text()
    assert not re.search(r'(src|href)="(https?:)?//', html), "an external resource"
    assert "<link" not in html and "@import" not in html


def test_runs_not_counted_are_shown_and_marked(tmp_path):
    bundle = SAMPLES / "example-00-staffline-hello__oracle__t1"
    copy = tmp_path / "runs" / bundle.name
    shutil.copytree(bundle, copy)
    (copy / "verdict.json").write_text((copy / "verdict.json").read_text().replace('"score": 100.0', '"score": 99.0'))
    html, n, problems = build_report(tmp_path / "runs")
    assert n == 1 and "(not counted)" in html and any("not counted" in p for p in problems)
    assert "No counted run" in html


def test_view_without_bundles_is_one_clear_message(tmp_path):
    group = click.Group("ibench")
    group.add_command(view_cli.view)
    r = CliRunner().invoke(group, ["view", str(tmp_path)])
    assert isinstance(r.exception, USER_ERRORS) and "no bundle" in str(r.exception)
