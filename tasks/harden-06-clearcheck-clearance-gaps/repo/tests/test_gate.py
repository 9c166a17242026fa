# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import json

from conn import store
from conn.receiver import Receiver

CHECK = {"id": "chk_1", "external_id": "VDS-BRS-3100", "status": "in_progress", "result": None,
         "completed_at": None}
DONE = {**CHECK, "status": "complete", "result": "clear", "completed_at": "2026-03-02T10:00:00Z"}
HEADERS = {"webhook-id": "msg_1", "webhook-timestamp": "1772445600", "webhook-signature": "v1,abc"}


def rows(db):
    return db.execute("SELECT check_id, candidate_ref, status, result, decided_at FROM badge_gate").fetchall()


def test_upsert_writes_the_check(tmp_path, monkeypatch):
    monkeypatch.setenv("IB_OUTPUT_DIR", str(tmp_path))
    db = store.connect()
    store.upsert(db, CHECK)
    store.upsert(db, DONE, "clear")
    assert rows(db) == [("chk_1", "VDS-BRS-3100", "complete", "clear", "2026-03-02T10:00:00Z")]


def test_receiver_books_a_completed_check(tmp_path, monkeypatch):
    monkeypatch.setenv("IB_OUTPUT_DIR", str(tmp_path))
    rx = Receiver()
    body = json.dumps({"type": "check.completed", "timestamp": "2026-03-02T10:00:00Z", "data": DONE}).encode()
    assert rx.handle(HEADERS, body)[0] == 200
    assert rows(rx.db)[0][2:4] == ("complete", "clear")


def test_receiver_refuses_unsigned(tmp_path, monkeypatch):
    monkeypatch.setenv("IB_OUTPUT_DIR", str(tmp_path))
    assert Receiver().handle({}, b"{}")[0] == 401
