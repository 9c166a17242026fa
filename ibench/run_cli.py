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

from ibench.agents import STOP, AgentSpec, resolve_agent, task_variants
from ibench.catalog import TaskEntry, select
from ibench.completeness import gate as completeness_gate
from ibench.errors import UserError
from ibench.runner import RunResult, execute_run, run_id_for
from ibench.sandbox import choose_mode

console = Console(stderr=True)


def run_many(jobs: list[tuple[TaskEntry, AgentSpec, int]], out: Path, sandbox: str, n_jobs: int,
             resume: bool = False, quiet: bool = False) -> list[RunResult]:
    """Run (task, agent, trial) jobs, `n_jobs` at a time, with a live progress display."""
    from grader.keys import load_private_key

    load_private_key()  # every bundle is sealed with it: a bad key file stops here, before the runs
    results: list[RunResult] = []
    todo = []
    for entry, agent, trial in jobs:
        bundle = out / run_id_for(entry.spec.id, agent.name, trial)
        if resume and (bundle / "verdict.json").exists():
            verdict = json.loads((bundle / "verdict.json").read_text())
            results.append(RunResult(bundle.name, entry.spec.id, agent.name, trial, bundle,
                                     verdict.get("outcome", "completed"), verdict, verdict.get("cause")))
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
            except KeyboardInterrupt:
                with lock:
                    progress.console.print(f"  {label}: interrupted; bundle kept in {out / label}")
                return None
            finally:
                progress.remove_task(tid)
            with lock:
                progress.advance(overall)
                score = "—" if res.score is None else f"{res.score:.1f}"
                cause = f" — {res.error}" if res.error and res.outcome != "completed" else ""
                progress.console.print(f"  {label}: {res.outcome}, score {score}, "
                                       f"{'solved' if res.solved else 'unsolved'}{cause}")
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
    return sorted(results, key=lambda r: (r.task_id, r.agent, r.trial))


def score_table(results: list[RunResult], title: str = "Results") -> Table:
    table = Table(title=title)
    causes = any(r.outcome != "completed" for r in results)
    for col in ("task", "agent", "trial", "outcome", "score", "solved", "failed") + (("cause",) if causes else ()):
        table.add_column(col, no_wrap=col in ("task", "agent"))
    for r in results:
        failed = [c["id"] for c in (r.verdict or {}).get("criteria", []) if not c.get("passed")]
        row = [r.task_id, r.agent, str(r.trial), r.outcome,
               "—" if r.score is None else f"{r.score:.1f}", "yes" if r.solved else "no", str(len(failed))]
        if causes:
            row.append("" if r.outcome == "completed" else (r.error or "")[:80])
        table.add_row(*row)
    return table


@click.command("run")
@click.option("--task", "task_pattern", required=True, help="Task id or glob.")
@click.option("--agent", "agent_text", required=True, help="oracle | noop | human | explorer[+<agent>] | oracle+<mutant> | alternative:<name> | cmd:'…' | a named agent.")
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
    agent = resolve_agent(agent_text, agents_file, tuple(e.path for e in entries))
    mode = choose_mode(sandbox)
    out.mkdir(parents=True, exist_ok=True)
    results = run_many([(e, agent, t) for e in entries for t in range(1, trials + 1)], out, mode, jobs, resume)
    Console(width=max(120, Console().width)).print(score_table(results))
    click.echo(f"bundles in {out}; `ibench audit <bundle>` shows what a run did, `ibench grade <bundle>` re-grades it")
    if any(r.outcome != "completed" for r in results):
        return 2 if all(r.outcome == "harness_error" for r in results) else 1
    return 0 if all(r.solved for r in results) else 1


commands = [run]


# --- validate ------------------------------------------------------------------------------

def mutant_declarations(task_dir: Path) -> dict[str, set[str]]:
    """`mutants/<name>.patch` → the criteria its `# fails: a, b` header line declares."""
    out: dict[str, set[str]] = {}
    for patch in sorted((task_dir / "mutants").glob("*.patch")):
        declared: set[str] = set()
        for line in patch.read_text().splitlines():
            if line.startswith("diff --git"):
                break
            if line.lower().startswith("# fails:"):
                declared |= {c.strip() for c in line.split(":", 1)[1].split(",") if c.strip()}
        if not declared:
            raise UserError(f"{patch}: no `# fails: <criterion ids>` line before the diff")
        out[patch.stem] = declared
    return out


def _comparable(verdict: dict) -> str:
    """A verdict without what legitimately differs between two correct runs: ids, times, and
    per criterion the evidence rows and the size of the population a check looked at (one
    more request after a chance 429 is not a different outcome). Pass/fail, credit, violation
    counts and scores must agree."""
    drop = {"run_id", "timings", "trial", "agent", "integrity"}
    out = {k: v for k, v in verdict.items() if k not in drop}
    out["criteria"] = [{k: v for k, v in c.items() if k not in ("evidence", "population")}
                       for c in verdict.get("criteria", [])]
    return json.dumps(out, sort_keys=True)


