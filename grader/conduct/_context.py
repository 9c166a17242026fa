"""What a check is evaluated against: the bundle's connection, the vendors' traits and the
shared, lazily built tables (the request timeline `lib_req`, the count of failed run steps)."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import duckdb

from grader.conduct._sql import partial
from grader.criteria import DEFAULT_TIMEOUT_S


@dataclass
class Context:
    con: duckdb.DuckDBPyConnection
    traits: dict[str, dict[str, Any]]
    vendors: list[str]
    checkpoints: list[str] = field(default_factory=list)
    timeout_s: float | None = DEFAULT_TIMEOUT_S

    @classmethod
    def from_bundle(cls, bundle) -> "Context":
        return cls(con=bundle.con, traits=bundle.traits, vendors=bundle.vendors,
                   checkpoints=bundle.checkpoints)

    def trait(self, vendor: str, *path: str, default: Any = None) -> Any:
        node: Any = self.traits.get(vendor) or {}
        for p in path:
            if not isinstance(node, dict):
                return default
            node = node.get(p)
            if node is None:
                return default
        return node

    def requests_table(self) -> str:
        """`lib_req`: the requests to vendors with pointers to the previous/next request of the
        same method+path and the previous request to the same vendor (per phase, by start
        time). Built once per bundle (two sorts) and shared by the checks that walk sequences."""
        if not getattr(self, "_lib_req", False):
            self.con.execute(partial("_requests"))
            self._lib_req = True
        return "lib_req"

    def failed_steps(self) -> int:
        """How many run steps of the scenario did not end as their task expects (exit 0 by
        default; the `expected` of their exit event). Only such a step can have stopped at a
        trigger (_stopped.sql), so without one the library skips that part: a run whose steps
        all succeeded costs nothing more. Same predicate as _stopped.sql; counted once."""
        if getattr(self, "_failed_steps", None) is None:
            self._failed_steps = int(self.con.execute(
                "SELECT count(*) FROM all_events WHERE type = 'process' AND state = 'exit' "
                "AND timed_out IS NOT NULL AND phase = 'scenario:' || name "
                "AND NOT coalesce(TRY_CAST(data ->> '$.expected' AS BOOLEAN), "
                "exit_code = 0 AND NOT coalesce(timed_out, FALSE))").fetchone()[0])
        return self._failed_steps

    def views(self, prefix: str = "", suffix: str = "") -> list[tuple[str, str]]:
        """(schema, name) of the checkpoint views (schemas cp_*) with that prefix/suffix."""
        listed = getattr(self.con, "checkpoint_views", None)
        if listed is not None:  # views made on first use (grader/dump_views.py): make these
            out = [(s, t) for s, t in listed() if t.startswith(prefix) and t.endswith(suffix)]
            self.con.ensure_views(out)
            made = set(listed())  # without any whose file proved unreadable
            return [v for v in out if v in made]
        rows = self.con.execute(
            "SELECT table_schema, table_name FROM information_schema.tables "
            "WHERE starts_with(table_schema, 'cp_') ORDER BY table_schema, table_name").fetchall()
        return [(s, t) for s, t in rows if t.startswith(prefix) and t.endswith(suffix)]

    def views_with_rows(self, prefix: str = "",
                        suffix: str = "") -> list[tuple[tuple[str, str], bool]]:
        """Each checkpoint view `views` lists, with whether its table holds any row; only the
        views that do are made. Logs such as a vendor's bypass log are empty in nearly every
        run, and a check reading them gets the same answer without them: their Parquet footers
        say so in one query, where making each view and scanning it cost a bundle about 1.5 ms
        a file (docs/speed.md, "Re-scoring an archive")."""
        listed = getattr(self.con, "checkpoint_views", None)
        counts = getattr(self.con, "row_counts", None)
        if listed is not None and counts is not None:
            names = [(s, t) for s, t in listed() if t.startswith(prefix) and t.endswith(suffix)]
            n = counts(names)
            if n is not None:
                full = [v for v in names if n[v] > 0]
                self.con.ensure_views(full)
                made = set(listed())  # without any whose file proved unreadable
                return [(v, n[v] > 0) for v in names if v in made]
        return [(v, True) for v in self.views(prefix, suffix)]

    def rate_plans(self, vendor: str) -> list[tuple[datetime | None, datetime | None, list[dict]]]:
        """The vendor's rate-limit rules as the recorder enforced them: [(from, until, rules)],
        `None` for an open end. vendor.yaml's rules hold unless the run recorded others: the
        plan in force when the scenario began (its `recorder_reset` event: a task's
        `vendors[].rate_limits`, in force since the agent phase) and each plan a `faults` step
        set (its result's `rate_limits.effective`). Consecutive periods with the same rules are
        one, so a run whose plan never changed has a single open period. A bundle recorded
        before the reset event carried the plan has vendor.yaml's rules until a faults step."""
        if not hasattr(self, "_plans"):
            try:
                self._plans = [(kind, at, json.loads(doc)) for kind, at, doc in self.con.execute(
                    "SELECT type, \"at\", CAST(result -> '$.rate_limits.effective' AS VARCHAR) FROM all_events "
                    "WHERE type IN ('recorder_reset', 'step') AND \"at\" IS NOT NULL "
                    "AND json_type(result -> '$.rate_limits.effective') = 'OBJECT' ORDER BY ord").fetchall()]
            except (duckdb.Error, ValueError):  # pragma: no cover - events as the schema has them
                self._plans = []
        rules = self.trait(vendor, "rate_limits", "rules", default=[]) or []
        periods: list[list[Any]] = [[None, None, rules]]
        for i, (kind, at, effective) in enumerate(self._plans):
            plan = effective.get(vendor) if isinstance(effective, dict) else None
            if not isinstance(plan, dict):
                continue
            new = plan.get("rules") or []
            if _rules_key(new) == _rules_key(periods[-1][2]):
                continue
            if i == 0 and kind == "recorder_reset":
                periods[0][2] = new  # the plan of the whole run, agent phase included
                continue
            periods[-1][1] = at
            periods.append([at, None, new])
        return [tuple(p) for p in periods]


def _rules_key(rules: list) -> list[tuple]:
    """What the window checks read of each rule, in one form whether it comes from vendor.yaml
    or from the recorder (which spells out defaults)."""
    out = []
    for r in rules if isinstance(rules, list) else []:
        if not isinstance(r, dict):
            continue
        m = r.get("match") or {}
        out.append((str(r.get("id")), r.get("policy"), float(r.get("limit") or 0),
                    float(r.get("window_s") or 1.0), float(r.get("refill_per_s") or 0),
                    m.get("method"), m.get("path")))
    return out
