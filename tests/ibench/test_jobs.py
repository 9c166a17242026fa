"""Runs are never overwritten: each invocation is a job folder of its own, run ids are unique
within it, `--resume` continues a job, and named agents and models reach the leaderboard
(docs/trace-format.md, "Jobs and run ids")."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from grader.suite import aggregate, collect, leaderboard_rows
from ibench.agents import AgentSpec, named
from ibench.errors import UserError
from ibench.jobs import open_job
from ibench.runner import run_id_for, set_aside

ROOT = Path(__file__).parents[2]
EXAMPLE = "example-00-staffline-hello"


def ibench(*args, timeout=300):
    return subprocess.run([sys.executable, "-m", "ibench.cli", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=timeout)


def verdicts(root: Path) -> list[Path]:
    return sorted(root.glob("*/*/verdict.json"))


@pytest.mark.timeout(600)
def test_the_same_task_and_agent_twice_keeps_both_bundles(tmp_path):
    out = tmp_path / "runs"
    for _ in range(2):
        proc = ibench("run", "--task", EXAMPLE, "--agent", "noop", "--out", str(out))
        assert proc.returncode == 1, proc.stderr[-2000:]  # noop: ran, unsolved
    jobs = sorted(p for p in out.iterdir() if p.is_dir())
    assert len(jobs) == 2 and all((j / "job.json").is_file() for j in jobs)
    found = verdicts(out)
    assert [v.parent.name for v in found] == [f"{EXAMPLE}__noop__t1"] * 2
    assert found[0].parent != found[1].parent
    job = json.loads((jobs[0] / "job.json").read_text())
    assert job["job"] == jobs[0].name and job["argv"][:3] == ["run", "--task", EXAMPLE]


@pytest.mark.timeout(600)
def test_a_named_job_is_never_reused_and_resume_keeps_finished_runs(tmp_path):
    out = tmp_path / "runs"
    proc = ibench("run", "--task", EXAMPLE, "--agent", "noop", "--out", str(out), "--job", "nightly")
    assert proc.returncode == 1, proc.stderr[-2000:]
    verdict = out / "nightly" / f"{EXAMPLE}__noop__t1" / "verdict.json"
    before = verdict.read_bytes()
    proc = ibench("run", "--task", EXAMPLE, "--agent", "noop", "--out", str(out), "--job", "nightly")
    assert proc.returncode == 2 and "continue it with --resume nightly" in proc.stderr
    proc = ibench("run", "--task", EXAMPLE, "--agent", "noop", "--out", str(out), "--resume", "nightly",
                  "--trials", "2")
    assert proc.returncode == 1, proc.stderr[-2000:]
    assert verdict.read_bytes() == before  # kept, not run again
    assert (out / "nightly" / f"{EXAMPLE}__noop__t2" / "verdict.json").is_file()  # the missing trial ran
    assert len(json.loads((out / "nightly" / "job.json").read_text())["resumed"]) == 1
    proc = ibench("run", "--task", EXAMPLE, "--agent", "noop", "--out", str(out), "--resume", "weekly")
    assert proc.returncode == 2 and "no job 'weekly' to resume" in proc.stderr


def test_two_cmd_agents_with_a_long_common_prefix_get_different_ids():
    a = "cmd:claude -p 'Read TICKET.md and do what it asks, then stop' --model A"
    b = "cmd:claude -p 'Read TICKET.md and do what it asks, then stop' --model B"
    ia, ib = run_id_for("build-01-x", a, 1), run_id_for("build-01-x", b, 1)
    assert ia != ib and len(ia) < 120
    assert all(c.isalnum() or c in "_.+-" for c in ia)
    # short safe names stay as they are; so do the validate compositions
    assert run_id_for("t", "oracle", 2) == "t__oracle__t2"
    assert run_id_for("t", "explorer+oracle", 1) == "t__explorer+oracle__t1"
    assert run_id_for("t", "x" * 41, 1) != run_id_for("t", "x" * 42, 1)


def test_a_bundle_in_the_way_is_set_aside_not_deleted(tmp_path):
    b = tmp_path / "r__noop__t1"
    b.mkdir()
    (b / "events.jsonl").write_text("kept\n")
    assert set_aside(b) == tmp_path / "r__noop__t1~1"
    b.mkdir()
    assert set_aside(b) == tmp_path / "r__noop__t1~2"
    assert (tmp_path / "r__noop__t1~1" / "events.jsonl").read_text() == "kept\n"
    assert set_aside(tmp_path / "absent") is None


def test_job_names_and_agent_names_are_checked(tmp_path):
    with pytest.raises(UserError, match="a job name is letters"):
        open_job(tmp_path, "../escape", None)
    with pytest.raises(UserError, match="give one of them"):
        open_job(tmp_path, "a", "b")
    first, second = open_job(tmp_path, None, None), open_job(tmp_path, None, None)
    assert first != second and first.is_dir() and second.is_dir()  # same second: -2
    with pytest.raises(UserError, match="--agent-name"):
        named(AgentSpec("cmd:x", "cmd", "x"), "has space", None)
    with pytest.raises(UserError, match="--model"):
        named(AgentSpec("cmd:x", "cmd", "x"), None, "two\nlines")
    agent = named(AgentSpec("cmd:x", "cmd", "x"), "my-agent", "model-1")
    assert (agent.name, agent.model) == ("my-agent", "model-1")


@pytest.mark.timeout(600)
def test_agent_name_and_model_reach_verdict_and_leaderboard(tmp_path):
    out = tmp_path / "runs"
    for model in ("model-a", "model-b"):
        proc = ibench("run", "--task", EXAMPLE, "--agent", "cmd:true", "--agent-name", "my-agent",
                      "--model", model, "--out", str(out))
        assert proc.returncode == 1, proc.stderr[-2000:]
    found = verdicts(out)
    assert [v.parent.name for v in found] == [f"{EXAMPLE}__my-agent__t1"] * 2
    assert sorted(json.loads(v.read_text())["model"] for v in found) == ["model-a", "model-b"]
    records, problems = collect(out)
    assert not problems
    rows = leaderboard_rows(aggregate(records))
    assert sorted((r["agent"], r["model"]) for r in rows) == [("my-agent [model-a]", "model-a"),
                                                               ("my-agent [model-b]", "model-b")]


def test_default_output_is_not_the_samples_folder():
    from ibench.jobs import DEFAULT_ROOT

    assert DEFAULT_ROOT == Path("runs")
    assert "/runs/" in (ROOT / ".gitignore").read_text().split()
