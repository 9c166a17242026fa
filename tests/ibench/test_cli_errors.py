"""User mistakes give one clear line and exit 2, never a traceback; --jobs 2 runs two tasks
concurrently without port clashes."""
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import TASKS

ROOT = Path(__file__).parents[2]


def ibench(*args, cwd=ROOT, timeout=300):
    return subprocess.run([sys.executable, "-m", "ibench.cli", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=timeout)


def one_line_error(proc, needle):
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr
    lines = [l for l in proc.stderr.splitlines() if l.strip() and not l.startswith("ibench: warning")]
    assert len(lines) == 1 and needle in lines[0], proc.stderr


def test_missing_agent_binary():
    one_line_error(ibench("run", "--task", "example-00-staffline-hello", "--agent", "cmd:no-such-agent-bin --go",
                          "--out", "/tmp/ib-none"), "executable 'no-such-agent-bin' not found")


def test_unknown_named_agent():
    one_line_error(ibench("run", "--task", "example-00-staffline-hello", "--agent", "gpt-pilot",
                          "--out", "/tmp/ib-none"), "unknown agent 'gpt-pilot'")


def test_broken_task_yaml(tmp_path):
    d = tmp_path / "example-00-staffline-hello"
    shutil.copytree(TASKS / "example-00-staffline-hello", d)
    (d / "task.yaml").write_text((d / "task.yaml").read_text().replace("seed: 7", "seed: lots"))
    one_line_error(ibench("run", "--task", "example-00-staffline-hello", "--agent", "noop",
                          "--tasks-dir", str(tmp_path), "--out", str(tmp_path / "t")), "vendors.0.seed")


def test_unknown_task():
    one_line_error(ibench("run", "--task", "build-99-*", "--agent", "noop"), "no task matches 'build-99-*'")


def test_port_in_use_for_vendors_serve():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        proc = ibench("vendors", "serve", "--vendor", "staffline", "--port", str(port), timeout=60)
    one_line_error(proc, f"port {port}")


def test_corrupt_bundle_is_one_line(tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "manifest.json").write_text("{not json")
    proc = ibench("grade", str(tmp_path / "b"))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


@pytest.mark.timeout(600)
def test_two_tasks_run_concurrently(tmp_path):
    tasks = tmp_path / "tasks"
    for n in ("00", "01"):
        d = tasks / f"example-{n}-staffline-hello"
        shutil.copytree(TASKS / "example-00-staffline-hello", d)
        (d / "task.yaml").write_text((d / "task.yaml").read_text().replace(
            "id: example-00-staffline-hello", f"id: example-{n}-staffline-hello"))
    proc = ibench("run", "--task", "example-*", "--agent", "oracle", "--jobs", "2", "--tasks-dir", str(tasks),
                  "--out", str(tmp_path / "traces"), timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    verdicts = sorted((tmp_path / "traces").glob("*/verdict.json"))
    assert len(verdicts) == 2
    import json
    assert all(json.loads(v.read_text())["score"] == 100 for v in verdicts)
