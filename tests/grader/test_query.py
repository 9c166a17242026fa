"""`ibench query DIR SQL` (docs/grader.md, "Questions across an archive"): one query over every
committed sample bundle answers per run, with each bundle's own verdict, criteria and traffic;
a cross-bundle question (runs served a Retry-After that asked again too early) finds the
starters that do and none of the reference solutions; a bad query or an empty folder is one line."""
import json
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest

from grader.errors import GraderError
from grader.query import run_query

ROOT = Path(__file__).parents[2]
SAMPLES = ROOT / "traces" / "samples"
BUNDLES = sorted(p.parent for p in SAMPLES.glob("*/manifest.json"))

EARLY_RETRIES = """
WITH served AS (
  SELECT run_id, vendor, seq, ended_at, TRY_CAST(resp_headers->>'retry-after' AS DOUBLE) AS wait_s
  FROM exchanges
  WHERE direction = 'to_vendor' AND phase LIKE 'scenario:%' AND status IN (429, 503)
    AND TRY_CAST(resp_headers->>'retry-after' AS DOUBLE) IS NOT NULL
), answered AS (
  SELECT s.run_id, s.seq, s.ended_at, s.wait_s, min(e.started_at) AS next_at
  FROM served s JOIN exchanges e
    ON e.run_id = s.run_id AND e.vendor = s.vendor AND e.direction = 'to_vendor' AND e.seq > s.seq
  GROUP BY ALL
)
SELECT r.task, r.agent, count(*) AS early_retries
FROM answered JOIN runs r USING (run_id)
WHERE epoch(next_at) - epoch(ended_at) < wait_s
GROUP BY ALL ORDER BY early_retries DESC, r.task
"""


def test_runs_and_criteria_are_each_bundles_own():
    cols, rows, n = run_query(SAMPLES, "SELECT run_id, score, solved, bundle FROM runs ORDER BY run_id")
    assert n == len(BUNDLES) and len(rows) == n
    for run_id, score, solved, bundle in rows:
        verdict = json.loads((Path(bundle) / "verdict.json").read_text())
        assert (run_id, score, solved) == (verdict["run_id"], verdict["score"], verdict["solved"])
    noop = next(b for b in BUNDLES if b.name == "example-00-staffline-hello__noop__t1")
    verdict = json.loads((noop / "verdict.json").read_text())
    _, failed, _ = run_query(SAMPLES, f"SELECT id FROM criteria WHERE run_id = '{verdict['run_id']}' "
                                      "AND NOT passed ORDER BY id")
    assert [r[0] for r in failed] == sorted(c["id"] for c in verdict["criteria"] if not c["passed"])


def test_exchanges_and_events_are_read_across_bundles_in_one_query():
    _, rows, _ = run_query(SAMPLES, "SELECT run_id, count(*) FROM exchanges GROUP BY run_id")
    per_run = dict(rows)
    for b in [b for b in BUNDLES if "__oracle__" in b.name][:6]:
        run_id = json.loads((b / "manifest.json").read_text())["run_id"]
        own = duckdb.connect().execute(f"SELECT count(*) FROM read_parquet('{b / 'exchanges.parquet'}')").fetchone()[0]
        assert own > 0 and per_run[run_id] == own
    _, rows, _ = run_query(SAMPLES, "SELECT count(DISTINCT run_id), count(*) FILTER (WHERE type = 'phase') FROM events")
    assert rows[0][0] == len(BUNDLES) and rows[0][1] >= 2 * len(BUNDLES)


def test_a_question_across_the_archive_finds_the_early_retries():
    _, rows, _ = run_query(SAMPLES, EARLY_RETRIES)
    found = {(task, agent): n for task, agent, n in rows}
    assert found.get(("fix-08-scoutly-moving-offsets", "noop"), 0) > 0  # the starter retries at once
    assert not [k for k in found if k[1] == "oracle"]  # every reference solution waits


def test_bad_input_is_one_line(tmp_path):
    with pytest.raises(GraderError, match="no bundle"):
        run_query(tmp_path, "SELECT 1")
    proc = subprocess.run([sys.executable, "-m", "ibench.cli", "query", str(SAMPLES), "SELECT nope FROM runs"],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith("ibench: error: query:") and proc.stderr.count("\n") == 1
    proc = subprocess.run([sys.executable, "-m", "ibench.cli", "query", str(SAMPLES),
                           "SELECT agent, count(*) AS n FROM runs GROUP BY agent ORDER BY agent", "--format", "json"],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0 and {r["agent"] for r in json.loads(proc.stdout)} == {"oracle", "noop"}
