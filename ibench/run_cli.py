"""`ibench run`, `ibench validate` and `ibench demo`."""
from __future__ import annotations

import json
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from ibench.agents import AgentSpec, named, resolve_agent, task_variants
from ibench.catalog import TaskEntry, default_tasks_dir, select, select_many
from ibench.completeness import gate as completeness_gate
from ibench.dispatch import EXECUTORS, Executor, run_many
from ibench.errors import UserError
from ibench.jobs import DEFAULT_ROOT, open_job
from ibench.runner import RunResult, run_overhead_s
from ibench.sandbox import choose_mode

console = Console(stderr=True)


def score_table(results: list[RunResult], title: str = "Results") -> Table:
    table = Table(title=title)
    causes = any(r.outcome != "completed" for r in results)
    for col in ("task", "agent", "trial", "outcome", "score", "solved", "failed") + (("cause",) if causes else ()):
        table.add_column(col, no_wrap=col in ("task", "agent"))
    for r in results:
        failed = [c["id"] for c in (r.verdict or {}).get("criteria", []) if not c.get("passed")]
        row = [r.task_id, r.agent, f"v{r.variant} t{r.trial}" if r.variant else str(r.trial), r.outcome,
               "—" if r.score is None else f"{r.score:.1f}", "yes" if r.solved else "no", str(len(failed))]
        if causes:
            row.append("" if r.outcome == "completed" else (r.error or "")[:80])
        table.add_row(*row)
    return table


def _job_options(f):
    f = click.option("--resume", "resume", metavar="JOB", default=None,
                     help="Continue the job JOB (a name under --out, or its folder): runs that reached a "
                          "verdict are kept, the others run again.")(f)
    f = click.option("--job", "job", metavar="NAME", default=None,
                     help="Name the job folder (default: the UTC start time). An existing job is never "
                          "reused: continue it with --resume.")(f)
    return click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=DEFAULT_ROOT,
                        show_default=True, help="Where job folders go (one per invocation).")(f)


def _jobs_option(default: int):
    return click.option("-j", "--jobs", type=int, default=default, show_default=True,
                        help="Runs at a time.")


def _sandbox_option(f):
    f = click.option("--agent-image", "agent_image", metavar="IMAGE", default=None,
                     help="With --runtime docker: the image the agent and the integration run in (a "
                          "lab's own; default: the project's host image, docs/runtime.md).")(f)
    f = click.option("--runtime", type=click.Choice(["local", "docker"]), default="local", show_default=True,
                     help="docker: the agent and each integration step in a container of the run's, the "
                          "vendors and the recorder in containers of their own (docs/runtime.md).")(f)
    return click.option("--sandbox", type=click.Choice(["auto", "bwrap", "none"]), default="auto", show_default=True,
                        help="Confine agents and integrations with bubblewrap (auto: when it works here).")(f)


def _run_mode(sandbox: str, runtime: str, agent_image: str | None) -> str:
    """The mode every run of the command carries: a local sandbox's, or docker with its image."""
    if runtime == "docker":
        if sandbox != "auto":
            raise UserError("--runtime docker confines runs in containers: leave --sandbox out")
        from ibench.docker_runtime import choose_docker_mode

        return choose_docker_mode(agent_image)
    if agent_image is not None:
        raise UserError("--agent-image needs --runtime docker")
    return choose_mode(sandbox)


def _executor_options(f):
    f = click.option("--ray-address", "ray_address", metavar="ADDRESS", default=None,
                     help="The Ray cluster to run on (e.g. ray://head:10001 or host:6379); default: "
                          "a local cluster started for the job (docs/scale.md).")(f)
    return click.option("--executor", type=click.Choice(EXECUTORS), default="local", show_default=True,
                        help="local: --jobs threads on this machine; ray: one Ray task per run, on "
                             "any worker (the job folder must be shared).")(f)


def _executor(kind: str, address: str | None) -> Executor:
    if address and kind != "ray":
        raise UserError("--ray-address needs --executor ray")
    return Executor(kind, address)


