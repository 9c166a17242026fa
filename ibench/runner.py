"""One run (task × agent × trial), end to end, into a self-contained bundle:

prepare workspace → start vendors and the recorder → agent phase (traffic tagged `agent`) →
reset vendors, clear the integration's dirs → scenario → recorder flush → traits, criteria,
logs, patch → manifest → grade → verdict.json.

Failures are kept apart by who failed (docs/trace-format.md, "Outcomes"): `agent_error` when
the agent ran out of time or broke what the run needs (scored 0 and counted), `harness_error`
when the harness failed (not graded, not a zero), the grader's `unscored`, and `interrupted`
for Ctrl-C, which stops everything started here and keeps what was recorded. Anything else the
agent does in its workspace is just its score."""
from __future__ import annotations

import hashlib
import os
import secrets
import shutil
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ibench import __version__
from ibench.agent_phase import run_agent
from ibench.agents import AgentSpec
from ibench.catalog import TaskEntry
from ibench.scenario import RunContext, reset_vendor, run_scenario, set_clocks, stop_serve
from ibench.errors import AgentError, HarnessError, UserError
from bundle.events import EventLog, utc_now
from ibench.integration_runtime import ensure_runtime
from ibench import docker_runtime
from ibench.docker_runtime import is_docker
from ibench.sandbox import Sandbox
from ibench.vendorhost import start_vendors
from ibench import materials
from ibench.workspace import prepare_workspace, workspace_patch, write_env_file

PROJECT_ROOT = Path(__file__).resolve().parent.parent


@dataclass
class RunResult:
    run_id: str
    task_id: str
    agent: str
    trial: int
    bundle: Path
    outcome: str
    verdict: dict | None
    error: str | None = None
    timings: dict = field(default_factory=dict)
    variant: int = 0

    @property
    def score(self) -> float | None:
        return None if self.verdict is None else self.verdict.get("score")

    @property
    def solved(self) -> bool:
        return bool(self.verdict and self.verdict.get("solved"))


AGENT_SLUG_MAX = 40


def run_overhead_s(timings: dict) -> float:
    """The harness's own share of a run: its wall time without the integration's processes,
    the scenario's designed waits and the agent's work (benchmarks/harness_overhead.py measures
    the same from outside, with CLI start-up and exit)."""
    return max(0.0, timings.get("total_s", 0.0) - timings.get("integration_s", 0.0)
               - timings.get("waits_s", 0.0) - timings.get("agent_s", 0.0))


def run_id_for(task_id: str, agent: str, trial: int, variant: int = 0) -> str:
    """`<task>__<agent>__t<trial>` (`<task>__<agent>__v<K>__t<trial>` for variant K >= 1),
    unique within a job: an agent name that is not already a short file-name-safe word (a
    `cmd:` command line, a long name) keeps its first characters and gains 8 hex digits of its
    sha256, so two commands with a long common prefix never share a run id
    (docs/trace-format.md, "Jobs and run ids")."""
    slug = "".join(c if c.isalnum() or c in "-_.+:" else "-" for c in agent).replace(":", "-")
    if slug != agent or len(slug) > AGENT_SLUG_MAX:
        digest = hashlib.sha256(agent.encode()).hexdigest()[:8]
        slug = f"{slug[:AGENT_SLUG_MAX].strip('-') or 'agent'}-{digest}"
    return f"{task_id}__{slug}__" + (f"v{variant}__" if variant else "") + f"t{trial}"


def result_line(label: str, res: RunResult) -> str:
    """The one progress line a finished run prints (local and Ray jobs alike)."""
    score = "—" if res.score is None else f"{res.score:.1f}"
    cause = f" — {res.error}" if res.error and res.outcome != "completed" else ""
    return f"  {label}: {res.outcome}, score {score}, {'solved' if res.solved else 'unsolved'}{cause}"


def set_aside(bundle: Path) -> Path | None:
    """A bundle already at `bundle` is renamed to `<name>~<n>` (the first free n), never
    deleted: a rerun into the same job folder keeps what was recorded before."""
    if not bundle.exists() and not bundle.is_symlink():
        return None
    n = 1
    while (bundle.parent / f"{bundle.name}~{n}").exists():
        n += 1
    aside = bundle.parent / f"{bundle.name}~{n}"
    bundle.rename(aside)
    return aside


