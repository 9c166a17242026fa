"""Query-string filters shared by vendors: an id, an instant, one of a set of words. An absent or
empty parameter is None; a bad one raises the vendor's own error, built by `bad(parameter,
message)`, so each vendor keeps its envelope and its wording of the field."""
from __future__ import annotations

import re
from typing import Callable

from flask import request

from vendors.kit.formats import parse_iso_utc

BadParameter = Callable[[str, str], Exception]
DIGITS = re.compile(r"^[0-9]{1,15}$")  # ids up to 15 digits (exact in a float, as JSON clients read them)


def _raw(name: str) -> str | None:
    raw = request.args.get(name)
    return None if raw is None or raw == "" else raw


def id_param(name: str, bad: BadParameter, what: str = "a positive integer") -> int | None:
    raw = _raw(name)
    if raw is not None and not DIGITS.match(raw):
        raise bad(name, f"`{name}` must be {what}.")
    return None if raw is None else int(raw)


def instant_param(name: str, bad: BadParameter):
    """An ISO-8601 instant with a zone (naive times are refused: which zone would they be in?)."""
    raw = _raw(name)
    if raw is None:
        return None
    try:
        return parse_iso_utc(raw)
    except (ValueError, OverflowError):
        raise bad(name, f"`{name}` must be an ISO-8601 timestamp with a time zone, e.g. 2026-03-01T00:00:00Z.") from None


def choice_param(name: str, options: tuple[str, ...], bad: BadParameter) -> str | None:
    raw = _raw(name)
    if raw is not None and raw not in options:
        raise bad(name, f"`{name}` must be one of {', '.join(options)}.")
    return raw
