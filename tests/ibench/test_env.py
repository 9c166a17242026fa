"""ibench.env: reset → act → submit, for two environments live at once; the reward is the
grader's score / 100, the caller's agent-phase traffic is recorded and never graded, and an
episode closed without submit ends as the agent's failure."""
import json
import shutil
import threading
import urllib.request

import pytest

from ibench.env import Environment
from ibench.errors import UserError

from .conftest import TASKS

TASK = "example-00-staffline-hello"


def apply_oracle(workspace):
    sol = TASKS / TASK / "solution"
    for src in sol.rglob("*"):
        if src.is_file() and "__pycache__" not in src.parts:
            dest = workspace / src.relative_to(sol)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest)


def test_two_environments_reset_act_and_submit_at_once(tmp_path):
    a, b = Environment(out=tmp_path / "a", sandbox="none"), Environment(out=tmp_path / "b", sandbox="none")
    with a, b:
        obs_a = a.reset(TASK)
        obs_b = b.reset(TASK, variant=2)
        assert obs_a.task_id == obs_b.task_id == TASK and (obs_a.variant, obs_b.variant) == (0, 2)
        assert "StaffLine" in obs_a.ticket and (obs_a.workspace / "TICKET.md").is_file()
        assert obs_a.workspace != obs_b.workspace and obs_a.run_id != obs_b.run_id
        # the vendors are live for the caller during the episode, each environment its own
        docs_a = urllib.request.urlopen(obs_a.env["STAFFLINE_DOCS_URL"], timeout=10).read()
        assert docs_a and obs_a.env["STAFFLINE_BASE_URL"] != obs_b.env["STAFFLINE_BASE_URL"]
        apply_oracle(obs_a.workspace)  # b's caller does nothing: a noop
        results = {}
        threads = [threading.Thread(target=lambda n, e: results.__setitem__(n, e.submit()), args=(n, e))
                   for n, e in (("a", a), ("b", b))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=300)
    ra, rb = results["a"], results["b"]
    assert ra.outcome == "completed" and ra.solved and ra.reward == 1.0 and ra.score == 100
    assert rb.outcome == "completed" and not rb.solved and rb.reward is not None and rb.reward <= 0.2
    assert rb.reward == round(rb.score / 100, 6)
    # the verdicts are the bundles' own, and they record the variant
    for r, variant in ((ra, 0), (rb, 2)):
        on_disk = json.loads((r.bundle / "verdict.json").read_text())
        assert on_disk == r.verdict and on_disk["variant"] == variant
    seeds = [json.loads((r.bundle / "manifest.json").read_text())["seeds"]["staffline"] for r in (ra, rb)]
    assert seeds[0] != seeds[1]
    # the caller's docs fetch was recorded in the agent phase
    events = (ra.bundle / "events.jsonl").read_text()
    assert '"agent": "external"' in events and '"submitted": true' in events


def test_closing_an_open_episode_records_the_agents_failure(tmp_path):
    env = Environment(out=tmp_path, sandbox="none")
    obs = env.reset(TASK)
    env.close()
    verdict = json.loads((tmp_path / obs.run_id / "verdict.json").read_text())
    assert verdict["outcome"] == "agent_error" and "before submit" in verdict["cause"]
    assert verdict["score"] == 0


def test_mistakes_are_clear_errors(tmp_path):
    env = Environment(out=tmp_path, sandbox="none")
    with pytest.raises(UserError, match="call reset"):
        env.submit()
    with pytest.raises(UserError, match="no task matches"):
        env.reset("build-99-nothing")
    with pytest.raises(UserError, match="one task id"):
        env.reset("fix-0[12]-*")
    with pytest.raises(UserError, match="--variant must be"):
        env.reset(TASK, variant=-1)
