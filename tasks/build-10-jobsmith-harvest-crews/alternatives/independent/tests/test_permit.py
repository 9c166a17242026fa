# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import datetime as dt

from conn.permit import to_row

CUT = dt.date(2026, 8, 31)


def app(date, status="New"):
    return {"id": 1, "first_name": "Ana", "last_name": "Ruiz", "job_title": "Picker", "status": status,
            "apply_date": date, "job_apply_date": date}


def test_cutoff_day_counts_and_next_day_does_not():
    assert to_row(app("2026-08-31"), CUT)["eligible"] is True
    assert to_row(app("2026-09-01"), CUT)["eligible"] is False
    assert to_row(app("2026-08-31"), CUT)["applied_on"] == "2026-08-31"


def test_withdrawn_is_not_eligible():
    assert to_row(app("2026-08-10", "Withdrawn"), CUT)["eligible"] is False