def integration_env(vendors, recorder, ws, receiver_port: int | None) -> dict[str, str]:
    """The integration's environment (docs/runtime.md); the agent sees the same values in .ibench/env."""
    env: dict[str, str] = {}
    for name, h in vendors.items():
        prefix = h.traits.env_prefix
        url = recorder.vendor_url(name).rstrip("/")
        env[f"{prefix}_BASE_URL"] = url
        env[f"{prefix}_DOCS_URL"] = url + "/docs/"
        for cred, value in sorted(h.credentials.items()):
            env[f"{prefix}_{cred.upper()}"] = value
    env["IB_STATE_DIR"] = str(ws.state_dir)
    env["IB_OUTPUT_DIR"] = str(ws.output_dir)
    if receiver_port is not None:
        env["IB_RECEIVER_PORT"] = str(receiver_port)
        env["IB_RECEIVER_URL"] = recorder.receiver_url.rstrip("/")
    return env


def process_env(public: dict[str, str], runtime_bin: Path) -> dict[str, str]:
    """A clean environment: the integration's variables, the runtime first on PATH, and nothing
    of the harness's (no control tokens, no nonce)."""
    keep = ("HOME", "LANG", "LC_ALL", "TERM", "USER")
    env = {k: os.environ[k] for k in keep if k in os.environ}
    env["PATH"] = f"{runtime_bin}:/usr/local/bin:/usr/bin:/bin"
    env["TZ"] = "UTC"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env.update(public)
    return env


def rate_limit_plans(spec) -> dict:
    """The vendors' rate-limit plans a task declares (`vendors[].rate_limits`), as the recorder's
    run-config overrides: in force for the whole run, the agent phase included."""
    return {use.name: dict(use.rate_limits) for use in spec.vendors if use.rate_limits is not None}


