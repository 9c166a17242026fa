"""Phase scoping (grader/phases.py; docs/grader.md "Phase views"): criteria and conduct checks see
the scenario, the always-on guards every phase. tests/traces/test_phase_scoping.py does the same
over every task's oracle sample."""
from __future__ import annotations

from grader.bundle import load_bundle
from grader.phases import kind, scenario_only, source
from grader.scoring import grade_bundle
from tests.grader.builder import BundleBuilder
from tests.grader.conftest import fired, run_check, silent

PHASES = ["agent", "scenario:setup", "scenario:run1", "setup", None]


def test_views_split_the_rows_by_phase(tmp_path):
    b = BundleBuilder(tmp_path / "b")
    for i, ph in enumerate(PHASES):
        b.x(t=i, phase=ph)
        b.event("note", i, phase=ph, message=f"row {i}")
    bundle = load_bundle(b.build())
    q = lambda sql: [r[0] for r in bundle.con.execute(sql).fetchall()]  # noqa: E731
    try:
        for table in ("exchanges", "events"):
            order = "seq" if table == "exchanges" else "ord"
            assert q(f"SELECT phase FROM {table} ORDER BY {order}") == ["scenario:setup", "scenario:run1"]
            assert q(f"SELECT phase FROM agent_{table} ORDER BY {order}") == ["agent"]
            assert q(f"SELECT phase FROM all_{table} ORDER BY {order}") == PHASES
        # the plain names are views: criteria cannot write into the recorded rows by accident
        assert q("SELECT table_type FROM information_schema.tables WHERE table_name = 'exchanges'") == ["VIEW"]
    finally:
        bundle.close()


def test_phase_helpers():
    assert [kind(p) for p in PHASES] == ["agent", "scenario", "scenario", "other", "other"]
    assert scenario_only(["scenario:*"]) and scenario_only(["scenario:run2", "scenario:run[34]"])
    assert not scenario_only(None) and not scenario_only(["agent"]) and not scenario_only(["*"])
    assert source("exchanges", ["scenario:run1"]) == "exchanges"
    assert source("exchanges", ["agent"]) == "all_exchanges"


def test_a_criterion_sees_the_scenario_unless_it_asks_for_every_phase(tmp_path):
    b = BundleBuilder(tmp_path / "b")
    b.x(t=0, phase="agent", method="POST", status=201)  # the agent testing a write
    b.x(t=10, phase="scenario:run1")
    b.criterion("c1", "-- id: C1\n-- category: integrity\n-- weight: 1\n"
                      "SELECT seq FROM exchanges WHERE method = 'POST'\n")
    b.criterion("c2", "-- id: C2\n-- category: integrity\n-- weight: 1\n"
                      "-- all_exchanges on purpose: no write in any phase, while testing either\n"
                      "SELECT seq FROM all_exchanges WHERE method = 'POST'\n")
    b.criterion("c3", "-- id: C3\n-- category: integrity\n-- weight: 1\n"
                      "SELECT 'the agent did not explore' WHERE NOT EXISTS (SELECT 1 FROM agent_exchanges)\n")
    v = grade_bundle(b.build())
    got = {c["id"]: c["passed"] for c in v["criteria"]}
    assert got["C1"] is True and got["C2"] is False and got["C3"] is True


def _delivery(b, t, phase="scenario:run1", forged=None, status=200, event_id="evt_1"):
    return b.x(t=t, phase=phase, direction="to_receiver", method="POST", path="/hooks/placemint",
               forged=forged, status=status, req_headers={"placemint-event-id": event_id})


def test_forged_rejected_does_not_take_the_agent_phase_delivery_for_the_genuine_one(builder):
    # The vendor delivered evt_1 while the agent explored (same seed); the scenario delivers it
    # again and replays it within the tolerance: an acknowledged in-window replay is fine.
    builder.traits("placemint")
    _delivery(builder, 0, phase="agent", status=400)
    _delivery(builder, 900)
    _delivery(builder, 910, forged="replay")
    _delivery(builder, 911, forged="bad_signature", status=401)  # evidence for the check
    assert silent(run_check(builder, "forged_rejected"))
    # a task that names the agent phase explicitly reads it (and then the replay looks late)
    r = run_check(builder, "forged_rejected", phases=["agent", "scenario:*"])
    assert fired(r) and r.evidence[0]["why"] == "replayed after the tolerance window"


def test_conduct_checks_ignore_the_agent_phase_by_default(builder):
    builder.traits("placemint")
    builder.x(t=0, phase="agent", status=429, resp_headers={"retry-after": "5"})
    builder.x(t=0.1, phase="agent")  # retried at once while exploring
    builder.x(t=10, status=429, resp_headers={"retry-after": "1"})
    builder.x(t=11.2)
    assert silent(run_check(builder, "retry_after_honoured"))
    assert fired(run_check(builder, "retry_after_honoured", phases=["agent"]))


def test_secret_placement_reads_the_agent_phase(builder):
    sl = builder.traits("staffline")
    builder.x(t=0, vendor="staffline", phase="agent", path="/v1/candidates",
              query={"api_key": [sl["credentials"]["api_key"]]})
    builder.x(t=10, vendor="staffline", path="/v1/candidates",
              req_headers={"x-sl-key": sl["credentials"]["api_key"]})
    r = run_check(builder, "secret_placement")
    assert fired(r) and [(e["phase"], e["location"]) for e in r.evidence] == [("agent", "query")]
