# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
from conn.mirror import Mirror


def test_upsert_replaces_by_id(tmp_path):
    m = Mirror(str(tmp_path / "mirror.db"))
    m.upsert("candidates", [{"id": 1, "email": "a@x", "updated_at": 1000}])
    m.upsert("candidates", [{"id": 1, "email": "b@x", "updated_at": 2000}])
    assert m.count("candidates") == 1
    assert m.db.execute("SELECT email FROM candidates").fetchone()[0] == "b@x"
    assert m.max_updated_at() == 2000


def test_delete_candidate(tmp_path):
    m = Mirror(str(tmp_path / "mirror.db"))
    m.upsert("candidates", [{"id": 1}, {"id": 2}])
    m.delete_candidate(1)
    assert m.count("candidates") == 1