def _variant_option(f):
    return click.option("--variant", type=int, default=0, show_default=True, metavar="K",
                        help="Run variant K of each task: every dataset and fault seed derived from "
                             "(task, K), so the data is new; 0 is the task as written (docs/variants.md).")(f)


def _variant_entries(entries: list[TaskEntry], variants) -> list[TaskEntry]:
    """Each task in each variant; a task that does not declare `variants: derived` is left out
    of the variants >= 1 with a warning, and nothing left to run is an error."""
    from ibench.variants import check_variant, entry_for_variant

    for v in variants:
        check_variant(v)
    out = []
    for e in entries:
        for v in variants:
            if v and e.spec.variants == "fixed":
                console.print(f"warning: {e.spec.id} runs as variant 0 only (no `variants: derived` in its "
                              f"task.yaml): variant {v} left out", markup=False, highlight=False, soft_wrap=True)
                continue
            out.append(entry_for_variant(e, v))
    if not out:
        raise UserError(f"no task to run as variant {', '.join(map(str, variants))}: no selected task "
                        "declares `variants: derived` (docs/variants.md)")
    return out


def _tasks_dir_option(f):
    return click.option("--tasks-dir", type=click.Path(path_type=Path), default=None,
                        help="The task suite (default: the project's tasks/).")(f)


@click.command("run")
@click.option("--task", "task_pattern", required=True, help="Task id or glob.")
@click.option("--agent", "agent_text", required=True, help="oracle | noop | human | explorer[+<agent>] | oracle+<mutant> | alternative:<name> | cmd:'…' | a named agent.")
@click.option("--agent-name", "agent_name", metavar="NAME", default=None,
              help="The name the runs, run ids and leaderboard give the agent (e.g. for a cmd: agent).")
@click.option("--model", "model", metavar="MODEL", default=None,
              help="The model the agent runs on, recorded in manifest and verdict; the leaderboard "
                   "ranks each agent and model apart.")
@_jobs_option(1)
@click.option("--trials", type=int, default=1, show_default=True, help="Runs per task.")
@_job_options
@_tasks_dir_option
@click.option("--agents-file", type=click.Path(path_type=Path), default=None,
              help="Named agents (agents.yaml format; default: $IBENCH_AGENTS and the packaged ones).")
@_sandbox_option
@_variant_option
@_executor_options
def run(task_pattern, agent_text, agent_name, model, jobs, trials, out, job, resume, tasks_dir, agents_file,
        sandbox, variant, executor, ray_address, runtime, agent_image) -> int:
    """Run an agent on tasks and grade the runs, into a job folder of their own."""
    if trials < 1 or jobs < 1:
        raise UserError("--trials and --jobs must be at least 1")
    entries = select(tasks_dir or default_tasks_dir(), task_pattern)
    agent = named(resolve_agent(agent_text, agents_file, tuple(e.path for e in entries)), agent_name, model)
    entries = _variant_entries(entries, [variant])
    mode = _run_mode(sandbox, runtime, agent_image)
    folder = open_job(out, job, resume)
    results = run_many([(e, agent, t) for e in entries for t in range(1, trials + 1)], folder, mode, jobs,
                       resume is not None, executor=_executor(executor, ray_address))
    Console(width=max(120, Console().width)).print(score_table(results))
    click.echo(f"job {folder.name}: bundles in {folder}; `ibench view {folder}` shows them, "
               f"`ibench audit <bundle>` shows what a run did, `ibench grade <bundle>` re-grades it")
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


def validate_task(entry: TaskEntry, results: list[RunResult], runs: int, mutants: dict[str, set[str]],
                  variant: int = 0) -> list[tuple[str, bool, str]]:
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
        gates.append(mutant_gate(name, declared, r, variant))
    gates += explorer_gates(results, oracle[0] if oracle else None)
    return gates


