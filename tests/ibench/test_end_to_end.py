"""The whole path on the example task: oracle 100 and solved, noop unsolved, the mutant loses
exactly its declared criterion, and offline re-grading reproduces the live verdict byte for byte."""
import subprocess
import sys

import pytest

from ibench.agents import AgentSpec
from ibench.run_cli import mutant_declarations
from ibench.runner import execute_run

from .conftest import TASKS

pytestmark = pytest.mark.timeout(600)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    from ibench.catalog import select
    from ibench.sandbox import choose_mode

    entry = select(TASKS, "example-00-staffline-hello")[0]
    out = tmp_path_factory.mktemp("traces")
    mode = choose_mode("auto")
    return {name: execute_run(entry, agent, 1, out, mode) for name, agent in {
        "oracle": AgentSpec("oracle", "oracle"),
        "noop": AgentSpec("noop", "noop"),
        "mutant": AgentSpec("oracle+first-page-only", "oracle", mutant="first-page-only"),
    }.items()}


def test_oracle_scores_100_and_solves(runs):
    r = runs["oracle"]
    assert r.outcome == "completed" and r.score == 100 and r.solved


def test_noop_is_unsolved_and_low(runs):
    r = runs["noop"]
    assert r.outcome == "completed" and not r.solved and r.score <= 20


def test_mutant_fails_exactly_its_declared_criteria(runs):
    declared = mutant_declarations(TASKS / "example-00-staffline-hello")["first-page-only"]
    failed = {c["id"] for c in runs["mutant"].verdict["criteria"] if not c["passed"]}
    assert failed == declared and not runs["mutant"].solved


def test_traffic_is_recorded_and_tagged_by_phase(runs):
    import duckdb

    bundle = runs["oracle"].bundle
    phases = dict(duckdb.sql(f"SELECT phase, count(*) FROM '{bundle}/exchanges.parquet' GROUP BY 1").fetchall())
    assert set(phases) == {"scenario:run1", "scenario:run2"} and phases["scenario:run1"] >= 3
    faulted = duckdb.sql(f"SELECT count(*) FROM '{bundle}/exchanges.parquet' WHERE fault = 'busy-candidates'").fetchall()[0]
    assert faulted == (1,)


def test_offline_regrade_reproduces_the_live_verdict(runs, tmp_path):
    bundle = runs["oracle"].bundle
    live = (bundle / "verdict.json").read_bytes()
    out = tmp_path / "regraded.json"
    proc = subprocess.run([sys.executable, "-m", "ibench.cli", "grade", str(bundle), "--out", str(out)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert out.read_bytes() == live
