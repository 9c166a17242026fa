# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import sqlite3

from conn.tracker import Tracker


def event(eid, app_id, stage, occurred, status="active", updated=None):
    return {"action": "application.stage_changed", "event_id": eid, "occurred_at": occurred,
            "payload": {"application": {"id": app_id, "status": status, "current_stage": {"id": 1, "name": stage},
                                        "updated_at": updated or occurred},
                        "candidate": {"first_name": "Wen", "last_name": "Lopez"},
                        "job": {"name": "Camera crew", "department": "Camera"}}}


def rows(path):
    return sqlite3.connect(path).execute("SELECT application_id, name, department, stage, status FROM crew").fetchall()


def test_an_event_becomes_a_row(tmp_path):
    t = Tracker(tmp_path / "crew.db", tmp_path / "seen.db")
    assert t.apply(event("e1", 7, "Interview", "2026-03-02T09:00:00Z"), "e1")
    assert rows(tmp_path / "crew.db") == [(7, "Wen Lopez", "Camera", "Interview", "active")]


def test_a_retried_delivery_applies_once(tmp_path):
    t = Tracker(tmp_path / "crew.db", tmp_path / "seen.db")
    e = event("e1", 7, "Interview", "2026-03-02T09:00:00Z")
    assert t.apply(e)
    assert not t.apply(e)


def test_other_events_are_ignored(tmp_path):
    t = Tracker(tmp_path / "crew.db", tmp_path / "seen.db")
    assert not t.apply({"action": "candidate.updated", "payload": {"candidate": {"id": 3}}})
    assert rows(tmp_path / "crew.db") == []


def test_two_changes_on_one_day_are_two_events(tmp_path):
    t = Tracker(tmp_path / "crew.db", tmp_path / "seen.db")
    assert t.apply(event("e1", 7, "Interview", "2026-03-02T09:00:00Z"), "e1")
    assert t.apply(event("e2", 7, "Trial Day", "2026-03-02T11:00:00Z"), "e2")
    assert not t.apply(event("e1", 7, "Interview", "2026-03-02T09:00:00Z"), "e1")  # a late retry
    assert rows(tmp_path / "crew.db") == [(7, "Wen Lopez", "Camera", "Trial Day", "active")]


def test_a_change_sent_again_after_a_later_one_does_not_put_it_back(tmp_path):
    # HireHarbor sends a delivery again 30 s after it did not get through; by then the
    # application's next change may have arrived: the older state must not win.
    t = Tracker(tmp_path / "crew.db", tmp_path / "seen.db")
    assert t.apply(event("e2", 7, "Offer", "2026-03-02T11:00:10Z", status="hired"), "e2")
    assert not t.apply(event("e1", 7, "Offer", "2026-03-02T11:00:00Z"), "e1")
    assert rows(tmp_path / "crew.db") == [(7, "Wen Lopez", "Camera", "Offer", "hired")]
