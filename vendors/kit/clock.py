"""The vendor's virtual clock.

Vendor time = base time + elapsed real time + offset, unless frozen. Scenario steps move it
through the control plane (`advance_s`, `set`, `freeze`/`resume`, `host_offset_s`), so runs
are reproducible and a vendor can be minutes off the host, as real servers are.
"""
from __future__ import annotations

import threading
import time
from datetime import datetime, timedelta, timezone

DEFAULT_BASE = datetime(2026, 3, 2, 9, 0, 0, tzinfo=timezone.utc)


def parse_instant(value: str) -> datetime:
    """ISO-8601 with a zone (`Z` or an offset) → aware UTC datetime; ValueError otherwise."""
    dt = datetime.fromisoformat(value.replace("Z", "+00:00"))
    if dt.tzinfo is None:
        raise ValueError(f"instant {value!r} has no time zone")
    return dt.astimezone(timezone.utc)


class VirtualClock:
    def __init__(self, base: datetime = DEFAULT_BASE, monotonic=time.monotonic, wall=time.time):
        self._lock = threading.Lock()
        self._monotonic = monotonic
        self._wall = wall
        self.reset(base)

    def reset(self, base: datetime = DEFAULT_BASE) -> None:
        with self._lock:
            self._base = base.astimezone(timezone.utc)
            self._anchor = self._monotonic()
            self._frozen_at: datetime | None = None

    def now(self) -> datetime:
        with self._lock:
            return self._now_locked()

    def _now_locked(self) -> datetime:
        if self._frozen_at is not None:
            return self._frozen_at
        return self._base + timedelta(seconds=self._monotonic() - self._anchor)

    def advance(self, seconds: float) -> datetime:
        with self._lock:
            if self._frozen_at is not None:
                self._frozen_at += timedelta(seconds=seconds)
            else:
                self._base += timedelta(seconds=seconds)
            return self._now_locked()

    def set(self, instant: datetime, freeze: bool = False) -> datetime:
        with self._lock:
            self._base = instant.astimezone(timezone.utc)
            self._anchor = self._monotonic()
            self._frozen_at = self._base if freeze else None
            return self._now_locked()

    def set_host_offset(self, seconds: float) -> datetime:
        """Vendor time = the host's wall clock + `seconds` (e.g. 420 for a vendor 7 min ahead)."""
        host = datetime.fromtimestamp(self._wall(), tz=timezone.utc)
        return self.set(host + timedelta(seconds=seconds))

    def freeze(self) -> datetime:
        with self._lock:
            self._frozen_at = self._now_locked()
            return self._frozen_at

    def resume(self) -> datetime:
        with self._lock:
            if self._frozen_at is not None:
                self._base, self._anchor, self._frozen_at = self._frozen_at, self._monotonic(), None
            return self._now_locked()

    @property
    def frozen(self) -> bool:
        return self._frozen_at is not None

    def state(self) -> dict:
        now = self.now()
        return {"now": now.isoformat().replace("+00:00", "Z"), "frozen": self.frozen,
                "host_offset_s": round(now.timestamp() - self._wall(), 3)}
