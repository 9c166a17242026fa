"""The scenario engine: executes a task's steps against live vendors, the recorder and the
integration, recording each step (with its full payload and result) in events.jsonl and
tagging the traffic with the step's phase (`scenario:<step id>`)."""
from __future__ import annotations

import re
import shlex
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import duckdb

from ibench import safefs, step_keys
from ibench.agents import STOP, run_process
from bundle.dumps import dump_vendor_state
from ibench.dumps import dump_outputs
from bundle.events import EventLog
from ibench.proctree import ProcTree
from ibench.sandbox import Sandbox
from ibench.taskspec import Step, TaskSpec
from ibench.errors import HarnessError
from ibench.vendorhost import VendorHandle
from ibench.workspace import Workspace


@dataclass
class RunContext:
    """Everything one run's steps act on."""

    spec: TaskSpec
    task_dir: Path
    bundle: Path
    workspace: Workspace
    vendors: dict[str, VendorHandle]
    recorder: Any  # recorder.process.RecorderHandle
    events: EventLog
    sandbox: Sandbox
    env: dict[str, str]  # the integration's environment, the task's own `env` included (runner)
    receiver_port: int | None = None
    serve_proc: subprocess.Popen | None = None
    serve_tree: Any = None  # ibench.proctree.ProcTree of the receiver
    serve_argv: list[str] = field(default_factory=list)  # as wrapped, for sandbox.reap
    exits: list[dict] = field(default_factory=list)
    on_step: Callable[[str], None] = lambda label: None
    integration_s: float = 0.0  # time spent inside the integration's own processes
    waits_s: float = 0.0  # time spent in `wait` steps: designed into the scenario, not overhead
    variant: int = 0  # spec's seeds are already this variant's; a profile file's is derived on load
    written_seeds: dict[str, int] = field(default_factory=dict)  # a variant's: the task's own seeds
    # a variant's: the written dataset's keys -> the keys of the records in their places, as
    # the vendors' resets answer them (vendors/kit/variant_ids.py); steps' payloads go through it
    translation: dict[str, str] = field(default_factory=dict)
    # a variant's: per vendor and table, whole-number keys likewise, for `{key:…}` placeholders
    key_numbers: dict[str, dict[str, dict[int, int]]] = field(default_factory=dict)
    sent: Any = None  # the step's payload as sent, when the translation changed it (its event's `sent`)

    def set_phase(self, phase: str) -> None:
        self.events.phase = phase
        self.recorder.client().set_phase(phase)


def run_scenario(rc: RunContext) -> None:
    for step in rc.spec.scenario:
        if STOP.is_set():
            raise KeyboardInterrupt
        rc.on_step(f"{step.id} ({step.kind})")
        rc.set_phase(f"scenario:{step.id}")
        rc.sent = None
        t0 = time.monotonic()
        result = STEPS[step.kind](rc, step)
        took = time.monotonic() - t0
        if step.kind == "wait":
            rc.waits_s += took
        # in a variant, `sent` is the payload naming the variant's records (criteria may read it:
        # docs/variants.md); variant 0 never has one, so its events keep their bytes
        extra = {"sent": rc.sent} if rc.sent is not None else {}
        rc.events.emit("step", step=step.id, kind=step.kind, vendor=getattr(step.args, "vendor", None),
                       payload=_payload(step), result=result,
                       duration_s=round(took, 3), **extra)  # verdict timings.steps


def _payload(step: Step) -> Any:
    return step.args.model_dump() if hasattr(step.args, "model_dump") else step.args


# --- steps ---------------------------------------------------------------------------------

def _reset(rc: RunContext, step: Step) -> dict:
    names = step.args.vendors or list(rc.vendors)
    out = {}
    for name in names:
        if name not in rc.vendors:
            raise HarnessError(f"reset names vendor {name!r}, not one of the task's")
        out[name] = reset_vendor(rc, name, step.args.clock)["tables"]
    return out


