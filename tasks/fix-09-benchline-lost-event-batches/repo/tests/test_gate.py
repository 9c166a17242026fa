# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Offline checks of the gate-list rules (no Benchline needed)."""
from __future__ import annotations

import datetime as dt

import pytest

from conn.__main__ import main
from conn.gate import due, local_date, to_row


def test_dates_are_benchline_calendar_days():
    # 2026-03-03 00:00 in America/Chicago
    assert local_date(1772517600000) == "2026-03-03"
    assert local_date(None) is None


def test_row_from_a_placement():
    p = {"id": 42, "status": "Approved", "dateBegin": 1772517600000, "dateEnd": None,
         "candidate": {"id": 7, "firstName": "Ana", "lastName": "Reyes"}, "jobOrder": {"id": 3, "customText3": "RVM-05"}}
    row = to_row(p)
    assert (row["placement_id"], row["candidate"], row["site"], row["date_begin"], row["date_end"]) == \
        (42, "Ana Reyes", "RVM-05", "2026-03-03", None)


def test_job_order_without_site_code():
    p = {"id": 1, "status": "Approved", "candidate": {"id": 1, "firstName": "A", "lastName": "B"},
         "jobOrder": {"id": 8, "customText3": None}}
    assert to_row(p)["site"] is None


@pytest.mark.parametrize("end,expected", [(None, True), ("2026-03-02", True), ("2026-03-10", True), ("2026-03-01", False)])
def test_due_on_site(end, expected):
    assert due({"date_end": end}, dt.date(2026, 3, 2)) is expected


def test_cli_needs_its_environment(monkeypatch):
    for k in ("BENCHLINE_BASE_URL", "IB_STATE_DIR"):
        monkeypatch.delenv(k, raising=False)
    with pytest.raises(SystemExit):
        main(["poll"])
