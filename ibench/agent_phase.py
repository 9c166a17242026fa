"""The agent phase of a run: what the agent does in the workspace while the vendors are live.

One dispatch on the agent's kind (noop, oracle, human, cmd). An agent composed with the
explorer (`explorer+<agent>`, docs/agents.md) first gets the explorer's exploration of the
vendors and the starter, then does its own work; `explorer` alone is the explorer followed
by nothing. The returned record goes into the phase's end event."""
from __future__ import annotations

import os

from ibench.agents import AgentSpec, apply_solution, run_process
from ibench.scenario import RunContext


def run_agent(rc: RunContext, agent: AgentSpec) -> dict:
    explored = {}
    if agent.explore:
        from ibench.explorer import explore

        explored = {"explorer": explore(rc)}
    return {**explored, **_run(rc, agent)}


def _run(rc: RunContext, agent: AgentSpec) -> dict:
    if agent.kind == "noop":
        return {"agent": "noop"}
    if agent.kind == "oracle":
        apply_solution(rc.task_dir, rc.workspace, agent.mutant, agent.alternative)
        return {"agent": "oracle", "mutant": agent.mutant, "alternative": agent.alternative}
    if agent.kind == "external":
        return agent.episode.agent_phase(rc)
    if agent.kind == "human":
        from ibench.agents import STOP
        from ibench.human import wait_for_person

        res = wait_for_person(rc.bundle.name, rc.workspace.repo, rc.workspace.repo / ".ibench" / "env",
                              rc.spec.agent.time_limit_s, STOP,
                              runtime_bin=rc.env.get("PATH", "").split(":")[0] or None)
        return {"agent": "human", "handed_in": res.handed_in, "how": res.how,
                "timed_out": res.timed_out, "duration_s": res.duration_s}
    env = {**rc.env}
    for name in agent.env_passthrough:
        if name in os.environ:
            env[name] = os.environ[name]
    argv = rc.sandbox.wrap(["/bin/sh", "-c", agent.command], rc.workspace.repo, env)
    rc.events.emit("process", name="agent", state="start", command=agent.command)
    try:
        res = run_process(argv, rc.workspace.repo, env, rc.spec.agent.time_limit_s, rc.bundle / "logs" / "agent.log")
    finally:
        rc.sandbox.reap(argv)
    record = {"exit_code": res.exit_code, "timed_out": res.timed_out, "duration_s": res.duration_s}
    rc.events.emit("process", name="agent", state="exit", **record)
    return record
