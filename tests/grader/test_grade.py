"""Grading a bundle end to end: scoring, determinism, failures that make a run unscored,
corrupt and tampered bundles, the verdict schema."""
from __future__ import annotations

import json
import time

import pytest

from bundle.signing import seal_bundle
from grader.bundle import load_bundle
from grader.errors import BundleError, GraderError, TamperedBundleError
from grader.schema import validate, validate_verdict, verdict_schema
from grader.scoring import exit_code, grade_bundle, verdict_bytes, write_verdict
from tests.grader.builder import BundleBuilder, simple


def typical(b: BundleBuilder, n: int = 200) -> BundleBuilder:
    """A small but realistic run: traits, traffic with faults, state, output and criteria."""
    pm = b.traits("placemint")
    auth = {"authorization": "Bearer " + pm["credentials"]["api_key"]}
    b.phase("agent", 0, 5)
    b.x(t=1, phase="agent", req_headers=auth)
    b.phase("scenario:run1", 10, 10 + n)
    for i in range(n):
        b.x(t=10 + i, path="/v1/placements", query={"offset": [str(i * 25)], "limit": ["25"]},
            req_headers=auth)
    b.x(t=10 + n + 0.1, status=429, resp_headers={"retry-after": "1"}, req_headers=auth)
    b.x(t=10 + n + 1.2, req_headers=auth)
    b.state("initial", "placemint", "placements", [{"id": f"plc_{i}", "status": "active"} for i in range(5)])
    b.state("final", "placemint", "placements", [{"id": f"plc_{i}", "status": "active"} for i in range(5)])
    b.output("final", "placements", [{"id": f"plc_{i}", "status": "active"} for i in range(4)])
    b.criterion("c1_all_synced", """-- id: C1
-- category: correctness
-- weight: 5
-- mandatory: true
-- population: SELECT count(*) FROM state.placemint_placements
-- description: Every Placemint placement is in the output.
SELECT s.id FROM state.placemint_placements s
LEFT JOIN output.placements o USING (id) WHERE o.id IS NULL
""")
    b.criterion("c2_no_dupes", """-- id: C2
-- category: integrity
-- weight: 3
-- mandatory: true
-- description: No duplicate ids in the output.
SELECT id, count(*) AS n FROM output.placements GROUP BY id HAVING count(*) > 1
""")
    b.conduct([{"id": "retry_after_honoured", "criterion": "C3", "weight": 2}])
    return b


def test_scoring_partial_credit_and_categories(tmp_path):
    path = typical(BundleBuilder(tmp_path / "b")).build()
    v = grade_bundle(path)
    assert v["outcome"] == "completed"
    c = {e["id"]: e for e in v["criteria"]}
    assert c["C1"]["passed"] is False and c["C1"]["credit"] == 0.8 and c["C1"]["violations"] == 1
    assert c["C1"]["evidence"] == [{"id": "plc_4"}]
    assert c["C2"]["passed"] is True
    assert c["C3"]["passed"] is True and c["C3"]["category"] == "conduct"
    # 100 * (5*0.8 + 3*1 + 2*1) / 10; always-on checks weigh 0
    assert v["score"] == 90.0
    assert v["solved"] is False  # C1 is mandatory
    assert v["by_category"]["correctness"] == {"criteria": 1, "passed": 0, "weight": 5,
                                               "earned": 4, "score": 80.0}
    assert c["lib:secret_placement"]["weight"] == 0 and c["lib:secret_placement"]["mandatory"]
    assert exit_code(v) == 1
    assert validate_verdict(v) == []


def test_regrade_is_byte_identical(tmp_path):
    path = typical(BundleBuilder(tmp_path / "b")).build()
    first = verdict_bytes(grade_bundle(path))
    write_verdict(path / "verdict.json", grade_bundle(path))  # a verdict in the bundle is ignored
    second = verdict_bytes(grade_bundle(path))
    assert first == second
    assert (path / "verdict.json").read_bytes() == first


