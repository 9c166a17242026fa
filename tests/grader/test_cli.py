"""The grader's commands through click (grade, rescore, leaderboard, audit) and the suite maths."""
from __future__ import annotations

import csv
import io
import json
import math

import click
import pytest
from click.testing import CliRunner

from grader import cli as grader_cli
from ibench.cli import USER_ERRORS
from grader.suite import aggregate, pass_hat_k, record, wilson
from tests.grader.builder import BundleBuilder, simple


@pytest.fixture
def cli():
    group = click.Group("ibench")
    for c in grader_cli.commands:
        group.add_command(c)
    return group


def invoke(cli, *args):
    """Run like `ibench`: a user mistake is a one-line message and exit 2."""
    r = CliRunner().invoke(cli, list(map(str, args)))
    if isinstance(r.exception, USER_ERRORS):
        return 2, f"ibench: error: {r.exception}"
    if r.exception and not isinstance(r.exception, SystemExit):
        raise r.exception
    return r.exit_code, r.output


def make_run(root, task="build-01-staffline-demo", agent="oracle", trial=1, solved=True,
             outcome="completed"):
    b = BundleBuilder(root / f"{task}__{agent}__t{trial}", run_id=f"{task}__{agent}__t{trial}",
                      task_id=task, agent=agent, trial=trial, outcome=outcome)
    b.x(t=0)
    b.x(t=1, status=429, resp_headers={"retry-after": "1"})
    b.x(t=2.2, status=503, fault="flaky", fault_action="status")
    b.x(t=3.5)
    b.criterion("c1", simple("C1", passing=solved, weight=3))
    b.criterion("c2", simple("C2", mandatory=False))
    return b.build()


def test_grade_writes_verdict_and_exit_codes(cli, tmp_path):
    solved = make_run(tmp_path, solved=True)
    code, out = invoke(cli, "grade", solved)
    assert code == 0 and "SOLVED" in out and (solved / "verdict.json").is_file()
    code, out = invoke(cli, "grade", solved)  # never overwrites: writes beside
    assert code == 0 and (solved / "verdict.rescored.json").read_bytes() == (solved / "verdict.json").read_bytes()
    unsolved = make_run(tmp_path, agent="noop", solved=False)
    code, out = invoke(cli, "grade", unsolved, "--out", tmp_path / "v.json")
    assert code == 1 and json.loads((tmp_path / "v.json").read_text())["solved"] is False


def test_grade_stdout_and_errors(cli, tmp_path):
    run = make_run(tmp_path)
    code, out = invoke(cli, "grade", run, "--out", "-")
    assert code == 0 and json.loads(out)["outcome"] == "completed"
    code, out = invoke(cli, "grade", tmp_path / "missing")
    assert code == 2 and out.startswith("ibench: error:") and "no such directory" in out
    (run / "criteria/c1.sql").write_text("-- id: C1\n")
    code, out = invoke(cli, "grade", run)
    assert code == 2 and "does not match its manifest" in out and "changed file criteria/c1.sql" in out
    code, out = invoke(cli, "grade", run, "--allow-tampered", "--out", tmp_path / "t.json")
    v = json.loads((tmp_path / "t.json").read_text())
    assert code == 2 and v["outcome"] == "unscored" and v["integrity"]["verified"] is False
    assert "integrity NOT verified" in out and "malformed criterion" in out


def test_grade_with_new_criteria(cli, tmp_path):
    run = make_run(tmp_path, solved=False)
    crit = tmp_path / "fixed"
    crit.mkdir()
    (crit / "c1.sql").write_text(simple("C1"))
    code, out = invoke(cli, "grade", run, "--criteria", crit, "--out", tmp_path / "v.json")
    assert code == 0 and json.loads((tmp_path / "v.json").read_text())["criteria_source"] == "external"


