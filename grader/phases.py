"""Phase scoping: which recorded rows criteria, the conduct library and the audit see.

A bundle records two kinds of traffic (docs/trace-format.md): the coding agent exploring the
live vendors (phase `agent`) and the scripted scenario (phases `scenario:<step id>`, including
`scenario:setup`). Only the scenario is graded: the agent phase runs on the same seeds, so its
records, deliveries and event ids recur in the scenario, and an agent that tests its own
receiver with signed deliveries must not be read as the vendor having sent them.

The loader therefore keeps every row in the tables `all_exchanges` and `all_events` and puts
views on top (docs/grader.md "Views"; docs/task-authoring.md "Phase scoping"):

    exchanges, events              the scenario: phase `scenario:*`
    agent_exchanges, agent_events  the agent phase: phase `agent`
    all_exchanges, all_events      every row, including rows of no phase (`setup`, NULL)

The conduct library reads `exchanges` (its default scope is `scenario:*`); the checks that guard
the benchmark itself (no_proxy_bypass, no_control_probe, secret_placement) read `all_*`.
"""
from __future__ import annotations

from typing import Iterable

SCENARIO_PREFIX = "scenario:"
SCENARIO_GLOB = SCENARIO_PREFIX + "*"
AGENT = "agent"

# (base name, the view's filter on `phase`): same predicate as the conduct scope `scenario:*`
VIEWS = (
    ("", f"starts_with(phase, '{SCENARIO_PREFIX}')"),
    ("agent_", f"phase = '{AGENT}'"),
)


def create_views(con, table: str) -> None:
    """`<table>` (the scenario) and `agent_<table>` over the table `all_<table>`."""
    for prefix, where in VIEWS:
        con.execute(f"CREATE OR REPLACE VIEW {prefix}{table} AS "
                    f"SELECT * FROM all_{table} WHERE {where}")


def kind(phase: str | None) -> str:
    """`agent`, `scenario` or `other` (rows before the harness set a phase)."""
    if phase == AGENT:
        return "agent"
    if phase is not None and phase.startswith(SCENARIO_PREFIX):
        return "scenario"
    return "other"


def scenario_only(patterns: Iterable[str] | None) -> bool:
    """True when every phase pattern can only match scenario phases, so the scenario views hold
    every row the patterns select; None (no restriction) is every phase."""
    if patterns is None:
        return False
    return all(p.startswith(SCENARIO_PREFIX) for p in patterns)


def source(table: str, patterns: Iterable[str] | None) -> str:
    """The relation a phase-scoped query reads: the scenario view, or `all_<table>` when the
    patterns reach outside the scenario (an explicit opt-in, e.g. `phases: [agent]`)."""
    return table if scenario_only(patterns) else f"all_{table}"