def test_typical_bundle_regrades_under_a_second(tmp_path):
    path = typical(BundleBuilder(tmp_path / "b"), n=3000).build()
    t0 = time.perf_counter()
    grade_bundle(path)
    assert time.perf_counter() - t0 < 3.0  # target < 1 s; generous for loaded CI machines


def test_solved_run(tmp_path):
    b = BundleBuilder(tmp_path / "b")
    b.x(t=0)
    b.criterion("c1", simple("C1", weight=3))
    b.criterion("c2", simple("C2", mandatory=False, passing=False))
    v = grade_bundle(b.build())
    assert v["solved"] is True and v["score"] == 75.0 and exit_code(v) == 0


def test_sentinel_row_fails_so_a_do_nothing_run_cannot_score(tmp_path):
    b = BundleBuilder(tmp_path / "b", agent="noop")
    b.output("final", "placements", [], columns={"id": "VARCHAR"})
    b.criterion("c1", """-- id: C1
-- category: integrity
-- weight: 4
-- mandatory: true
-- description: No duplicates (guarded: an empty output is a violation, not a pass).
SELECT 'output is empty' AS why WHERE (SELECT count(*) FROM output.placements) = 0
UNION ALL
SELECT id FROM output.placements GROUP BY id HAVING count(*) > 1
""")
    v = grade_bundle(b.build())
    assert v["outcome"] == "completed" and v["solved"] is False and v["score"] == 0.0
    assert v["criteria"][0]["evidence"] == [{"why": "output is empty"}]


def test_no_mandatory_weighted_criterion_is_never_solved(tmp_path):
    b = BundleBuilder(tmp_path / "b")
    b.criterion("c1", simple("C1", mandatory=False))
    v = grade_bundle(b.build())
    assert v["score"] == 100.0 and v["solved"] is False


def test_failing_always_on_gate_makes_run_unsolved_without_changing_score(tmp_path):
    b = BundleBuilder(tmp_path / "b")
    b.x(t=0, path="/_control/dump", status=404, phase="agent")
    b.criterion("c1", simple("C1"))
    v = grade_bundle(b.build())
    assert v["score"] == 100.0 and v["solved"] is False
    gate = next(c for c in v["criteria"] if c["id"] == "lib:no_control_probe")
    assert gate["passed"] is False and gate["evidence"][0]["path"] == "/_control/dump"


def _checkpoint_event(b, unsafe):
    b.output("final", "candidates", [{"id": "1"}])
    b.event("step", 1, step="final", kind="checkpoint", phase="scenario:final",
            result={"tables": {}, "output_problems": {"candidates": "unsafe output: …"} if unsafe else {},
                    "unsafe_files": unsafe})


def test_an_unsafe_output_fails_its_gate_and_is_named_in_the_verdict(tmp_path):
    b = BundleBuilder(tmp_path / "b")
    b.x(t=0)
    _checkpoint_event(b, [{"output": "candidates", "file": "candidates.csv", "kind": "hardlink",
                           "path": "output/candidates.csv", "message": "output/candidates.csv has 2 hard links (not read)"}])
    b.criterion("c1", simple("C1"))
    v = grade_bundle(b.build())
    validate_verdict(v)
    gate = next(c for c in v["criteria"] if c["id"] == "lib:no_unsafe_files")
    assert gate["passed"] is False and gate["mandatory"] is True and gate["category"] == "conduct"
    assert gate["evidence"][0]["kind"] == "hardlink" and gate["evidence"][0]["path"] == "output/candidates.csv"
    assert v["score"] == 100.0 and v["solved"] is False


def test_a_clean_run_does_not_mention_the_unsafe_files_gate(tmp_path):
    # Its evidence is the violation itself: silence changes nothing in the verdict (so verdicts
    # of runs without unsafe files, the committed samples included, are unchanged).
    b = BundleBuilder(tmp_path / "b")
    b.x(t=0)
    _checkpoint_event(b, [])
    b.criterion("c1", simple("C1"))
    v = grade_bundle(b.build())
    assert "lib:no_unsafe_files" not in [c["id"] for c in v["criteria"]]
    assert "no_unsafe_files" not in [c["conduct"] for c in v["conduct_not_applicable"]]
    assert v["solved"] is True


