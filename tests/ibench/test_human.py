"""`--agent human`: the run waits for a person (here, the test) to do the agent phase in the
workspace, records their traffic as the agent phase, and grades after the hand-in."""
import os
import subprocess
import sys
import threading
import time

import pytest

from ibench.agents import STOP, resolve_agent
from ibench.catalog import select
from ibench.errors import UserError
from ibench.human import hand_in, waiting_runs
from ibench.runner import execute_run
from ibench.sandbox import choose_mode

from .conftest import EXAMPLE, TASKS

pytestmark = pytest.mark.timeout(600)


@pytest.fixture
def handoff(tmp_path, monkeypatch):
    monkeypatch.setenv("IBENCH_HANDOFF_DIR", str(tmp_path / "handoff"))
    return tmp_path / "handoff"


def wait_until_waiting(timeout=120):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        runs = waiting_runs()
        if runs:
            return runs[0]
        time.sleep(0.1)
    raise AssertionError("the run never announced itself as waiting")


class HumanRun:
    """A `--agent human` run in a thread: `with HumanRun(entry, out) as run:` waits for the
    announcement (`run.info`), the body plays the person; on exit the run is joined (or stopped)
    and `run.result` is its RunResult."""

    def __init__(self, entry, out):
        self.entry, self.out, self.box = entry, out, {}

    def __enter__(self):
        self.thread = threading.Thread(target=lambda: self.box.update(
            r=execute_run(self.entry, resolve_agent("human"), 1, self.out, choose_mode("auto"))))
        self.thread.start()
        self.info = wait_until_waiting()
        return self

    def __exit__(self, exc_type, *exc):
        if exc_type is not None:  # the person's part failed: stop the run at once
            STOP.set()
        self.thread.join(timeout=400)
        if self.thread.is_alive():
            STOP.set()
            self.thread.join()
            STOP.clear()
        self.result = self.box.get("r")
        return False


def solution_patch(tmp_path) -> str:
    """The reference solution as a unified diff against the starter, as a person would make."""
    work = tmp_path / "diffwork"
    subprocess.run(["cp", "-r", str(TASKS / EXAMPLE / "repo"), str(work)], check=True)
    subprocess.run(["git", "init", "-q", str(work)], check=True)
    subprocess.run(["git", "-C", str(work), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(work), "-c", "user.name=p", "-c", "user.email=p@x", "commit", "-qm", "starter"],
                   check=True)
    subprocess.run(["cp", "-r", str(TASKS / EXAMPLE / "solution") + "/.", str(work)], check=True)
    subprocess.run(["git", "-C", str(work), "add", "-A"], check=True)
    return subprocess.run(["git", "-C", str(work), "diff", "--cached"], check=True,
                          capture_output=True, text=True).stdout


