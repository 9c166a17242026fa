"""The `human` agent: the agent phase waits for a person, or any agent outside the harness, to
do the work in the workspace while the vendors stay live and the traffic is recorded as the
agent phase. It is how human baselines and blind attempts are measured (docs/agents.md).

Hand-in goes through a small folder per waiting run under the harness's home (not the
workspace, so nothing in the sandbox can hand in for the person): `waiting.json` says what the
run waits for, and `ibench done <run>` writes `done` beside it. Enter on the harness's own
terminal hands in too."""
from __future__ import annotations

import json
import os
import shutil
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import click

from ibench.errors import UserError
from ibench.integration_runtime import runtime_home


def handoff_root() -> Path:
    """Where waiting runs announce themselves: $IBENCH_HANDOFF_DIR, else under the harness's
    home (both outside every workspace and sandbox)."""
    if os.environ.get("IBENCH_HANDOFF_DIR"):
        return Path(os.environ["IBENCH_HANDOFF_DIR"])
    return runtime_home() / "handoff"


@dataclass
class HumanResult:
    handed_in: bool
    timed_out: bool
    duration_s: float
    how: str | None  # "done" | "enter" | None


def wait_for_person(run_id: str, workspace: Path, env_file: Path, time_limit_s: float,
                    stop: threading.Event, out=None, runtime_bin: str | None = None) -> HumanResult:
    """Announce the run, then wait for a hand-in, the time limit or `stop` (Ctrl-C)."""
    out = out or sys.stderr
    slot = _claim_slot(run_id)
    handle = slot.name  # what `ibench done` takes: the run id, or `<run id>~<n>` beside a live twin
    deadline = time.time() + time_limit_s
    (slot / "waiting.json").write_text(json.dumps({
        "run_id": run_id, "handle": handle, "workspace": str(workspace), "env_file": str(env_file),
        "pid": os.getpid(), "deadline_unix": round(deadline, 3), "runtime_bin": runtime_bin},
        indent=2) + "\n")
    env_text = env_file.read_text() if env_file.is_file() else "(no .ibench/env)\n"
    print("\n".join([
        f"ibench: {run_id}: waiting for the agent phase to be done by hand",
        f"  workspace: {workspace}   (TICKET.md there says what to do)",
        f"  .ibench/env ({env_file}):",
        *("    " + line for line in env_text.splitlines() if line and not line.startswith("#")),
        "  export those variables before running the integration (python -m conn …);",
        *([f"  the integration runs with the runtime's python: export PATH={runtime_bin}:$PATH "
           "(docs/runtime.md: what it has)"] if runtime_bin else []),
        f"  hand in with `ibench done {handle}`" + (" or press Enter here" if _tty() else ""),
        f"  time limit: {time_limit_s:g} s; the vendors stay live until then",
    ]), file=out, flush=True)
    entered = threading.Event()
    if _tty():
        threading.Thread(target=_read_enter, args=(entered,), daemon=True).start()
    start = time.monotonic()
    try:
        while True:
            if (slot / "done").exists():
                return HumanResult(True, False, round(time.monotonic() - start, 3), "done")
            if entered.is_set():
                return HumanResult(True, False, round(time.monotonic() - start, 3), "enter")
            if stop.is_set():
                raise KeyboardInterrupt
            if time.time() >= deadline:
                return HumanResult(False, True, round(time.monotonic() - start, 3), None)
            stop.wait(0.2)
    finally:
        shutil.rmtree(slot, ignore_errors=True)


def _alive(pid: object) -> bool:
    if not isinstance(pid, int) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _claim_slot(run_id: str) -> Path:
    """The hand-in folder of this run. Run ids are unique within a job, not across jobs, so two
    runs of the same task and agent can wait at once: a slot whose waiting run is still alive is
    never taken over (its hand-in would reach the wrong run); the newcomer gets `<run id>~<n>`.
    A slot left by a run that is gone is reused."""
    root = handoff_root()
    root.mkdir(parents=True, exist_ok=True)
    n = 1
    while True:
        slot = root / (run_id if n == 1 else f"{run_id}~{n}")
        try:
            owner = json.loads((slot / "waiting.json").read_text()).get("pid")
        except (OSError, ValueError, AttributeError):
            owner = None
        if not slot.exists() or not _alive(owner) or owner == os.getpid():
            shutil.rmtree(slot, ignore_errors=True)
            try:
                slot.mkdir(mode=0o700)
                return slot
            except FileExistsError:
                pass  # another run claimed it between the check and the mkdir: try the next
        n += 1


def _tty() -> bool:
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (ValueError, OSError):
        return False


def _read_enter(flag: threading.Event) -> None:
    try:
        sys.stdin.readline()
    except (OSError, ValueError):
        return
    flag.set()


def waiting_runs() -> list[dict]:
    root = handoff_root()
    out = []
    if root.is_dir():
        for slot in sorted(root.iterdir()):
            try:
                out.append(json.loads((slot / "waiting.json").read_text()))
            except (OSError, json.JSONDecodeError):
                continue
    return out


def hand_in(run: str | None) -> str:
    """Mark a waiting run as handed in; `run` is its id (or a unique prefix), or None when
    exactly one run waits."""
    waiting = waiting_runs()
    if not waiting:
        raise UserError("no run is waiting for a hand-in (start one with `ibench run --agent human`)")
    if run is None:
        if len(waiting) > 1:
            raise UserError("several runs are waiting; name one: "
                            + ", ".join(_handle(w) for w in waiting))
        chosen = waiting[0]
    else:
        matches = [w for w in waiting if _handle(w) == run] or \
                  [w for w in waiting if _handle(w).startswith(run)]
        if len(matches) != 1:
            raise UserError(f"no single waiting run matches {run!r}; waiting: "
                            + ", ".join(_handle(w) for w in waiting))
        chosen = matches[0]
    (handoff_root() / _handle(chosen) / "done").write_text("handed in\n")
    return _handle(chosen)


def _handle(w: dict) -> str:
    return str(w.get("handle") or w["run_id"])


@click.command("done")
@click.argument("run", required=False)
def done(run: str | None) -> int:
    """Hand in the work of a `--agent human` run: the harness runs its scenarios and grades it."""
    run_id = hand_in(run)
    click.echo(f"handed in {run_id}; the harness now runs its scenarios and grades it")
    return 0


commands = [done]
