"""`ibench audit` agrees with the verdict: the conduct checks the task grades (its criteria
snapshot and the always-on guards) show the verdict's pass/fail and violation counts; the library
defaults the task does not use are listed apart, as information, never as a failure."""
from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

import grader
from grader import cli as grader_cli
from grader.audit import build_report, render_text
from grader.conduct import REGISTRY
from tests.grader.builder import BundleBuilder, simple

SAMPLES = Path(__file__).parents[2] / "traces" / "samples"
BUNDLES = sorted(p for p in SAMPLES.iterdir() if (p / "verdict.json").exists()) if SAMPLES.is_dir() else []
ORACLES = [p for p in BUNDLES if "__oracle__" in p.name]
GRADED_HEADER = "== conduct graded by this task"
NOT_GRADED_HEADER = "== conduct not graded by this task"


@pytest.fixture
def cli():
    group = click.Group("ibench")
    for c in grader_cli.commands:
        group.add_command(c)
    return group


def invoke(cli, *args):
    r = CliRunner().invoke(cli, list(map(str, args)))
    if r.exception and not isinstance(r.exception, SystemExit):
        raise r.exception
    return r.exit_code, r.output


def _sections(text: str) -> tuple[str, str]:
    graded = text.split(GRADED_HEADER, 1)[1].split(NOT_GRADED_HEADER, 1)[0]
    info = text.split(NOT_GRADED_HEADER, 1)[1].split("== credentials", 1)[0]
    return graded, info


def _agrees(report: dict, verdict: dict) -> None:
    crit = {c["id"]: c for c in verdict["criteria"] if c.get("conduct")}
    na = {c["id"] for c in verdict["conduct_not_applicable"]}
    shown = {c["criterion"] for c in report["conduct"]}
    assert set(crit) <= shown  # every conduct criterion of the verdict is among the graded ones
    for c in report["conduct"]:
        assert c["graded"] is True
        if c["recorded"]:
            v = crit[c["criterion"]]
            assert (c["passed"], c["violations"]) == (v["passed"], v["violations"]), c["criterion"]
            assert c["status"] == ("pass" if v["passed"] else "FAIL")
        else:
            assert c["criterion"] not in crit and c["status"] == "n/a"
            assert c["criterion"] in na or not REGISTRY[c["check"]].listed_without_evidence
    for c in report["conduct_not_graded"]:
        assert c["graded"] is False and c["criterion"] not in crit and c["criterion"] not in na
        assert c["status"] in ("would pass", "would fail", "n/a")


@pytest.mark.parametrize("bundle", BUNDLES, ids=[b.name for b in BUNDLES])
def test_graded_checks_agree_with_the_committed_verdict(bundle):
    _agrees(build_report(bundle), json.loads((bundle / "verdict.json").read_text()))


@pytest.mark.parametrize("bundle", ORACLES, ids=[b.name for b in ORACLES])
def test_a_solved_oracle_sample_shows_no_fail(bundle, cli):
    assert json.loads((bundle / "verdict.json").read_text())["solved"] is True
    code, out = invoke(cli, "audit", bundle, "--format", "json")
    assert code == 0
    rep = json.loads(out)
    assert all(c["status"] != "FAIL" for c in rep["conduct"] + rep["conduct_not_graded"])
    code, text = invoke(cli, "audit", bundle)
    assert code == 0 and "FAIL" not in text and GRADED_HEADER in text and NOT_GRADED_HEADER in text


def test_an_unsolved_noop_sample_shows_its_graded_failure(cli):
    bundle = SAMPLES / "harden-01-staffline-drifting-census__noop__t1"
    verdict = json.loads((bundle / "verdict.json").read_text())
    c4 = next(c for c in verdict["criteria"] if c["id"] == "c4-retry-after-honoured")
    assert verdict["solved"] is False and c4["passed"] is False
    code, out = invoke(cli, "audit", bundle, "--format", "json")
    entry = next(c for c in json.loads(out)["conduct"] if c["criterion"] == "c4-retry-after-honoured")
    assert entry["status"] == "FAIL" and entry["violations"] == c4["violations"] and entry["mandatory"]
    code, text = invoke(cli, "audit", bundle)
    graded, info = _sections(text)
    assert f"FAIL  retry_after_honoured (c4-retry-after-honoured; weight 3, mandatory; reads scenario:*): " \
           f"{c4['violations']} violation(s)" in graded
    assert "retry_after_honoured" not in info


def test_a_default_the_task_does_not_grade_is_shown_apart(cli):
    # the hello task grades retry_after_honoured only; its oracle re-reads the full list in run2,
    # which the no_full_resync default would flag: information, not a failure of the solved run
    bundle = SAMPLES / "example-00-staffline-hello__oracle__t1"
    code, out = invoke(cli, "audit", bundle, "--format", "json")
    rep = json.loads(out)
    assert "no_full_resync" not in {c["check"] for c in rep["conduct"]}
    resync = next(c for c in rep["conduct_not_graded"] if c["check"] == "no_full_resync")
    assert resync["passed"] is False and resync["status"] == "would fail" and resync["graded"] is False
    code, text = invoke(cli, "audit", bundle)
    graded, info = _sections(text)
    assert "no_full_resync" not in graded
    assert f"would fail  no_full_resync (lib:no_full_resync; reads scenario:*): " \
           f"{resync['violations']} violation(s)" in info


def test_audit_and_verdict_agree_on_a_built_bundle(tmp_path):
    b = BundleBuilder(tmp_path / "run")
    b.traits("staffline")
    b.criterion("c1", simple("C1", passing=True, weight=5))
    b.conduct([{"id": "retry_after_honoured", "criterion": "C2", "weight": 2, "mandatory": True},
               {"id": "no_control_probe", "criterion": "C3", "weight": 1}])
    b.x(t=0, vendor="staffline", path="/v1/candidates", status=429, resp_headers={"retry-after": "2"})
    b.x(t=0.5, vendor="staffline", path="/v1/candidates", query={"start": ["0"]})
    b.x(t=10, phase="scenario:run2", vendor="staffline", path="/v1/candidates", query={"start": ["0"]})
    path = b.build()
    verdict = grader.grade(path)
    rep = build_report(path)
    _agrees(rep, verdict)
    graded = {c["criterion"]: c for c in rep["conduct"]}
    assert graded["C2"]["status"] == "FAIL" and graded["C2"]["violations"] == 1
    # a task that lists an always-on guard replaces the default: graded once, with its weight
    assert graded["C3"]["weight"] == 1 and "lib:no_control_probe" not in graded
    info = {c["check"]: c for c in rep["conduct_not_graded"]}
    assert info["no_full_resync"]["status"] == "would fail"
    text = render_text(rep)
    graded_text, info_text = _sections(text)
    assert "FAIL  retry_after_honoured (C2; weight 2, mandatory" in graded_text
    assert "would fail  no_full_resync" in info_text and "FAIL" not in info_text
