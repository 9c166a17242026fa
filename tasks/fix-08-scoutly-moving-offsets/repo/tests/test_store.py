# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import sqlite3

from conn import store

CAND = {"id": "1278d460-3bc0-4a3d-9c7b-3be7a9605115", "firstName": "Felix", "lastName": "Grant",
        "email": "felix.grant.32@example.com", "phoneNumber": None, "location": {"city": "Cork"},
        "externalId": "VOX-10031", "createdOn": "2025-11-04T22:20:41.220Z", "updatedOn": "2025-11-13T18:35:29.318Z"}


def test_row_maps_scoutly_fields():
    r = store.row(CAND)
    assert r == {"id": CAND["id"], "external_id": "VOX-10031", "first_name": "Felix", "last_name": "Grant",
                 "email": "felix.grant.32@example.com", "phone": None, "city": "Cork",
                 "updated_on": "2025-11-13T18:35:29.318Z"}


def test_write_replaces_the_file(tmp_path):
    path = tmp_path / "snapshot.db"
    assert store.write([store.row(CAND)], path) == 1
    assert store.write([], path) == 0
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT count(*) FROM candidates").fetchone() == (0,)