def test_rescore_and_leaderboard(cli, tmp_path):
    root = tmp_path / "traces"
    for trial in (1, 2, 3):
        make_run(root, agent="oracle", trial=trial, solved=True)
        make_run(root, agent="noop", trial=trial, solved=trial == 1)
    make_run(root, task="fix-01-staffline-ghosts", agent="oracle", solved=True)
    make_run(root, task="fix-01-staffline-ghosts", agent="noop", outcome="harness_error")
    code, out = invoke(cli, "rescore", root, "--jobs", 2)
    assert code == 0, out
    assert "8 bundle(s) in" in out and ": 8 re-graded (0 with a new score or solved), 0 unscored, 0 could not be graded" in out
    assert len(list(root.rglob("verdict.rescored.json"))) == 8
    assert not list(root.rglob("verdict.json"))
    code, out = invoke(cli, "rescore", root, "--overwrite", "--format", "json")
    assert code == 0 and json.loads(out)["failed"] == 0
    assert len(list(root.rglob("verdict.json"))) == 8

    code, out = invoke(cli, "leaderboard", root, "--format", "json")
    agg = json.loads(out)
    assert agg["ranking"] == ["oracle", "noop"]
    oracle, noop = agg["agents"]["oracle"], agg["agents"]["noop"]
    assert oracle["solve_rate"]["rate"] == 1.0 and oracle["pass_k"]["3"] == 1.0
    assert noop["harness_error"] == 1 and noop["completed"] == 3
    assert noop["solve_rate"]["solved"] == 1 and noop["pass_k"] == {"1": 0.333333, "2": 0.0, "3": 0.0}
    assert noop["per_kind"]["build"]["solve_rate"]["n"] == 3
    code, out = invoke(cli, "leaderboard", root, "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [r["agent"] for r in rows] == ["oracle", "noop"] and rows[0]["pass^3"] == "1.0"
    code, out = invoke(cli, "leaderboard", root)
    assert code == 0 and "oracle" in out and "leaderboard" in out
    code, out = invoke(cli, "leaderboard", tmp_path / "traces" / "..")
    assert code == 0


def test_rescore_reports_bad_bundles(cli, tmp_path):
    root = tmp_path / "traces"
    good = make_run(root, agent="a")
    bad = make_run(root, agent="b")
    (bad / "events.jsonl").write_text("tampered\n")
    code, out = invoke(cli, "rescore", root)
    assert code == 2 and "ERROR" in out and "1 could not be graded" in out
    assert (good / "verdict.rescored.json").is_file()
    code, out = invoke(cli, "rescore", tmp_path / "traces" / "a-missing-dir")
    assert code == 2
    (tmp_path / "empty").mkdir()
    code, out = invoke(cli, "rescore", tmp_path / "empty")
    assert code == 2 and "no bundle" in out
    code, out = invoke(cli, "leaderboard", tmp_path / "empty")
    assert code == 2 and "no verdict" in out


def test_audit_text_and_json(cli, tmp_path):
    b = BundleBuilder(tmp_path / "run")
    pm = b.traits("placemint")
    key = pm["credentials"]["api_key"]
    b.x(t=0, phase="agent", req_headers={"authorization": "Bearer " + key})
    b.x(t=1, phase="agent", method="POST", path="/v1/fees", status=201, req_body="{}")
    b.x(t=2, phase="agent", path="/_control/dump", status=404)
    b.x(t=10, status=429, resp_headers={"retry-after": "2"})
    b.x(t=10.5)
    b.x(t=13, status=None, client_saw="reset", fault="r1", fault_action="reset")
    b.x(t=13.5)
    b.x(t=14, query={"api_key": [key]})
    b.x(t=15, direction="to_receiver", method="POST", path="/hooks", forged="bad_signature", status=200)
    path = b.build()
    code, out = invoke(cli, "audit", path, "--format", "json")
    rep = json.loads(out)
    assert code == 0
    agent = rep["agent"]
    assert agent["phase"] == "agent" and agent["kind"] == "agent" and agent["graded"] is False
    pmv = agent["vendors"][0]
    assert pmv["requests"] == 3 and pmv["agent_writes"]["count"] == 1
    assert [p["phase"] for p in rep["scenario"]] == ["scenario:run1"] and rep["other"] == []
    run1 = rep["scenario"][0]["vendors"][0]
    assert run1["requests"] == 5 and "agent_writes" not in run1
    assert run1["status_mix"]["429"] == 1 and run1["status_mix"]["no answer (reset)"] == 1
    assert run1["retries"]["count"] == 2  # after the 429 and after the reset (same request)
    assert run1["faults"]["count"] == 1 and "repeated as" in run1["faults"]["items"][0]["handled"]
    assert run1["deliveries"] == [{"kind": "bad_signature", "answered": "200", "n": 1}]
    # the bundle has no criteria: only the always-on guards are graded, the rest is informational
    assert {c["check"] for c in rep["conduct"]} == {"secret_placement", "no_proxy_bypass",
                                                    "no_control_probe", "no_unsafe_files"}
    assert all(c["graded"] for c in rep["conduct"])
    assert not any(c["graded"] for c in rep["conduct_not_graded"])
    conduct = {c["check"]: c for c in rep["conduct"] + rep["conduct_not_graded"]}
    assert conduct["retry_after_honoured"]["passed"] is False
    assert conduct["retry_after_honoured"]["status"] == "would fail"
    assert conduct["no_control_probe"]["passed"] is False  # the agent's probe: guards read every phase
    assert conduct["no_control_probe"]["status"] == "FAIL"
    assert conduct["no_control_probe"]["reads"] == "every phase"
    assert conduct["retry_after_honoured"]["reads"] == "scenario:*"
    assert conduct["forged_rejected"]["passed"] is False
    assert conduct["idempotent_write_retry"]["recorded"] is False
    assert rep["credentials_misplaced_total"] == 1
    assert rep["credentials_misplaced"][0]["location"] == "query"
    code, text = invoke(cli, "audit", path)
    assert code == 0
    for needle in ("== agent phase (the agent's exploration: not graded", "writes during the agent phase: 1",
                   "== scenario phase scenario:run1 (graded) ==",
                   "FAIL  no_control_probe", "would fail  retry_after_honoured",
                   "credentials seen outside their documented place: 1",
                   "faults met: 1", "delivery bad_signature: answered 200"):
        assert needle in text, needle


def test_wilson_and_pass_k():
    lo, hi = wilson(8, 10)
    assert math.isclose(lo, 0.490162, abs_tol=1e-6) and math.isclose(hi, 0.943318, abs_tol=1e-6)
    assert wilson(0, 0) == (None, None)
    assert wilson(0, 5)[0] == 0.0 and wilson(5, 5)[1] == 1.0
    rs = [record({"run_id": str(i), "task": {"id": "build-01-x"}, "agent": "a", "trial": i,
                  "outcome": "completed", "score": 50.0, "solved": i < 2}) for i in range(4)]
    assert pass_hat_k(rs) == {"1": 0.5, "2": round(1 / 6, 6), "3": 0.0, "4": 0.0}
    agg = aggregate(rs)
    assert agg["agents"]["a"]["mean_score"] == 50.0 and agg["agents"]["a"]["per_kind"]["build"]["runs"] == 4


def test_audit_counts_rpc_writes_by_path(tmp_path):
    from grader.audit import _write_condition
    import duckdb

    con = duckdb.connect()
    con.execute("CREATE TABLE r AS SELECT * FROM (VALUES ('POST', '/candidate.list'), ('POST', '/candidate.create'),"
                " ('GET', '/x')) t(method, path)")
    cond, params = _write_condition({"write_methods": [], "write_paths": ["/*.create"]})
    assert con.execute(f"SELECT path FROM r WHERE {cond}", params).fetchall() == [("/candidate.create",)]
    cond, params = _write_condition({})
    assert con.execute(f"SELECT count(*) FROM r WHERE {cond}", params).fetchall() == [(2,)]
    cond, params = _write_condition({"write_methods": []})
    assert con.execute(f"SELECT count(*) FROM r WHERE {cond}", params).fetchall() == [(0,)]