def reset_body(use, written: int | None, clock: str | None = None) -> dict[str, Any]:
    """The control reset of one vendor of the task (`use`, its task.yaml entry as this run's
    variant has it); with the written seed when it differs, and what the stand-ins share."""
    body: dict[str, Any] = {"dataset": use.dataset, "seed": use.seed}
    if clock:
        body["clock"] = clock
    if written is not None and written != use.seed:
        body["written_seed"] = written
        if use.stand_in_by:
            body["stand_in_by"] = use.stand_in_by
        if use.stand_in_values:
            body["stand_in_values"] = use.stand_in_values
    return body


def reset_vendor(rc: RunContext, name: str, clock: str | None = None) -> dict:
    """Reset one vendor to the run's dataset and seed. In a variant the vendor also seeds the
    written dataset aside and answers which of its keys stand where the written keys stood, so
    the steps that name written records name the variant's records in their places
    (docs/variants.md)."""
    body = reset_body(rc.spec.vendor(name), rc.written_seeds.get(name), clock)
    answer = rc.vendors[name].control("POST", "reset", body)
    rc.translation.update(answer.pop("translation", None) or {})
    numbers = answer.pop("key_numbers", None) or {}
    rc.key_numbers[name] = {t: {int(k): int(v) for k, v in m.items()} for t, m in numbers.items()}
    return answer


def _faults(rc: RunContext, step: Step) -> dict:
    client = rc.recorder.client()
    profile = step.args.profile
    if step.args.file:
        import yaml

        path = rc.task_dir / step.args.file
        try:
            profile = yaml.safe_load(path.read_text())
        except (OSError, yaml.YAMLError) as exc:
            raise HarnessError(f"fault profile {step.args.file}: {exc}") from None
        from ibench.variants import profile_for_variant

        profile = profile_for_variant(profile, rc.spec.id, rc.variant, f"faults:{step.id}")
    profile = _sending(rc, profile, receiver_url=False)  # a rule may match a planted record's path
    result: dict[str, Any] = {}
    if profile is None:
        client.clear_faults()
        result["faults"] = None
    else:
        result["faults"] = client.set_faults(profile)
    if step.args.rate_limits is not None:
        result["rate_limits"] = client.set_rate_limits(step.args.rate_limits)
    return result


_KEYLIKE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")


def placeholders(rc: RunContext, value: Any) -> Any:
    """`{receiver_url}` in a step's payload becomes the public URL of the integration's
    receiver (a new port every run), so a scenario can register a webhook endpoint itself. In a
    variant, a written record's key (alone, or in a path) becomes its stand-in's key."""
    return translate_keys(rc, _receiver_url(rc, value))


def _receiver_url(rc: RunContext, value: Any) -> Any:
    url = rc.env.get("IB_RECEIVER_URL")

    def fill(text: str) -> str:
        if "{receiver_url}" not in text:
            return text
        if url is None:
            raise HarnessError("{receiver_url} used in a task without `receiver: true`")
        return text.replace("{receiver_url}", url)

    return step_keys.each_string(value, fill)


def translate_keys(rc: RunContext, value: Any) -> Any:
    """`{key:…}` placeholders filled (ibench/step_keys.py); in a variant, every written record's
    key in the payload (a whole string, or a word of one such as a path segment) as the key of
    the record in its place (docs/variants.md)."""
    tr = getattr(rc, "translation", None)
    value = step_keys.fill(value, getattr(rc, "key_numbers", None) or {}, tr or {})
    if not tr:
        return value
    return step_keys.each_string(value, lambda t: tr.get(t) or _KEYLIKE.sub(lambda m: tr.get(m.group(0), m.group(0)), t))


def _sending(rc: RunContext, written: Any, receiver_url: bool = True) -> Any:
    """The payload as the step sends it (`{receiver_url}` filled, unless the step never filled
    it, and keys translated); remembered as the step's `sent` when the translation changed it."""
    filled = _receiver_url(rc, written) if receiver_url else written
    out = translate_keys(rc, filled)
    if out != filled:
        rc.sent = out
    return out


def _vendor_config(rc: RunContext, step: Step) -> dict:
    return rc.vendors[step.args.vendor].control("POST", "config", {
        "settings": _sending(rc, step.args.settings), "replace": step.args.replace})


