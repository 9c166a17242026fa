"""No process outlives its step, with or without bwrap: a connector's setsid'ed, double-forked
and SIGTERM-ignoring children are gone before the next step starts, and an agent's are gone
when its time limit stops it (ibench.proctree; docs/security.md, "Sandbox")."""
import shutil
import time
from pathlib import Path

import pytest

import ibench.proctree as proctree
from ibench.agents import AgentSpec

from .sandbox_kit import REAP_STEPS, bare_spec, kill_marked, marked_processes, needs_root, run_probe, \
    sandbox_problem

pytestmark = [needs_root, pytest.mark.timeout(300)]

MODES = [pytest.param("bwrap", marks=pytest.mark.skipif(sandbox_problem() is not None,
                                                        reason=f"no bwrap sandbox here: {sandbox_problem()}")),
         "none"]
BACKENDS = ["cgroup2", "freezer", "scan"]


def _use_backend(monkeypatch, kind: str) -> None:
    monkeypatch.setattr(proctree, "_backend", None)
    monkeypatch.setenv("IBENCH_PROCTREE", kind)
    try:
        proctree.backend()
    except Exception as exc:  # e.g. no v1 freezer hierarchy on this machine
        pytest.skip(f"process trees by {kind} are not available here: {exc}")


def _still_growing(files: list[Path]) -> list[str]:
    before = {f: f.stat().st_size for f in files}
    time.sleep(1.0)
    return [f.name for f in files if f.stat().st_size != before[f]]


@pytest.fixture
def spec(tmp_path):
    s = bare_spec(tmp_path)
    yield s
    kill_marked(s.marker)  # whatever a failing test left behind


@pytest.mark.parametrize("mode", MODES)
def test_survivors_are_gone_before_the_next_step(mode, spec, monkeypatch):
    run = run_probe(monkeypatch, spec, REAP_STEPS, AgentSpec("noop", "noop"), mode)
    planted = run.record("plant", "PLANTED")
    check = run.record("check", "CHECK")
    assert len(planted["files"]) == 3 and check["files"] == planted["files"], (planted, check)
    assert check["grew"] == [], f"still running during the next step: {check['grew']}"
    assert marked_processes(spec.marker) == []


@pytest.mark.parametrize("backend", BACKENDS)
def test_every_process_tree_kind_reaps_them_without_a_sandbox(backend, spec, monkeypatch):
    _use_backend(monkeypatch, backend)
    run = run_probe(monkeypatch, spec, REAP_STEPS, AgentSpec("noop", "noop"), "none")
    check = run.record("check", "CHECK")
    assert len(check["files"]) == 3 and check["grew"] == [], check
    assert marked_processes(spec.marker) == []


@pytest.mark.parametrize("mode", MODES)
def test_survivors_are_gone_when_the_agents_time_limit_stops_it(mode, spec, monkeypatch):
    # The agent plants the same three survivors, then hangs ignoring SIGTERM: the harness must
    # SIGKILL it after the grace period, and everything it started with it.
    agent = AgentSpec("reaper", "cmd", "python -m conn plant agent; exec python -m conn hang")
    run = run_probe(monkeypatch, spec, REAP_STEPS, agent, mode, time_limit_s=2, keep_workspace=True)
    planted = run.record("agent", "PLANTED")
    root = Path(planted["dir"]).parent
    try:
        assert run.result.outcome == "agent_error" and "time limit" in (run.result.error or "")
        assert len(planted["files"]) == 3, planted
        assert marked_processes(spec.marker) == []
        assert _still_growing([Path(planted["dir"]) / f for f in planted["files"]]) == []
    finally:
        shutil.rmtree(root, ignore_errors=True)
