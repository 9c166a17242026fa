"""Agents: `oracle` (applies the task's reference solution), `noop` (changes nothing),
`cmd:<shell command>` (any agent CLI, run in the workspace under the sandbox), and named
agents from a config file that build on `cmd:` (agents.yaml; see docs/agents.md)."""
from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import threading
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from ibench.errors import HarnessError, UserError
from ibench.workspace import Workspace, apply_patch


@dataclass(frozen=True)
class AgentSpec:
    name: str
    kind: str  # oracle | noop | human | cmd | external (ibench.env: the caller's own process acts)
    command: str = ""
    env_passthrough: tuple[str, ...] = ()
    mutant: str | None = None  # oracle + one mutant patch (validate)
    alternative: str | None = None  # an independent solution in alternatives/<name>/ instead
    description: str = ""
    explore: bool = False  # the explorer runs first (`explorer+<agent>`; ibench/explorer)
    ro_paths: tuple[str, ...] = ()  # its own binaries/config, shown read-only in the sandbox
    model: str | None = None  # what the agent runs on, for the leaderboard (`--model`, agents.yaml `model`)
    # kind external: the ibench.env episode the agent phase hands the workspace to and waits on
    episode: Any = field(default=None, compare=False, hash=False, repr=False)


def load_named_agents(path: Path | None = None) -> dict[str, dict]:
    """Named agents: the packaged defaults, overridden by `path` or $IBENCH_AGENTS."""
    data = yaml.safe_load(resources.files("ibench").joinpath("agents.yaml").read_text()) or {}
    user = path or (Path(os.environ["IBENCH_AGENTS"]) if os.environ.get("IBENCH_AGENTS") else None)
    if user is not None:
        try:
            extra = yaml.safe_load(Path(user).read_text()) or {}
        except (OSError, yaml.YAMLError) as exc:
            raise UserError(f"agents file {user}: {exc}") from None
        if not isinstance(extra, dict):
            raise UserError(f"agents file {user}: expected a mapping of agent names")
        data.update(extra)
    return data


def resolve_agent(text: str, agents_file: Path | None = None, task_dirs: tuple[Path, ...] = ()) -> AgentSpec:
    composed = compose_agent(text, agents_file, task_dirs)
    if composed is not None:
        return composed
    if text in ("oracle", "noop", "human"):
        return AgentSpec(text, text)
    if text.startswith("cmd:"):
        command = text[4:].strip()
        if not command:
            raise UserError("cmd: needs a command, e.g. --agent cmd:'my-agent --ticket TICKET.md'")
        _require_binary(command, text)
        return AgentSpec(text, "cmd", command)
    named = load_named_agents(agents_file)
    if text not in named:
        raise UserError(f"unknown agent {text!r}; use oracle, noop, explorer, explorer+<agent>, oracle+<mutant>, "
                        f"alternative:<name>, cmd:'…' or one of: {', '.join(sorted(named))}")
    entry = named[text]
    if not isinstance(entry, dict) or not isinstance(entry.get("cmd"), str):
        raise UserError(f"agent {text!r}: its entry needs a `cmd` string")
    _require_binary(entry["cmd"], text)
    ro_paths = entry.get("ro_paths") or []
    if not isinstance(ro_paths, list) or not all(isinstance(p, str) for p in ro_paths):
        raise UserError(f"agent {text!r}: `ro_paths` must be a list of paths")
    model = entry.get("model")
    if model is not None and not isinstance(model, str):
        raise UserError(f"agent {text!r}: `model` must be a string")
    return AgentSpec(text, "cmd", entry["cmd"], tuple(entry.get("env", [])), description=entry.get("description", ""),
                     ro_paths=tuple(ro_paths), model=model)


AGENT_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.+:-]{0,99}$")


def named(agent: AgentSpec, name: str | None, model: str | None) -> AgentSpec:
    """`--agent-name` / `--model`: the agent as the runs and the leaderboard should call it."""
    if name is not None:
        if not AGENT_NAME.match(name):
            raise UserError(f"--agent-name {name!r}: letters, digits and . _ + : - (at most 100, "
                            "starting with a letter or digit)")
        agent = replace(agent, name=name)
    if model is not None:
        if not model.strip() or len(model) > 200 or any(ord(c) < 32 for c in model):
            raise UserError(f"--model {model!r}: one line of at most 200 characters")
        agent = replace(agent, model=model.strip())
    return agent


COMPOSED_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")