def _failed(r: RunResult) -> set[str]:
    return {c["id"] for c in (r.verdict or {}).get("criteria", []) if not c.get("passed")}


def alternatives_of(task_dir: Path) -> list[str]:
    return task_variants(task_dir, "alternative")


def validate_task(entry: TaskEntry, results: list[RunResult], runs: int, mutants: dict[str, set[str]]) -> list[tuple[str, bool, str]]:
    gates: list[tuple[str, bool, str]] = []
    oracle = [r for r in results if r.agent == "oracle"]
    for r in oracle:
        ok = r.outcome == "completed" and r.solved and r.score == 100
        gates.append((f"oracle t{r.trial}", ok, f"{r.outcome}, score {r.score}, failed {sorted(_failed(r)) or '-'}"))
    same = len({_comparable(r.verdict or {}) for r in oracle}) == 1
    gates.append((f"oracle verdicts identical over {runs} run(s)", same, "" if same else "verdicts differ"))
    for r in (r for r in results if r.agent == "noop"):
        ok = r.outcome == "completed" and not r.solved and (r.score or 0) <= 20
        gates.append(("noop", ok, f"{r.outcome}, score {r.score}, {'solved' if r.solved else 'unsolved'}"))
    for name in alternatives_of(entry.path):
        r = next(x for x in results if x.agent == f"alternative:{name}")
        ok = r.outcome == "completed" and r.solved
        gates.append((f"alternative {name}", ok, f"{r.outcome}, score {r.score}, failed {sorted(_failed(r)) or '-'}"))
    for name, declared in mutants.items():
        r = next(x for x in results if x.agent == f"oracle+{name}")
        gates.append(mutant_gate(name, declared, r))
    gates += explorer_gates(results, oracle[0] if oracle else None)
    return gates


def mutant_gate(name: str, declared: set[str], r: RunResult) -> tuple[str, bool, str]:
    """A mutant fails exactly the criteria it declares, and its defect costs what it must
    (docs/task-authoring.md, "Mutants"): a defect of correctness or integrity leaves the run
    unsolved; a conduct-only defect loses at least the weight of the criteria it declares."""
    failed = _failed(r)
    entries = {c["id"]: c for c in (r.verdict or {}).get("criteria", [])}
    kinds = {entries[c].get("category") for c in declared if c in entries}
    detail = f"declares {sorted(declared)}, failed {sorted(failed)}, score {r.score}"
    ok = r.outcome == "completed" and failed == declared
    if ok and kinds & {"correctness", "integrity"}:
        if r.solved:
            ok, detail = False, detail + "; a correctness/integrity defect must leave the run unsolved " \
                                         "(make the criterion mandatory)"
    elif ok:
        total = sum(float(c.get("weight") or 0) for c in entries.values())
        lost = sum(float(entries[c].get("weight") or 0) for c in declared)
        floor = 100.0 - 100.0 * lost / total if total else 100.0
        # The verdict's score is rounded to 4 decimals (grader/scoring.py): a mutant that loses
        # exactly its weight scores e.g. 88.8889 against a floor of 88.888…, so allow half a unit.
        if r.score is None or r.score > floor + 5e-5:
            ok, detail = False, detail + f"; a conduct defect must lose its criteria's weight (score <= {floor:.1f})"
    return (f"mutant {name}", ok, detail)


def criteria_results(r: RunResult) -> dict[str, tuple]:
    return {c["id"]: (c.get("passed"), c.get("credit")) for c in (r.verdict or {}).get("criteria", [])}


def explorer_gates(results: list[RunResult], oracle: RunResult | None) -> list[tuple[str, bool, str]]:
    """The explorer gate: exploring the live vendors first (docs/task-authoring.md) must not
    change the grade — explorer+oracle solved at 100 with the oracle's criteria results,
    explorer+noop still unsolved at <= 20."""
    gates = []
    for r in (x for x in results if x.agent == "explorer+oracle"):
        mine, theirs = criteria_results(r), criteria_results(oracle) if oracle else {}
        differ = sorted(k for k in set(mine) | set(theirs) if mine.get(k) != theirs.get(k))
        ok = r.outcome == "completed" and r.solved and r.score == 100 and oracle is not None and not differ
        gates.append(("explorer+oracle", ok, f"{r.outcome}, score {r.score}, failed {sorted(_failed(r)) or '-'}"
                      + (f", differs from oracle on {differ}" if differ else ", criteria as oracle")))
    for r in (x for x in results if x.agent == "explorer+noop"):
        ok = r.outcome == "completed" and not r.solved and (r.score or 0) <= 20
        gates.append(("explorer+noop", ok, f"{r.outcome}, score {r.score}, {'solved' if r.solved else 'unsolved'}"))
    return gates


