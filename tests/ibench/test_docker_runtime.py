"""`--runtime docker` (docs/runtime.md, "Containers"): the example task's oracle and noop in
containers get the verdicts of a local run; the agent's container is confined as the bubblewrap
sandbox is (no tasks, no recorder files, no vendor port, read-only root, the sandbox uid);
a step killed at its time limit leaves no container behind; a lab's image is used when named.

The daemon is started here the way the machine allows (no bridge, no firewall rules) unless
DOCKER_HOST already names one that answers; where neither works the tests skip, saying why."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]
ROOT = Path(__file__).parents[2]
TASK = "example-00-staffline-hello"
SAMPLES = ROOT / "traces" / "samples"


def _answers(host: str) -> bool:
    if shutil.which("docker") is None:
        return False
    proc = subprocess.run(["docker", "-H", host, "version", "--format", "{{.Server.Version}}"],
                          capture_output=True, timeout=20)
    return proc.returncode == 0


@pytest.fixture(scope="module")
def docker_host():
    if os.geteuid() != 0:
        pytest.skip("--runtime docker needs root")
    if shutil.which("docker") is None:
        pytest.skip("no docker client here (apt-get install docker.io)")
    given = os.environ.get("DOCKER_HOST")
    if given and _answers(given):
        yield given
        return
    if shutil.which("dockerd") is None:
        pytest.skip("no dockerd here (apt-get install docker.io)")
    # short paths: containerd's sockets live under the exec root (a unix socket path has 108 bytes)
    root = Path(tempfile.mkdtemp(prefix="ibd-", dir="/tmp"))
    host = f"unix://{root}/docker.sock"
    log = open(root / "dockerd.log", "wb")
    proc = subprocess.Popen(["dockerd", "--iptables=false", "--ip6tables=false", "--bridge=none",
                             "--data-root", str(root / "data"), "--exec-root", str(root / "x"),
                             "--pidfile", str(root / "pid"), "-H", host],
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 60
    while not _answers(host):
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            tail = (root / "dockerd.log").read_text(errors="replace")[-500:]
            shutil.rmtree(root, ignore_errors=True)
            pytest.skip(f"dockerd did not start here: {tail}")
        time.sleep(0.3)
    yield host
    proc.terminate()
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    log.close()
    _unmount_below(root)
    shutil.rmtree(root, ignore_errors=True)


def _unmount_below(root: Path) -> None:
    """What the daemon left mounted under its roots (its default netns, overlay layers)."""
    with open("/proc/self/mounts") as fh:
        points = [line.split()[1] for line in fh if line.split()[1].startswith(str(root) + "/")]
    for point in sorted(points, key=len, reverse=True):
        subprocess.run(["umount", "-l", point], capture_output=True)


@pytest.fixture
def docker_env(docker_host, monkeypatch):
    monkeypatch.setenv("DOCKER_HOST", docker_host)
    from ibench import docker_runtime

    docker_runtime.unavailable_reason.cache_clear()
    docker_runtime.has_host_mounts.cache_clear()
    yield {**os.environ, "DOCKER_HOST": docker_host}
    docker_runtime.unavailable_reason.cache_clear()
    docker_runtime.has_host_mounts.cache_clear()


def containers(host: str) -> list[str]:
    out = subprocess.run(["docker", "-H", host, "ps", "-a", "--format", "{{.Names}}"], capture_output=True,
                         text=True, check=True).stdout
    return [n for n in out.split() if n.startswith("ibench-") and not n.startswith("ibench-host")]


def ibench(*args, env):
    return subprocess.run([sys.executable, "-m", "ibench.cli", *args], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=400)


def outcome(verdict):
    return (verdict["outcome"], verdict["score"], verdict["solved"],
            [(c["id"], c["passed"], c.get("credit")) for c in verdict["criteria"]])


@pytest.mark.parametrize("agent", ["oracle", "noop"])
def test_runs_in_containers_get_the_local_verdicts(docker_env, tmp_path, agent):
    res = ibench("run", "--task", TASK, "--agent", agent, "--runtime", "docker", "--out", str(tmp_path),
                 "--job", "j", env=docker_env)
    assert res.returncode in (0, 1), res.stderr[-3000:]
    bundle = tmp_path / "j" / f"{TASK}__{agent}__t1"
    verdict = json.loads((bundle / "verdict.json").read_text())
    local = json.loads((SAMPLES / f"{TASK}__{agent}__t1" / "verdict.json").read_text())
    assert outcome(verdict) == outcome(local)
    assert containers(docker_env["DOCKER_HOST"]) == []  # vendors, recorder, holder, steps: all gone


PROBE = r"""
import glob, json, os, urllib.request, urllib.error
found = {"dockerenv": os.path.exists("/.dockerenv"), "uid": os.getuid(), "lab": os.environ.get("LAB_IMAGE")}
for pattern in [os.environ["PROBE_TASKS"] + "/*/criteria/*.sql", os.environ["PROBE_TASKS"] + "/*/solution/**",
                "/tmp/ib-recorder-*", "/tmp/ibench-private-*/*"]:
    found[pattern] = glob.glob(pattern, recursive=True)