def _mutate(rc: RunContext, step: Step) -> dict:
    return rc.vendors[step.args.vendor].control("POST", "mutate", {"ops": _sending(rc, step.args.ops)})


def _clock(rc: RunContext, step: Step) -> dict:
    return set_clocks(rc, step.args)


def set_clocks(rc: RunContext, a) -> dict:
    """Apply a ClockArgs to one vendor or to all of them."""
    body: dict[str, Any] = {}
    if a.advance_s is not None:
        body["advance_s"] = a.advance_s
    elif a.set is not None:
        body.update({"set": a.set, "freeze": a.freeze})
    elif a.host_offset_s is not None:
        body["host_offset_s"] = a.host_offset_s
    elif a.freeze:
        body["freeze"] = True
    elif a.resume:
        body["resume"] = True
    names = [a.vendor] if a.vendor else list(rc.vendors)
    return {n: rc.vendors[n].control("POST", "clock", body) for n in names}


def _emit(rc: RunContext, step: Step) -> dict:
    return rc.vendors[step.args.vendor].control("POST", "emit", {"events": _sending(rc, step.args.events)})


def _forge(rc: RunContext, step: Step) -> dict:
    vendor = rc.vendors[step.args.vendor]
    subs = vendor.control("GET", "outbox").get("subscriptions", [])
    live = [s for s in subs if s["active"]]
    forgeries = _sending(rc, list(step.args.forgeries), receiver_url=False)
    specs = []
    for f in forgeries:
        spec = {"vendor": step.args.vendor, **f}
        if "secret" not in spec and live:
            spec["secret"] = live[-1]["secret"]
        specs.append(spec)
    try:
        results = rc.recorder.client().forge(specs)
    except Exception as exc:  # the recorder refused: a broken scenario is the harness's failure
        raise HarnessError(f"forge step {step.id}: {exc}") from None
    # The recorder logs each forgery (with its payload) in events.jsonl; the step event
    # written by run_scenario carries the specs and these results.
    return {"results": results}


def _wait(rc: RunContext, step: Step) -> dict:
    deadline = time.monotonic() + step.args.seconds
    if step.args.outbox_empty:
        while time.monotonic() < deadline:
            pending = sum(v.control("GET", "outbox")["pending"] for v in rc.vendors.values()
                          if v.traits.webhooks is not None)
            if pending == 0:
                break
            STOP.wait(0.2)
        return {"waited_s": round(step.args.seconds - max(0.0, deadline - time.monotonic()), 3)}
    STOP.wait(max(0.0, deadline - time.monotonic()))
    return {"waited_s": step.args.seconds}


def _preload(rc: RunContext, step: Step) -> dict:
    src = rc.task_dir / step.args.source
    base = rc.workspace.state_dir if step.args.into == "state" else rc.workspace.output_dir
    if not src.exists():
        raise HarnessError(f"preload source {step.args.source} does not exist in the task")
    try:
        at = safefs.parts_of(base.relative_to(rc.workspace.root))
        rel = safefs.parts_of(step.args.dest or src.name)
    except ValueError as exc:
        raise HarnessError(f"preload dest: {exc}") from None
    # The folders are the integration's: write without following a link it may have planted
    # (a plain copy would write the task's file wherever the link points).
    unsafe = safefs.copy_in(rc.workspace.root, at + rel, src)
    result: dict[str, Any] = {"copied": "/".join(rel)}
    if unsafe:
        result["unsafe_files"] = unsafe
    return result


def _checkpoint(rc: RunContext, step: Step) -> dict:
    return checkpoint(rc, step.args)


def checkpoint(rc: RunContext, name: str) -> dict:
    con = duckdb.connect()
    try:
        tables = {}
        for vname, v in rc.vendors.items():
            dump = v.control("GET", "dump")
            tables[vname] = dump_vendor_state(con, dump, rc.bundle / "state" / name / vname)
        problems, unsafe = dump_outputs(con, rc.spec.outputs, rc.workspace.output_dir, rc.bundle / "output" / name,
                                        root=rc.workspace.root)
    finally:
        con.close()
    # unsafe_files: outputs not read because they were links or special files (docs/trace-format.md)
    return {"tables": tables, "output_problems": problems, "unsafe_files": unsafe}