def test_always_on_check_can_be_reweighted_by_the_task(tmp_path):
    b = BundleBuilder(tmp_path / "b")
    b.x(t=0, path="/_control/dump", status=404)
    b.criterion("c1", simple("C1"))
    b.conduct([{"id": "no_control_probe", "criterion": "C9", "weight": 1, "mandatory": False}])
    v = grade_bundle(b.build())
    ids = [c["id"] for c in v["criteria"]]
    assert "C9" in ids and "lib:no_control_probe" not in ids
    assert v["score"] == 50.0 and v["solved"] is True


# --- grader failures: unscored, never a crash ----------------------------------------

def test_sql_error_makes_run_unscored(tmp_path):
    b = BundleBuilder(tmp_path / "b")
    b.x(t=0)
    b.criterion("c1", simple("C1"))
    b.criterion("c2", "-- id: C2\n-- category: correctness\nSELECT nonsense FROM exchanges\n")
    v = grade_bundle(b.build())
    assert v["outcome"] == "unscored" and v["score"] is None and v["solved"] is None
    c2 = next(c for c in v["criteria"] if c["id"] == "C2")
    assert c2["passed"] is None and "query failed" in c2["error"] and "nonsense" in c2["error"]
    assert any(e.startswith("C2: query failed") for e in v["errors"])
    assert exit_code(v) == 2 and validate_verdict(v) == []


def test_missing_table_names_what_exists(tmp_path):
    b = BundleBuilder(tmp_path / "b")
    b.state("final", "placemint", "placements", [{"id": "plc_1"}])
    b.criterion("c1", "-- id: C1\n-- category: correctness\nSELECT * FROM state.placemint_fees\n")
    v = grade_bundle(b.build())
    assert v["outcome"] == "unscored"
    err = v["criteria"][0]["error"]
    assert "placemint_fees" in err and "state.placemint_placements" in err


def test_malformed_front_matter_is_reported_per_criterion(tmp_path):
    b = BundleBuilder(tmp_path / "b")
    b.criterion("c1", simple("C1"))
    b.criterion("c2", "-- id: C2\n-- category: corectness\n-- weight: heavy\nSELECT 1\n")
    v = grade_bundle(b.build())
    assert v["outcome"] == "unscored"
    err = next(c for c in v["criteria"] if c["id"] == "C2")["error"]
    assert "category must be one of" in err and "weight must be a number" in err


def test_bad_conduct_opt_in_is_a_grader_failure(tmp_path):
    b = BundleBuilder(tmp_path / "b")
    b.x(t=0)
    b.criterion("c1", simple("C1"))
    b.conduct([{"id": "no_such_check"}])
    v = grade_bundle(b.build())
    assert v["outcome"] == "unscored" and "unknown conduct check" in v["errors"][0]


def test_population_error_and_timeout(tmp_path):
    b = BundleBuilder(tmp_path / "b")
    b.criterion("c1", "-- id: C1\n-- category: correctness\n-- population: SELECT 1, 2\nSELECT 1 WHERE FALSE\n")
    b.criterion("c2", "-- id: C2\n-- category: correctness\n"
                      "SELECT count(*) FROM range(100000000) a, range(100000) b\n")
    v = grade_bundle(b.build(), timeout_s=0.5)
    errs = {c["id"]: c["error"] for c in v["criteria"]}
    assert "population query failed" in errs["C1"]
    assert "timed out" in errs["C2"]


def test_no_criteria_is_unscored(tmp_path):
    b = BundleBuilder(tmp_path / "b")
    b.x(t=0)
    v = grade_bundle(b.build())
    assert v["outcome"] == "unscored" and "no criteria" in v["errors"][0]


