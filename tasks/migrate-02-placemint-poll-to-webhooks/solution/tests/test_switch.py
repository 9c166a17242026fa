# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import hashlib
import hmac
import json
import time

from conn import state, store
from conn.receiver import verify


def test_older_version_never_overwrites(tmp_path, monkeypatch):
    monkeypatch.setenv("IB_OUTPUT_DIR", str(tmp_path))
    db = store.connect()
    assert store.upsert_if_newer(db, {"id": "plc_1", "status": "completed", "version": 5})
    db.execute("UPDATE placements SET first_seen_at = '2026-01-01T09:00:00+01:00'")
    assert not store.upsert_if_newer(db, {"id": "plc_1", "status": "active", "version": 4})
    assert store.upsert_if_newer(db, {"id": "plc_1", "status": "canceled", "version": 6})
    assert db.execute("SELECT status, version, first_seen_at FROM placements").fetchall() == [
        ("canceled", 6, "2026-01-01T09:00:00+01:00")]


def test_watermark_with_offset_becomes_utc():
    assert state.to_utc_z("2026-03-02T09:15:00+01:00") == "2026-03-02T08:15:00Z"


def test_signature_and_tolerance():
    body = json.dumps({"id": "evt_1", "type": "placement.updated"}).encode()
    t = int(time.time())
    sig = hmac.new(b"whsec_x", f"{t}.".encode() + body, hashlib.sha256).hexdigest()
    assert verify(f"t={t},v1={sig}", body, ["whsec_x"]) is None
    assert verify(f"t={t},v1={sig}", body, ["whsec_y"]) == "signature mismatch"
    assert verify(f"t={t},v1={sig}", body, ["whsec_x"], now=t + 301) == "timestamp outside the tolerance"
