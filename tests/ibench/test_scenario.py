"""Engine details: the {receiver_url} placeholder, a variant's record keys, and the agent phase's
vendor clock."""
import json
import shutil
from datetime import datetime, timezone
from types import SimpleNamespace

import pytest

from ibench.agents import AgentSpec
from ibench.scenario import placeholders, reset_vendor
from ibench.errors import HarnessError

from .conftest import TASKS


def test_receiver_url_placeholder_is_filled_everywhere_in_a_payload():
    rc = SimpleNamespace(env={"IB_RECEIVER_URL": "http://127.0.0.1:4242"})
    ops = [{"op": "create", "table": "webhook_subscriptions",
            "values": {"url": "{receiver_url}/hooks", "events": ["*"], "secret": "s"}}]
    assert placeholders(rc, ops)[0]["values"]["url"] == "http://127.0.0.1:4242/hooks"
    assert placeholders(rc, {"n": 1, "s": "plain"}) == {"n": 1, "s": "plain"}
    with pytest.raises(HarnessError, match="receiver: true"):
        placeholders(SimpleNamespace(env={}), "{receiver_url}/x")


def test_a_variant_names_the_records_standing_where_the_written_keys_stood():
    """A reset in a variant sends the written seed and keeps the vendor's map; every payload
    the steps send then names the variant's records, whole or inside a path."""
    sent = []

    class Vendor:
        def control(self, method, path, body):
            sent.append(body)
            return {"tables": {"candidates": 3}, "translation": {"0a1b-written": "9f8e-variant"}}

    by = {}
    spec = SimpleNamespace(vendor=lambda name: SimpleNamespace(dataset="small", seed=77, stand_in_by=by, stand_in_values={}))
    rc = SimpleNamespace(env={}, spec=spec, vendors={"quarry": Vendor()}, written_seeds={"quarry": 5},
                         translation={}, key_numbers={})
    assert reset_vendor(rc, "quarry") == {"tables": {"candidates": 3}}
    assert sent == [{"dataset": "small", "seed": 77, "written_seed": 5}]
    # a task choosing stand-ins by property sends its properties with the written seed
    by["candidates"] = ["status"]
    reset_vendor(rc, "quarry")
    assert sent[-1] == {"dataset": "small", "seed": 77, "written_seed": 5, "stand_in_by": {"candidates": ["status"]}}
    sent.clear()
    ops = [{"op": "update", "table": "candidates", "id": "0a1b-written", "values": {"name": "0a1b-written-x"}},
           {"match": {"path": "/v1/candidates/0a1b-written/notes"}}, 42]
    assert placeholders(rc, ops) == [
        {"op": "update", "table": "candidates", "id": "9f8e-variant", "values": {"name": "0a1b-written-x"}},
        {"match": {"path": "/v1/candidates/9f8e-variant/notes"}}, 42]
    # variant 0 (no written seed): the reset is as before and nothing is rewritten
    sent.clear()
    rc0 = SimpleNamespace(env={}, spec=spec, vendors={"quarry": Vendor()}, written_seeds={}, translation={},
                          key_numbers={})
    reset_vendor(rc0, "quarry")
    assert sent == [{"dataset": "small", "seed": 77}]


def test_a_key_placeholder_names_the_record_in_its_place_inside_another_value():
    """`{key:VENDOR.TABLE:KEY[:FORMAT]}`: on the written data the key itself, formatted; in a
    variant the key of the record in its place, from the vendor's reset (ibench/step_keys.py)."""
    class Vendor:
        def control(self, method, path, body):
            if "written_seed" not in body:
                return {"tables": {}}
            return {"tables": {}, "translation": {"w-1": "v-1"}, "key_numbers": {"candidates": {"664": 700}}}

    spec = SimpleNamespace(vendor=lambda name: SimpleNamespace(dataset="city", seed=9, stand_in_by={}, stand_in_values={}))
    ops = [{"op": "update", "table": "employees",
            "where": {"external_ref": "WW-{key:workwell.candidates:664:x}"}, "values": {"note": "{key:workwell.candidates:664}"}},
           {"id": "{key:workwell.jobs:w-1}", "n": 664, "other": "WW-298"}]
    rc0 = SimpleNamespace(env={}, spec=spec, vendors={"workwell": Vendor()}, written_seeds={}, translation={},
                          key_numbers={})
    reset_vendor(rc0, "workwell")
    assert placeholders(rc0, ops) == [
        {"op": "update", "table": "employees", "where": {"external_ref": "WW-298"}, "values": {"note": "664"}},
        {"id": "w-1", "n": 664, "other": "WW-298"}]
    rc = SimpleNamespace(env={}, spec=spec, vendors={"workwell": Vendor()}, written_seeds={"workwell": 15},
                         translation={}, key_numbers={})
    reset_vendor(rc, "workwell")
    assert rc.key_numbers == {"workwell": {"candidates": {664: 700}}}
    assert placeholders(rc, ops) == [
        {"op": "update", "table": "employees", "where": {"external_ref": "WW-2bc"}, "values": {"note": "700"}},
        {"id": "v-1", "n": 664, "other": "WW-298"}]  # only placeholders are read inside values