def test_harness_error_is_not_graded(tmp_path):
    b = BundleBuilder(tmp_path / "b", outcome="harness_error")
    b.criterion("c1", simple("C1"))
    v = grade_bundle(b.build())
    assert v["outcome"] == "harness_error" and v["score"] is None and v["criteria"] == []
    assert exit_code(v) == 2 and validate_verdict(v) == []


def test_agent_error_is_a_zero_with_its_cause(tmp_path):
    b = BundleBuilder(tmp_path / "b", outcome="agent_error")
    b.criterion("c1", simple("C1"))  # would pass: the agent's failure still scores 0
    path = b.build()
    m = json.loads((path / "manifest.json").read_text())
    seal_bundle(path, {**{k: v for k, v in m.items() if k != "files"},
                       "cause": "the agent ran past its time limit of 5 s"})
    v = grade_bundle(path)
    assert v["outcome"] == "agent_error" and v["score"] == 0.0 and v["solved"] is False
    assert v["cause"] == "the agent ran past its time limit of 5 s"
    assert exit_code(v) == 1 and validate_verdict(v) == []


def test_interrupted_bundle_says_so_instead_of_failing_on_missing_tables(tmp_path):
    b = BundleBuilder(tmp_path / "b", outcome="interrupted")
    b.criterion("c1", "-- id: C1\n-- category: correctness\nSELECT * FROM output.never_written\n")
    v = grade_bundle(b.build())
    assert v["outcome"] == "interrupted" and v["score"] is None and v["errors"] == []
    assert "interrupted" in v["cause"] or "stopped" in v["cause"]
    assert exit_code(v) == 2 and validate_verdict(v) == []


def test_completed_verdict_has_no_cause(tmp_path):
    b = BundleBuilder(tmp_path / "b")
    b.criterion("c1", simple("C1"))
    v = grade_bundle(b.build())
    assert v["outcome"] == "completed" and v["cause"] is None


# --- corrupt and tampered bundles ------------------------------------------------------

def test_corrupt_exchanges_parquet_falls_back_to_jsonl(tmp_path):
    b = BundleBuilder(tmp_path / "b")
    b.x(t=0)
    b.x(t=1, status=500)
    b.criterion("c1", "-- id: C1\n-- category: resilience\nSELECT seq FROM exchanges WHERE status >= 500\n")
    path = b.build()
    (path / "exchanges.parquet").write_bytes(b"PAR1 this is not parquet")
    seal_bundle(path, {k: v for k, v in json.loads((path / "manifest.json").read_text()).items()
                       if k != "files"})  # corrupt at write time: the manifest matches
    v = grade_bundle(path)
    assert v["outcome"] == "completed" and v["exchanges_source"] == "exchanges.jsonl"
    assert "exchanges.parquet is unreadable" in v["notes"][0]
    assert v["criteria"][0]["violations"] == 1


def test_corrupt_parquet_without_jsonl_is_unscored(tmp_path):
    b = BundleBuilder(tmp_path / "b")
    b.x(t=0)
    b.criterion("c1", simple("C1"))
    path = b.build(jsonl=False)
    (path / "exchanges.parquet").write_bytes(b"garbage")
    seal_bundle(path, {k: v for k, v in json.loads((path / "manifest.json").read_text()).items()
                       if k != "files"})
    v = grade_bundle(path)
    assert v["outcome"] == "unscored"
    assert "exchanges.parquet is unreadable" in v["errors"][0] and "jsonl is missing" in v["errors"][0]