def execute_run(entry: TaskEntry, agent: AgentSpec, trial: int, out_root: Path, sandbox_mode: str,
                on_step: Callable[[str], None] = lambda s: None, keep_workspace: bool = False) -> RunResult:
    spec = entry.spec  # a variant's entry carries its derived seeds (ibench/variants.py)
    run_id = run_id_for(spec.id, agent.name, trial, entry.variant)
    bundle = Path(out_root).resolve() / run_id
    set_aside(bundle)
    (bundle / "logs").mkdir(parents=True)
    events = EventLog(bundle / "events.jsonl")
    timings: dict[str, float] = {}
    t0 = time.monotonic()
    started_at = utc_now()
    outcome, error = "completed", None
    vendors: dict = {}
    recorder = None
    launcher = None
    ws = None
    rc: RunContext | None = None
    sandbox: Sandbox | None = None
    private = Path(tempfile.mkdtemp(prefix="ibench-private-"))
    try:
        on_step("prepare")
        runtime_bin = ensure_runtime()
        nonce = secrets.token_hex(16)
        from vendors.kit.serve import free_port

        # Ports are picked first so the recorder (about 1.5 s to import and listen) starts
        # while the vendors seed and the workspace is prepared.
        ports = {use.name: free_port() for use in spec.vendors}
        receiver_port = free_port() if spec.receiver else None
        config = {
            "run_id": run_id, "out_dir": str(bundle), "nonce": nonce, "work_dir": str(private),
            "vendors": [{"name": n, "upstream_url": f"http://127.0.0.1:{p}"} for n, p in ports.items()],
            "control": {"token": secrets.token_hex(16)},
        }
        if receiver_port is not None:
            config["receiver"] = {"upstream_url": f"http://127.0.0.1:{receiver_port}"}
        if plans := rate_limit_plans(spec):
            config["rate_limits"] = plans
        from recorder.process import RecorderStartError, start_recorder

        in_docker = is_docker(sandbox_mode)
        tag = secrets.token_hex(6)
        # --runtime docker: the recorder and the vendors each in a container of their own
        launcher = docker_runtime.recorder_launcher(tag, (bundle, private)) if in_docker else None
        with ThreadPoolExecutor(max_workers=1) as pool:
            pending = pool.submit(start_recorder, config, timeout=60, launcher=launcher)
            try:
                written_seeds = {v.name: v.seed for v in entry.written.vendors} if entry.written else {}
                translate = bool((spec.materials_translated or spec.materials_generated) and written_seeds)
                if not translate:
                    ws = prepare_workspace(entry.path, run_id)
                vendors = (docker_runtime.start_vendor_container(spec.vendors, nonce, ports, tag) if in_docker
                           else start_vendors(spec.vendors, nonce, ports))
                # a variant's materials name its own records: translated, or made by its dataset,
                # before the agent sees them
                handed_out = materials.for_run(entry.path, spec, vendors, written_seeds if translate else {})
                if translate:
                    ws = prepare_workspace(entry.path, run_id, handed_out)
            finally:
                try:
                    recorder = pending.result()
                except RecorderStartError as exc:
                    raise HarnessError(str(exc)) from None
        # the task's own variables (a user id its ticket names, e.g.) are part of what the
        # integration sees on every run, so the agent sees them too, in .ibench/env
        public = {**integration_env(vendors, recorder, ws, receiver_port), **spec.env}
        write_env_file(ws, public)
        hidden = tuple({PROJECT_ROOT, Path(out_root).resolve(), entry.path.resolve().parent})
        # Shown to the sandbox: the system, the runtime, the workspace root (read-write) and,
        # for the agent phase, a named agent's own ro_paths; reachable: this run's public ports.
        sandbox = (docker_runtime.DockerSandbox if in_docker else Sandbox)(
            sandbox_mode, hide=hidden, writable=(ws.root,), readable=(runtime_bin.parent,), agent_paths=agent.ro_paths)
        public_urls = [recorder.vendor_url(n) for n in vendors] + (
            [recorder.receiver_url] if receiver_port is not None else [])
        if agent.kind not in ("human", "external"):
            sandbox.open_network(public_urls, receiver_port)
        # else: a person (or an ibench.env caller) works on the host, where their own receiver
        # must be able to listen on IB_RECEIVER_PORT; the run's network opens at hand-in (below).
        rc = RunContext(spec, entry.path, bundle, ws, vendors, recorder, events, sandbox,
                        process_env(public, runtime_bin), receiver_port, on_step=on_step,
                        variant=entry.variant, written_seeds=written_seeds)
        timings["setup_s"] = time.monotonic() - t0

        # --- agent phase -------------------------------------------------------------------
        on_step("agent")
        if spec.agent.clock is not None:
            set_clocks(rc, spec.agent.clock)
        rc.set_phase("agent")
        events.emit("phase", name="agent", state="start")
        t_agent = time.monotonic()
        agent_record = run_agent(rc, agent)
        sandbox.agent_paths = ()  # the agent's own binaries and config are not the integration's
        timings["agent_s"] = time.monotonic() - t_agent
        events.emit("phase", name="agent", state="end", **agent_record)
        patch, skipped = workspace_patch(ws)
        (bundle / "workspace.patch").write_text(patch, errors="surrogateescape")
        if skipped:
            events.emit("workspace", message="files left out of workspace.patch (special or "
                        "larger than the patch limit)", skipped=skipped[:200])
        if agent_record.get("timed_out"):
            raise AgentError(f"the agent ran past its time limit of {spec.agent.time_limit_s:g} s")
        if agent.kind in ("human", "external"):
            try:
                sandbox.open_network(public_urls, receiver_port)
            except OSError as exc:
                raise AgentError(f"the run's network could not open after the hand-in ({exc}): "
                                 f"is a receiver the person started still listening on "
                                 f"port {receiver_port}?") from None

        # --- scenario ----------------------------------------------------------------------
        rc.set_phase("scenario:setup")
        for name in vendors:
            reset_vendor(rc, name)
        materials.record(events, handed_out)
        # The recorder's own run state too: the scenario starts with fresh rate-limit windows
        # and forges only from its own deliveries, whatever the agent spent or sent.
        events.emit("recorder_reset", result=recorder.client().reset_run_state())
        ws.reset_for_scenario()
        t_sc = time.monotonic()
        run_scenario(rc)
        timings["scenario_s"] = time.monotonic() - t_sc
        timings["integration_s"] = rc.integration_s
        timings["waits_s"] = rc.waits_s
    except KeyboardInterrupt:
        outcome, error = "interrupted", "stopped by Ctrl-C"
        events.emit("harness_error", message=error)
    except AgentError as exc:
        outcome, error = "agent_error", str(exc)
        events.emit("agent_error", message=error)
    except UserError:
        raise
    except Exception as exc:  # the harness failed: not the agent's fault, not a zero
        outcome, error = "harness_error", f"{type(exc).__name__}: {exc}"
        events.emit("harness_error", message=error)
    finally:
        if rc is not None:
            stop_serve(rc)
        if sandbox is not None:
            sandbox.close()  # the run's network namespace and its bridge
        if recorder is not None:
            code = recorder.stop()
            if code not in (0, None) and outcome == "completed":
                outcome, error = "harness_error", f"recorder exited with {code}: {recorder.stderr_text()[-300:]}"
                events.emit("harness_error", message=error)
        if launcher is not None:
            docker_runtime.remove(launcher.container)
        for h in vendors.values():
            h.stop()
        events.close()
        shutil.rmtree(private, ignore_errors=True)
        if ws is not None and not keep_workspace:
            ws.cleanup()

    if outcome == "interrupted":
        finish_bundle(entry, agent, trial, bundle, run_id, started_at, outcome, vendors, error)
        raise KeyboardInterrupt
    finish_bundle(entry, agent, trial, bundle, run_id, started_at, outcome, vendors, error)
    on_step("grade")
    t_g = time.monotonic()
    verdict = grade_and_write(bundle)
    timings["grade_s"] = time.monotonic() - t_g
    timings["total_s"] = time.monotonic() - t0
    timings = {k: round(v, 3) for k, v in timings.items()}
    return RunResult(run_id, spec.id, agent.name, trial, bundle, verdict.get("outcome", outcome), verdict,
                     verdict.get("cause") or error, timings, entry.variant)


