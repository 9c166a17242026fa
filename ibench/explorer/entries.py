"""What an agent does with the starter besides reading the API: run each of the task's entry
commands (in the workspace, under the same sandbox and environment the harness runs the
integration with, briefly), start the receiver and send it test deliveries, leave scratch
files in the state and output folders — and then delete both folders, as agents cleaning up
after themselves do."""
from __future__ import annotations

import shutil
from pathlib import Path
from typing import Callable

from ibench.agents import run_process
from ibench.scenario import _command

ENTRY_TIMEOUT_S = 15.0


def entry_args(rc, name: str) -> list[str]:
    """The arguments the task's spec runs an entry with (its first `run` step), so a command
    that needs a materials file gets one."""
    for step in rc.spec.scenario:
        if step.kind == "run" and step.args.entry == name:
            return list(step.args.args)
    return []


def run_entries(rc, log: Callable[[str], None], log_path: Path, deliver: Callable[[], list]) -> list[dict]:
    env = {**rc.env, **rc.spec.env}
    repo = rc.workspace.repo
    ran: list[dict] = []
    for name in rc.spec.entry:
        if name == "serve":
            continue
        argv = _command(rc, name, entry_args(rc, name))
        log(f"entry {name}: {' '.join(argv)}")
        wrapped = rc.sandbox.wrap(argv, repo, env)
        try:
            res = run_process(wrapped, repo, env, ENTRY_TIMEOUT_S, log_path)
        finally:
            rc.sandbox.reap(wrapped)
        log(f"entry {name}: exit {res.exit_code}{' (stopped at the time limit)' if res.timed_out else ''} "
            f"after {res.duration_s:.1f} s")
        ran.append({"entry": name, "exit_code": res.exit_code, "timed_out": res.timed_out})
    if "serve" in rc.spec.entry and rc.receiver_port is not None:
        ran.append(serve_and_deliver(rc, log, deliver))
    else:
        deliver()
    return ran


def serve_and_deliver(rc, log: Callable[[str], None], deliver) -> dict:
    """The receiver started as the harness starts it (same sandbox, process tree and
    readiness check; its output goes to logs/serve.log), the deliveries, then stopped."""
    from ibench.scenario import start_serve, stop_serve

    log(f"entry serve: {' '.join(_command(rc, 'serve', []))} (in the background; output in logs/serve.log)")
    started = start_serve(rc)
    log(f"entry serve: {started}")
    try:
        deliver()
    finally:
        stopped = stop_serve(rc)
    log(f"entry serve: stopped {stopped}")
    return {"entry": "serve", **started}


def litter_and_delete(env: dict[str, str], log: Callable[[str], None]) -> list[str]:
    """Scratch files in IB_STATE_DIR and IB_OUTPUT_DIR, then `rm -rf` of both folders."""
    removed = []
    for key, files in (("IB_STATE_DIR", ("explorer/cursor.json", "explorer-notes.txt")),
                       ("IB_OUTPUT_DIR", ("explorer-scratch.csv",))):
        folder = env.get(key)
        if not folder:
            continue
        root = Path(folder)
        for rel in files:
            target = root / rel
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text("written by the explorer while trying the API\n")
            except OSError as exc:
                log(f"{key}: cannot write {rel}: {exc}")
        shutil.rmtree(root, ignore_errors=True)
        log(f"rm -rf {key} ({'gone' if not root.exists() else 'still there'})")
        removed.append(key)
    return removed
