"""The check type: a `ConductCheck` (its template, binder, parameters and defaults) turns a
task's parameters into rendered queries, and `evaluate` runs them into a criterion's result."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from grader.conduct._context import Context
from grader.conduct._params import SCENARIO, ParamError, _list_of_str, norm_phases
from grader.conduct._sql import partial, template
from grader.phases import source
from grader.sqlutil import glob_any, render

# --- the check type ---------------------------------------------------------------------

Binder = Callable[["ConductCheck", Context, dict[str, Any]], tuple[list[dict[str, Any]], str]]


@dataclass
class ConductCheck:
    id: str
    summary: str
    template: str
    binder: Binder
    params: dict[str, Any] = field(default_factory=dict)  # check-specific params + defaults
    phases_default: list[str] | None = field(default_factory=lambda: list(SCENARIO))
    always_on: bool = False
    aliases: tuple[str, ...] = ()
    evidence: str = ""  # what must exist for the check to be recorded
    # False: without evidence the check is left out of the verdict entirely, not listed in
    # conduct_not_applicable — for a gate whose evidence is the violation itself, so a clean
    # run's verdict is the same as before the gate existed (no_unsafe_files).
    listed_without_evidence: bool = True

    def resolve(self, given: dict[str, Any]) -> dict[str, Any]:
        allowed = set(self.params) | {"phases", "vendors"}
        unknown = sorted(set(given) - allowed)
        if unknown:
            raise ParamError(f"unknown parameter(s) {', '.join(unknown)} for {self.id} "
                             f"(takes: {', '.join(sorted(allowed))})")
        p = dict(self.params)
        p.update(given)
        p["phases"] = norm_phases(given["phases"]) if "phases" in given else self.phases_default
        p["explicit_phases"] = "phases" in given
        p["vendors"] = _list_of_str(given.get("vendors"), "vendors")
        return p

    def scope(self, p: dict[str, Any]) -> str:
        return glob_any("phase", p["phases"])

    def vendor_list(self, ctx: Context, p: dict[str, Any]) -> list[str]:
        vs = ctx.vendors
        if p["vendors"] is not None:
            vs = [v for v in vs if v in p["vendors"]]
        return vs

    def queries(self, ctx: Context,
                given: dict[str, Any]) -> tuple[list[tuple[str, str, str | None]], str]:
        """[(evidence SQL, violations SQL, stopped SQL or None)] per binding, or ([], reason not
        applicable). The optional `-- @stopped` section selects the triggers the integration
        stopped at (_stopped.sql): violations too, kept apart so that their extra column (`why`)
        appears in the evidence only when such a row exists."""
        p = self.resolve(given)
        bindings, reason = self.binder(self, ctx, p)
        out = []
        for b in bindings:
            # `{{!exchanges}}`: the scenario view, or all_exchanges when the task's `phases`
            # reach outside the scenario (an explicit opt-in; grader/phases.py)
            values = {"scope": self.scope(p), "exchanges": source("exchanges", p["phases"]),
                      "events": source("events", p["phases"]), **b}
            t = template(values.pop("_template", self.template))
            # shared tails: the early-request join (_early.sql) and the trigger rule (_stopped.sql)
            for name in ("early", "stopped"):
                if "{{!" + name + "}}" in t.get("with", "") and name not in values:
                    values[name] = render(partial("_" + name), values)
            w = render(t.get("with", ""), values)
            prefix = f"WITH {w}\n" if w else ""
            stop = t.get("stopped")
            if stop and "{{!stopped}}" in t.get("with", "") and not ctx.failed_steps():
                stop = None  # the run-step trigger rule can only fire when a run step failed
            out.append((prefix + render(t["evidence"], values),
                        prefix + render(t["violations"], values),
                        prefix + render(stop, values) if stop else None))
        return out, reason
