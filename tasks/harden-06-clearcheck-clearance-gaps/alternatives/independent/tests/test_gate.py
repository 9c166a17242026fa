# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import base64
import hashlib
import hmac
import json
import time

from conn import store
from conn.receiver import Gate

SECRET = "whsec_" + base64.b64encode(b"independent-test-key").decode()


def sign(body: bytes, wid: str, ts: int) -> dict:
    key = base64.b64decode(SECRET[6:])
    sig = base64.b64encode(hmac.new(key, f"{wid}.{ts}.".encode() + body, hashlib.sha256).digest()).decode()
    return {"webhook-id": wid, "webhook-timestamp": str(ts), "webhook-signature": "v1," + sig}


def gate(tmp_path, monkeypatch):
    monkeypatch.setenv("IB_OUTPUT_DIR", str(tmp_path))
    monkeypatch.setenv("CLEARCHECK_WEBHOOK_SECRET", SECRET)
    return Gate()


def test_signed_fresh_once(tmp_path, monkeypatch):
    g = gate(tmp_path, monkeypatch)
    check = {"id": "chk_9", "external_id": "VDS-GLA-3103", "status": "complete", "result": "clear",
             "completed_at": "2026-03-02T10:00:00Z", "updated_at": "2026-03-02T10:00:00Z"}
    body = json.dumps({"type": "check.completed", "data": check}).encode()
    now = int(time.time())
    assert g.deliver(sign(body, "msg_a", now), body) == 204
    assert g.deliver(sign(body, "msg_a", now), body) == 204
    assert g.deliver(sign(body, "msg_b", now - 900), body) == 401
    assert g.deliver(sign(body, "msg_c", now), body.replace(b"clear", b"consider")) == 401
    older = json.dumps({"type": "check.in_progress", "data": {**check, "status": "in_progress", "result": None,
                                                              "updated_at": "2026-03-02T08:00:00Z"}}).encode()
    assert g.deliver(sign(older, "msg_d", now), older) == 204
    assert g.db.execute("SELECT status, result FROM badge_gate").fetchall() == [("complete", "clear")]


def test_newer_progress_replaces_pending(tmp_path, monkeypatch):
    monkeypatch.setenv("IB_OUTPUT_DIR", str(tmp_path))
    db = store.connect()
    assert store.apply(db, {"id": "c", "status": "pending", "updated_at": "2026-03-02T08:00:00Z"}) == "new"
    assert store.apply(db, {"id": "c", "status": "in_progress", "updated_at": "2026-03-02T09:00:00Z"}) == "updated"
    assert store.apply(db, {"id": "c", "status": "pending", "updated_at": "2026-03-02T08:00:00Z"}) == "kept"
