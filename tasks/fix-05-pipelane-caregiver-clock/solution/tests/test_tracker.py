# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import datetime as dt
import os
import time

import pytest

from conn import tracker


@pytest.fixture
def adelaide():
    old = os.environ.get("TZ")
    os.environ["TZ"] = "Australia/Adelaide"
    time.tzset()
    yield
    if old is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = old
    time.tzset()


def test_utc_text_ignores_the_host_zone(adelaide):
    assert tracker.utc_text(1772442000000) == "2026-03-02T09:00:00Z"
    assert tracker.utc_text(1775521800000) == "2026-04-07T00:30:00Z"  # after Adelaide's DST change


def test_rows_for_every_candidacy():
    opps = [{"id": "a", "contactId": "c", "postingId": "p1", "stage": "interview"},
            {"id": "b", "contactId": "c", "postingId": "p2", "stage": "offer"}]
    rows = tracker.build_rows(opps, {"a": [{"date": 1772442000000}], "b": []}, {"p1": "North", "p2": "East"})
    assert [(r["opportunity_id"], r["region"], r["interview_at_utc"]) for r in rows] == [
        ("a", "North", "2026-03-02T09:00:00Z"), ("b", "East", "")]


def test_a_recent_booking_keeps_a_candidacy_active():
    now = dt.datetime(2026, 3, 2, 9, tzinfo=dt.timezone.utc)
    day = 86_400_000
    t = 1772442000000
    o = {"lastInteractionAt": t - 80 * day, "lastAdvancedAt": t - 80 * day, "createdAt": t - 90 * day}
    assert tracker.is_stale(o, [], now)
    assert not tracker.is_stale(o, [{"createdAt": t - 10 * day}], now)


def test_a_recent_rebooking_keeps_a_candidacy_active():
    now = dt.datetime(2026, 3, 2, 9, tzinfo=dt.timezone.utc)
    day = 86_400_000
    t = 1772442000000
    o = {"lastInteractionAt": t - 80 * day, "lastAdvancedAt": t - 80 * day, "createdAt": t - 90 * day}
    booked_long_ago = {"createdAt": t - 80 * day, "updatedAt": t - 80 * day, "date": t - 78 * day}
    moved_lately = {"createdAt": t - 80 * day, "updatedAt": t - 12 * day, "date": t - 5 * day}
    assert tracker.is_stale(o, [booked_long_ago], now)
    assert not tracker.is_stale(o, [moved_lately], now)
