"""Date and id formats vendors speak. Each vendor picks its own; parsing errors raise
ValueError so request handlers can turn them into the vendor's 400."""
from __future__ import annotations

import random
import re
from datetime import date, datetime, timezone


def to_epoch_ms(dt: datetime) -> int:
    return int(round(dt.timestamp() * 1000))


def from_epoch_ms(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, tz=timezone.utc)


def iso_utc(dt: datetime | None) -> str | None:
    """`2026-03-02T09:00:00Z` (second resolution, always UTC with Z)."""
    if dt is None:
        return None
    u = dt.astimezone(timezone.utc)  # not strftime: %Y is not zero-padded below year 1000 on glibc
    return f"{u.year:04d}-{u.month:02d}-{u.day:02d}T{u.hour:02d}:{u.minute:02d}:{u.second:02d}Z"


def parse_iso_utc(value: str, require_z: bool = False) -> datetime:
    """Parse an ISO-8601 instant. With `require_z`, only a trailing `Z` is accepted."""
    if require_z and not value.endswith("Z"):
        raise ValueError("timestamp must be UTC with a trailing Z")
    dt = datetime.fromisoformat(value.replace("Z", "+00:00"))
    if dt.tzinfo is None:
        raise ValueError("timestamp must carry a time zone")
    return dt.astimezone(timezone.utc)


_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def parse_iso_date(value: str) -> date:
    """A calendar date written `YYYY-MM-DD` in ASCII digits (`2024-02-30`, `2024-13-01` and
    `２０２４-...` all raise ValueError)."""
    if not isinstance(value, str) or not _ISO_DATE.fullmatch(value):
        raise ValueError("not a YYYY-MM-DD date")
    return date.fromisoformat(value)


_HTTP_URL = re.compile(r"https?://[^\s/?#]+\S*")


def is_http_url(value: object) -> bool:
    """An absolute http(s) URL with a host and no whitespace (`http://` alone is not one)."""
    return isinstance(value, str) and _HTTP_URL.fullmatch(value) is not None


def date_ddmmyyyy(d: date) -> str:
    return d.strftime("%d/%m/%Y")


def parse_ddmmyyyy(value: str) -> date:
    return datetime.strptime(value, "%d/%m/%Y").date()


class IdMinter:
    """Deterministic ids: `prefix_` + hex from a seeded RNG, so seeds give the same ids."""

    def __init__(self, seed: str, length: int = 12):
        self._rng = random.Random(seed)
        self._length = length

    def __call__(self, prefix: str = "") -> str:
        body = "".join(self._rng.choice("0123456789abcdef") for _ in range(self._length))
        return f"{prefix}_{body}" if prefix else body
