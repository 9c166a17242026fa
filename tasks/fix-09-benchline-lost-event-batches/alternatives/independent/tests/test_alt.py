# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
from conn.gate import day


def test_day_is_the_chicago_calendar_day():
    assert day(1772517600000) == "2026-03-03"
    assert day(None) is None
