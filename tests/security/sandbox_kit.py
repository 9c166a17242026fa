"""Building blocks for the sandbox attack tests: a small Placemint task whose connector is
hostile (hostile_conn.py), canaries planted where the sandbox must not show anything, the
host's listening ports read from /proc/net/tcp, and runs through the harness's entry point
(`execute_run`) with the probe's instructions added to the integration's environment."""
from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

import ibench.runner as runner
from ibench.catalog import select
from ibench.runner import PROJECT_ROOT, execute_run

HERE = Path(__file__).parent
TASK_ID = "example-90-placemint-sandbox-probe"


def sandbox_problem() -> str | None:
    from ibench.sandbox import unavailable_reason

    return unavailable_reason()


needs_sandbox = pytest.mark.skipif(sandbox_problem() is not None,
                                   reason=f"no bwrap sandbox here: {sandbox_problem()}")
needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="needs root (network namespaces, cgroups, canaries in /root)")

PROBE_STEPS = [
    {"reset": {}},
    {"clock": {"host_offset_s": 0}},
    {"id": "probe", "run": {"entry": "probe", "timeout_s": 300}},
]
LEGIT_STEPS = [
    {"id": "setup", "run": {"entry": "setup", "timeout_s": 60}},
    {"serve": "start"},
    {"id": "create", "mutate": {"vendor": "placemint", "ops": [{"op": "create", "table": "placements", "values": {
        "candidate_email": "sandbox.probe@temps.example", "candidate_name": "Sandbox Probe",
        "client_code": "KCC-LIB", "job_title": "Library Assistant", "start_date": "2026-03-09",
        "rate_cents": 1720, "currency": "gbp", "external_ref": "SBX-1"}}]}},
    {"id": "drain", "wait": {"seconds": 15, "outbox_empty": True}},
    {"serve": "stop"},
    {"id": "count", "run": {"entry": "count", "timeout_s": 30}},
]
REAP_STEPS = [
    {"id": "plant", "run": {"entry": "plant", "timeout_s": 30}},
    {"id": "check", "run": {"entry": "check", "timeout_s": 30}},
]


def write_task(tasks_dir: Path, scenario: list[dict], time_limit_s: int = 600) -> Path:
    d = tasks_dir / TASK_ID
    (d / "repo" / "conn").mkdir(parents=True)
    (d / "repo" / "conn" / "__init__.py").write_text("")
    shutil.copy(HERE / "hostile_conn.py", d / "repo" / "conn" / "__main__.py")
    (d / "TICKET.md").write_text("Sandbox probe: not a real task.\n")
    spec = {
        "id": TASK_ID, "title": "Sandbox probe", "kind": "example", "version": "1",
        "vendors": [{"name": "placemint", "dataset": "small", "seed": 1}],
        "entry": {"probe": "python -m conn probe connector", "setup": "python -m conn setup",
                  "serve": "python -m conn serve", "count": "python -m conn count",
                  "plant": "python -m conn plant step", "check": "python -m conn check step"},
        "receiver": True, "agent": {"time_limit_s": time_limit_s}, "scenario": scenario,
    }
    (d / "task.yaml").write_text(yaml.safe_dump(spec, sort_keys=False))
    return d


def host_listening_ports() -> set[int]:
    """Every TCP port something listens on in the host's network namespace (state 0A)."""
    ports = set()
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(name).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if fields[3] == "0A":
                ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


@dataclass
class Canaries:
    token: str
    paths: list[Path]  # files whose names carry the token, planted across the host
    agentcfg: Path  # a named agent's ro_paths folder: `public` (0644) and `secret` (0600, root)
    marker: str  # in the argv of every survivor a connector plants
    tasks_dir: Path  # the run's own tasks folder (its name carries the token too)
    out_dir: Path  # the run's own trace directory (same)
    extra_dirs: list[Path]

    def spec(self) -> dict:
        return {"token": self.token, "canaries": [str(p) for p in self.paths], "agentcfg": str(self.agentcfg),
                "marker": self.marker,
                "hidden": [str(PROJECT_ROOT), str(self.tasks_dir), str(self.out_dir), str(PROJECT_ROOT / "tasks")]}


