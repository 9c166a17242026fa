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
    verdicts = sorted((tmp_path / "traces").glob("*/*/verdict.json"))  # <out>/<job>/<run id>
    assert len(verdicts) == 2
    import json
    assert all(json.loads(v.read_text())["score"] == 100 for v in verdicts)


def test_every_option_has_help_and_jobs_is_spelled_alike():
    """Every option of every command says what it does; every `--jobs` is also `-j`, and every
    command that takes a task suite calls it `--tasks-dir`."""
    import click

    from ibench.cli import cli

    def walk(cmd, path):
        if isinstance(cmd, click.Group):
            for name, sub in cmd.commands.items():
                yield from walk(sub, path + [name])
        else:
            yield " ".join(path), cmd

    for name, cmd in walk(cli, []):
        assert cmd.help, f"{name}: no help"
        for p in cmd.params:
            if isinstance(p, click.Option):
                assert p.help, f"{name} {p.opts}: no help text"
                if "--jobs" in p.opts:
                    assert "-j" in p.opts, f"{name}: --jobs without -j"
                assert not any(o in ("--tasks", "--task-dir") for o in p.opts), f"{name}: spell it --tasks-dir"


def test_ibench_works_from_any_directory_and_filters_are_checked(tmp_path):
    proc = ibench("tasks", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "example-00-staffline-hello" in proc.stdout and "build-03-placemint-fee-splits" in proc.stdout
    one_line_error(ibench("tasks", "--vendor", "acme", cwd=tmp_path), "unknown vendor 'acme'")
    proc = ibench("tasks", "--kind", "refactor", cwd=tmp_path)
    assert proc.returncode == 2 and "refactor" in proc.stderr
    one_line_error(ibench("vendors", "serve", "--vendor", "acme", cwd=tmp_path), "unknown vendor 'acme'")
