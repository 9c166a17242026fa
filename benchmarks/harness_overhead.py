"""Benchmark: the harness's own time per run, against the integration's.

    .venv/bin/python benchmarks/harness_overhead.py [--runs 10] [--task example-00-staffline-hello]
        [--agent noop]

Runs `ibench run --task TASK --agent AGENT` RUNS times, each as the user would (a process of its
own), and splits each run's wall time by stage from the timestamps the bundle carries
(manifest.json `started_at`/`ended_at`, the `phase` and `step` events):

- cli start:  launching the command until the run begins (interpreter, imports, task loading);
- set-up:     until the agent phase starts (runtime, vendors, recorder, workspace, sandbox);
- agent:      the agent phase;
- scenario:   the scenario's steps, split into the integration's `run` steps, designed waits
  (`wait` steps) and the harness's own steps (reset, checkpoints, mutations, ...);
- teardown:   from the last step until the bundle is sealed (receiver, sandbox, recorder,
  vendors, manifest);
- grade+exit: grading, the verdict and the command's exit.

Overhead = wall − integration − designed waits − agent. Prints every stage's median and the
median overhead against the goal of 2.5 s (issue "Speed at archive scale"; measure on an idle
machine: on a loaded one every stage stretches). Nothing here is a timed test assertion.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOAL_S = 2.5


def _t(iso: str) -> float:
    return datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp()


def stages(bundle: Path, launched: float, exited: float) -> dict[str, float]:
    manifest = json.loads((bundle / "manifest.json").read_text())
    events = [json.loads(line) for line in (bundle / "events.jsonl").read_text().splitlines() if line.strip()]
    start, end = _t(manifest["started_at"]), _t(manifest["ended_at"])
    agent = [e for e in events if e.get("type") == "phase" and e.get("name") == "agent"]
    a0 = _t(next(e["at"] for e in agent if e.get("state") == "start"))
    a1 = _t(next(e["at"] for e in agent if e.get("state") == "end"))
    steps = [e for e in events if e.get("type") == "step"]
    by_kind: dict[str, float] = {}
    for e in steps:
        by_kind[e["kind"]] = by_kind.get(e["kind"], 0.0) + float(e.get("duration_s") or 0.0)
    last = max((_t(e["at"]) for e in steps), default=a1)  # a step's event is written as it ends
    out = {
        "cli start": start - launched,
        "set-up": a0 - start,
        "agent": a1 - a0,
        "scenario: integration runs": by_kind.get("run", 0.0),
        "scenario: designed waits": by_kind.get("wait", 0.0),
        "scenario: harness steps": sum(v for k, v in by_kind.items() if k not in ("run", "wait")),
        "scenario: between steps": max(0.0, (last - a1) - sum(by_kind.values())),
        "teardown": end - last,
        "grade+exit": exited - end,
        "wall": exited - launched,
    }
    out["overhead"] = out["wall"] - out["scenario: integration runs"] - out["scenario: designed waits"] - out["agent"]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--task", default="example-00-staffline-hello")
    ap.add_argument("--agent", default="noop")
    args = ap.parse_args()
    out = Path(tempfile.mkdtemp(prefix="ib-overhead-"))
    cmd = [sys.executable, "-m", "ibench.cli", "run", "--task", args.task, "--agent", args.agent,
           "--out", str(out)]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    rows = []
    try:
        # one unmeasured run first: the runtime venv and the host image are built on first use
        subprocess.run(cmd + ["--job", "warm-up"], capture_output=True, env=env, cwd=ROOT)
        for i in range(args.runs):
            launched = time.time()
            r = subprocess.run(cmd + ["--job", f"run{i}"], capture_output=True, text=True, env=env, cwd=ROOT)
            exited = time.time()
            bundles = [p for p in (out / f"run{i}").iterdir() if (p / "manifest.json").is_file()]
            if r.returncode not in (0, 1) or not bundles:
                print(r.stdout[-1500:], r.stderr[-1500:], sep="\n")
                print(f"FAIL: run {i} did not complete")
                return 1
            rows.append(stages(bundles[0], launched, exited))
    finally:
        shutil.rmtree(out, ignore_errors=True)
    print(f"{args.runs} runs of {args.task} with agent {args.agent}; median (min–max) per stage, seconds")
    for k in rows[0]:
        xs = [r[k] for r in rows]
        print(f"  {k:<28} {statistics.median(xs):6.2f}  ({min(xs):.2f}–{max(xs):.2f})")
    med = statistics.median(r["overhead"] for r in rows)
    print(f"overhead (wall − integration − designed waits − agent): median {med:.2f} s "
          f"(goal <= {GOAL_S:g} s: {'met' if med <= GOAL_S else 'NOT met'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
