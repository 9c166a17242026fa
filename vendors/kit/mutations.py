"""Changes "made by other users": the control plane's `mutate` ops, scheduled mutations, and
the write helpers the public API uses, so both paths stamp `updated_at`, keep tombstones and
queue webhooks the same way.

An op is a dict:
  {op: create, table: T, values: {...}}
  {op: update, table: T, id: X | ids: [...] | where: {...}, order_by: col, limit: N, offset: N, values: {...}}
  a `where` column takes a value (equality) or a comparison {gt|gte|lt|lte|ne: value}, the value
  coerced as in `values` (ISO date-times, "$now-86400")
  {op: delete, table: T, id|ids|where…}
Values may use "$now" or "$now+<seconds>" / "$now-<seconds>" (vendor clock), ISO strings for
date-times and YYYY-MM-DD for dates. Vendors subclass `Mutations` for domain effects and may
register custom ops by name, with the arguments of each that name a record by whole-number key
(`custom_op_keys`), so that in a variant they name the record in its place as `id` does.
"""
from __future__ import annotations

import datetime as dt
import fnmatch
import re
from typing import Any, Callable

from sqlalchemy import Date, inspect, select
from sqlalchemy.orm import Session

from vendors.kit.context import VendorContext
from vendors.kit.db import UTCDateTime
from vendors.kit.errors import VendorError

_NOW = re.compile(r"^\$now(?:([+-])(\d+(?:\.\d+)?))?$")
_COMPARE = {"gt": "__gt__", "gte": "__ge__", "lt": "__lt__", "lte": "__le__", "ne": "__ne__"}


def unique_clash(s: Session, column: Any, value: Any, obj: Any = None) -> Any:
    """The primary key of another row that already holds `value` in a column the vendor keeps
    unique (an external reference, a ref number), or None: free, or held by `obj` itself (an
    update that keeps its own value). The vendor raises its own 409 with it."""
    if value is None:
        return None
    model = column.class_
    pk = inspect(model).mapper.primary_key[0]
    clash = s.scalar(select(pk).where(column == value))
    return None if clash is None or (obj is not None and clash == getattr(obj, pk.key)) else clash


class OpError(VendorError):
    def __init__(self, message: str):
        super().__init__(400, "invalid_op", message)


