"""Launch `python -m recorder` as a subprocess and wait until it is ready.

    handle = start_recorder(config, out_dir, timeout=30)
    handle.vendor_url("placemint"); handle.client().set_phase("agent")
    handle.stop()   # SIGTERM, waits for the trace to be flushed and exchanges.parquet written
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import yaml

from .client import RecorderClient


class RecorderStartError(RuntimeError):
    """The recorder did not become ready; the message includes its exit code and stderr."""


class RecorderHandle:
    def __init__(self, proc: subprocess.Popen, ready: dict, out_dir: Path, token: str,
                 stderr_path: Path, own_files: list[Path]) -> None:
        self.proc = proc
        self.ready = ready
        self.out_dir = out_dir
        self.token = token
        self.stderr_path = stderr_path
        self._own = own_files
        self._client: RecorderClient | None = None

    @property
    def pid(self) -> int:
        return self.proc.pid

    @property
    def returncode(self) -> int | None:
        return self.proc.poll()

    @property
    def vendor_ports(self) -> dict[str, int]:
        return {name: v["port"] for name, v in self.ready["vendors"].items()}

    def vendor_url(self, vendor: str) -> str:
        return self.ready["vendors"][vendor]["url"]

    @property
    def receiver_port(self) -> int | None:
        return self.ready["receiver"]["port"] if self.ready.get("receiver") else None

    @property
    def receiver_url(self) -> str | None:
        return self.ready["receiver"]["url"] if self.ready.get("receiver") else None

    @property
    def control_port(self) -> int:
        return self.ready["control"]["port"]

    @property
    def control_url(self) -> str:
        return self.ready["control"]["url"]

    def client(self) -> RecorderClient:
        if self._client is None:
            self._client = RecorderClient(self.control_url, self.token)
        return self._client

    def stderr_text(self) -> str:
        try:
            return self.stderr_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""

    def stop(self, timeout: float = 30.0) -> int:
        """SIGTERM and wait (SIGKILL after `timeout`); returns the exit code."""
        if self._client is not None:
            self._client.close()
            self._client = None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._cleanup()
        return self.proc.returncode

    def kill(self) -> int:
        """SIGKILL (for durability tests): no flush, no parquet."""
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        self._cleanup()
        return self.proc.returncode

    def _cleanup(self) -> None:
        for path in self._own:
            try:
                path.unlink()
            except OSError:
                pass
        self._own = []

    def __enter__(self) -> "RecorderHandle":
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


def _load(config: dict | str | os.PathLike) -> dict:
    if isinstance(config, dict):
        return dict(config)
    text = Path(config).read_text(encoding="utf-8")
    return json.loads(text) if str(config).endswith(".json") else yaml.safe_load(text)


def _ready_line(lines: list[bytes]) -> dict | None:
    for line in list(lines):
        try:
            data = json.loads(line)
        except ValueError:
            continue
        if isinstance(data, dict) and data.get("ready"):
            return data
    return None


def _write_all(fd: int, data: bytes) -> None:
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    except OSError:
        pass  # the recorder exited before reading: start_recorder reports its stderr
    finally:
        os.close(fd)


def start_recorder(config: dict | str | os.PathLike, out_dir: str | os.PathLike | None = None,
                   timeout: float = 30.0, stderr_path: str | os.PathLike | None = None,
                   env: dict[str, str] | None = None, launcher=None, **popen_kwargs: Any) -> RecorderHandle:
    """Start a recorder for `config` (a run config dict or file; `out_dir` overrides its out_dir)
    and wait until it reports readiness. Raises RecorderStartError with the recorder's stderr.

    `launcher(argv, env) -> argv` runs it some other way (a container: ibench.docker_runtime);
    the config then reaches it on stdin, as no other descriptor crosses into a container."""
    cfg = _load(config)
    if out_dir is not None:
        cfg["out_dir"] = str(out_dir)
    if "out_dir" not in cfg:
        raise RecorderStartError("the run config needs out_dir (or pass out_dir=)")
    out = Path(cfg["out_dir"])
    # The config holds the control token and the nonce. It travels through a pipe the child
    # inherits: never in a file (a same-user process could open it while the run lasts, e.g.
    # an agent under `--sandbox none` finding the path in /proc/<pid>/cmdline), never on the
    # command line or in the environment (/proc/<pid>/cmdline and environ are readable).
    payload = json.dumps(cfg).encode("utf-8")
    read_fd, write_fd = os.pipe()
    own: list[Path] = []
    if stderr_path is None:
        fd, err_name = tempfile.mkstemp(prefix="ib-recorder-", suffix=".stderr")
        os.close(fd)
        stderr_path = Path(err_name)
        own.append(stderr_path)
    stderr_path = Path(stderr_path)
    child_env = dict(os.environ if env is None else env)
    root = str(Path(__file__).resolve().parent.parent)
    child_env["PYTHONPATH"] = os.pathsep.join(p for p in (root, child_env.get("PYTHONPATH", "")) if p)
    child_env.setdefault("PYTHONUNBUFFERED", "1")
    err_fh = open(stderr_path, "wb")
    pass_fds = tuple(popen_kwargs.pop("pass_fds", ()))
    if launcher is None:
        argv, stdin, pass_fds = [sys.executable, "-m", "recorder", "--config-fd", str(read_fd)], subprocess.DEVNULL, \
            pass_fds + (read_fd,)
    else:
        argv, stdin = launcher([sys.executable, "-m", "recorder", "--config-fd", "0"], child_env), read_fd
    try:
        proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=err_fh, stdin=stdin, env=child_env,
                                pass_fds=pass_fds, **popen_kwargs)
    except BaseException:
        os.close(write_fd)
        raise
    finally:
        os.close(read_fd)  # the child has its copy; ours would keep the pipe open past its exit
        err_fh.close()
    # A writer thread: a config larger than the pipe buffer must not block us if the child
    # dies or hangs before reading (a dead reader turns the write into EPIPE, not a hang).
    threading.Thread(target=_write_all, args=(write_fd, payload), daemon=True).start()
    lines: list[bytes] = []
    reader = threading.Thread(target=lambda: lines.extend(iter(proc.stdout.readline, b"")), daemon=True)
    reader.start()
    deadline = time.monotonic() + timeout
    handle = None
    while True:
        exited = proc.poll() is not None
        if exited:
            reader.join(1)
        ready = _ready_line(lines)
        if ready is not None:
            handle = RecorderHandle(proc, ready, out, cfg["control"]["token"], stderr_path, own)
            break
        if exited or time.monotonic() > deadline:
            break
        time.sleep(0.02)
    if handle is not None:
        return handle
    if proc.poll() is None:
        proc.kill()
        proc.wait()
        why = f"not ready within {timeout:.0f} s"
    else:
        why = f"exited with code {proc.returncode}"
    stderr = stderr_path.read_text(encoding="utf-8", errors="replace").strip()
    for path in own:
        try:
            path.unlink()
        except OSError:
            pass
    err = RecorderStartError(f"recorder {why}" + (f": {stderr}" if stderr else ""))
    err.returncode = proc.returncode  # type: ignore[attr-defined]
    err.stderr = stderr  # type: ignore[attr-defined]
    raise err
