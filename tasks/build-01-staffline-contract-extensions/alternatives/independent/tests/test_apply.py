# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import datetime as dt

from conn.apply import APPLIED, CLOSED, CURRENT, SHORTENING, date_to_ms, decide, pick_winners
from conn.extensions import ExtensionRow

UTC = dt.timezone.utc


def row(n, ref, day, approved):
    return ExtensionRow(n, "H", ref, "N", dt.date.fromisoformat(day),
                        dt.datetime.fromisoformat(approved).replace(tzinfo=UTC), "x")


def test_date_to_ms():
    assert date_to_ms(dt.date(2026, 3, 2)) == 1772409600000


def test_latest_approval_wins_whatever_the_order():
    rows = [row(1, "A", "2026-06-01", "2026-02-24T10:00:00"),
            row(2, "A", "2026-05-01", "2026-02-25T10:00:00"),
            row(3, "A", "2026-07-01", "2026-02-23T10:00:00")]
    assert pick_winners(rows)["A"].row_no == 2


def test_decide():
    r = row(1, "A", "2026-05-01", "2026-02-24T10:00:00")
    ms = date_to_ms(dt.date(2026, 5, 1))
    assert decide({"status": "Closed", "end_date": 0}, r) == CLOSED
    assert decide({"status": "Active", "end_date": None}, r) == APPLIED
    assert decide({"status": "Active", "end_date": ms - 86400000}, r) == APPLIED
    assert decide({"status": "Active", "end_date": ms}, r) == CURRENT
    assert decide({"status": "Active", "end_date": ms + 86400000}, r) == SHORTENING