try:
    open("/usr/probe-write", "w")
    found["root_writable"] = True
except OSError:
    found["root_writable"] = False
try:
    urllib.request.urlopen(os.environ["PROBE_UPSTREAM"] + "/v1/candidates", timeout=5)
    found["direct"] = "served"
except urllib.error.HTTPError as e:
    found["direct"] = e.code
except urllib.error.URLError as e:
    found["direct"] = type(e.reason).__name__
try:
    urllib.request.urlopen(os.environ["STAFFLINE_BASE_URL"] + "/docs/", timeout=10)
    found["proxy"] = "served"
except Exception as e:
    found["proxy"] = repr(e)
open("probe.json", "w").write(json.dumps(found))
"""


def _probe_run(tmp_path, monkeypatch, mode):
    import ibench.runner as runner
    from ibench.agents import AgentSpec
    from ibench.catalog import select
    from ibench.runner import execute_run

    entry = select(ROOT / "tasks", TASK)[0]
    real_env = runner.integration_env

    def leaky_env(vendors, *args):
        env = real_env(vendors, *args)
        env["PROBE_UPSTREAM"] = vendors["staffline"].upstream_url  # what a port scan would find
        env["PROBE_TASKS"] = str(entry.path.parent)
        return env

    monkeypatch.setattr(runner, "integration_env", leaky_env)
    agent = AgentSpec("probe", "cmd", f"cat > probe.py <<'EOF'\n{PROBE}\nEOF\npython3 probe.py")
    result = execute_run(entry, agent, 1, tmp_path / "traces", mode)
    patch = (result.bundle / "workspace.patch").read_text()
    line = next(l for l in patch.splitlines() if l.startswith('+{"'))
    return result, json.loads(line[1:])


def test_the_agent_container_is_confined(docker_env, tmp_path, monkeypatch):
    from ibench.docker_runtime import choose_docker_mode

    result, found = _probe_run(tmp_path, monkeypatch, choose_docker_mode(None))
    assert found["dockerenv"] is True and found["uid"] == 60999
    assert all(v == [] for k, v in found.items() if k.startswith("/")), found
    assert found["root_writable"] is False
    assert found["direct"] == "ConnectionRefusedError"  # no vendor port in the run's network
    assert found["proxy"] == "served"  # the recorder's listener is
    assert result.outcome == "completed" and not result.solved


def test_a_named_agent_image_is_the_one_used(docker_env, tmp_path, monkeypatch):
    from ibench.docker_runtime import HOST_IMAGE, choose_docker_mode, ensure_host_image

    ensure_host_image()
    build = subprocess.run(["docker", "-H", docker_env["DOCKER_HOST"], "build", "-q", "-t", "ibench-lab-test:1", "-"],
                           input=f"FROM {HOST_IMAGE}\nENV LAB_IMAGE=lab-1\n", capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    _, found = _probe_run(tmp_path, monkeypatch, choose_docker_mode("ibench-lab-test:1"))
    assert found["lab"] == "lab-1" and found["dockerenv"] is True


def test_a_step_killed_at_its_time_limit_leaves_no_container(docker_env, tmp_path):
    from ibench.agents import run_process
    from ibench.docker_runtime import DockerSandbox, choose_docker_mode

    ws = tmp_path / "ws"
    ws.mkdir()
    box = DockerSandbox(choose_docker_mode(None), writable=(ws,))
    box.open_network([], None)
    try:
        argv = box.wrap(["/bin/sh", "-c", "echo started; sleep 120"], ws, {"PATH": "/usr/bin:/bin"})
        t0 = time.monotonic()
        try:
            res = run_process(argv, ws, {"PATH": os.environ["PATH"]}, 3, tmp_path / "step.log")
        finally:
            box.reap(argv)
        assert res.timed_out and time.monotonic() - t0 < 30
        assert "started" in (tmp_path / "step.log").read_text()
        names = containers(docker_env["DOCKER_HOST"])
        assert names == [box.holder]  # the step's container is gone; the run's network stays
    finally:
        box.close()
    assert containers(docker_env["DOCKER_HOST"]) == []


def test_a_missing_image_or_daemon_is_one_clear_message(docker_env, tmp_path):
    res = ibench("run", "--task", TASK, "--agent", "noop", "--runtime", "docker", "--agent-image", "no-such:image",
                 "--out", str(tmp_path), env=docker_env)
    assert res.returncode == 2 and "no such image" in res.stderr and "Traceback" not in res.stderr
    res = ibench("run", "--task", TASK, "--agent", "noop", "--runtime", "docker", "--out", str(tmp_path),
                 env={**docker_env, "DOCKER_HOST": f"unix://{tmp_path}/none.sock"})
    assert res.returncode == 2 and "daemon does not answer" in res.stderr and "Traceback" not in res.stderr
    res = ibench("run", "--task", TASK, "--agent", "noop", "--agent-image", "x", "--out", str(tmp_path), env=docker_env)
    assert res.returncode == 2 and "--agent-image needs --runtime docker" in res.stderr
