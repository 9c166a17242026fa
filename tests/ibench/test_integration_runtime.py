"""The integration runtime (ibench/integration_runtime.py) is created once, even when several runs (threads
of `--jobs N`, or separate processes) start at once on a machine that does not have it yet."""
from __future__ import annotations

import subprocess
import sys
import threading
import time

import pytest

import ibench.integration_runtime as runtime

pytestmark = pytest.mark.timeout(120)


def test_concurrent_first_use_creates_the_runtime_once(tmp_path, monkeypatch):
    monkeypatch.setenv("IBENCH_HOME", str(tmp_path))
    calls, active, overlap = [], [0], [False]
    lock = threading.Lock()
    real_run = subprocess.run

    def fake_run(argv, **kwargs):
        # stands in for `venv --clear` and `pip install`; slow enough for the threads to meet
        with lock:
            active[0] += 1
            overlap[0] |= active[0] > 1
            calls.append(argv[1:3])
        try:
            if argv[1:3] == ["-m", "venv"]:
                (runtime.runtime_dir() / "bin").mkdir(parents=True, exist_ok=True)
                (runtime.runtime_dir() / "bin" / "python").symlink_to(sys.executable)
            time.sleep(0.2)
        finally:
            with lock:
                active[0] -= 1
        return subprocess.CompletedProcess(argv, 0, "", "")

    monkeypatch.setattr(runtime.subprocess, "run", fake_run)
    results = []
    threads = [threading.Thread(target=lambda: results.append(runtime.ensure_runtime())) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    monkeypatch.setattr(runtime.subprocess, "run", real_run)
    assert not overlap[0]
    assert calls == [["-m", "venv"], ["-m", "pip"]]  # built once, by one of them
    assert results == [runtime.runtime_dir() / "bin"] * 4


def test_a_complete_runtime_is_used_without_locking(tmp_path, monkeypatch):
    monkeypatch.setenv("IBENCH_HOME", str(tmp_path))
    d = runtime.runtime_dir()
    (d / "bin").mkdir(parents=True)
    (d / "bin" / "python").symlink_to(sys.executable)
    (d / ".complete").write_text("done\n")
    monkeypatch.setattr(runtime.subprocess, "run", lambda *a, **k: pytest.fail("rebuilt"))
    assert runtime.ensure_runtime() == d / "bin"
    assert not d.with_name(d.name + ".lock").exists()
