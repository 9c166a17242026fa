"""The SQL side of the library: reading a check's template (`grader/conduct/<name>.sql`, in
sections) and the shared partials, and the SQL fragments the binders build from parameters."""
from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from typing import Any

from grader.conduct._params import ParamError
from grader.sqlutil import literal


@lru_cache(maxsize=None)
def template(name: str) -> dict[str, str]:
    text = resources.files("grader.conduct").joinpath(f"{name}.sql").read_text(encoding="utf-8")
    sections: dict[str, list[str]] = {"head": []}
    current = "head"
    for line in text.splitlines():
        m = re.match(r"^--\s*@(with|evidence|violations|stopped)\s*$", line.strip())
        if m:
            current = m.group(1)
            sections[current] = []
            continue
        sections[current].append(line)
    return {k: "\n".join(v).strip() for k, v in sections.items()}


@lru_cache(maxsize=None)
def partial(name: str) -> str:
    return resources.files("grader.conduct").joinpath(f"{name}.sql").read_text(encoding="utf-8")


def status_expr(statuses: list[Any], transport: bool = False, prefix: str = "") -> str:
    """SQL for `status` in a list of codes and class patterns ('5xx', '4xx')."""
    parts = []
    col = f"{prefix}status"
    for s in statuses:
        if isinstance(s, int) and not isinstance(s, bool):
            parts.append(f"{col} = {s}")
        elif isinstance(s, str) and re.fullmatch(r"[1-5]xx", s.strip().lower()):
            base = int(s.strip()[0]) * 100
            parts.append(f"{col} BETWEEN {base} AND {base + 99}")
        elif isinstance(s, str) and s.strip().isdigit():
            parts.append(f"{col} = {int(s)}")
        else:
            raise ParamError(f"status {s!r} is not a code or a class like '5xx'")
    if transport:
        parts.append(f"{col} IS NULL")
    return "(" + (" OR ".join(parts) if parts else "FALSE") + ")"


def path_match(column: str, globs: list[str] | None) -> str:
    if globs is None:
        return "TRUE"
    if not globs:
        return "FALSE"
    parts = []
    for g in globs:
        parts.append(f"{column} GLOB {literal(g)}")
        if not g.endswith("*"):
            parts.append(f"{column} GLOB {literal(g.rstrip('/') + '/')}")
    return "(" + " OR ".join(parts) + ")"


def rule_match(method: str | None, path: str | None) -> str:
    """SQL for a rate-limit rule's `match` as the recorder applies it (recorder/ratelimit.py):
    `method` may list several, comma-separated ("POST,DELETE"), `path` is a glob."""
    parts = []
    methods = [m.strip().upper() for m in (method or "").split(",") if m.strip()]
    if methods:
        parts.append("(" + " OR ".join(f"upper(method) GLOB {literal(m)}" for m in methods) + ")")
    if path:
        parts.append(f"path GLOB {literal(path)}")
    return "(" + " AND ".join(parts) + ")" if parts else "TRUE"


def key_regex(names: list[str]) -> str:
    """An RE2 pattern finding any of these names as a key in JSON text: "name" then a colon."""
    return '"(' + "|".join(re.escape(n) for n in names) + ')"\\s*:'


def ambiguous_expr() -> str:
    return ("(status IS NULL OR status >= 500 OR coalesce(client_saw, 'full') <> 'full' "
            "OR coalesce(fault_action, '') = 'commit_then_drop')")


def _json_path(field_name: str) -> str:
    return "$." + ".".join(f'"{part}"' for part in field_name.split("."))


def query_param(name: str) -> str:
    """SQL for the first value of query parameter `name` (the `query` column: name -> [values])."""
    return f"json_extract_string(query, {literal('$.' + chr(34) + name + chr(34) + '[0]')})"


def first_param(names: list[str], rpc: bool = False) -> str:
    """SQL for the first of these parameters a request carries: in the query, or (RPC vendors)
    in the JSON body."""
    parts = [query_param(n) for n in names]
    if rpc:
        parts += [f"CASE WHEN json_valid(req_body) THEN json_extract_string(req_body, "
                  f"{literal(_json_path(n))}) END" for n in names]
    return "coalesce(" + ", ".join(parts) + ")" if parts else "NULL::VARCHAR"

