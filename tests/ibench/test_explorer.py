"""The explorer agent and the explorer gate, on the example task: the explorer is deterministic,
calls every documented StaffLine endpoint, provokes 401/404/422/429, deletes the integration's
folders — and explorer+oracle still solves at 100 with the oracle's criteria results while
explorer+noop stays unsolved. Plus the `--agent` compositions validate uses."""
import json
import random
import re
import subprocess
import sys

import duckdb
import pytest
import yaml

from ibench.agents import resolve_agent
from ibench.errors import UserError
from ibench.run_cli import criteria_results, explorer_gates
from ibench.runner import execute_run

from .conftest import EXAMPLE, TASKS

pytestmark = pytest.mark.timeout(900)
ROOT = TASKS.parent


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    from ibench.catalog import select
    from ibench.sandbox import choose_mode

    entry = select(TASKS, EXAMPLE)[0]
    out = tmp_path_factory.mktemp("traces")
    mode = choose_mode("auto")
    task = (entry.path,)
    return {name: execute_run(entry, resolve_agent(name, None, task), 1, out, mode)
            for name in ("oracle", "explorer+oracle", "explorer+noop")}


def agent_requests(bundle, direction="to_vendor"):
    return duckdb.sql(f"""SELECT method, regexp_replace(url, '^[a-z]+://[^/]+', '') AS target, status
                          FROM '{bundle}/exchanges.parquet'
                          WHERE phase = 'agent' AND direction = '{direction}' ORDER BY seq""").fetchall()


def test_two_explorations_send_the_same_requests_in_the_same_order(runs):
    a = [(m, t) for m, t, _ in agent_requests(runs["explorer+oracle"].bundle)]
    b = [(m, t) for m, t, _ in agent_requests(runs["explorer+noop"].bundle)]
    assert len(a) > 100 and a == b


def test_every_documented_endpoint_is_called(runs):
    doc = yaml.safe_load((ROOT / "vendors" / "staffline" / "openapi.yaml").read_text())
    called = {(m, t.split("?", 1)[0]) for m, t, _ in agent_requests(runs["explorer+oracle"].bundle)}
    missing = []
    for path, item in doc["paths"].items():
        pattern = re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(path)) + "$")
        for method in item:
            if method in ("get", "post", "put", "patch", "delete") and not any(
                    m == method.upper() and pattern.match(p) for m, p in called):
                missing.append(f"{method.upper()} {path}")
    assert not missing


def test_errors_are_provoked(runs):
    statuses = {s for _, _, s in agent_requests(runs["explorer+oracle"].bundle)}
    assert {401, 404, 422, 429} <= statuses
    writes = [t for m, t, s in agent_requests(runs["explorer+oracle"].bundle) if m == "PATCH" and s == 200]
    assert writes, "a valid write changed a record"


def test_the_explorer_logs_and_deletes_the_integration_folders(runs):
    bundle = runs["explorer+noop"].bundle
    log = (bundle / "logs" / "agent.log").read_text()
    assert "docs" in log and "burst" in log and "entry sync" in log
    ends = [json.loads(line) for line in (bundle / "events.jsonl").read_text().splitlines()
            if '"name": "agent", "state": "end"' in line]
    assert ends and ends[0]["explorer"]["removed"] == ["IB_STATE_DIR", "IB_OUTPUT_DIR"]
    assert "rm -rf IB_STATE_DIR (gone)" in log and "rm -rf IB_OUTPUT_DIR (gone)" in log


def test_explorer_gate_on_the_example(runs):
    oracle, explored, noop = runs["oracle"], runs["explorer+oracle"], runs["explorer+noop"]
    assert explored.outcome == "completed" and explored.solved and explored.score == 100
    assert criteria_results(explored) == criteria_results(oracle)
    assert noop.outcome == "completed" and not noop.solved and noop.score <= 20
    gates = explorer_gates([explored, noop], oracle)
    assert [g for g, ok, _ in gates if ok] == ["explorer+oracle", "explorer+noop"], gates


def test_litter_and_delete_removes_both_folders(tmp_path):
    from ibench.explorer.entries import litter_and_delete

    state, output = tmp_path / "state", tmp_path / "output"
    state.mkdir()
    output.mkdir()
    lines = []
    removed = litter_and_delete({"IB_STATE_DIR": str(state), "IB_OUTPUT_DIR": str(output)}, lines.append)
    assert removed == ["IB_STATE_DIR", "IB_OUTPUT_DIR"] and not state.exists() and not output.exists()


# --- pieces ----------------------------------------------------------------------------------