def mutant_gate(name: str, declared: set[str], r: RunResult, variant: int = 0) -> tuple[str, bool, str]:
    """A mutant fails exactly the criteria it declares, and its defect costs what it must
    (docs/task-authoring.md, "Mutants"): a defect of correctness or integrity leaves the run
    unsolved; a conduct-only defect loses at least the weight of the criteria it declares.

    On a variant (docs/variants.md, "Gates on a variant") the declaration describes the written
    data: which records a defect damages depends on the draw. There a mutant must still be
    caught by what it declares: it fails at least one declared criterion, and the cost rule
    holds for those it fails."""
    failed = _failed(r)
    entries = {c["id"]: c for c in (r.verdict or {}).get("criteria", [])}
    detail = f"declares {sorted(declared)}, failed {sorted(failed)}, score {r.score}"
    if variant:
        declared = declared & failed
        ok = r.outcome == "completed" and bool(declared)
        detail += f"; caught by {sorted(declared)}" if ok else "; caught by none it declares"
    else:
        ok = r.outcome == "completed" and failed == declared
    kinds = {entries[c].get("category") for c in declared if c in entries}
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
@click.argument("task_patterns", nargs=-1, required=True, metavar="TASK_PATTERN...")
@click.option("--runs", type=int, default=3, show_default=True, help="Oracle runs (verdicts must agree).")
@_jobs_option(1)
@click.option("--out", type=click.Path(path_type=Path), default=None, help="Bundles (default: a temp dir).")
@_tasks_dir_option
@_sandbox_option
@click.option("--no-explorer", "no_explorer", is_flag=True, help="Skip the explorer gate (explorer+oracle, explorer+noop).")
@click.option("--compare", "compare_dir", type=click.Path(path_type=Path), default=None, metavar="PUBLIC_DIR",
              help="Warn where a task repeats a task of the suite at PUBLIC_DIR (its id, or a vendor and "
                   "the primary mechanic) or the suites share a canary (docs/held-out.md).")
@_variant_option
@click.option("--variants", "n_variants", type=int, default=1, show_default=True, metavar="N",
              help="Run every gate on N variants: K, K+1, … (K from --variant).")
@_executor_options
def validate(task_patterns, runs, jobs, out, tasks_dir, sandbox, no_explorer, compare_dir, variant,
             n_variants, executor, ray_address, runtime, agent_image) -> int:
    """Check a task's gates: oracle solved at 100 on every run with identical verdicts, noop
    unsolved at <= 20, every mutant failing exactly the criteria it declares, every
    independent solution in alternatives/ solved, and (unless --no-explorer) the explorer gate:
    explorer+oracle solved at 100 with the oracle's criteria results, explorer+noop <= 20; and
    complete criteria: every output column and written vendor field compared at every graded
    checkpoint, or listed in task.yaml not_graded with the reason (printed before the runs); and
    the suite's canary (its suite.yaml, else the public one) in every task file."""
    import tempfile

    from ibench.catalog import discover
    from ibench.suite import canary_gate, load_suite, overlap_warnings

    if runs < 1 or jobs < 1 or n_variants < 1:
        raise UserError("--runs, --jobs and --variants must be at least 1")
    suite_dir = tasks_dir or default_tasks_dir()
    suite = load_suite(suite_dir)
    entries = select_many(suite_dir, task_patterns)
    if compare_dir is not None:
        public, broken = discover(compare_dir)
        if not public and not broken:
            raise UserError(f"--compare {compare_dir}: no task folders there")
        for line in overlap_warnings(entries, public, suite, load_suite(compare_dir)):
            console.print(f"warning: {line}", markup=False, highlight=False, soft_wrap=True)
    mode = _run_mode(sandbox, runtime, agent_image)
    out = out or Path(tempfile.mkdtemp(prefix="ibench-validate-"))
    out.mkdir(parents=True, exist_ok=True)
    variants = list(range(variant, variant + n_variants))
    plan, declared = [], {}
    for e in _variant_entries(entries, variants):
        declared[e.spec.id] = mutant_declarations(e.path)
        plan += [(e, AgentSpec("oracle", "oracle"), t) for t in range(1, runs + 1)]
        plan.append((e, AgentSpec("noop", "noop"), 1))
        plan += [(e, AgentSpec(f"oracle+{m}", "oracle", mutant=m), 1) for m in declared[e.spec.id]]
        plan += [(e, AgentSpec(f"alternative:{a}", "oracle", alternative=a), 1) for a in alternatives_of(e.path)]
        if not no_explorer:
            plan += [(e, resolve_agent(a), 1) for a in ("explorer+oracle", "explorer+noop")]
    static_gates = {}  # completeness (ibench/completeness.py) and the canary, printed before the runs
    for e in entries:
        complete, lines = completeness_gate(e.path, e.spec)
        canary = canary_gate(e, suite)
        static_gates[e.spec.id] = [complete, canary]
        if not canary[1]:
            lines = [*lines, f"canary: {canary[2]}"]
        for line in lines:
            console.print(f"{e.spec.id}: {line}", markup=False, highlight=False)
    results = run_many(plan, out, mode, jobs, executor=_executor(executor, ray_address))
    table = Table(title=f"validate ({len(entries)} task(s); bundles in {out})")
    for col in ("task", "gate", "ok", "detail"):
        table.add_column(col)
    all_ok = True
    for e in entries:
        gates = []
        for v in (variants if e.spec.variants == "derived" else [x for x in variants if x == 0]):
            mine = [r for r in results if r.task_id == e.spec.id and r.variant == v]
            label = f"v{v} " if variants != [0] else ""
            gates += [(label + g, ok, d) for g, ok, d in validate_task(e, mine, runs, declared[e.spec.id], v)]
        for gate, ok, detail in gates + static_gates[e.spec.id]:
            all_ok &= ok
            table.add_row(e.spec.id, gate, "[green]pass[/]" if ok else "[red]FAIL[/]", detail)
    Console(width=max(160, Console().width)).print(table)  # details stay readable in a log
    return 0 if all_ok else 1


