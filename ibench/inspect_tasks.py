"""The suite as Inspect AI tasks (docs/inspect.md); needs the `inspect` extra
(`pip install integration-bench[inspect]`).

    inspect eval ibench/integration_bench --model openai/gpt-5 -T tasks='fix-*'
    inspect eval ibench/integration_bench --model mockllm/model -T tasks=example-00-staffline-hello -T agent=oracle

One sample per task (its ticket as the input). The solver wraps the harness:

- `agent=model` (the default): an `ibench.env` episode. The Inspect model gets the ticket and
  a `shell` tool that runs commands in the run's workspace with the integration's environment
  (the live vendors and their docs behind the recorder), and works until it stops calling tools
  or hits the task's message limit. Then the episode is submitted: the vendors reset, the
  scenario runs, our grader grades.
- `agent=oracle | noop | oracle+<mutant> | alternative:<name> | cmd:'…' | <named agent>`: one
  ordinary harness run with that agent (ibench/agents.py), for baselines in the same log.

The scorer reports the verdict: `score` (score / 100), `solved` (1 or 0) and one value per
category (correctness, resilience, integrity, conduct; category score / 100). The bundle's
path, run id and outcome go into the sample's metadata and the score's. A run the harness or
grader could not grade scores no value (Inspect's NaN), so it is never averaged in as a zero.
Inspect's own logs keep the transcript; the bundle keeps the traffic and the verdict."""
from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from inspect_ai import Task, task
from inspect_ai.dataset import Sample
from inspect_ai.model import ChatMessageSystem, ChatMessageUser
from inspect_ai.scorer import Score, Target, mean, scorer
from inspect_ai.solver import Generate, TaskState, solver
from inspect_ai.tool import tool

from ibench.catalog import default_tasks_dir, select

CATEGORIES = ("correctness", "resilience", "integrity", "conduct")
SHELL_TIMEOUT_S = 600
SHELL_OUTPUT_CHARS = 20_000
SYSTEM = """You are a software engineer working for a customer. The ticket below says what they
want. The starter repository is your current directory; the `shell` tool runs commands there
with the customer's environment (vendor base URLs, their API docs URLs, credentials) already
exported. The live systems are test instances you may call. When the work is done, stop
calling tools and say so: your repository is then run through the customer's scenarios."""


