"""Runs as Ray tasks (`--executor ray`, docs/scale.md); needs the `ray` extra.

Each run is one Ray task asking for one CPU. It runs `execute_run` on whichever worker Ray
picks and writes its bundle straight into the job folder, which every worker must be able to
write (a shared path). The driver prints the same result lines as a local job. A worker lost
mid-run (the process killed, its node gone) leaves a partial bundle. The driver seals that
bundle as `harness_error` (never graded, never a zero) and runs the same job once more,
preferring another node. The new run sets the lost bundle aside as `<run id>~<n>`, as any rerun
does. If that run is lost too, it stays a harness error.

Where each attempt ran is written to `<job>/.workers/<run id>.json` (node, pid, attempt)
when the attempt starts, outside the bundles so it never touches a sealed file."""
from __future__ import annotations

import json
import os
import socket
import sys
import time
from pathlib import Path

from ibench.agents import STOP
from ibench.errors import UserError
from ibench.runner import RunResult, execute_run, finish_bundle, grade_and_write, result_line, run_id_for

RETRIES_AFTER_LOSS = 1
WORKERS_DIR = ".workers"


def _attempt(entry, agent, trial: int, out: str, sandbox: str, attempt: int) -> RunResult:
    """One attempt, on a Ray worker."""
    import ray

    run_id = run_id_for(entry.spec.id, agent.name, trial, entry.variant)
    where = Path(out) / WORKERS_DIR
    where.mkdir(parents=True, exist_ok=True)
    (where / f"{run_id}.json").write_text(json.dumps({
        "run_id": run_id, "attempt": attempt, "pid": os.getpid(), "host": socket.gethostname(),
        "node_id": ray.get_runtime_context().get_node_id(), "started_unix": round(time.time(), 3)}) + "\n")
    return execute_run(entry, agent, trial, Path(out), sandbox)


def _connect(address: str | None) -> bool:
    """Join the cluster at `address`, or start a local one on loopback; True when started here."""
    local = address is None or address.split("://")[-1].rsplit(":", 1)[0] in ("127.0.0.1", "localhost")
    if local and "ray" not in sys.modules:
        # A cluster on this machine stays on loopback: without this Ray swaps 127.0.0.1 for the
        # host's outward address, which a loopback-only cluster does not listen on.
        os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    try:
        import ray
    except ImportError:
        raise UserError("--executor ray needs Ray: pip install 'integration-bench[ray]'") from None
    if ray.is_initialized():
        return False
    try:
        if address:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
        else:
            ray.init(include_dashboard=False, _node_ip_address="127.0.0.1", log_to_driver=False,
                     configure_logging=False)
    except ConnectionError as exc:
        raise UserError(f"--ray-address {address}: cannot join the Ray cluster ({exc})") from None
    return True


def _seal_lost(entry, agent, trial: int, out: Path, why: str) -> None:
    """A lost attempt's partial bundle, sealed as harness_error so it is kept and never counted."""
    run_id = run_id_for(entry.spec.id, agent.name, trial, entry.variant)
    bundle = out / run_id
    if not bundle.is_dir() or (bundle / "manifest.json").exists():
        return
    from bundle.events import utc_now

    (bundle / "logs").mkdir(exist_ok=True)
    finish_bundle(entry, agent, trial, bundle, run_id, utc_now(), "harness_error", {}, why)
    grade_and_write(bundle)


def _other_node(failed_node: str | None):
    """Prefer a live node other than the one that lost the attempt (soft: any node if none)."""
    import ray
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    alive = [n["NodeID"] for n in ray.nodes() if n.get("Alive") and n["NodeID"] != failed_node]
    return NodeAffinitySchedulingStrategy(alive[0], soft=True) if alive else "DEFAULT"


def run_on_ray(todo, out: Path, sandbox: str, address: str | None, console, quiet: bool) -> list[RunResult]:
    started_here = _connect(address)
    import ray
    from ray.exceptions import RayError, RayTaskError, TaskCancelledError

    remote = ray.remote(num_cpus=1, max_retries=0)(_attempt)
    out = Path(out).resolve()
    pending: dict = {}

    def submit(job, attempt: int, strategy="DEFAULT") -> None:
        entry, agent, trial = job
        ref = remote.options(scheduling_strategy=strategy).remote(entry, agent, trial, str(out), sandbox, attempt)
        pending[ref] = (job, attempt)

    results: list[RunResult] = []
    try:
        for job in todo:
            submit(job, 1)
        if not quiet:
            console.print(f"{len(todo)} run(s) on Ray ({'local cluster' if not address else address})")
        while pending:
            if STOP.is_set():
                raise KeyboardInterrupt
            done, _ = ray.wait(list(pending), num_returns=1, timeout=1.0)
            if not done:
                continue
            ref = done[0]
            job, attempt = pending.pop(ref)
            entry, agent, trial = job
            label = run_id_for(entry.spec.id, agent.name, trial, entry.variant)
            try:
                res = ray.get(ref)
            except RayTaskError as exc:  # the run itself raised: a user mistake stays one
                cause = exc.cause if isinstance(getattr(exc, "cause", None), BaseException) else exc
                if isinstance(cause, UserError):
                    raise cause from None
                res = RunResult(label, entry.spec.id, agent.name, trial, out / label, "harness_error", None,
                                f"{type(cause).__name__}: {cause}", variant=entry.variant)
            except (RayError, TaskCancelledError) as exc:  # the worker or its node was lost
                why = f"the Ray worker running it was lost ({type(exc).__name__}), attempt {attempt}"
                failed_node = _node_of(out, label)
                _seal_lost(entry, agent, trial, out, why)
                if attempt <= RETRIES_AFTER_LOSS:
                    if not quiet:
                        console.print(f"  {label}: {why}; running it once more elsewhere")
                    submit(job, attempt + 1, _other_node(failed_node))
                    continue
                res = RunResult(label, entry.spec.id, agent.name, trial, out / label, "harness_error", None,
                                why, variant=entry.variant)
            results.append(res)
            if not quiet:
                console.print(result_line(label, res))
    except KeyboardInterrupt:
        STOP.set()
        for ref in pending:
            ray.cancel(ref, force=True)
        raise
    finally:
        if started_here:
            ray.shutdown()
    return results


def _node_of(out: Path, run_id: str) -> str | None:
    try:
        return json.loads((out / WORKERS_DIR / f"{run_id}.json").read_text()).get("node_id")
    except (OSError, ValueError):
        return None


__all__ = ["RETRIES_AFTER_LOSS", "WORKERS_DIR", "run_on_ray"]
