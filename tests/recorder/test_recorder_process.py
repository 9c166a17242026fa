"""The recorder process: readiness, clear start-up errors (exit 2), clean stop on SIGTERM/SIGINT
(no port left bound, no traceback), a trace write failure stops the run (exit 3), and the same
profile with the same traffic fires the same faults."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys

import httpx
import pytest
import yaml

from recorder.process import RecorderStartError, start_recorder
from recorder_testkit import make_config, read_events, read_rows


def port_free(port: int) -> bool:
    """Nothing listens on the port any more: connecting is refused and a server could bind it
    (SO_REUSEADDR, as servers do: closed connections may linger in TIME_WAIT)."""
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return False
    except ConnectionRefusedError:
        pass
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        s.bind(("127.0.0.1", port))
        s.listen()
        return True
    except OSError:
        return False
    finally:
        s.close()


@pytest.fixture
def pm(upstreams):
    return {"placemint": upstreams[1]["placemint"]}


def test_ready_line_and_file(tmp_path, pm, receiver, work_dir):
    handle = start_recorder(make_config(tmp_path / "b", pm, receiver[1], work_dir=work_dir), timeout=60)
    try:
        ready = json.loads((tmp_path / "b" / "ready.json").read_text())
        assert ready == handle.ready
        assert set(ready) >= {"vendors", "receiver", "control", "pid", "run_id"}
        assert ready["vendors"]["placemint"]["port"] > 0 and ready["receiver"]["port"] > 0
        assert handle.client().health()["ok"] is True
    finally:
        assert handle.stop() == 0


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_clean_stop_frees_ports_and_writes_parquet(tmp_path, pm, receiver, work_dir, sig):
    handle = start_recorder(make_config(tmp_path / "b", pm, receiver[1], work_dir=work_dir), timeout=60)
    ports = [handle.vendor_ports["placemint"], handle.receiver_port, handle.control_port]
    with httpx.Client() as c:  # an idle keep-alive connection stays open during the stop
        c.get(f"{handle.vendor_url('placemint')}/v1/items")
        handle.proc.send_signal(sig)
        assert handle.proc.wait(30) == 0
    handle.stop()
    stderr = handle.stderr_text()
    assert "Traceback" not in stderr and stderr.strip() == ""
    assert all(port_free(p) for p in ports)
    assert (tmp_path / "b" / "exchanges.parquet").exists()
    assert len(read_rows(tmp_path / "b")) == 1


def test_port_in_use_is_a_clear_error(tmp_path, pm, work_dir):
    blocker = socket.socket()
    blocker.bind(("127.0.0.1", 0))
    blocker.listen()
    busy = blocker.getsockname()[1]
    try:
        cfg = make_config(tmp_path / "b", pm, work_dir=work_dir)
        cfg["vendors"][0]["listen_port"] = busy
        with pytest.raises(RecorderStartError) as info:
            start_recorder(cfg, timeout=60)
        assert info.value.returncode == 2
        assert info.value.stderr == f"recorder: error: port {busy} is already in use (listener for vendor placemint)"
        cfg = make_config(tmp_path / "c", pm, work_dir=work_dir, control={"port": busy, "token": "tok-123456789"})
        with pytest.raises(RecorderStartError) as info:
            start_recorder(cfg, timeout=60)
        assert info.value.returncode == 2 and "already in use (control channel)" in info.value.stderr
        assert "Traceback" not in info.value.stderr
    finally:
        blocker.close()


def test_bad_config_exits_2_naming_rule_and_field(tmp_path, pm):
    cfg = make_config(tmp_path / "b", pm)
    cfg["faults"] = {"seed": 1, "rules": [{"id": "flaky-candidates", "when": {"nth": [0]}, "action": {"status": 503}}]}
    path = tmp_path / "run.yaml"
    path.write_text(yaml.safe_dump(cfg))
    proc = subprocess.run([sys.executable, "-m", "recorder", "--config", str(path)], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 2 and proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "flaky-candidates" in lines[0] and "when.nth" in lines[0]
    path.write_text("run_id: [unclosed")
    proc = subprocess.run([sys.executable, "-m", "recorder", "--config", str(path)], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 2 and "not valid YAML" in proc.stderr and "Traceback" not in proc.stderr


def test_trace_write_failure_stops_the_run(tmp_path, pm, work_dir):
    out = tmp_path / "b"
    out.mkdir()
    os.symlink("/dev/full", out / "exchanges.jsonl")  # every write fails with ENOSPC
    handle = start_recorder(make_config(out, pm, work_dir=work_dir), timeout=60)
    with pytest.raises(httpx.RemoteProtocolError):  # no unrecorded response reaches the client
        httpx.get(f"{handle.vendor_url('placemint')}/v1/items")
    assert handle.proc.wait(30) == 3
    stderr = handle.stderr_text()
    assert "cannot write exchanges.jsonl" in stderr and "No space left on device" in stderr
    assert "Traceback" not in stderr
    handle.stop()
    assert port_free(handle.vendor_ports["placemint"])


def _run_sequence(tmp_path, name, pm, work_dir, profile):
    handle = start_recorder(make_config(tmp_path / name, pm, work_dir=work_dir, faults=profile), timeout=60)
    base = handle.vendor_url("placemint")
    with httpx.Client() as c:
        for i in range(30):
            try:
                if i % 3 == 0:
                    c.post(f"{base}/v1/items", json={"i": i})
                else:
                    c.get(f"{base}/v1/items" if i % 2 else f"{base}/echo", params={"i": i})
            except httpx.HTTPError:
                pass
    assert handle.stop() == 0
    rows = read_rows(tmp_path / name)
    return [(r["seq"], r["method"], r["path"], r["fault"], r["fault_action"], r["status"]) for r in rows]


def test_same_profile_same_traffic_same_faults(tmp_path, pm, work_dir):
    profile = {"seed": 11, "rules": [
        {"id": "coin", "match": {"path": "/v1/items"}, "when": {"prob": 0.3}, "action": {"status": 503, "retry_after": 1}},
        {"id": "every4", "match": {"method": "POST"}, "when": {"every": 4}, "action": {"commit_then_drop": True}},
        {"id": "third-echo", "match": {"path": "/echo"}, "when": {"nth": [3]}, "action": {"malformed": True}},
    ]}
    first = _run_sequence(tmp_path, "one", pm, work_dir, profile)
    second = _run_sequence(tmp_path, "two", pm, work_dir, profile)
    assert first == second
    assert {"coin", "every4", "third-echo"} <= {r[3] for r in first if r[3]}
    events = [e for e in read_events(tmp_path / "one") if e["type"] == "fault"]
    assert [(e["seq"], e["rule"]) for e in events] == [(r[0], r[3]) for r in first if r[3]]


# -- secrets (docs/recorder.md "Run config"): a same-user process cannot read the run's nonce
# or control token from the recorder's command line, environment, open files or a temp file.

def _proc_text(pid: int, name: str) -> str:
    with open(f"/proc/{pid}/{name}", "rb") as fh:
        return fh.read().decode("utf-8", "replace")


def _open_regular_files(pid: int) -> list[str]:
    out = []
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if target.startswith("/") and os.path.isfile(target):
            out.append(target)
    return out


def _temp_files_holding(secret: str) -> list[str]:
    import tempfile

    found = []
    root = tempfile.gettempdir()
    for name in os.listdir(root):
        path = os.path.join(root, name)
        if not name.startswith("ib-recorder-") or not os.path.isfile(path) or os.path.islink(path):
            continue
        try:
            with open(path, "rb") as fh:
                if secret.encode() in fh.read(1 << 20):
                    found.append(path)
        except OSError:
            pass
    return found


def test_secrets_are_not_on_the_command_line_in_the_environment_or_in_a_file(tmp_path, pm, work_dir):
    import secrets as _secrets
    import stat

    nonce, token = "n-" + _secrets.token_hex(12), "t-" + _secrets.token_hex(12)
    cfg = make_config(tmp_path / "b", pm, work_dir=work_dir, nonce=nonce,
                      control={"port": 0, "token": token})
    handle = start_recorder(cfg, timeout=60)
    try:
        assert handle.client().health()["ok"] is True  # the token did reach the recorder
        cmdline, environ = _proc_text(handle.pid, "cmdline"), _proc_text(handle.pid, "environ")
        assert "--config-fd" in cmdline
        for secret in (nonce, token):
            assert secret not in cmdline and secret not in environ
            assert _temp_files_holding(secret) == []
            for path in _open_regular_files(handle.pid):
                if os.access(path, os.R_OK) and os.path.getsize(path) < (8 << 20):
                    with open(path, "rb") as fh:
                        assert secret.encode() not in fh.read(), path
        # the one harness file start_recorder creates (the recorder's stderr) is private
        assert stat.S_IMODE(os.stat(handle.stderr_path).st_mode) == 0o600
    finally:
        assert handle.stop() == 0
    assert not handle.stderr_path.exists()


def test_config_fd_that_is_not_json_is_a_start_up_error(tmp_path):
    read_fd, write_fd = os.pipe()
    os.write(write_fd, b"{not json")
    os.close(write_fd)
    proc = subprocess.run([sys.executable, "-m", "recorder", "--config-fd", str(read_fd)],
                          pass_fds=(read_fd,), capture_output=True, text=True, timeout=60)
    os.close(read_fd)
    assert proc.returncode == 2 and proc.stderr.startswith("recorder: error: run config (fd")
    assert "Traceback" not in proc.stderr


PARENT = """
import json, subprocess, sys
proc = subprocess.Popen([sys.executable, "-m", "recorder", "--config", sys.argv[1]])
print(proc.pid, flush=True)
proc.wait()
"""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_a_recorder_whose_harness_is_killed_stops_and_keeps_its_trace(tmp_path, pm, work_dir):
    import time

    cfg = tmp_path / "run.json"
    cfg.write_text(json.dumps(make_config(tmp_path / "b", pm, work_dir=work_dir)))
    parent = subprocess.Popen([sys.executable, "-c", PARENT, str(cfg)], stdout=subprocess.PIPE, text=True,
                              cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
    rec_pid = int(parent.stdout.readline())
    deadline = time.monotonic() + 60
    while not (tmp_path / "b" / "ready.json").exists():
        assert time.monotonic() < deadline and parent.poll() is None, "the recorder did not start"
        time.sleep(0.1)
    ready = json.loads((tmp_path / "b" / "ready.json").read_text())
    port = ready["vendors"]["placemint"]["port"]
    time.sleep(2.5)  # silent while its harness lives: still serving after two polls
    assert _alive(rec_pid)
    parent.kill()  # SIGKILL: no chance to stop its child
    parent.wait()
    deadline = time.monotonic() + 20
    while _alive(rec_pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _alive(rec_pid), "the orphaned recorder kept running"
    assert (tmp_path / "b" / "exchanges.parquet").exists()  # stopped as on SIGTERM: flushed
    assert port_free(port)