def test_person_hands_in_a_patch_and_the_run_is_graded(tmp_path, handoff, capsys):
    with HumanRun(select(TASKS, EXAMPLE)[0], tmp_path / "out") as run:
        ws = run.info["workspace"]
        env_text = open(run.info["env_file"]).read()
        assert "STAFFLINE_BASE_URL=" in env_text
        # the person explores the live vendor (recorded as the agent phase) ...
        base = [line.split("=", 1)[1] for line in env_text.splitlines() if line.startswith("STAFFLINE_BASE_URL=")][0]
        import httpx
        assert httpx.get(base + "/docs/").status_code == 200
        # ... applies their patch, and hands in with the CLI
        (tmp_path / "work.patch").write_text(solution_patch(tmp_path))
        subprocess.run(["git", "-C", ws, "apply", str(tmp_path / "work.patch")], check=True)
        proc = subprocess.run([sys.executable, "-m", "ibench.cli", "done"], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
        assert "handed in" in proc.stdout
    r = run.result
    assert r.outcome == "completed" and r.score == 100 and r.solved
    import duckdb
    phases = dict(duckdb.sql(f"SELECT phase, count(*) FROM '{r.bundle}/exchanges.parquet' GROUP BY 1").fetchall())
    assert phases.get("agent", 0) >= 1  # the person's exploration was recorded apart
    assert "conn/__main__.py" in (r.bundle / "workspace.patch").read_text()
    announced = capsys.readouterr().err
    assert "ibench done" in announced and ws in announced
    assert waiting_runs() == []  # the slot is gone once handed in


def test_no_hand_in_within_the_time_limit_is_an_agent_error(tmp_path, handoff):
    import shutil
    import yaml

    root = tmp_path / "tasks"
    shutil.copytree(TASKS / EXAMPLE, root / EXAMPLE)
    path = root / EXAMPLE / "task.yaml"
    doc = yaml.safe_load(path.read_text())
    doc["agent"] = {"time_limit_s": 2}
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    r = execute_run(select(root, EXAMPLE)[0], resolve_agent("human"), 1, tmp_path / "out", choose_mode("auto"))
    assert r.outcome == "agent_error" and r.score == 0 and "time limit" in r.error


def test_hand_in_errors_are_one_clear_message(handoff):
    with pytest.raises(UserError, match="no run is waiting"):
        hand_in(None)
    for rid in ("task-a__human__t1", "task-b__human__t1"):
        (handoff / rid).mkdir(parents=True)
        (handoff / rid / "waiting.json").write_text(f'{{"run_id": "{rid}"}}')
    with pytest.raises(UserError, match="several runs are waiting"):
        hand_in(None)
    with pytest.raises(UserError, match="no single waiting run"):
        hand_in("nope")
    assert hand_in("task-b") == "task-b__human__t1"
    assert (handoff / "task-b__human__t1" / "done").exists()


def test_person_can_run_their_own_receiver_on_the_receiver_port(tmp_path, handoff):
    """A person works on the host: IB_RECEIVER_PORT must be free for their server during the
    agent phase (the sandbox's network opens at the hand-in); a server left running then is
    the agent's error, named."""
    import socket

    with HumanRun(select(TASKS, "harden-02-placemint-webhook-gauntlet")[0], tmp_path / "out") as run:
        env = dict(line.split("=", 1) for line in open(run.info["env_file"]).read().splitlines()
                   if line and not line.startswith("#"))
        port = int(env["IB_RECEIVER_PORT"])
        server = socket.socket()
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind(("127.0.0.1", port))  # raises if the harness held the port
        server.listen(1)
        server.close()
        hand_in(None)
    assert run.result.outcome == "completed", run.result.error


def test_two_waiting_runs_of_the_same_task_never_share_a_hand_in(handoff):
    """Run ids are unique within a job only: a second waiting run of the same task and agent
    (another job) gets its own slot instead of taking over the first's, so each hand-in reaches
    the run it names; a slot left by a run that is gone is reused."""
    import json
    import subprocess

    from ibench.human import _claim_slot

    rid = "build-09-x__human__t1"
    first = handoff / rid
    first.mkdir(parents=True)
    twin = subprocess.Popen(["sleep", "30"])  # the first run's process, still alive
    try:
        (first / "waiting.json").write_text(json.dumps({"run_id": rid, "handle": rid, "pid": twin.pid}))
        second = _claim_slot(rid)
        assert second.name == f"{rid}~2" and (first / "waiting.json").is_file()  # untouched
        (second / "waiting.json").write_text(json.dumps({"run_id": rid, "handle": second.name, "pid": os.getpid()}))
        with pytest.raises(UserError, match="no single waiting run"):
            hand_in("build-09")  # a prefix now names two runs
        assert hand_in(f"{rid}~2") == f"{rid}~2"
        assert (second / "done").is_file() and not (first / "done").exists()
        assert hand_in(rid) == rid and (first / "done").is_file()
    finally:
        twin.kill()
        twin.wait()
    # the first run is gone now: its slot is free again
    assert _claim_slot(rid) == first and not (first / "done").exists()