def _command(rc: RunContext, entry: str, args: list[str]) -> list[str]:
    try:
        argv = shlex.split(rc.spec.entry[entry]) + list(args)
    except ValueError as exc:
        raise HarnessError(f"entry {entry!r}: {exc}") from None
    # cwd is the workspace, so the materials folder is named relative to it (no host paths)
    return [a.replace("{materials}", "materials") for a in argv]


def _run(rc: RunContext, step: Step) -> dict:
    a = step.args
    command = _command(rc, a.entry, a.args)
    env = {**rc.env, **a.env}
    argv = rc.sandbox.wrap(command, rc.workspace.repo, env)
    rc.events.emit("process", name=step.id, state="start", argv=command)
    try:
        res = run_process(argv, rc.workspace.repo, env, a.timeout_s, rc.bundle / "logs" / f"{step.id}.log")
    finally:
        rc.sandbox.reap(argv)
    rc.integration_s += res.duration_s
    ok = (a.expect_kill and res.timed_out) or (not res.timed_out and (a.expect_exit is None or res.exit_code == a.expect_exit))
    record = {"exit_code": res.exit_code, "timed_out": res.timed_out, "killed": res.timed_out,
              "duration_s": res.duration_s, "expected": ok}
    rc.events.emit("process", name=step.id, state="exit", **record)
    rc.exits.append({"step": step.id, **record})
    return record


def _serve(rc: RunContext, step: Step) -> dict:
    if step.args == "start":
        return start_serve(rc)
    return stop_serve(rc)


def start_serve(rc: RunContext) -> dict:
    if rc.serve_proc is not None:
        raise HarnessError("serve start: the receiver is already running")
    if "serve" not in rc.spec.entry or rc.receiver_port is None:
        raise HarnessError("serve start: the task has no `serve` entry (and receiver: true)")
    log = open(rc.bundle / "logs" / "serve.log", "ab")
    env = dict(rc.env)
    argv = rc.sandbox.wrap(_command(rc, "serve", []), rc.workspace.repo, env)
    rc.events.emit("process", name="serve", state="start")
    rc.serve_tree = ProcTree()
    rc.serve_argv = argv
    rc.serve_proc = rc.serve_tree.popen(argv, cwd=rc.workspace.repo, env=env, stdout=log, stderr=subprocess.STDOUT)
    log.close()
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if rc.serve_proc.poll() is not None:
            code = rc.serve_proc.returncode
            rc.serve_tree.kill()  # what it started before exiting goes too
            rc.sandbox.reap(argv)
            rc.serve_proc = rc.serve_tree = None
            rc.events.emit("process", name="serve", state="exit", exit_code=code, expected=False)
            return {"listening": False, "exit_code": code}
        # Asked of the sandbox: under bwrap the host side of the receiver port is the bridge,
        # which accepts whether or not the receiver listens inside.
        if rc.sandbox.listening(rc.receiver_port):
            return {"listening": True}
        time.sleep(0.1)
    return {"listening": False}


def stop_serve(rc: RunContext) -> dict:
    proc, tree = rc.serve_proc, rc.serve_tree
    if proc is None:
        return {"running": False}
    tree.terminate()  # SIGTERM first: a receiver may flush on its way out
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pass
    tree.kill()  # then nothing it started survives the step
    proc.wait()
    rc.sandbox.reap(rc.serve_argv)
    rc.serve_proc = rc.serve_tree = None
    rc.events.emit("process", name="serve", state="exit", exit_code=proc.returncode)
    return {"exit_code": proc.returncode}


STEPS: dict[str, Callable[[RunContext, Step], Any]] = {
    "reset": _reset, "faults": _faults, "vendor_config": _vendor_config, "run": _run, "serve": _serve,
    "mutate": _mutate, "clock": _clock, "emit": _emit, "forge": _forge, "wait": _wait,
    "checkpoint": _checkpoint, "preload": _preload,
}
