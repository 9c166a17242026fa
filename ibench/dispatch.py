"""Many runs at once: (task, agent, trial) jobs, on threads of this machine (`--jobs N`) or as
Ray tasks on a cluster (`--executor ray`, ibench/ray_executor.py), with the same progress
lines, the same bundles and the same `--resume` rule either way (docs/scale.md)."""
from __future__ import annotations

import json
import threading
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from ibench.agents import STOP, AgentSpec
from ibench.catalog import TaskEntry
from ibench.runner import RunResult, execute_run, result_line, run_id_for

console = Console(stderr=True)
EXECUTORS = ("local", "ray")

# A resumed job keeps the runs that reached a verdict of their own; an interrupted run or a
# harness error is run again (its old bundle is kept as `<run id>~<n>`).
KEPT_ON_RESUME = ("completed", "agent_error", "unscored")


@dataclass(frozen=True)
class Executor:
    kind: str = "local"  # local | ray
    ray_address: str | None = None  # None: a local Ray cluster started for the job


def kept_verdict(bundle: Path) -> dict | None:
    try:
        verdict = json.loads((bundle / "verdict.json").read_text())
    except (OSError, ValueError):
        return None
    return verdict if isinstance(verdict, dict) and verdict.get("outcome") in KEPT_ON_RESUME else None


def run_many(jobs: list[tuple[TaskEntry, AgentSpec, int]], out: Path, sandbox: str, n_jobs: int,
             resume: bool = False, quiet: bool = False, executor: Executor = Executor()) -> list[RunResult]:
    """Run (task, agent, trial) jobs, `n_jobs` at a time (locally) or as the cluster allows
    (Ray), with a live progress display; with `resume`, runs whose bundle already holds a
    verdict are kept, not run again."""
    from bundle.keys import load_private_key

    load_private_key()  # every bundle is sealed with it: a bad key file stops here, before the runs
    results: list[RunResult] = []
    todo = []
    for entry, agent, trial in jobs:
        bundle = out / run_id_for(entry.spec.id, agent.name, trial, entry.variant)
        verdict = kept_verdict(bundle) if resume else None
        if verdict is not None:
            results.append(RunResult(bundle.name, entry.spec.id, agent.name, trial, bundle,
                                     verdict.get("outcome", "completed"), verdict, verdict.get("cause"),
                                     variant=entry.variant))
            continue
        todo.append((entry, agent, trial))  # a bundle left in the way is set aside, never deleted
    if executor.kind == "ray":
        from ibench.ray_executor import run_on_ray

        results += run_on_ray(todo, out, sandbox, executor.ray_address, console, quiet)
    else:
        results += _run_local(todo, out, sandbox, n_jobs, quiet)
    return sorted(results, key=lambda r: (r.task_id, r.variant, r.agent, r.trial))


def _run_local(todo, out: Path, sandbox: str, n_jobs: int, quiet: bool) -> list[RunResult]:
    results: list[RunResult] = []
    lock = threading.Lock()
    with Progress(SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(),
                  console=console, disable=quiet, transient=False) as progress:
        overall = progress.add_task(f"{len(todo)} run(s)", total=len(todo))

        def one(entry, agent, trial):
            label = run_id_for(entry.spec.id, agent.name, trial, entry.variant)
            tid = progress.add_task(f"{label}: queued", total=None)

            def on_step(s: str) -> None:
                progress.update(tid, description=f"{label}: {s}")

            try:
                res = execute_run(entry, agent, trial, out, sandbox, on_step)
            except KeyboardInterrupt:
                with lock:
                    progress.console.print(f"  {label}: interrupted; bundle kept in {out / label}")
                return None
            finally:
                progress.remove_task(tid)
            with lock:
                progress.advance(overall)
                progress.console.print(result_line(label, res))
            return res

        with ThreadPoolExecutor(max_workers=max(1, n_jobs)) as pool:
            futures = [pool.submit(one, *job) for job in todo]
            try:
                for f in as_completed(futures):
                    if f.result() is not None:
                        results.append(f.result())
            except KeyboardInterrupt:
                # Stop every run: processes are killed, bundles sealed with what was recorded.
                STOP.set()
                for f in futures:
                    f.cancel()
                pool.shutdown(wait=True)
                raise
    return results


__all__ = ["EXECUTORS", "Executor", "KEPT_ON_RESUME", "kept_verdict", "run_many"]
