"""Checks a task before any run: what would otherwise fail in the middle of a scenario, after
minutes of an agent's work, is found when the task is loaded (docs/task-authoring.md,
"Errors found before a run").

- each vendor's dataset is one its `vendor.yaml` lists;
- each `mutate` op is a kit op (create/update/delete) or one of that vendor's own ops, names a
  table the vendor has, and sets only that table's columns;
- each `writes` entry names a table the vendor has and only that table's fields;
- `criteria/conduct.yaml` parses, names known checks and only the parameters they take.

One message per problem, naming the file and the step."""
from __future__ import annotations

import importlib
from functools import lru_cache
from pathlib import Path

from ibench.taskspec import TaskSpec, TaskSpecError

KIT_OPS = ("create", "update", "delete")
# Keys of a kit op besides its values (vendors/kit/mutations.py; docs/task-authoring.md).
KIT_OP_KEYS = {"op", "table", "id", "ids", "where", "values", "order_by", "limit", "offset", "touch"}


@lru_cache(maxsize=None)
def vendor_catalog(name: str) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]], tuple[str, ...]]:
    """(datasets, {table: columns}, custom ops) of a vendor, from its package."""
    from vendors.kit.mutations import Mutations
    from bundle.traits import load_traits

    spec = importlib.import_module(f"vendors.{name}.app").SPEC
    datasets = tuple((spec.traits or load_traits(name)).datasets or ())
    # the same tables and columns the control plane's `mutate` accepts (vendors/kit/mutations.py)
    columns = {t: tuple(Mutations._columns(m)) for t, m in spec.mutation_tables().items()}
    return datasets, columns, tuple(sorted(spec.mutations.custom_ops))


def task_problems(task_dir: Path, spec: TaskSpec) -> list[str]:
    problems: list[str] = []
    where = f"{Path(task_dir).name}/task.yaml"
    for use in spec.vendors:
        datasets, _, _ = vendor_catalog(use.name)
        if datasets and use.dataset not in datasets:
            problems.append(f"{where}: vendor {use.name} has no dataset {use.dataset!r} "
                            f"(vendor.yaml lists: {', '.join(datasets)})")
    for step in spec.scenario:
        if step.kind == "mutate":
            problems += _mutate_problems(where, step.id, step.args.vendor, step.args.ops)
    for i, w in enumerate(spec.writes):
        _, columns, _ = vendor_catalog(w.vendor)
        if w.table not in columns:
            problems.append(f"{where}: writes[{i}]: {w.vendor} has no table {w.table!r} "
                            f"(tables: {', '.join(sorted(columns))})")
            continue
        unknown = [f for f in w.fields if f not in columns[w.table]]
        if unknown:
            problems.append(f"{where}: writes[{i}]: {w.vendor}.{w.table} has no field(s) {', '.join(unknown)} "
                            f"(fields: {', '.join(columns[w.table])})")
    problems += _conduct_problems(Path(task_dir))
    return problems


def _mutate_problems(where: str, step_id: str, vendor: str, ops) -> list[str]:
    _, columns, custom = vendor_catalog(vendor)
    out = []
    for i, op in enumerate(ops or [], 1):
        at = f"{where}: step {step_id}, op #{i}"
        if not isinstance(op, dict) or "op" not in op:
            out.append(f"{at}: each op is a mapping with an `op` key")
            continue
        kind = op["op"]
        if kind in custom:
            continue  # the vendor validates its own ops' arguments (docs/vendors.md)
        if kind not in KIT_OPS:
            out.append(f"{at}: unknown op {kind!r} for {vendor} (kit ops: {', '.join(KIT_OPS)}"
                       + (f"; {vendor}'s own: {', '.join(custom)}" if custom else "") + ")")
            continue
        table = op.get("table")
        if table not in columns:
            out.append(f"{at}: {vendor} has no table {table!r} (tables: {', '.join(sorted(columns))})")
            continue
        extra = sorted(set(op) - KIT_OP_KEYS)
        if extra:
            out.append(f"{at}: unknown key(s) {', '.join(extra)} (an op takes {', '.join(sorted(KIT_OP_KEYS))})")
        values = op.get("values") or {}
        where_ = op.get("where") or {}
        for label, mapping in (("values", values), ("where", where_)):
            if not isinstance(mapping, dict):
                out.append(f"{at}: `{label}` must be a mapping of column: value")
                continue
            unknown = sorted(set(mapping) - set(columns[table]))
            if unknown:
                out.append(f"{at}: {table} has no column(s) {', '.join(unknown)} in `{label}` "
                           f"(columns: {', '.join(columns[table])})")
        order = op.get("order_by")
        if order is not None and order not in columns[table]:
            out.append(f"{at}: order_by {order!r} is not a column of {table}")
    return out


def _conduct_problems(task_dir: Path) -> list[str]:
    path = task_dir / "criteria" / "conduct.yaml"
    if not path.is_file():
        return []
    from grader.conduct import REGISTRY, ParamError
    from grader.criteria import parse_conduct_yaml

    out = []
    rel = f"{task_dir.name}/criteria/conduct.yaml"
    for crit in parse_conduct_yaml(path.read_text(encoding="utf-8"), rel):
        if crit.error:
            out.append(crit.error)
            continue
        check = REGISTRY.get(crit.conduct or "")
        if check is None:
            known = ", ".join(sorted(k for k in REGISTRY if REGISTRY[k].id == k))
            out.append(f"{crit.source}: unknown conduct check {crit.conduct!r} (known: {known})")
            continue
        try:
            check.resolve(crit.params)
        except ParamError as exc:
            out.append(f"{crit.source}: {exc}")
    return out


def check_task(task_dir: Path, spec: TaskSpec) -> None:
    problems = task_problems(task_dir, spec)
    if problems:
        raise TaskSpecError("; ".join(problems) if len(problems) == 1 else
                            f"{len(problems)} problems:\n  " + "\n  ".join(problems))