@click.command("validate")
@click.argument("task_pattern")
@click.option("--runs", type=int, default=3, show_default=True, help="Oracle runs (verdicts must agree).")
@click.option("--jobs", type=int, default=1, show_default=True)
@click.option("--out", type=click.Path(path_type=Path), default=None, help="Bundles (default: a temp dir).")
@click.option("--tasks-dir", type=click.Path(path_type=Path), default=Path("tasks"), show_default=True)
@click.option("--sandbox", type=click.Choice(["auto", "bwrap", "none"]), default="auto", show_default=True)
@click.option("--no-explorer", "no_explorer", is_flag=True, help="Skip the explorer gate (explorer+oracle, explorer+noop).")
def validate(task_pattern, runs, jobs, out, tasks_dir, sandbox, no_explorer) -> int:
    """Check a task's gates: oracle solved at 100 on every run with identical verdicts, noop
    unsolved at <= 20, every mutant failing exactly the criteria it declares, every
    independent solution in alternatives/ solved, and (unless --no-explorer) the explorer gate:
    explorer+oracle solved at 100 with the oracle's criteria results, explorer+noop <= 20; and
    complete criteria: every output column and written vendor field compared at every graded
    checkpoint, or listed in task.yaml not_graded with the reason (printed before the runs)."""
    import tempfile

    if runs < 1:
        raise UserError("--runs must be at least 1")
    entries = select(tasks_dir, task_pattern)
    mode = choose_mode(sandbox)
    out = out or Path(tempfile.mkdtemp(prefix="ibench-validate-"))
    out.mkdir(parents=True, exist_ok=True)
    plan, declared = [], {}
    for e in entries:
        declared[e.spec.id] = mutant_declarations(e.path)
        plan += [(e, AgentSpec("oracle", "oracle"), t) for t in range(1, runs + 1)]
        plan.append((e, AgentSpec("noop", "noop"), 1))
        plan += [(e, AgentSpec(f"oracle+{m}", "oracle", mutant=m), 1) for m in declared[e.spec.id]]
        plan += [(e, AgentSpec(f"alternative:{a}", "oracle", alternative=a), 1) for a in alternatives_of(e.path)]
        if not no_explorer:
            plan += [(e, resolve_agent(a), 1) for a in ("explorer+oracle", "explorer+noop")]
    complete = {}  # the static completeness gate (ibench/completeness.py), printed before the runs
    for e in entries:
        complete[e.spec.id], lines = completeness_gate(e.path, e.spec)
        for line in lines:
            console.print(f"{e.spec.id}: {line}", markup=False, highlight=False)
    results = run_many(plan, out, mode, jobs)
    table = Table(title=f"validate ({len(entries)} task(s); bundles in {out})")
    for col in ("task", "gate", "ok", "detail"):
        table.add_column(col)
    all_ok = True
    for e in entries:
        for gate, ok, detail in validate_task(e, [r for r in results if r.task_id == e.spec.id], runs,
                                              declared[e.spec.id]) + [complete[e.spec.id]]:
            all_ok &= ok
            table.add_row(e.spec.id, gate, "[green]pass[/]" if ok else "[red]FAIL[/]", detail)
    Console(width=max(160, Console().width)).print(table)  # details stay readable in a log
    return 0 if all_ok else 1


commands.append(validate)


# --- demo ----------------------------------------------------------------------------------

@click.command("demo")
@click.option("--out", type=click.Path(path_type=Path), default=Path("traces/demo"), show_default=True)
@click.option("--tasks-dir", type=click.Path(path_type=Path), default=Path("tasks"), show_default=True)
@click.option("--task", "task_pattern", default="*", show_default=True, help="Task id or glob.")
@click.option("--jobs", type=int, default=2, show_default=True)
@click.option("--sandbox", type=click.Choice(["auto", "bwrap", "none"]), default="auto", show_default=True)
def demo(out, tasks_dir, task_pattern, jobs, sandbox) -> int:
    """The main job: the oracle and noop agents over every task (with each task's faults,
    rate limits and forgeries), a score table, and a report beside the bundles."""
    entries = select(tasks_dir, task_pattern)
    mode = choose_mode(sandbox)
    out.mkdir(parents=True, exist_ok=True)
    plan = [(e, AgentSpec(a, a), 1) for e in entries for a in ("oracle", "noop")]
    results = run_many(plan, out, mode, jobs)
    Console(width=max(120, Console().width)).print(score_table(results, title="Integration Bench demo: oracle vs noop"))
    report = out / "report.md"
    lines = ["# Integration Bench demo report", "",
             "| task | agent | outcome | score | solved | run s | integration s | bundle |",
             "|---|---|---|---|---|---|---|---|"]
    for r in results:
        score = "—" if r.score is None else f"{r.score:.1f}"
        lines.append(f"| {r.task_id} | {r.agent} | {r.outcome} | {score} | {'yes' if r.solved else 'no'} | "
                      f"{r.timings.get('total_s', 0):.1f} | {r.timings.get('integration_s', 0):.1f} | {r.bundle.name} |")
    report.write_text("\n".join(lines) + "\n")
    click.echo(f"bundles in {out}; report: {report}; re-grade offline with `ibench grade <bundle>`")
    oracle_ok = all(r.solved for r in results if r.agent == "oracle")
    return 0 if oracle_ok and all(r.outcome == "completed" for r in results) else 1


commands.append(demo)
