"""`ibench run`, `ibench validate` and `ibench demo`."""
from __future__ import annotations

import json
import threading
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import click
from rich.console import Console
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from ibench.agents import AgentSpec, resolve_agent
from ibench.catalog import TaskEntry, select
from ibench.errors import UserError
from ibench.runner import RunResult, execute_run, run_id_for
from ibench.sandbox import choose_mode

console = Console(stderr=True)


def run_many(jobs: list[tuple[TaskEntry, AgentSpec, int]], out: Path, sandbox: str, n_jobs: int,
             resume: bool = False, quiet: bool = False) -> list[RunResult]:
    """Run (task, agent, trial) jobs, `n_jobs` at a time, with a live progress display."""
    results: list[RunResult] = []
    todo = []
    for entry, agent, trial in jobs:
        bundle = out / run_id_for(entry.spec.id, agent.name, trial)
        if resume and (bundle / "verdict.json").exists():
            verdict = json.loads((bundle / "verdict.json").read_text())
            results.append(RunResult(bundle.name, entry.spec.id, agent.name, trial, bundle,
                                     verdict.get("outcome", "completed"), verdict))
            continue
        todo.append((entry, agent, trial))
    lock = threading.Lock()
    with Progress(SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(),
                  console=console, disable=quiet, transient=False) as progress:
        overall = progress.add_task(f"{len(todo)} run(s)", total=len(todo))

        def one(entry, agent, trial):
            label = run_id_for(entry.spec.id, agent.name, trial)
            tid = progress.add_task(f"{label}: queued", total=None)

            def on_step(s: str) -> None:
                progress.update(tid, description=f"{label}: {s}")

            try:
                res = execute_run(entry, agent, trial, out, sandbox, on_step)
            finally:
                progress.remove_task(tid)
            with lock:
                progress.advance(overall)
                score = "—" if res.score is None else f"{res.score:.1f}"
                progress.console.print(f"  {label}: {res.outcome}, score {score}, "
                                       f"{'solved' if res.solved else 'unsolved'}")
            return res

        with ThreadPoolExecutor(max_workers=max(1, n_jobs)) as pool:
            futures = [pool.submit(one, *job) for job in todo]
            try:
                for f in as_completed(futures):
                    results.append(f.result())
            except KeyboardInterrupt:
                for f in futures:
                    f.cancel()
                raise
    return sorted(results, key=lambda r: (r.task_id, r.agent, r.trial))


def score_table(results: list[RunResult], title: str = "Results") -> Table:
    table = Table(title=title)
    for col in ("task", "agent", "trial", "outcome", "score", "solved", "failed criteria", "bundle"):
        table.add_column(col)
    for r in results:
        failed = [c["id"] for c in (r.verdict or {}).get("criteria", []) if not c.get("passed")]
        table.add_row(r.task_id, r.agent, str(r.trial), r.outcome,
                      "—" if r.score is None else f"{r.score:.1f}", "yes" if r.solved else "no",
                      ", ".join(failed[:6]) + (" …" if len(failed) > 6 else ""), str(r.bundle))
    return table


@click.command("run")
@click.option("--task", "task_pattern", required=True, help="Task id or glob.")
@click.option("--agent", "agent_text", required=True, help="oracle | noop | cmd:'…' | a named agent.")
@click.option("--jobs", type=int, default=1, show_default=True)
@click.option("--trials", type=int, default=1, show_default=True)
@click.option("--resume", is_flag=True, help="Skip runs whose bundle already has a verdict.")
@click.option("--out", type=click.Path(path_type=Path), default=Path("traces"), show_default=True)
@click.option("--tasks-dir", type=click.Path(path_type=Path), default=Path("tasks"), show_default=True)
@click.option("--agents-file", type=click.Path(path_type=Path), default=None)
@click.option("--sandbox", type=click.Choice(["auto", "bwrap", "none"]), default="auto", show_default=True)
def run(task_pattern, agent_text, jobs, trials, resume, out, tasks_dir, agents_file, sandbox) -> int:
    """Run an agent on tasks and grade the runs."""
    if trials < 1 or jobs < 1:
        raise UserError("--trials and --jobs must be at least 1")
    entries = select(tasks_dir, task_pattern)
    agent = resolve_agent(agent_text, agents_file)
    mode = choose_mode(sandbox)
    out.mkdir(parents=True, exist_ok=True)
    results = run_many([(e, agent, t) for e in entries for t in range(1, trials + 1)], out, mode, jobs, resume)
    Console().print(score_table(results))
    if any(r.outcome != "completed" for r in results):
        return 2 if all(r.outcome == "harness_error" for r in results) else 1
    return 0 if all(r.solved for r in results) else 1


commands = [run]
