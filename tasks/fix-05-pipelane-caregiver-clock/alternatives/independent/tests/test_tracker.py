# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import os
import time

from conn import tracker


def test_iso_utc_in_any_zone():
    old = os.environ.get("TZ")
    os.environ["TZ"] = "Australia/Adelaide"
    time.tzset()
    try:
        assert tracker.iso_utc(1775521800000) == "2026-04-07T00:30:00Z"
        assert tracker.iso_utc(1772442000000) == "2026-03-02T09:00:00Z"
    finally:
        if old is None:
            os.environ.pop("TZ")
        else:
            os.environ["TZ"] = old
        time.tzset()