def plant_canaries(tmp_path: Path) -> Canaries:
    token = "ibcanary" + secrets.token_hex(6)
    from ibench.integration_runtime import runtime_home

    home = Path(f"/home/{token}-home")
    places = [Path("/root") / f"{token}.txt", runtime_home() / f"{token}-beside-runtime.txt",
              home / ".ssh" / f"{token}-id_ed25519", Path("/opt") / f"{token}.txt", Path("/srv") / f"{token}.txt",
              Path("/mnt") / f"{token}.txt", Path("/tmp") / f"{token}.txt",
              Path("/var/tmp") / f"{token}-traces" / "build-01__oracle__t1" / f"{token}-verdict.json",
              Path("/var/tmp") / f"{token}-tasks" / "build-99-secret" / "solution" / f"{token}-solution.py"]
    for p in places:
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(f"{token}\n")
    agentcfg = Path("/var/tmp") / f"ibench-agentcfg-{secrets.token_hex(4)}"
    agentcfg.mkdir()
    os.chmod(agentcfg, 0o755)
    (agentcfg / "public").write_text("the agent's own config\n")
    os.chmod(agentcfg / "public", 0o644)
    (agentcfg / "secret").write_text("root only\n")
    os.chmod(agentcfg / "secret", 0o600)
    tasks_dir, out_dir = tmp_path / f"{token}-tasks", tmp_path / f"{token}-traces"
    tasks_dir.mkdir()
    extra = [home, Path("/var/tmp") / f"{token}-traces", Path("/var/tmp") / f"{token}-tasks", agentcfg]
    return Canaries(token, places, agentcfg, f"ibench-survivor-{token}", tasks_dir, out_dir, extra)


def bare_spec(tmp_path: Path) -> Canaries:
    """No canaries planted: just the survivor marker and the run's own folders (reaping tests)."""
    token = "ibreap" + secrets.token_hex(6)
    tasks_dir, out_dir = tmp_path / "tasks", tmp_path / "traces"
    tasks_dir.mkdir()
    return Canaries(token, [], tmp_path / "no-agentcfg", f"ibench-survivor-{token}", tasks_dir, out_dir, [])


def remove_canaries(c: Canaries) -> None:
    kill_marked(c.marker)
    for p in c.paths:
        p.unlink(missing_ok=True)
    for d in c.extra_dirs:
        shutil.rmtree(d, ignore_errors=True)


def marked_processes(marker: str) -> list[int]:
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            argv = Path(f"/proc/{name}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if marker.encode() in argv:
            found.append(int(name))
    return found


def kill_marked(marker: str) -> None:
    for pid in marked_processes(marker):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


@dataclass
class Run:
    result: object
    env: dict  # the integration's environment as the harness built it
    host_ports: set[int]
    decoy_port: int

    def log(self, name: str) -> str:
        return (self.result.bundle / "logs" / f"{name}.log").read_text(errors="replace")

    def record(self, name: str, tag: str) -> dict:
        """The last `TAG {json}` line the connector printed in the `name` step's log."""
        lines = [line for line in self.log(name).splitlines() if line.startswith(tag + " ")]
        assert lines, f"no {tag} line in logs/{name}.log:\n{self.log(name)[-3000:]}"
        return json.loads(lines[-1][len(tag) + 1:])

    @property
    def allowed_ports(self) -> set[int]:
        """The public ports the run's URLs name: the recorder's vendor and receiver listeners."""
        from urllib.parse import urlsplit

        urls = [v for k, v in self.env.items() if k.endswith("_BASE_URL") or k == "IB_RECEIVER_URL"]
        return {urlsplit(u).port for u in urls}


def run_probe(monkeypatch, canaries: Canaries, scenario: list[dict], agent, mode: str,
              time_limit_s: int = 600, keep_workspace: bool = False) -> Run:
    """One run through the harness. A decoy listener on the host stands for another run's port."""
    write_task(canaries.tasks_dir, scenario, time_limit_s)
    entry = select(canaries.tasks_dir, TASK_ID)[0]
    seen: dict = {}
    real_env = runner.integration_env
    decoy = socket.socket()
    decoy.bind(("127.0.0.1", 0))
    decoy.listen()
    decoy_port = decoy.getsockname()[1]

    def probing_env(*args):
        env = real_env(*args)
        seen.update(env)
        # read outside, while the run's recorder and vendors listen: what a scan could find
        seen["__host_ports"] = sorted(host_listening_ports())
        return {**env, "IBENCH_PROBE_SPEC": json.dumps(canaries.spec()),
                "IBENCH_HOST_PORTS": json.dumps(seen["__host_ports"])}

    monkeypatch.setattr(runner, "integration_env", probing_env)
    try:
        result = execute_run(entry, agent, 1, canaries.out_dir, mode, keep_workspace=keep_workspace)
    finally:
        decoy.close()
    return Run(result, seen, set(seen.pop("__host_ports", [])), decoy_port)