class Mutations:
    def __init__(self, tables: dict[str, type], custom_ops: dict[str, Callable] | None = None,
                 custom_op_keys: dict[str, dict[str, str]] | None = None):
        self.tables = tables
        self.custom_ops = custom_ops or {}
        # per custom op, {argument: table} for each argument that names a record by its key
        self.custom_op_keys = custom_op_keys or {}
        for name, args in self.custom_op_keys.items():
            unknown = [t for t in args.values() if t not in tables]
            if name not in self.custom_ops or unknown:
                raise ValueError(f"custom_op_keys[{name!r}]: no such op or tables {unknown}")

    # --- hooks a vendor overrides -------------------------------------------------------
    def after_change(self, s: Session, c: VendorContext, kind: str, table: str, obj: Any,
                     before: dict | None = None) -> None:
        """Domain effects of a change (webhooks, tombstones, cascades). Default: none."""

    def on_delete(self, s: Session, c: VendorContext, table: str, obj: Any) -> None:
        s.delete(obj)

    # --- write helpers (public API and control plane) -------------------------------------
    def create(self, s: Session, c: VendorContext, table: str, values: dict) -> Any:
        model = self.model(table)
        now = c.now()
        values = dict(values)
        cols = self._columns(model)
        for stamp in ("created_at", "updated_at"):
            if stamp in cols and values.get(stamp) is None:
                values[stamp] = now
        obj = model(**values)
        s.add(obj)
        s.flush()
        self.after_change(s, c, "create", table, obj)
        return obj

    def update(self, s: Session, c: VendorContext, table: str, obj: Any, values: dict, touch: bool = True) -> Any:
        before = snapshot(obj)
        for key, value in values.items():
            setattr(obj, key, value)
        cols = self._columns(type(obj))
        if touch and "updated_at" in cols and "updated_at" not in values:
            obj.updated_at = c.now()
        if "version" in cols and "version" not in values:
            obj.version = (obj.version or 0) + 1
        s.flush()
        self.after_change(s, c, "update", table, obj, before)
        return obj

    def delete(self, s: Session, c: VendorContext, table: str, obj: Any) -> None:
        before = snapshot(obj)
        self.on_delete(s, c, table, obj)
        s.flush()
        self.after_change(s, c, "delete", table, obj, before)

    # --- control-plane ops -------------------------------------------------------------
    def model(self, table: str) -> type:
        try:
            return self.tables[table]
        except KeyError:
            raise OpError(f"unknown table {table!r}; known: {', '.join(sorted(self.tables))}") from None

    @staticmethod
    def _columns(model: type) -> dict[str, Any]:
        return {c.key: c for c in inspect(model).mapper.column_attrs}

    def coerce(self, c: VendorContext, model: type, values: dict) -> dict:
        cols = self._columns(model)
        out = {}
        for key, value in (values or {}).items():
            if key not in cols:
                raise OpError(f"table {model.__tablename__!r} has no column {key!r}")
            try:
                out[key] = self._coerce_value(c, cols[key].columns[0].type, value)
            except (TypeError, ValueError) as exc:  # a bad value in a scenario's op: the op's error
                raise OpError(f"bad value for {model.__tablename__}.{key}: {exc}") from None
        return out

    @staticmethod
    def _coerce_value(c: VendorContext, col_type: Any, value: Any) -> Any:
        if isinstance(value, str) and (m := _NOW.match(value)):
            delta = float(m.group(2) or 0) * (-1 if m.group(1) == "-" else 1)
            value = c.now() + dt.timedelta(seconds=delta)
            if isinstance(col_type, Date) and not isinstance(col_type, UTCDateTime):
                value = value.date()
        elif isinstance(value, str) and isinstance(col_type, UTCDateTime):
            value = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
        elif isinstance(value, str) and isinstance(col_type, Date):
            value = dt.date.fromisoformat(value)
        return value

    def translated(self, c: VendorContext, op: dict) -> dict:
        """In a variant, the op with each whole-number key of a written record (its `id`/`ids`,
        and `where`/`values` columns holding a key of theirs or of the table a foreign key
        names) replaced by the key of the record in its place (vendors/kit/variant_ids.py)."""
        keys = c.variant_keys
        if not keys or op.get("table") not in self.tables:
            return op
        table = op["table"]
        cols = self.model(table).__table__.columns
        mine = keys.get(table, {})

        def key_of(col: str, v: Any) -> Any:
            column = cols.get(col)
            if column is None or isinstance(v, bool) or not isinstance(v, int):
                return v
            if column.primary_key:
                return mine.get(v, v)
            for fk in column.foreign_keys:
                return keys.get(fk.column.table.name, {}).get(v, v)
            return v

        out = dict(op)
        if isinstance(op.get("id"), int) and not isinstance(op["id"], bool):
            out["id"] = mine.get(op["id"], op["id"])
        if isinstance(op.get("ids"), list):
            out["ids"] = [mine.get(i, i) if isinstance(i, int) and not isinstance(i, bool) else i
                          for i in op["ids"]]
        for part in ("where", "values"):
            if isinstance(op.get(part), dict):
                out[part] = {k: key_of(k, v) for k, v in op[part].items()}
        return out

    def translated_custom(self, c: VendorContext, op: dict) -> dict:
        """In a variant, a custom op with each argument `custom_op_keys` declares (a whole-number
        key of its table) replaced by the key of the record in its place; other arguments, and
        keys with no stand-in, stay as written."""
        args = self.custom_op_keys.get(op["op"])
        keys = c.variant_keys
        if not keys or not args:
            return op
        out = dict(op)
        for arg, table in args.items():
            v = op.get(arg)
            if isinstance(v, int) and not isinstance(v, bool):
                out[arg] = keys.get(table, {}).get(v, v)
        return out

    def select_rows(self, s: Session, op: dict, c: VendorContext | None = None) -> list[Any]:
        model = self.model(op["table"])
        pk = inspect(model).mapper.primary_key[0]
        q = select(model)
        if "id" in op:
            q = q.where(pk == op["id"])
        if "ids" in op:
            q = q.where(pk.in_(op["ids"]))
        cols = self._columns(model)
        for key, value in (op.get("where") or {}).items():
            if key not in cols:
                raise OpError(f"table {op['table']!r} has no column {key!r}")
            column = getattr(model, key)
            if not isinstance(value, dict):
                q = q.where(column == value)
                continue
            # a comparison: {gt|gte|lt|lte|ne: value}, all must hold ("booked after a date")
            for cmp, bound in value.items():
                if cmp not in _COMPARE:
                    raise OpError(f"where {key}: unknown comparison {cmp!r} (known: {', '.join(_COMPARE)})")
                try:
                    bound = self._coerce_value(c, cols[key].columns[0].type, bound)
                except (TypeError, ValueError) as exc:
                    raise OpError(f"bad value for {op['table']}.{key}: {exc}") from None
                q = q.where(getattr(column, _COMPARE[cmp])(bound))
        order = op.get("order_by")
        q = q.order_by(getattr(model, order) if order else pk)
        if op.get("offset"):
            q = q.offset(int(op["offset"]))
        if op.get("limit"):
            q = q.limit(int(op["limit"]))
        rows = list(s.scalars(q))
        if ("id" in op or "ids" in op) and not rows:
            raise OpError(f"no {op['table']} row matches {op.get('id', op.get('ids'))!r}")
        return rows

    def apply(self, c: VendorContext, ops: list[dict]) -> list[dict]:
        if not isinstance(ops, list):
            raise OpError("`ops` must be a list")
        results = []
        with c.db.session() as s:
            for i, op in enumerate(ops):
                if not isinstance(op, dict) or "op" not in op:
                    raise OpError(f"op #{i + 1} must be an object with an `op` key")
                kind = op["op"]
                if kind in self.custom_ops:
                    op = self.translated_custom(c, op)
                    results.append({"op": kind, **(self.custom_ops[kind](s, c, op) or {})})
                    continue
                if kind not in ("create", "update", "delete") or "table" not in op:
                    raise OpError(f"op #{i + 1}: expected op create|update|delete with a table "
                                  f"(or one of {sorted(self.custom_ops)})")
                op = self.translated(c, op)
                table = op["table"]
                model = self.model(table)
                pk = inspect(model).mapper.primary_key[0].key
                if kind == "create":
                    obj = self.create(s, c, table, self.coerce(c, model, op.get("values") or {}))
                    results.append({"op": kind, "table": table, "ids": [getattr(obj, pk)]})
                    continue
                rows = self.select_rows(s, op, c)
                values = self.coerce(c, model, op.get("values") or {})
                for obj in rows:
                    if kind == "update":
                        self.update(s, c, table, obj, values, touch=op.get("touch", True))
                    else:
                        self.delete(s, c, table, obj)
                results.append({"op": kind, "table": table, "ids": [_plain(getattr(o, pk)) for o in rows]})
        return results