@pytest.mark.parametrize("text, words", [
    ("{key:staffline.candidates}", "is not {key:VENDOR.TABLE:KEY}"),
    ("{key:keystone.employees:7}", "not one of the task's"),
    ("{key:staffline.candidates:abc:x}", "only a whole-number key"),
])
def test_a_bad_key_placeholder_is_one_clear_error_when_the_task_loads(tmp_path, text, words):
    import re

    from ibench.taskspec import TaskSpecError, load_task

    d = tmp_path / "tasks" / "example-00-staffline-hello"
    shutil.copytree(TASKS / "example-00-staffline-hello", d)
    task = (d / "task.yaml").read_text()
    assert "  - checkpoint: cp1" in task
    step = ("  - mutate: {vendor: staffline, ops: [{op: update, table: candidates, id: 1, "
            f"values: {{last_name: '{text}'}}}}]}}\n")
    (d / "task.yaml").write_text(task.replace("  - checkpoint: cp1", step + "  - checkpoint: cp1", 1))
    with pytest.raises(TaskSpecError, match=re.escape(words)):
        load_task(d / "task.yaml")
    # well formed, it loads
    (d / "task.yaml").write_text(task.replace("  - checkpoint: cp1", step.replace(text, "{key:staffline.candidates:1}")
                                              + "  - checkpoint: cp1", 1))
    load_task(d / "task.yaml")


PROBE = """import json, os, urllib.request
r = urllib.request.urlopen(os.environ["STAFFLINE_BASE_URL"] + "/docs/")
open("date.json", "w").write(json.dumps({"date": r.headers["Date"]}))"""


@pytest.mark.timeout(300)
def test_agent_phase_clock_follows_the_task(tmp_path):
    from email.utils import parsedate_to_datetime

    from ibench.catalog import select
    from ibench.runner import execute_run

    tasks = tmp_path / "tasks"
    d = tasks / "example-00-staffline-hello"
    shutil.copytree(TASKS / "example-00-staffline-hello", d)
    text = (d / "task.yaml").read_text().replace("agent: {time_limit_s: 600}",
                                                 "agent: {time_limit_s: 600, clock: {host_offset_s: 0}}")
    (d / "task.yaml").write_text(text)
    entry = select(tasks, "example-00-staffline-hello")[0]
    agent = AgentSpec("probe", "cmd", f"cat > probe.py <<'EOF'\n{PROBE}\nEOF\npython probe.py")
    result = execute_run(entry, agent, 1, tmp_path / "traces", "none")
    line = next(l for l in (result.bundle / "workspace.patch").read_text().splitlines() if l.startswith('+{"date"'))
    vendor_now = parsedate_to_datetime(json.loads(line[1:])["date"])
    assert abs((vendor_now - datetime.now(timezone.utc)).total_seconds()) < 120


def _copy_example(tmp_path, edit):
    tasks = tmp_path / "tasks"
    d = tasks / "example-00-staffline-hello"
    shutil.copytree(TASKS / "example-00-staffline-hello", d)
    (d / "task.yaml").write_text(edit((d / "task.yaml").read_text()))
    from ibench.catalog import select

    return select(tasks, "example-00-staffline-hello")[0]


@pytest.mark.timeout(300)
def test_expected_kill_is_recorded_and_the_scenario_goes_on(tmp_path):
    from ibench.runner import execute_run

    entry = _copy_example(tmp_path, lambda t: t.replace(
        "entry:\n  sync: python -m conn sync",
        "entry:\n  sync: python -m conn sync\n  stall: python -c \"import time; time.sleep(60)\"").replace(
        "  - run: {entry: sync, timeout_s: 120}\n  - checkpoint: cp1",
        "  - run: {entry: stall, timeout_s: 1, expect_kill: true}\n  - run: {entry: sync, timeout_s: 120}\n"
        "  - checkpoint: cp1"))
    result = execute_run(entry, AgentSpec("oracle", "oracle"), 1, tmp_path / "traces", "none")
    exits = [json.loads(l) for l in (result.bundle / "events.jsonl").read_text().splitlines()
             if '"process"' in l and '"exit"' in l]
    stall = next(e for e in exits if e["name"] == "run1")
    assert stall["killed"] and stall["expected"] and stall["duration_s"] < 10
    assert result.score == 100