def compose_agent(text: str, agents_file: Path | None, task_dirs: tuple[Path, ...]) -> AgentSpec | None:
    """The compositions `ibench validate` runs, also accepted by `ibench run --agent`:
    `explorer` (the explorer, then nothing), `explorer+<agent>` (the explorer, then that agent),
    `oracle+<mutant>` (the solution with mutants/<mutant>.patch) and `alternative:<name>` (the
    solution in alternatives/<name>/). Mutants and alternatives must exist in every task of
    `task_dirs`. None: `text` is not a composition."""
    if text == "explorer":
        return AgentSpec("explorer", "noop", explore=True)
    if text.startswith("explorer+"):
        rest = text[len("explorer+"):]
        if not rest or rest == "explorer" or rest.startswith("explorer+"):
            raise UserError(f"agent {text!r}: explorer+ needs another agent after it, e.g. explorer+oracle")
        inner = resolve_agent(rest, agents_file, task_dirs)
        return replace(inner, name=text, explore=True)
    for prefix, kind in (("oracle+", "mutant"), ("alternative:", "alternative")):
        if not text.startswith(prefix):
            continue
        name = text[len(prefix):]
        if not COMPOSED_NAME.match(name):
            raise UserError(f"agent {text!r}: {prefix} needs a {kind} name (letters, digits, . _ -)")
        for task in task_dirs:
            have = task_variants(task, kind)
            if name not in have:
                raise UserError(f"unknown {kind} {name!r} for task {task.name}; "
                                + (f"its {kind}s: {', '.join(have)}" if have else f"it has no {kind}s"))
        if kind == "mutant":
            return AgentSpec(text, "oracle", mutant=name)
        return AgentSpec(text, "oracle", alternative=name)
    return None


def task_variants(task: Path, kind: str) -> list[str]:
    """A task's mutants (mutants/<name>.patch) or alternatives (alternatives/<name>/)."""
    if kind == "mutant":
        return sorted(p.stem for p in (task / "mutants").glob("*.patch"))
    folder = task / "alternatives"
    return sorted(p.name for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else []


def _require_binary(command: str, label: str) -> None:
    try:
        first = shlex.split(command)[0]
    except (ValueError, IndexError):
        raise UserError(f"agent {label}: cannot parse its command") from None
    if "=" in first or first in ("cd", "env", "sh", "bash", "exec"):
        return  # shell forms: the shell reports what is missing
    if shutil.which(first) is None and not Path(first).exists():
        raise UserError(f"agent {label}: executable {first!r} not found on PATH")


@dataclass
class AgentResult:
    exit_code: int | None
    timed_out: bool
    duration_s: float
    log: str = ""
    extra: dict = field(default_factory=dict)


def apply_solution(task_dir: Path, ws: Workspace, mutant: str | None = None,
                   alternative: str | None = None) -> None:
    """The oracle: copy `solution/` over the workspace (a `*.patch` there is applied instead),
    then, for a mutant, apply `mutants/<name>.patch` on top. With `alternative`, the solution
    is `alternatives/<name>/`: an independent one written from the ticket alone (fairness)."""
    sol = task_dir / "alternatives" / alternative if alternative else task_dir / "solution"
    if alternative and not sol.is_dir():
        raise HarnessError(f"alternative solution {alternative!r} not found")
    patches = sorted(sol.glob("*.patch")) if sol.is_dir() else []
    if patches:
        for p in patches:
            _apply_patch(ws, p)
    elif sol.is_dir():
        for src in sorted(sol.rglob("*")):
            if src.is_file() and "__pycache__" not in src.parts and src.name != "NOTES.md":
                dest = ws.repo / src.relative_to(sol)
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(src, dest)
    if mutant:
        _apply_patch(ws, task_dir / "mutants" / f"{mutant}.patch")


def _apply_patch(ws: Workspace, patch: Path) -> None:
    if not patch.exists():
        raise HarnessError(f"patch {patch.name} not found")
    proc = apply_patch(ws, patch)
    if proc.returncode != 0:
        raise HarnessError(f"patch {patch.name} does not apply: {proc.stderr.strip()[:300]}")


def run_process(argv: list[str], cwd: Path, env: dict[str, str], timeout_s: float, log_path: Path) -> AgentResult:
    """Run a process tree to completion or timeout (SIGTERM, then 5 s later SIGKILL). Either
    way, when this returns nothing the process started is left (ibench.proctree)."""
    import time

    from ibench.proctree import ProcTree

    log_path.parent.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    with open(log_path, "ab") as log:
        tree = ProcTree()
        try:
            proc = tree.popen(argv, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT)
        except FileNotFoundError as exc:
            tree.kill()
            raise HarnessError(f"cannot start {argv[0]}: {exc}") from None
        timed_out = False
        try:
            _wait_unless_stopped(proc, timeout_s, tree.watch)
        except subprocess.TimeoutExpired:
            timed_out = True
            tree.terminate()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass
        finally:
            # Exit, time limit or Ctrl-C: the step is over, and whatever it started (setsid,
            # double fork, SIGTERM ignored) goes with it before anything else runs.
            tree.kill()
            proc.wait()
    return AgentResult(proc.returncode, timed_out, round(time.monotonic() - start, 3))


# Set by the CLI on Ctrl-C: runs in worker threads stop their processes and wind down,
# keeping what they recorded (the signal itself only reaches the main thread).
STOP = threading.Event()


def _wait_unless_stopped(proc: subprocess.Popen, timeout_s: float, tick=lambda: None) -> int:
    import time

    deadline = time.monotonic() + timeout_s
    while True:
        if STOP.is_set():
            raise KeyboardInterrupt
        try:
            return proc.wait(timeout=min(0.2, max(0.0, deadline - time.monotonic())))
        except subprocess.TimeoutExpired:
            if time.monotonic() >= deadline:
                raise
            tick()
