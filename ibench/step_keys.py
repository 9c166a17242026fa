"""Key placeholders in a step's payload: `{key:VENDOR.TABLE:KEY}` names a written record of one
vendor by its key inside any string of a step, optionally formatted (`{key:workwell.candidates:664:x}`
gives `298`, so `WW-{key:workwell.candidates:664:x}` is the reference another system derived
from that record's key). On the written data a placeholder is the key itself; in a variant it
is the key of the record in its place (docs/variants.md, "Keys inside other values").

The harness translates a whole string or a key-like word of one by itself, but not a key that
another system folded into a value of its own (a prefix, hexadecimal digits): a placeholder says
where such a key is and of which table, so whole-number keys, which say nothing of their table,
can be mapped too.
"""
from __future__ import annotations

import re
from typing import Any, Callable

PLACEHOLDER = re.compile(r"\{key:([^{}]*)\}")
_PARTS = re.compile(r"^([a-z][a-z0-9_]*)\.([A-Za-z_][A-Za-z0-9_]*):([A-Za-z0-9_-]+)(?::([#0]?[0-9]*[xXdob]))?$")


class KeyPlaceholderError(ValueError):
    """A `{key:…}` that is not VENDOR.TABLE:KEY[:FORMAT], names a vendor the task lacks, or
    formats a key that is not a whole number."""


def parse(inner: str) -> tuple[str, str, str, str | None]:
    m = _PARTS.match(inner)
    if not m:
        raise KeyPlaceholderError(f"{{key:{inner}}} is not {{key:VENDOR.TABLE:KEY}} or "
                                  f"{{key:VENDOR.TABLE:KEY:FORMAT}} (FORMAT such as x, 06d)")
    vendor, table, key, spec = m.groups()
    if spec and not key.isdigit():
        raise KeyPlaceholderError(f"{{key:{inner}}}: only a whole-number key takes a format")
    return vendor, table, key, spec


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in list(value.keys()) + list(value.values()) for s in _strings(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in _strings(v)]
    return []


def check(value: Any, vendors: list[str]) -> None:
    """Every placeholder in `value` is well formed and names one of `vendors`."""
    for text in _strings(value):
        for m in PLACEHOLDER.finditer(text):
            vendor = parse(m.group(1))[0]
            if vendor not in vendors:
                raise KeyPlaceholderError(f"{m.group(0)} names vendor {vendor!r}, not one of the task's {vendors}")


def fill(value: Any, numbers: dict[str, dict[str, dict[int, int]]], text: dict[str, str]) -> Any:
    """`value` with each placeholder replaced by the key of the record in the written record's
    place: `numbers[vendor][table]` maps whole-number keys, `text` text keys (empty maps: the
    written data, where a placeholder is its own key)."""
    def one(m: re.Match) -> str:
        vendor, table, key, spec = parse(m.group(1))
        if key.isdigit():
            n = numbers.get(vendor, {}).get(table, {}).get(int(key), int(key))
            return format(n, spec) if spec else str(n)
        return text.get(key, key)

    return each_string(value, lambda s: PLACEHOLDER.sub(one, s) if "{key:" in s else s)


def each_string(value: Any, fn: Callable[[str], str]) -> Any:
    """`value` with `fn` applied to every string in it (dict values, list items)."""
    if isinstance(value, str):
        return fn(value)
    if isinstance(value, dict):
        return {k: each_string(v, fn) for k, v in value.items()}
    if isinstance(value, list):
        return [each_string(v, fn) for v in value]
    return value