def finish_bundle(entry: TaskEntry, agent: AgentSpec, trial: int, bundle: Path, run_id: str, started_at: str,
                  outcome: str, vendors: dict, cause: str | None = None) -> None:
    """Traits and criteria snapshots, then the manifest with every file's sha256."""
    import duckdb
    import mitmproxy.version
    import yaml

    from bundle.inputs import snapshot_inputs
    from bundle.signing import seal_bundle

    snapshot_inputs(bundle, {use.name: PROJECT_ROOT / "vendors" / use.name / "vendor.yaml"
                             for use in entry.spec.vendors}, entry.path / "criteria")
    seal_bundle(bundle, {
        "schema_version": 1, "run_id": run_id,
        "task": {"id": entry.spec.id, "version": entry.spec.version, "sha256": entry.sha256},
        "agent": agent.name, "trial": trial, **({"model": agent.model} if agent.model else {}),
        "variant": entry.variant,  # the seeds below are this variant's (ibench/variants.py)
        "seeds": {v.name: v.seed for v in entry.spec.vendors},
        "datasets": {v.name: v.dataset for v in entry.spec.vendors},
        "tool_versions": {"ibench": __version__, "mitmproxy": mitmproxy.version.VERSION,
                          "duckdb": duckdb.__version__, "python": sys.version.split()[0]},
        "started_at": started_at, "ended_at": utc_now(), "outcome": outcome, "cause": cause,
        "scenario": yaml.safe_load(yaml.safe_dump([{"id": s.id, "kind": s.kind} for s in entry.spec.scenario])),
    })


def grade_and_write(bundle: Path) -> dict:
    import grader

    try:
        verdict = grader.grade(bundle)
    except (grader.GraderError, grader.BundleError) as exc:
        verdict = {"outcome": "unscored", "error": str(exc), "cause": f"the grader failed: {exc}",
                   "score": None, "solved": False}
        (bundle / "verdict.json").write_text(__import__("json").dumps(verdict, indent=2, sort_keys=True) + "\n")
        return verdict
    from bundle.signing import write_signed_verdict

    # verdict.sig beside it: `ibench leaderboard` counts only verdicts a grader signed
    write_signed_verdict(bundle / "verdict.json", verdict)
    return verdict