def test_values_follow_schemas_and_seeds():
    from ibench.explorer.synth import MISSING, Synth, from_pattern

    rate = "^[0-9]{1,6}([.][0-9]{1,3})?$"
    assert re.match(rate, from_pattern(rate, random.Random(1)))
    assert from_pattern("^whsec_", random.Random(1)).startswith("whsec_")
    schema = {"type": "object", "required": ["status"], "properties": {
        "status": {"type": "string", "enum": ["Active", "Ended"]}, "bill_rate": {"type": "string", "pattern": rate},
        "end_date": {"type": "integer", "minimum": 0}, "id": {"type": "integer", "readOnly": True},
        "url": {"type": "string"}}}
    a, b = (Synth(random.Random(7), lambda n, s: MISSING) for _ in range(2))
    first = a.value(schema)
    assert first == b.value(schema) and "status" in first and "id" not in first
    known = Synth(random.Random(7), lambda n, s: "http://receiver" if n == "url" else MISSING)
    assert known.value({**schema, "required": ["url"]})["url"] == "http://receiver"
    bad = a.invalid(schema)
    assert bad["end_date"] == "not-a-number" and "status" not in bad and bad["explorer_unknown_field"]


def test_bursts_are_sized_from_the_documented_limits():
    from ibench.explorer.burst import plan
    from bundle.traits import load_traits

    n, workers, path, rule = plan(load_traits("staffline"), ["/v1/candidates"])
    assert (n, rule.id, path) == (605, "per-minute", "/v1/candidates")
    n, _, _, rule = plan(load_traits("placemint"), ["/v1/placements"])
    assert rule.policy == "token_bucket" and n == 25 + 20 + 10
    assert plan(load_traits("quarry"), ["/candidate.list"]) is None


# --- compositions ------------------------------------------------------------------------------

def test_compositions_parse():
    task = (TASKS / EXAMPLE,)
    assert resolve_agent("explorer", None, task).explore and resolve_agent("explorer", None, task).kind == "noop"
    e = resolve_agent("explorer+oracle+first-page-only", None, task)
    assert (e.kind, e.mutant, e.explore) == ("oracle", "first-page-only", True)
    m = resolve_agent("oracle+first-page-only", None, task)
    assert (m.kind, m.mutant, m.explore) == ("oracle", "first-page-only", False)
    alt = resolve_agent("alternative:independent", None, (TASKS / "build-01-staffline-contract-extensions",))
    assert (alt.kind, alt.alternative) == ("oracle", "independent")


@pytest.mark.parametrize("text, message", [
    ("oracle+nope", "unknown mutant 'nope' for task example-00-staffline-hello; its mutants: "),
    ("alternative:x", "unknown alternative 'x' for task example-00-staffline-hello; it has no alternatives"),
    ("explorer+", "explorer+ needs another agent after it"),
    ("explorer+explorer", "explorer+ needs another agent after it"),
    ("oracle+../../etc", "oracle+ needs a mutant name"),
    ("explorer+bogus", "unknown agent 'bogus'"),
])
def test_bad_compositions_are_one_clear_error(text, message):
    with pytest.raises(UserError, match=re.escape(message)):
        resolve_agent(text, None, (TASKS / EXAMPLE,))


def test_cli_refuses_an_unknown_mutant_with_exit_2(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "ibench.cli", "run", "--task", EXAMPLE, "--agent", "oracle+nope",
                           "--out", str(tmp_path), "--tasks-dir", str(TASKS)], capture_output=True, text=True)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr
    assert lines[0].startswith("ibench: error: unknown mutant 'nope' for task example-00-staffline-hello; "
                               "its mutants: ") and "first-page-only" in lines[0]


@pytest.mark.parametrize("task, agent, solved", [
    (EXAMPLE, "oracle+first-page-only", False),
    ("build-01-staffline-contract-extensions", "alternative:independent", True),
])
def test_cli_runs_mutants_and_alternatives(tmp_path, task, agent, solved):
    proc = subprocess.run([sys.executable, "-m", "ibench.cli", "run", "--task", task, "--agent", agent,
                           "--out", str(tmp_path), "--tasks-dir", str(TASKS)], capture_output=True, text=True)
    assert proc.returncode == (0 if solved else 1), proc.stderr[-2000:]
    bundle = next(tmp_path.glob(f"*/{task}__*"))  # <out>/<job>/<run id>
    assert re.fullmatch(r"[A-Za-z0-9_.+-]+", bundle.name)
    verdict = json.loads((bundle / "verdict.json").read_text())
    assert verdict["agent"] == agent and verdict["solved"] is solved
