"""What Ray costs against local threads for a sweep: the same N runs (the example task, oracle
and noop alternating, one trial each under distinct agent names) once with
`ibench run --jobs 2` and once with `--executor ray` on a local two-node Ray cluster of one CPU
per node (both on loopback), in one invocation, order alternated per round. Prints each sweep's
wall time, the ratio ray/local (the goal: close to 1, Ray's price is its start-up and task
dispatch), and the per-run cost docs/scale.md turns into a 5,000-run estimate (CPU-seconds
per run: the sweep's wall time × its 2 CPUs / runs).

    .venv/bin/python benchmarks/ray_sweep.py [--runs 20] [--rounds 1]

Compare ratios, not times: a shared machine varies.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")  # the cluster stays on loopback

ROOT = Path(__file__).resolve().parent.parent
TASK = "example-00-staffline-hello"


def sweep(out: Path, runs: int, extra: list[str]) -> float:
    """`runs` runs as trials of one task: --trials N of the oracle (half) and of noop (half)."""
    t0 = time.monotonic()
    for agent, n in (("oracle", runs - runs // 2), ("noop", runs // 2)):
        proc = subprocess.run([sys.executable, "-m", "ibench.cli", "run", "--task", TASK, "--agent", agent,
                               "--trials", str(n), "--out", str(out), "--job", f"{agent}", *extra],
                              capture_output=True, text=True, cwd=ROOT)
        if proc.returncode not in (0, 1):
            raise SystemExit(f"sweep failed: {proc.stderr[-2000:]}")
    solved = sum(json.loads(v.read_text()).get("solved") is True for v in out.glob("*/*/verdict.json"))
    if solved != runs - runs // 2:
        raise SystemExit(f"expected {runs - runs // 2} solved oracle runs, got {solved}")
    return time.monotonic() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=1)
    args = ap.parse_args()
    import ray
    from ray.cluster_utils import Cluster

    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1, "node_ip_address": "127.0.0.1",
                                                             "include_dashboard": False})
    cluster.add_node(num_cpus=1, node_ip_address="127.0.0.1")
    cluster.wait_for_nodes()
    results: dict[str, list[float]] = {"local": [], "ray": []}
    try:
        for r in range(args.rounds):
            order = ("local", "ray") if r % 2 == 0 else ("ray", "local")
            for kind in order:
                with tempfile.TemporaryDirectory(prefix=f"ibench-bench-{kind}-") as tmp:
                    extra = ["--jobs", "2"] if kind == "local" else ["--executor", "ray", "--ray-address", cluster.address]
                    wall = sweep(Path(tmp), args.runs, extra)
                    results[kind].append(wall)
                    print(f"round {r + 1} {kind:5s}: {args.runs} runs in {wall:6.1f} s "
                          f"({args.runs / wall * 60:.1f} runs/min)", flush=True)
    finally:
        cluster.shutdown()
        ray.shutdown()
    local, ray_wall = statistics.median(results["local"]), statistics.median(results["ray"])
    print(f"median wall: local --jobs 2 {local:.1f} s, ray 2 workers {ray_wall:.1f} s; "
          f"ratio ray/local {ray_wall / local:.2f}")
    print(f"per run on 2 CPUs: local {local / args.runs * 2:.1f} CPU-s, ray {ray_wall / args.runs * 2:.1f} CPU-s")


if __name__ == "__main__":
    main()
