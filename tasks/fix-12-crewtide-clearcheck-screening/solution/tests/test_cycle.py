# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Offline checks of the status mapping."""
import pytest

from conn.cycle import screening


def test_a_complete_check_shows_its_result():
    assert screening({"id": "chk_1", "status": "complete", "result": "consider"}) == "consider"
    assert screening({"id": "chk_1", "status": "complete", "result": "clear"}) == "clear"
    with pytest.raises(RuntimeError):
        screening({"id": "chk_1", "status": "complete", "result": None})


def test_open_and_cancelled_checks():
    assert [screening({"id": "c", "status": s}) for s in ("pending", "in_progress", "cancelled")] == \
        ["ordered", "in_progress", "cancelled"]