def test_jsonl_with_partial_last_line(tmp_path):
    b = BundleBuilder(tmp_path / "b")
    b.x(t=0)
    b.x(t=1)
    b.criterion("c1", "-- id: C1\n-- category: correctness\nSELECT 1 WHERE (SELECT count(*) FROM exchanges) <> 2\n")
    path = b.build(parquet=False)
    with open(path / "exchanges.jsonl", "a") as fh:
        fh.write('{"seq": 3, "phase": "scen')  # killed mid-write
    seal_bundle(path, {k: v for k, v in json.loads((path / "manifest.json").read_text()).items()
                       if k != "files"})
    v = grade_bundle(path)
    assert v["outcome"] == "completed" and v["criteria"][0]["passed"]
    assert any("1 unreadable line" in n for n in v["notes"])
    bundle = load_bundle(path)
    types = dict(bundle.con.execute("SELECT column_name, data_type FROM information_schema.columns "
                                    "WHERE table_name = 'exchanges'").fetchall())
    bundle.close()
    assert types["started_at"] == "TIMESTAMP" and types["query"] == "JSON" and types["status"] == "INTEGER"


def _corrupt(path, rel, data=b"broken"):
    """Replace a file and re-seal: a file written corrupt by the recorder, not tampered."""
    (path / rel).write_bytes(data)
    seal_bundle(path, {k: v for k, v in json.loads((path / "manifest.json").read_text()).items()
                       if k != "files"})


@pytest.mark.parametrize("uses_it", [False, True])
def test_corrupt_state_file_is_noted_and_only_fails_criteria_using_it(tmp_path, uses_it):
    b = BundleBuilder(tmp_path / "b")
    b.state("final", "placemint", "placements", [{"id": "plc_1"}])
    b.state("final", "placemint", "fees", [{"id": "fee_1"}])
    b.criterion("c1", "-- id: C1\n-- category: correctness\nSELECT * FROM state.placemint_fees WHERE id IS NULL\n")
    if uses_it:
        b.criterion("c2", "-- id: C2\n-- category: correctness\nSELECT * FROM state.placemint_placements WHERE id IS NULL\n")
    path = b.build()
    _corrupt(path, "state/final/placemint/placements.parquet")
    v = grade_bundle(path)
    assert any("state/final/placemint/placements.parquet is unreadable" in n for n in v["notes"])
    if uses_it:
        assert v["outcome"] == "unscored"
        assert "placemint_placements does not exist" in v["criteria"][1]["error"]
    else:
        assert v["outcome"] == "completed" and v["solved"] is False  # no mandatory criterion


@pytest.mark.parametrize("how", ["changed", "missing", "extra"])
def test_tampered_bundle_is_refused(tmp_path, how):
    b = BundleBuilder(tmp_path / "b")
    b.x(t=0)
    b.criterion("c1", simple("C1"))
    path = b.build()
    if how == "changed":
        (path / "criteria/c1.sql").write_text(simple("C1") + "-- edited\n")
    elif how == "missing":
        (path / "events.jsonl").unlink()
    else:
        (path / "criteria/c2.sql").write_text(simple("C2"))
    with pytest.raises(TamperedBundleError) as exc:
        grade_bundle(path)
    msg = str(exc.value)
    assert f"{how} file" in msg and "--allow-tampered" in msg
    v = grade_bundle(path, allow_tampered=True)
    assert v["integrity"]["verified"] is False and v["integrity"]["allow_tampered"] is True
    assert any(p.startswith(how) for p in v["integrity"]["problems"])
    assert validate_verdict(v) == []


