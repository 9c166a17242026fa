# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
from conn import state, store


def test_first_seen_at_is_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("IB_OUTPUT_DIR", str(tmp_path))
    db = store.connect()
    store.upsert(db, {"id": "plc_1", "status": "active", "version": 1})
    first = db.execute("SELECT first_seen_at FROM placements").fetchone()[0]
    db.execute("UPDATE placements SET first_seen_at = '2026-01-01T09:00:00+01:00'")
    store.upsert(db, {"id": "plc_1", "status": "completed", "version": 2})
    assert first
    assert db.execute("SELECT status, version, first_seen_at FROM placements").fetchall() == [
        ("completed", 2, "2026-01-01T09:00:00+01:00")]


def test_older_version_never_overwrites(tmp_path, monkeypatch):
    monkeypatch.setenv("IB_OUTPUT_DIR", str(tmp_path))
    db = store.connect()
    store.upsert_many(db, [{"id": "plc_1", "status": "completed", "version": 3}])
    assert store.upsert_many(db, [{"id": "plc_1", "status": "active", "version": 2},
                                  {"id": "plc_1", "status": "completed", "version": 3}]) == 0
    assert db.execute("SELECT status, version FROM placements").fetchall() == [("completed", 3)]


def test_modified_since_is_utc():
    assert state.to_utc_z("2026-01-05T10:00:00+00:00") == "2026-01-05T10:00:00Z"
