# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import sqlite3

from conn.tracker import Tracker


def ev(app_id, stage, updated):
    return {"action": "application.stage_changed", "event_id": updated,
            "payload": {"application": {"id": app_id, "status": "active", "current_stage": {"name": stage},
                                        "updated_at": updated},
                        "candidate": {"first_name": "Zoë", "last_name": "Ångström"},
                        "job": {"department": "Sound"}}}


def test_older_state_never_wins(tmp_path):
    t = Tracker(tmp_path / "crew.db")
    assert t.apply(ev(1, "Interview", "2026-03-02T08:30:00Z"))
    assert t.apply(ev(1, "Trial Day", "2026-03-02T10:00:00Z"))
    assert not t.apply(ev(1, "Interview", "2026-03-02T08:30:00Z"))
    rows = sqlite3.connect(tmp_path / "crew.db").execute("SELECT name, stage FROM crew").fetchall()
    assert rows == [("Zoë Ångström", "Trial Day")]