@pytest.mark.timeout(300)
def test_named_agent_from_a_file_runs_with_only_its_passthrough_env(tmp_path, monkeypatch):
    from ibench.agents import resolve_agent
    from ibench.runner import execute_run

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "fake-agent"
    fake.write_text("#!/bin/sh\necho \"token=$FAKE_AGENT_TOKEN other=$UNLISTED_SECRET args=$*\" > agent-was-here.txt\n")
    fake.chmod(0o755)
    agents = tmp_path / "agents.yaml"
    agents.write_text(f"fake:\n  cmd: {fake} --ticket TICKET.md\n  env: [FAKE_AGENT_TOKEN]\n")
    monkeypatch.setenv("FAKE_AGENT_TOKEN", "t0k3n")
    monkeypatch.setenv("UNLISTED_SECRET", "nope")
    agent = resolve_agent("fake", agents)
    entry = _copy_example(tmp_path, lambda t: t)
    result = execute_run(entry, agent, 1, tmp_path / "traces", "none")
    patch = (result.bundle / "workspace.patch").read_text()
    assert "+token=t0k3n other= args=--ticket TICKET.md" in patch


@pytest.mark.timeout(300)
def test_designed_waits_are_timed_apart_from_the_harness_overhead(tmp_path):
    """`wait` steps are the scenario's design, not harness overhead (the demo report's columns)."""
    from ibench.runner import execute_run, run_overhead_s

    entry = _copy_example(tmp_path, lambda t: t.replace(
        "  - checkpoint: cp1", "  - checkpoint: cp1\n  - wait: 1.5", 1))
    t = execute_run(entry, AgentSpec("oracle", "oracle"), 1, tmp_path / "traces", "none").timings
    assert 1.4 <= t["waits_s"] < 3.0
    assert t["integration_s"] > 0
    assert run_overhead_s(t) == pytest.approx(t["total_s"] - t["integration_s"] - t["waits_s"] - t["agent_s"], abs=0.01)
    plain = execute_run(_copy_example(tmp_path / "plain", lambda t: t), AgentSpec("noop", "noop"), 1,
                        tmp_path / "plain-traces", "none").timings
    assert plain["waits_s"] == 0


@pytest.mark.timeout(300)
def test_the_tasks_own_environment_reaches_the_agent_and_env_file(tmp_path):
    """A ticket may name a variable of the task's `env` ("its id is in PIPELANE_MIGRATION_USER_ID");
    the agent working on it must see it as the integration will."""
    from ibench.runner import execute_run

    entry = _copy_example(tmp_path, lambda t: t.replace("agent: {", "env: {EXAMPLE_OWNER_ID: owner-7}\nagent: {", 1))
    agent = AgentSpec("probe", "cmd", 'grep EXAMPLE_OWNER_ID .ibench/env > seen.txt; echo "proc=$EXAMPLE_OWNER_ID" >> seen.txt')
    result = execute_run(entry, agent, 1, tmp_path / "traces", "none")
    patch = (result.bundle / "workspace.patch").read_text()
    assert "+EXAMPLE_OWNER_ID=owner-7" in patch and "+proc=owner-7" in patch


def test_a_step_whose_keys_were_translated_records_what_it_sent():
    from ibench.scenario import _mutate

    got = []

    class Vendor:
        def control(self, method, path, body):
            got.append(body)
            return {"results": []}

    ops = [{"op": "delete", "table": "candidates", "id": "0a1b-written"}]
    step = SimpleNamespace(args=SimpleNamespace(vendor="quarry", ops=ops))
    rc = SimpleNamespace(env={}, vendors={"quarry": Vendor()}, translation={"0a1b-written": "9f8e-variant"},
                         sent=None)
    _mutate(rc, step)
    assert got[0]["ops"][0]["id"] == "9f8e-variant" and rc.sent == got[0]["ops"]
    rc0 = SimpleNamespace(env={}, vendors={"quarry": Vendor()}, translation={}, sent=None)
    _mutate(rc0, step)
    assert rc0.sent is None  # variant 0: the event carries the payload only
