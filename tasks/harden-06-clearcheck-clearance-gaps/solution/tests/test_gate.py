# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import base64
import hashlib
import hmac
import json
import time

from conn import store
from conn.receiver import Receiver

SECRET = "whsec_" + base64.b64encode(b"vantor-test-secret-0123456789").decode()
CHECK = {"id": "chk_1", "external_id": "VDS-BRS-3100", "status": "in_progress", "result": None,
         "completed_at": None}
DONE = {**CHECK, "status": "complete", "result": "consider", "completed_at": "2026-03-02T10:00:00Z"}


def signed(event: dict, msg_id: str = "msg_1", ts: int | None = None, secret: str = SECRET):
    body = json.dumps(event).encode()
    ts = int(time.time()) if ts is None else ts
    key = base64.b64decode(secret.removeprefix("whsec_"))
    sig = base64.b64encode(hmac.new(key, f"{msg_id}.{ts}.".encode() + body, hashlib.sha256).digest()).decode()
    return {"webhook-id": msg_id, "webhook-timestamp": str(ts), "webhook-signature": f"v1,{sig}"}, body


def rows(db):
    return db.execute("SELECT check_id, candidate_ref, status, result, decided_at FROM badge_gate").fetchall()


def receiver(tmp_path, monkeypatch):
    monkeypatch.setenv("IB_OUTPUT_DIR", str(tmp_path))
    monkeypatch.setenv("CLEARCHECK_WEBHOOK_SECRET", SECRET)
    return Receiver()


def test_merge_never_goes_backwards(tmp_path, monkeypatch):
    monkeypatch.setenv("IB_OUTPUT_DIR", str(tmp_path))
    db = store.connect()
    assert store.merge(db, DONE)
    assert not store.merge(db, CHECK)
    assert rows(db) == [("chk_1", "VDS-BRS-3100", "complete", "consider", "2026-03-02T10:00:00Z")]


def test_genuine_delivery_is_booked_once(tmp_path, monkeypatch):
    rx = receiver(tmp_path, monkeypatch)
    headers, body = signed({"type": "check.completed", "data": DONE})
    assert rx.handle(headers, body) == (200, {"received": True})
    assert rx.handle(headers, body)[1] == {"duplicate": True}
    assert rows(rx.db)[0][2:4] == ("complete", "consider")


def test_forgeries_are_refused(tmp_path, monkeypatch):
    rx = receiver(tmp_path, monkeypatch)
    headers, body = signed({"type": "check.completed", "data": DONE})
    tampered = body.replace(b'"consider"', b'"clear"')
    assert rx.handle(headers, tampered)[0] == 401
    other = "whsec_" + base64.b64encode(b"someone-else").decode()
    assert rx.handle(*signed({"type": "check.completed", "data": DONE}, "msg_2", secret=other))[0] == 401
    assert rx.handle(*signed({"type": "check.completed", "data": DONE}, "msg_3", ts=int(time.time()) - 600))[0] == 401
    assert rx.handle({}, body)[0] == 401
    assert rows(rx.db) == []


def test_out_of_order_progress_keeps_the_completion(tmp_path, monkeypatch):
    rx = receiver(tmp_path, monkeypatch)
    assert rx.handle(*signed({"type": "check.completed", "data": DONE}, "msg_a"))[0] == 200
    assert rx.handle(*signed({"type": "check.in_progress", "data": CHECK}, "msg_b"))[0] == 200
    assert rows(rx.db)[0][2] == "complete"
