# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Offline checks of the status mapping."""
from conn.cycle import SCREENING


def test_every_clearcheck_status_has_a_screening_value():
    assert set(SCREENING) == {"pending", "in_progress", "complete", "cancelled"}
    assert SCREENING["pending"] == "ordered"