def test_not_a_bundle(tmp_path):
    with pytest.raises(BundleError, match="no such directory"):
        grade_bundle(tmp_path / "nope")
    (tmp_path / "empty").mkdir()
    with pytest.raises(BundleError, match="manifest.json is missing"):
        grade_bundle(tmp_path / "empty")
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad/manifest.json").write_text("{not json")
    with pytest.raises(BundleError, match="not valid JSON"):
        grade_bundle(tmp_path / "bad")


def test_external_criteria_dir(tmp_path):
    path = typical(BundleBuilder(tmp_path / "b")).build()
    other = tmp_path / "new-criteria"
    other.mkdir()
    (other / "c1.sql").write_text(simple("X1", weight=2))
    v = grade_bundle(path, criteria_dir=other)
    assert v["criteria_source"] == "external" and v["criteria"][0]["id"] == "X1"
    assert v["criteria_sha256"] != grade_bundle(path)["criteria_sha256"]
    with pytest.raises(GraderError, match="criteria directory not found"):
        grade_bundle(path, criteria_dir=tmp_path / "missing")


# --- the views --------------------------------------------------------------------------

def test_views_and_traits_tables(tmp_path):
    b = BundleBuilder(tmp_path / "b")
    b.traits("placemint")
    b.traits("talentforge")
    b.state("initial", "placemint", "placements", [{"id": "plc_1"}])
    b.state("final", "placemint", "placements", [{"id": "plc_1"}, {"id": "plc_2"}])
    b.output("cp1", "ledger", [{"id": "a"}])
    b.output("final", "ledger", [{"id": "a"}, {"id": "b"}])
    b.event("step", 1, step="run1", kind="run", payload={"cmd": "sync"}, phase="scenario:run1")
    bundle = load_bundle(b.build())
    q = lambda sql: bundle.con.execute(sql).fetchall()  # noqa: E731
    assert q("SELECT count(*) FROM cp_initial.placemint_placements") == [(1,)]
    assert q("SELECT count(*) FROM state.placemint_placements") == [(2,)]
    assert q("SELECT count(*) FROM cp_cp1.output_ledger") == [(1,)]
    assert q("SELECT count(*) FROM output.ledger") == [(2,)]
    assert q("SELECT payload->>'cmd' FROM events WHERE type = 'step'") == [("sync",)]
    assert q("SELECT trait('talentforge', 'auth.token.ttl_s')") == [("60",)]
    assert q("SELECT doc->>'$.idempotency.header' FROM vendor_traits WHERE vendor = 'placemint'") == \
        [("Idempotency-Key",)]
    assert ("talentforge", "client_secret", "body") in q(
        "SELECT vendor, name, placement FROM trait_secrets")
    assert ("placemint", "webhook_secret", "never_sent") in q(
        "SELECT vendor, name, placement FROM trait_secrets")
    assert q("SELECT policy FROM trait_rate_rules WHERE vendor = 'placemint'") == [("token_bucket",)]
    bundle.close()


# --- the schema validator itself -------------------------------------------------------

def test_schema_validator_catches_errors():
    schema = verdict_schema()
    assert validate({"schema_version": 2}, schema)
    bad = {"type": "object", "required": ["a"], "properties": {"a": {"type": "integer", "minimum": 1}},
           "additionalProperties": False}
    assert validate({"a": 0}, bad) == ["$.a: 0 < 1"]
    assert validate({"a": True}, bad) == ["$.a: expected integer, got bool"]
    assert validate({"a": 1, "b": 2}, bad) == ["$: unexpected property 'b'"]


def test_verdict_validates_with_jsonschema_rs_when_present(tmp_path):
    jsonschema_rs = pytest.importorskip("jsonschema_rs")
    path = typical(BundleBuilder(tmp_path / "b")).build()
    v = grade_bundle(path)
    jsonschema_rs.validator_for(verdict_schema()).validate(v)


def test_jsonl_timestamps_with_offsets_are_utc(tmp_path):
    b = BundleBuilder(tmp_path / "b")
    b.x(t=0)
    b.rows[0]["started_at"] = "2026-03-02T10:00:00.250000+01:00"
    b.event("phase", 0, name="agent", state="start", phase="agent")
    b.events[0]["at"] = "2026-03-02T10:00:00+01:00"
    bundle = load_bundle(b.build(parquet=False))
    got = bundle.con.execute("SELECT started_at FROM exchanges").fetchone()[0]
    at = bundle.con.execute('SELECT "at" FROM all_events').fetchone()[0]  # an agent-phase event
    bundle.close()
    assert got.isoformat() == "2026-03-02T09:00:00.250000" and at.isoformat() == "2026-03-02T09:00:00"


def test_verdict_timings_come_from_the_run(tmp_path):
    path = typical(BundleBuilder(tmp_path / "b")).build()
    t = grade_bundle(path)["timings"]
    assert t["phases"] == {"agent": 5.0, "scenario:run1": 200.0}
    assert t["run_started_at"] == "2026-03-02T09:00:00.000000Z" and t["run_duration_s"] > 200


def test_evidence_is_ordered_by_all_columns_and_json_safe(tmp_path):
    b = BundleBuilder(tmp_path / "b")
    b.criterion("c1", """-- id: C1
-- category: correctness
SELECT * FROM (VALUES (2, 'b', NULL), (1, 'z', 1.5), (1, 'a', NULL), (1, 'a', 2.5),
                      (3, 'c', 0.0), (4, 'd', 0.0)) t(_ib_row_, name, x)
""")
    b.criterion("c2", """-- id: C2
-- category: correctness
SELECT TIMESTAMP '2026-03-02 09:00:00' AS at_, 12.50::DECIMAL(6, 2) AS money, repeat('x', 600) AS long,
       [1, 2] AS l, {'k': 'v'} AS s, '\\x00\\x01'::BLOB AS raw
""")
    v = grade_bundle(b.build())
    c1, c2 = v["criteria"]
    assert c1["violations"] == 6 and [(r["_ib_row_"], r["name"], r["x"]) for r in c1["evidence"]] == \
        [(1, "a", 2.5), (1, "a", None), (1, "z", 1.5), (2, "b", None), (3, "c", 0.0)]
    e = c2["evidence"][0]
    assert e["at_"] == "2026-03-02T09:00:00" and e["money"] == 12.5 and e["l"] == [1, 2]
    assert e["s"] == {"k": "v"} and e["long"].endswith("… (600 chars)") and isinstance(e["raw"], str)
    json.dumps(v, allow_nan=False)


def test_shared_definitions_run_before_criteria_and_are_not_criteria(tmp_path):
    b = typical(BundleBuilder(tmp_path / "b"))
    b.criterion("_keys", "CREATE OR REPLACE VIEW expected AS SELECT id FROM state.placemint_placements;")
    b.criterion("c9_uses_key", """-- id: C9
-- category: correctness
-- weight: 1
-- description: Uses the shared answer key.
SELECT e.id FROM expected e LEFT JOIN output.placements o USING (id) WHERE o.id IS NULL
""")
    v = grade_bundle(b.build())
    c = {e["id"]: e for e in v["criteria"]}
    assert v["outcome"] == "completed" and "_keys" not in c
    assert c["C9"]["violations"] == 1 and c["C9"]["evidence"] == [{"id": "plc_4"}]


def test_broken_shared_definitions_make_the_run_unscored(tmp_path):
    b = typical(BundleBuilder(tmp_path / "b"))
    b.criterion("_keys", "CREATE VIEW expected AS SELECT nope FROM state.placemint_placements;")
    v = grade_bundle(b.build())
    assert v["outcome"] == "unscored" and any("shared definitions _keys.sql" in e for e in v["errors"])


def test_indented_continuation_that_looks_like_a_key_stays_in_the_description(tmp_path):
    from grader.criteria import parse_criterion

    crit = parse_criterion("""-- id: C1
-- category: correctness
-- description: Placements whose end date is wrong;
--   date: the file's approved date wins.
SELECT 1 WHERE false
""", "c1.sql")
    assert crit.error is None and "date: the file's approved date wins." in crit.description


def test_shared_definitions_naming_a_missing_table_list_the_tables_the_bundle_has(tmp_path):
    b = BundleBuilder(tmp_path / "b")
    b.criterion("_keys", "CREATE TEMP TABLE k AS SELECT * FROM output.nowhere;\n")
    b.criterion("c1", simple("C1"))
    v = grade_bundle(b.build())
    err = next(e for e in v["errors"] if "shared definitions _keys.sql" in e)
    assert "the bundle has:" in err and v["cause"].startswith("the grader failed: shared definitions")
