"""A reinforcement-learning environment over the harness (docs/rl-env.md).

    from ibench.env import Environment

    with Environment() as env:
        obs = env.reset("example-00-staffline-hello", variant=3)
        ...  # act: edit files under obs.workspace, call the vendors at obs.env's URLs
        result = env.submit()  # the scenarios run, the grader grades: result.reward = score / 100

An episode is one run of the harness (ibench/runner.py) with an agent of kind `external`: the
agent phase hands the workspace and the live vendors to the caller and waits until `submit()`
(or the task's time limit), then the run goes on exactly as for any agent. The vendors reset,
the scenario runs, and the bundle is sealed and graded. Every guarantee of a run holds: agent-phase
traffic is recorded and never graded, and the verdict is the one `ibench grade` gives the
bundle. The caller acts on the host, as a person does in a `--agent human` run.

Many environments can be live at once in one process (each episode runs in a thread of its
own, as `--jobs N` runs do). `reward` is None when the run was not graded (a harness error,
an unscored bundle), so a training loop can tell "the harness failed" from a zero."""
from __future__ import annotations

import itertools
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from ibench.agents import STOP, AgentSpec
from ibench.catalog import default_tasks_dir, select
from ibench.errors import AgentError, HarnessError, UserError
from ibench.runner import RunResult, execute_run, run_id_for
from ibench.sandbox import choose_mode
from ibench.variants import entry_for_variant

AGENT_NAME = "rl-env"
_TRIALS_LOCK = threading.Lock()
_TRIALS = itertools.count(1)


@dataclass(frozen=True)
class Observation:
    task_id: str
    variant: int
    run_id: str
    ticket: str  # TICKET.md: what the customer wants
    workspace: Path  # the starter repo; what the caller leaves here is the answer
    env: dict[str, str]  # the integration's environment: vendor and docs URLs, credentials, IB_* dirs, PATH
    time_limit_s: float  # after it the episode ends as the agent's failure (a zero)


@dataclass(frozen=True)
class Submission:
    reward: float | None  # score / 100; None when the run was not graded
    score: float | None
    solved: bool
    outcome: str  # completed | agent_error | harness_error | unscored | interrupted
    cause: str | None
    verdict: dict | None
    bundle: Path


class _Episode:
    """The meeting point of a run's agent phase (in the run's thread) and the caller."""

    def __init__(self) -> None:
        self.ready = threading.Event()  # the observation is there
        self.submitted = threading.Event()
        self.abandoned = threading.Event()
        self.finished = threading.Event()
        self.observation: Observation | None = None
        self.result: RunResult | None = None
        self.error: BaseException | None = None

    def run(self, entry, agent, trial, out, mode) -> None:
        try:
            self.result = execute_run(entry, agent, trial, out, mode)
        except BaseException as exc:  # kept for the caller's thread, which re-raises it
            self.error = exc
        finally:
            self.finished.set()

    def agent_phase(self, rc) -> dict:
        """Called by the run (ibench/agent_phase.py): publish the observation, wait."""
        limit = rc.spec.agent.time_limit_s
        self.observation = Observation(
            task_id=rc.spec.id, variant=rc.variant, run_id=rc.bundle.name,
            ticket=(rc.workspace.repo / "TICKET.md").read_text(encoding="utf-8", errors="replace"),
            workspace=rc.workspace.repo, env=dict(rc.env), time_limit_s=limit)
        self.ready.set()
        start = time.monotonic()
        while not self.submitted.wait(0.1):
            if self.abandoned.is_set():
                raise AgentError("the episode was closed (or reset) before submit()")
            if STOP.is_set():
                raise KeyboardInterrupt
            if time.monotonic() - start >= limit:
                return {"agent": "external", "submitted": False, "timed_out": True,
                        "duration_s": round(time.monotonic() - start, 3)}
        return {"agent": "external", "submitted": True, "timed_out": False,
                "duration_s": round(time.monotonic() - start, 3)}


class Environment:
    """One episode at a time; make several for several at once."""

    def __init__(self, tasks_dir: str | Path | None = None, out: str | Path | None = None,
                 sandbox: str = "auto", agent_name: str = AGENT_NAME, model: str | None = None) -> None:
        from bundle.keys import load_private_key

        load_private_key()  # every bundle is sealed with it: a bad key file stops here
        self.tasks_dir = Path(tasks_dir) if tasks_dir else default_tasks_dir()
        self.out = Path(out) if out else Path(tempfile.mkdtemp(prefix="ibench-env-"))
        self.out.mkdir(parents=True, exist_ok=True)
        self._mode = choose_mode(sandbox)
        self._agent_name, self._model = agent_name, model
        self._episode: _Episode | None = None
        self._thread: threading.Thread | None = None

    def reset(self, task: str, variant: int = 0, start_timeout_s: float = 300) -> Observation:
        """Start an episode of `task` (an id) in variant `variant`; an episode still open ends
        first, as the agent's failure. Returns once the vendors are live for the caller."""
        self.close()
        entries = select(self.tasks_dir, task)
        if len(entries) != 1:
            raise UserError(f"reset takes one task id; {task!r} matches {len(entries)} tasks")
        entry = entry_for_variant(entries[0], variant)
        episode = _Episode()
        agent = AgentSpec(self._agent_name, "external", model=self._model, episode=episode)
        with _TRIALS_LOCK:  # run ids stay unique when environments share an out folder
            trial = next(t for t in _TRIALS
                         if not (self.out / run_id_for(entry.spec.id, agent.name, t, variant)).exists())
        self._episode = episode
        self._thread = threading.Thread(target=episode.run, args=(entry, agent, trial, self.out, self._mode),
                                        name=f"ibench-env-{entry.spec.id}-t{trial}", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + start_timeout_s
        while not episode.ready.wait(0.1):
            if episode.finished.is_set():
                self._episode = self._thread = None
                if episode.error is not None:
                    raise episode.error
                r = episode.result
                raise HarnessError(f"the run ended before its agent phase: {r.outcome}: {r.error}")
            if time.monotonic() > deadline:
                self.close()
                raise HarnessError(f"the run did not reach its agent phase within {start_timeout_s:g} s")
        return episode.observation

    def submit(self) -> Submission:
        """End the agent phase: the scenarios run and the run is graded (this takes as long as
        the task's scenario)."""
        episode, thread = self._episode, self._thread
        if episode is None or thread is None:
            raise UserError("submit() needs an episode: call reset() first")
        episode.submitted.set()
        thread.join()
        self._episode = self._thread = None
        if episode.error is not None:
            raise episode.error
        r = episode.result
        graded = r.outcome in ("completed", "agent_error") and r.score is not None
        return Submission(reward=round(r.score / 100, 6) if graded else None, score=r.score,
                          solved=r.solved, outcome=r.outcome, cause=r.error, verdict=r.verdict,
                          bundle=r.bundle)

    def close(self) -> None:
        """End an open episode without submitting (recorded as the agent's failure)."""
        episode, thread = self._episode, self._thread
        if episode is not None and thread is not None:
            episode.abandoned.set()
            thread.join()
        self._episode = self._thread = None

    def __enter__(self) -> "Environment":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


__all__ = ["AGENT_NAME", "Environment", "Observation", "Submission"]
