"""`--executor ray` (docs/scale.md): the example task's oracle and noop on a local two-node Ray
cluster (loopback) get the verdicts of a local run; a worker killed mid-run leaves a sealed
harness_error bundle and the run is retried once on the other node."""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

# the cluster stays on loopback (set before Ray is imported: its nodes inherit it)
os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
ray = pytest.importorskip("ray")
from ray.cluster_utils import Cluster  # noqa: E402

pytestmark = pytest.mark.slow
ROOT = Path(__file__).parents[2]
TASK = "example-00-staffline-hello"
SAMPLES = ROOT / "traces" / "samples"


@pytest.fixture(scope="module")
def cluster():
    c = Cluster(initialize_head=True, head_node_args={"num_cpus": 1, "node_ip_address": "127.0.0.1",
                                                       "include_dashboard": False})
    c.add_node(num_cpus=1, node_ip_address="127.0.0.1")
    c.wait_for_nodes()
    yield c
    c.shutdown()


def ibench(*args, **kw):
    return subprocess.Popen([sys.executable, "-m", "ibench.cli", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT, **kw)


def outcome(verdict):
    return (verdict["outcome"], verdict["score"], verdict["solved"],
            [(c["id"], c["passed"], c.get("credit")) for c in verdict["criteria"]])


@pytest.mark.parametrize("agent", ["oracle", "noop"])
def test_runs_on_ray_get_the_local_verdicts(cluster, tmp_path, agent):
    proc = ibench("run", "--task", TASK, "--agent", agent, "--executor", "ray", "--ray-address", cluster.address,
                  "--out", str(tmp_path), "--job", "j")
    out, err = proc.communicate(timeout=280)
    assert proc.returncode in (0, 1), err[-3000:]
    assert "on Ray" in err and "Traceback" not in err
    bundle = tmp_path / "j" / f"{TASK}__{agent}__t1"
    ray_verdict = json.loads((bundle / "verdict.json").read_text())
    local = json.loads((SAMPLES / f"{TASK}__{agent}__t1" / "verdict.json").read_text())
    assert outcome(ray_verdict) == outcome(local)
    where = json.loads((tmp_path / "j" / ".workers" / f"{TASK}__{agent}__t1.json").read_text())
    assert where["attempt"] == 1 and where["node_id"]


def test_a_worker_killed_mid_run_is_retried_once_elsewhere(cluster, tmp_path):
    run_id = f"{TASK}__oracle__t1"
    proc = ibench("run", "--task", TASK, "--agent", "oracle", "--executor", "ray", "--ray-address", cluster.address,
                  "--out", str(tmp_path), "--job", "j")
    marker = tmp_path / "j" / ".workers" / f"{run_id}.json"
    bundle = tmp_path / "j" / run_id
    deadline = time.monotonic() + 120
    while not ((bundle / "events.jsonl").exists() and marker.exists()):
        assert time.monotonic() < deadline and proc.poll() is None, proc.stderr.read()[-3000:]
        time.sleep(0.1)
    first = json.loads(marker.read_text())
    os.kill(first["pid"], signal.SIGKILL)  # the worker dies mid-run
    out, err = proc.communicate(timeout=280)
    assert proc.returncode == 0, err[-3000:]
    assert "was lost" in err and "once more elsewhere" in err
    second = json.loads(marker.read_text())
    assert second["attempt"] == 2 and second["node_id"] != first["node_id"]
    verdict = json.loads((bundle / "verdict.json").read_text())
    assert verdict["solved"] and verdict["score"] == 100
    lost = json.loads((tmp_path / "j" / f"{run_id}~1" / "verdict.json").read_text())
    assert lost["outcome"] == "harness_error" and "lost" in lost["cause"]
    # the leaderboard counts the retried run and lists the lost one apart, never as a zero
    board = subprocess.run([sys.executable, "-m", "ibench.cli", "leaderboard", str(tmp_path / "j"), "--format", "json"],
                           capture_output=True, text=True, cwd=ROOT, timeout=120)
    agents = json.loads(board.stdout)["agents"]
    assert agents["oracle"]["completed"] == 1 and agents["oracle"]["harness_error"] == 1
    assert agents["oracle"]["mean_score"] == 100
