# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import datetime as dt

from conn import tracker


def test_utc_text():
    assert tracker.utc_text(1772442000000) == "2026-03-02T09:00:00Z"


def test_is_stale():
    now = dt.datetime(2026, 3, 2, 9, tzinfo=dt.timezone.utc)
    day = 86_400_000
    recent = {"lastInteractionAt": 1772442000000 - 59 * day, "createdAt": 0}
    old = {"lastInteractionAt": 1772442000000 - 61 * day, "createdAt": 0}
    assert not tracker.is_stale(recent, now) and tracker.is_stale(old, now)
