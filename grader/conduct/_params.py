"""Parameter handling shared by the binders: the error type, the names the library knows
(freshness filters, cursor and page-size parameters) and the validators of task parameters."""
from __future__ import annotations

from typing import Any

SCENARIO = ["scenario:*"]
COMMON_FRESHNESS = [
    "since", "updated_since", "updated_after", "updatedSince", "updatedAfter", "modified_since",
    "modified_after", "modifiedSince", "modifiedAfter", "changed_since", "since_id", "syncToken",
    "sync_token", "dateLastModified", "filter[updated-at][from]", "filter[updated_at][from]",
    "updated_at_gte", "updated_at[gte]", "last_modified",
]
CURSOR_NAMES = ["cursor", "nextCursor", "next_cursor", "page_token", "pageToken", "next",
                "starting_after", "after"]
SIZE_ROLES = {"limit", "size", "per_page", "page_size", "count", "max", "fields", "max_results"}
# the page-size parameter names a list call may carry, whatever the vendor's traits call them
COMMON_SIZE = ["limit", "count", "per_page", "page_size", "pageSize", "size", "max_results",
               "maxResults", "page[size]", "top", "$top"]
PAGE_ROLES = {"page", "number", "page_number"}
# A probe reads at most this many records: a one-record read to learn the vendor's clock (its
# Date header) or a collection's total, never a page of a walk (no_full_resync, resume_pagination).
PROBE_RECORDS = 10
UNSET = object()


class ParamError(ValueError):
    pass


def norm_phases(phases: Any) -> list[str] | None:
    if phases is None:
        return None
    if isinstance(phases, str):
        phases = [phases]
    if not isinstance(phases, list) or not all(isinstance(p, str) for p in phases):
        raise ParamError("phases must be a list of phase names or globs")
    out = []
    for p in phases:
        p = p.strip()
        if ":" not in p and p not in ("agent", "setup") and "*" not in p:
            p = f"scenario:{p}"
        out.append(p)
    return out


def _list_of_str(value: Any, name: str) -> list[str] | None:
    if value is None:
        return None
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(v, (str, int)) for v in value):
        return [str(v) for v in value]
    raise ParamError(f"{name} must be a list of strings")


def _num(value: Any, name: str, allow_none: bool = True) -> float | None:
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        raise ParamError(f"{name} must be a number >= 0")
    return float(value)


def _int_at_least(value: Any, name: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ParamError(f"{name} must be an integer >= {low}")
    return value