commands.append(validate)


# --- demo ----------------------------------------------------------------------------------

@click.command("demo")
@_job_options
@_tasks_dir_option
@click.option("--task", "task_pattern", default="*", show_default=True, help="Task id or glob.")
@_jobs_option(2)
@_sandbox_option
@_variant_option
@_executor_options
def demo(out, job, resume, tasks_dir, task_pattern, jobs, sandbox, variant, executor, ray_address, runtime,
         agent_image) -> int:
    """The main job: the oracle and noop agents over every task (with each task's faults,
    rate limits and forgeries), a score table, and a report beside the bundles (report.md, and
    report.html to open in a browser)."""
    if jobs < 1:
        raise UserError("--jobs must be at least 1")
    entries = _variant_entries(select(tasks_dir or default_tasks_dir(), task_pattern), [variant])
    mode = _run_mode(sandbox, runtime, agent_image)
    out = open_job(out, job, resume, prefix="demo-")
    plan = [(e, AgentSpec(a, a), 1) for e in entries for a in ("oracle", "noop")]
    results = run_many(plan, out, mode, jobs, resume is not None, executor=_executor(executor, ray_address))
    Console(width=max(120, Console().width)).print(score_table(results, title="Integration Bench demo: oracle vs noop"))
    report = out / "report.md"
    lines = ["# Integration Bench demo report", "",
             "| task | agent | outcome | score | solved | run s | integration s | designed waits s | overhead s | bundle |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        score = "—" if r.score is None else f"{r.score:.1f}"
        t = r.timings
        lines.append(f"| {r.task_id} | {r.agent} | {r.outcome} | {score} | {'yes' if r.solved else 'no'} | "
                      f"{t.get('total_s', 0):.1f} | {t.get('integration_s', 0):.1f} | {t.get('waits_s', 0):.1f} | "
                      f"{run_overhead_s(t):.1f} | {r.bundle.name} |")
    report.write_text("\n".join(lines) + "\n")
    from grader.view import write_report

    html, _n = write_report(out, out / "report.html")
    click.echo(f"bundles in {out}; report: {html} (open it in a browser; `ibench view {out} --serve` serves it), "
               f"{report}; re-grade offline with `ibench grade <bundle>`")
    oracle_ok = all(r.solved for r in results if r.agent == "oracle")
    return 0 if oracle_ok and all(r.outcome == "completed" for r in results) else 1


commands.append(demo)
