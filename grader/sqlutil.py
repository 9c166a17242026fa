"""Small SQL helpers: literals, identifiers and the `{{name}}` templates of the conduct library."""
from __future__ import annotations

import math
import re
from typing import Any

_PLACEHOLDER = re.compile(r"\{\{\s*(!?)([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")


def ident(name: str) -> str:
    """A quoted SQL identifier."""
    return '"' + str(name).replace('"', '""') + '"'


def literal(value: Any) -> str:
    """A SQL literal for a Python value (str, int, float, bool, None, list/tuple of those)."""
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value) or math.isinf(value):
            return "NULL"
        return repr(value)
    if isinstance(value, (list, tuple)):
        if not value:
            return "[]::VARCHAR[]"
        return "[" + ", ".join(literal(v) for v in value) + "]"
    return "'" + str(value).replace("'", "''") + "'"


def render(template: str, params: dict[str, Any]) -> str:
    """Replace `{{name}}` by the SQL literal of params[name] and `{{!name}}` by params[name] as
    raw SQL (fragments built by the library itself, never user text). A missing name is an error."""

    def sub(m: re.Match) -> str:
        raw, name = m.group(1), m.group(2)
        if name not in params:
            raise KeyError(f"template parameter {name!r} has no value")
        value = params[name]
        return str(value) if raw else literal(value)

    return _PLACEHOLDER.sub(sub, template)


def glob_any(column: str, patterns: list[str] | None) -> str:
    """`(col GLOB p1 OR col GLOB p2 …)`; TRUE when patterns is None."""
    if patterns is None:
        return "TRUE"
    if not patterns:
        return "FALSE"
    return "(" + " OR ".join(f"{column} GLOB {literal(p)}" for p in patterns) + ")"


def interval_us(seconds: float) -> str:
    """A constant INTERVAL literal of `seconds` (microsecond resolution)."""
    return f"INTERVAL {int(round(seconds * 1_000_000))} MICROSECONDS"


def short_error(exc: BaseException) -> str:
    """An error's first line (at most 300 characters), for notes in a verdict."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:300]
