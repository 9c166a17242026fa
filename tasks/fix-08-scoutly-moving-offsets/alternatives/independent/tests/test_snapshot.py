# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
from unittest import mock

from conn import snapshot


def cand(i, updated="2026-03-01T10:00:00.000Z", city="Leeds"):
    return {"id": f"id-{i}", "firstName": "A", "lastName": "B", "email": f"a{i}@x.example", "phoneNumber": None,
            "location": {"city": city}, "externalId": f"VOX-{i}", "updatedOn": updated}


def test_walks_until_two_walks_agree(tmp_path, monkeypatch):
    monkeypatch.setenv("IB_OUTPUT_DIR", str(tmp_path))
    walks = [[cand(1), cand(2)], [cand(1), cand(2, "2026-03-01T10:00:01.000Z", "Glasgow"), cand(3)],
             [cand(1), cand(2, "2026-03-01T10:00:01.000Z", "Glasgow"), cand(3)]]
    fake = mock.Mock()
    fake.all_candidates.side_effect = walks
    with mock.patch.object(snapshot, "Scoutly", return_value=fake):
        assert snapshot.run_snapshot() == 0
    assert fake.all_candidates.call_count == 3
