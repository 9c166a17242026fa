"""Whatever an agent legitimately does in its workspace, its run is graded; when it runs out of
time the run is the agent's failure (`agent_error`: a zero that counts), not the harness's."""
import base64
import io
import shutil
import tarfile

import pytest
import yaml

from ibench.agents import AgentSpec
from ibench.catalog import select
from ibench.runner import execute_run
from ibench.sandbox import choose_mode

from .conftest import EXAMPLE, TASKS

pytestmark = pytest.mark.timeout(600)


def solution_archive() -> str:
    """The reference solution as base64 tar: a `cmd:` agent writes it into its workspace as a
    real agent would write its own code (the sandbox hides the task folder)."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        sol = TASKS / EXAMPLE / "solution"
        for p in sorted(sol.rglob("*")):
            if p.is_file() and "__pycache__" not in p.parts:
                tar.add(p, arcname=str(p.relative_to(sol)))
    return base64.b64encode(buf.getvalue()).decode()


def untidy_agent_command() -> str:
    return " && ".join([
        f"echo {solution_archive()} | base64 -d | tar xzf -",
        # test its work as an engineer would, leaving state and output behind ...
        "(set -a; . .ibench/env; set +a; python -m conn sync || true)",
        # ... then tidy up: the folders go, the work is committed, the repo goes too
        'rm -rf "$IB_STATE_DIR" "$IB_OUTPUT_DIR"',
        "git add -A", "git -c user.name=a -c user.email=a@x commit -qm 'my connector'",
        "rm -rf .git",
        "mkdir -p $IB_STATE_DIR/leftover && echo junk > $IB_STATE_DIR/leftover/file",
        # and forgets a background poller, detached into its own session
        "(setsid sh -c 'while true; do echo tick >> \"$IB_STATE_DIR/ticks\"; sleep 0.2; done' "
        "</dev/null >/dev/null 2>&1 &)",
    ])


@pytest.fixture(scope="module")
def untidy_run(tmp_path_factory):
    entry = select(TASKS, EXAMPLE)[0]
    out = tmp_path_factory.mktemp("traces")
    agent = AgentSpec("untidy", "cmd", untidy_agent_command())
    return execute_run(entry, agent, 1, out, choose_mode("auto"))


def test_agent_that_tidies_its_folders_is_graded_at_full_score(untidy_run):
    r = untidy_run
    assert r.outcome == "completed", r.error
    assert r.score == 100 and r.solved


def test_forgotten_background_process_is_gone_after_the_run(untidy_run):
    import subprocess

    ps = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout
    assert "ticks" not in ps  # no poller of this run survives it


def test_committed_and_deleted_repo_still_gives_the_whole_patch(untidy_run):
    patch = (untidy_run.bundle / "workspace.patch").read_text()
    assert "b/conn/__main__.py" in patch and ".git/" not in patch


@pytest.fixture(scope="module")
def slow_task(tmp_path_factory):
    root = tmp_path_factory.mktemp("tasks")
    shutil.copytree(TASKS / EXAMPLE, root / EXAMPLE)
    path = root / EXAMPLE / "task.yaml"
    doc = yaml.safe_load(path.read_text())
    doc["agent"] = {"time_limit_s": 2}
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    return select(root, EXAMPLE)[0]


def test_agent_past_its_time_limit_is_an_agent_error_scored_zero(slow_task, tmp_path):
    agent = AgentSpec("sleepy", "cmd", "sleep 60")
    r = execute_run(slow_task, agent, 1, tmp_path, choose_mode("auto"))
    assert r.outcome == "agent_error"
    assert r.score == 0 and not r.solved
    assert "time limit of 2 s" in r.error
    assert r.verdict["cause"] == r.error
    assert r.timings["total_s"] < 45  # the sleeper was killed at its limit, not waited for

    # counted in the means and the solve rate, unlike a harness error
    from grader.suite import aggregate, record

    noop_like = {**r.verdict, "outcome": "completed", "score": 50.0, "solved": True, "agent": "sleepy"}
    broken = {**r.verdict, "outcome": "harness_error", "score": None, "solved": False, "agent": "sleepy"}
    summary = aggregate([record(r.verdict), record(noop_like), record(broken)])["agents"]["sleepy"]
    assert summary["mean_score"] == 25.0 and summary["solve_rate"]["n"] == 2
    assert summary["agent_error"] == 1 and summary["harness_error"] == 1


def test_regrading_an_agent_error_bundle_is_byte_identical(slow_task, tmp_path):
    import grader

    r = execute_run(slow_task, AgentSpec("sleepy", "cmd", "sleep 60"), 1, tmp_path, choose_mode("auto"))
    assert grader.verdict_bytes(grader.grade(r.bundle)) == (r.bundle / "verdict.json").read_bytes()
