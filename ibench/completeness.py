"""Complete criteria: every column the task says the integration produces is compared by some
criterion, at every checkpoint whose output the ticket specifies (docs/task-authoring.md,
"Complete criteria").

What must be compared, per graded checkpoint:
- each column of each declared output (`outputs[].columns`);
- each vendor field the connector writes (`writes: [{vendor, table, fields}]`).

A checkpoint is *graded* when the integration ran since the previous checkpoint: a `run` step,
or the receiver serving (`serve: start` until `serve: stop`) at any time in between. `initial`
and a checkpoint taken after other users' changes only are not. A `run` step followed by
another `run` before any checkpoint leaves no dump of its own output: it is reported too.

Whether a criterion compares a column is decided by ibench/sql_reads.py. What is deliberately
not graded is listed in task.yaml `not_graded` with the reason, which the report prints."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ibench.sql_reads import Analyzer, Base, Schema
from ibench.taskspec import TaskSpec


def graded_checkpoints(spec: TaskSpec) -> list[str]:
    out, ran, serving = [], False, False
    for step in spec.scenario:
        if step.kind == "run":
            ran = True
        elif step.kind == "serve":
            serving = step.args == "start"
            ran = ran or serving
        elif step.kind == "checkpoint":
            if ran:
                out.append(step.args)
            ran = serving
    return out


def uncaptured_runs(spec: TaskSpec) -> list[str]:
    """Run steps whose output is overwritten by a later run before any checkpoint dumps it."""
    out, pending = [], None
    for step in spec.scenario:
        if step.kind == "run":
            if pending is not None:
                out.append(pending)
            pending = step.id
        elif step.kind == "checkpoint":
            pending = None
    return out


def required(spec: TaskSpec) -> list[Base]:
    need: list[Base] = []
    for cp in graded_checkpoints(spec):
        for out in spec.outputs:
            need += [(cp, "output", out.name.lower(), c.lower()) for c in out.columns]
        for w in spec.writes:
            need += [(cp, w.vendor, w.table.lower(), f.lower()) for f in w.fields]
    return need


def label(b: Base) -> str:
    cp, src, table, col = b
    return f"{'output' if src == 'output' else src}.{table}.{col} at {cp}"


@dataclass
class Report:
    graded: list[str]
    unread: list[Base] = field(default_factory=list)
    uncaptured: list[str] = field(default_factory=list)  # run steps, not excused
    excused: list[tuple[str, str]] = field(default_factory=list)  # (what, reason)
    stale: list[str] = field(default_factory=list)  # not_graded entries that excuse nothing
    notes: list[str] = field(default_factory=list)  # text fallbacks of the analysis
    by_criterion: dict[str, set] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not (self.unread or self.uncaptured or self.stale)

    def lines(self) -> list[str]:
        out = [f"graded checkpoints: {', '.join(self.graded) or 'none'}"]
        out += [f"not compared by any criterion: {label(b)}" for b in self.unread]
        out += [f"run {r}: no checkpoint dumps its output before the next run" for r in self.uncaptured]
        out += [f"not graded: {what} — {why}" for what, why in self.excused]
        out += [f"not_graded entry excuses nothing (a criterion compares it, or it is not required): {s}"
                for s in self.stale]
        out += [f"note: {n}" for n in self.notes]
        return out


def _schema(spec: TaskSpec) -> Schema:
    from ibench.task_checks import vendor_catalog

    vendors = {v.name: {t: list(c) for t, c in vendor_catalog(v.name)[1].items()} for v in spec.vendors}
    return Schema({o.name: o.columns for o in spec.outputs}, vendors)


def criteria_reads(criteria_dir: Path, schema: Schema) -> tuple[dict[str, set], list[str]]:
    """{criterion id: base columns it compares} over the SQL criteria, and fallback notes."""
    from grader.criteria import criteria_files, is_shared_definitions, load_criteria

    an, notes = Analyzer(schema), []
    if not criteria_dir.is_dir():
        return {}, notes
    for p in criteria_files(criteria_dir):
        if is_shared_definitions(p):
            notes += [f"{p.name}: {n}" for n in an.add_shared(p.read_text(encoding="utf-8"))]
    out = {}
    for crit in load_criteria(criteria_dir):
        if crit.error:
            notes.append(f"{crit.id}: not analysed, {crit.error}")
            continue
        if crit.sql is None:
            continue  # conduct checks judge traffic, not dumped columns
        r = an.reads(crit.sql)
        if r.fallback:
            notes.append(f"{crit.id}: {r.fallback}; columns named in its text are counted")
        out[crit.id] = r.compared
    return out, notes


def _excuses(ng, b: Base) -> bool:
    cp, src, table, col = b
    if ng.checkpoint is not None:
        return ng.checkpoint == cp
    if ng.column is None:
        return False
    want = f"output.{table}.{col}" if src == "output" else f"{src}.{table}.{col}"
    return ng.column.lower() == want and (not ng.at or cp in ng.at)


def check_completeness(task_dir: Path, spec: TaskSpec) -> Report:
    reads, notes = criteria_reads(Path(task_dir) / "criteria", _schema(spec))
    compared = set().union(*reads.values()) if reads else set()
    report = Report(graded_checkpoints(spec), notes=notes, by_criterion=reads)
    used = set()
    for b in required(spec):
        if b in compared:
            continue
        hit = [i for i, ng in enumerate(spec.not_graded) if _excuses(ng, b)]
        if hit:
            used |= set(hit)
        else:
            report.unread.append(b)
    for r in uncaptured_runs(spec):
        hit = [i for i, ng in enumerate(spec.not_graded) if ng.run == r]
        if hit:
            used |= set(hit)
        else:
            report.uncaptured.append(r)
    for i, ng in enumerate(spec.not_graded):
        if i in used:
            report.excused.append((ng.describe(), ng.reason))
        else:
            report.stale.append(ng.describe())
    return report


def gate(task_dir: Path, spec: TaskSpec) -> tuple[tuple[str, bool, str], list[str]]:
    """The `ibench validate` gate row and the report lines it prints."""
    report = check_completeness(task_dir, spec)
    n = len(report.unread) + len(report.uncaptured) + len(report.stale)
    detail = (f"every output column and written field compared at {', '.join(report.graded) or 'no checkpoint'}"
              + (f"; {len(report.excused)} not graded (listed)" if report.excused else "")
              if report.ok else f"{n} problem(s): see the lines printed above the table")
    return ("criteria complete", report.ok, detail), report.lines()