def require_columns(model: type, values: dict) -> None:
    """Refuse a create that leaves a NOT NULL column without a value (no default, not the
    primary key or the stamped timestamps) with the control plane's 400, not a database error."""
    for col in inspect(model).mapper.columns:
        if (not col.nullable and not col.primary_key and col.default is None
                and values.get(col.key) is None and col.key not in ("created_at", "updated_at")):
            raise OpError(f"{model.__tablename__}: `{col.key}` is required")


def snapshot(obj: Any) -> dict:
    return {a.key: getattr(obj, a.key) for a in inspect(type(obj)).mapper.column_attrs}


def _plain(v: Any) -> Any:
    return v.isoformat() if hasattr(v, "isoformat") else v


# --- scheduled mutations -------------------------------------------------------------------

def check_triggers(c: VendorContext, moment: str, method: str = "", path: str = "") -> None:
    """Fire scheduled mutations whose trigger is met.

    `moment` is `before` (a request is about to be handled: `on` triggers, `at` triggers),
    `after` (a request was handled: `after_requests` counts) or `tick` (background: `at`)."""
    for i, rule in enumerate(c.settings.get("scheduled_mutations") or []):
        rid = rule.get("id") or f"rule{i + 1}"
        if rid in c.fired:
            continue
        due = False
        if "after_requests" in rule and moment == "after":
            due = c.request_count >= int(rule["after_requests"])
        elif "at" in rule and moment in ("before", "tick"):
            due = c.now() >= dt.datetime.fromisoformat(str(rule["at"]).replace("Z", "+00:00"))
        elif "on" in rule and moment == "before":
            on = rule["on"]
            if (on.get("method", method).upper() == method.upper()
                    and fnmatch.fnmatchcase(path, on.get("path", "*"))):
                n = c.trigger_counts[rid] = c.trigger_counts.get(rid, 0) + 1
                nth = rule.get("nth", 1)
                due = n in (nth if isinstance(nth, list) else [nth])
                if due and isinstance(nth, list) and n < max(nth):
                    _fire(c, rid, rule, once=False)
                    continue
        if due:
            _fire(c, rid, rule, once=True)


def _fire(c: VendorContext, rid: str, rule: dict, once: bool) -> None:
    results = c.spec.mutations.apply(c, rule.get("ops") or [])
    if once:
        c.fired.add(rid)
    c.extra.setdefault("control_log", []).append(
        {"at": c.now().isoformat(), "rule": rid, "request_count": c.request_count, "results": results})


def validate_schedule(rules: Any) -> None:
    if not isinstance(rules, list):
        raise OpError("scheduled_mutations must be a list")
    for i, rule in enumerate(rules):
        triggers = [k for k in ("after_requests", "at", "on") if k in (rule or {})]
        if not isinstance(rule, dict) or len(triggers) != 1 or not isinstance(rule.get("ops"), list):
            raise OpError(f"scheduled_mutations[{i}]: needs exactly one of after_requests|at|on, and ops")