@tool
def shell(workspace: str, env: dict[str, str]):
    async def execute(cmd: str) -> str:
        """Run a shell command in the workspace, with the integration's environment.

        Args:
            cmd: The command line to run (bash syntax).

        Returns:
            The command's output (stdout and stderr) and its exit code.
        """
        proc = await asyncio.create_subprocess_exec(
            "/bin/bash", "-c", cmd, cwd=workspace, env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        try:
            out, _ = await asyncio.wait_for(proc.communicate(), SHELL_TIMEOUT_S)
        except asyncio.TimeoutError:
            proc.kill()
            await proc.wait()
            return f"(killed after {SHELL_TIMEOUT_S} s)"
        text = out.decode(errors="replace")
        if len(text) > SHELL_OUTPUT_CHARS:
            text = f"(first {len(text) - SHELL_OUTPUT_CHARS} characters cut)\n" + text[-SHELL_OUTPUT_CHARS:]
        return f"{text}\n(exit code {proc.returncode})"

    return execute


def _summary(result) -> dict:
    verdict = result.verdict or {}
    return {"bundle": str(result.bundle), "run_id": result.bundle.name, "outcome": result.outcome,
            "cause": getattr(result, "cause", None) or getattr(result, "error", None),
            "score": result.score, "solved": bool(result.solved), "variant": verdict.get("variant", 0),
            "by_category": {c: (verdict.get("by_category") or {}).get(c, {}).get("score") for c in CATEGORIES},
            "failed": [c["id"] for c in verdict.get("criteria", []) if not c.get("passed")]}


@solver
def ibench_agent(agent: str = "model", tasks_dir: str | None = None, variant: int = 0, out: str | None = None):
    """Work the sample's task through the harness (see the module docstring)."""
    out_dir = Path(out) if out else Path(tempfile.mkdtemp(prefix="ibench-inspect-"))

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        task_id = state.metadata["task"]
        if agent == "model":
            from ibench.env import Environment

            env = Environment(tasks_dir, out_dir, agent_name="inspect",
                              model=str(state.model) if state.model else None)
            try:
                obs = await asyncio.to_thread(env.reset, task_id, variant)
                state.metadata["workspace"] = str(obs.workspace)
                state.tools = [shell(str(obs.workspace), obs.env)]
                state.messages = [ChatMessageSystem(content=SYSTEM), ChatMessageUser(content=obs.ticket)]
                state = await generate(state, tool_calls="loop")
                result = await asyncio.to_thread(env.submit)
            finally:
                await asyncio.to_thread(env.close)
        else:
            result = await asyncio.to_thread(_harness_run, task_id, agent, tasks_dir, variant, out_dir)
        state.metadata.update({"ibench": _summary(result), "bundle": str(result.bundle)})
        return state

    return solve


def _harness_run(task_id: str, agent_text: str, tasks_dir: str | None, variant: int, out: Path):
    from ibench.agents import resolve_agent
    from bundle.keys import load_private_key
    from ibench.runner import execute_run
    from ibench.sandbox import choose_mode
    from ibench.variants import entry_for_variant

    load_private_key()  # every bundle is sealed with it: a bad key file stops here
    (entry,) = select(Path(tasks_dir) if tasks_dir else default_tasks_dir(), task_id)
    agent = resolve_agent(agent_text, None, (entry.path,))
    return execute_run(entry_for_variant(entry, variant), agent, 1, out, choose_mode("auto"))


@scorer(metrics={"score": [mean()], "solved": [mean()], **{c: [mean()] for c in CATEGORIES}})
def ibench_verdict():
    """The grader's verdict as Inspect scores (score / 100, solved, categories / 100)."""

    async def score(state: TaskState, target: Target) -> Score:
        r = state.metadata.get("ibench")
        if not r:
            return Score(value={"score": float("nan"), "solved": float("nan")},
                         explanation="no run reached the grader (see the sample's error)")
        graded = r["outcome"] in ("completed", "agent_error") and r["score"] is not None
        nan = float("nan")
        value = {"score": r["score"] / 100 if graded else nan, "solved": (1.0 if r["solved"] else 0.0) if graded else nan,
                 **{c: (v / 100 if graded and v is not None else nan) for c, v in r["by_category"].items()}}
        why = r["cause"] or ("failed: " + ", ".join(r["failed"]) if r["failed"] else "every criterion passed")
        return Score(value=value, answer=r["outcome"], explanation=why,
                     metadata={k: r[k] for k in ("bundle", "run_id", "outcome", "variant")})

    return score


@task
def integration_bench(tasks: str = "*", agent: str = "model", variant: int = 0, tasks_dir: str | None = None,
                      out: str | None = None, message_limit: int = 200) -> Task:
    """Integration Bench: one sample per task matching `tasks` (an id or glob)."""
    root = Path(tasks_dir) if tasks_dir else default_tasks_dir()
    samples = []
    for e in select(root, tasks):
        ticket = (e.path / "TICKET.md").read_text(encoding="utf-8", errors="replace")
        samples.append(Sample(id=e.spec.id if not variant else f"{e.spec.id}@v{variant}", input=ticket,
                              metadata={"task": e.spec.id, "kind": e.spec.kind, "variant": variant,
                                        "vendors": [v.name for v in e.spec.vendors],
                                        "mechanics": list(e.spec.mechanics)}))
    return Task(dataset=samples, solver=ibench_agent(agent, str(root), variant, out), scorer=ibench_verdict(),
                message_limit=message_limit, name="integration_bench")
