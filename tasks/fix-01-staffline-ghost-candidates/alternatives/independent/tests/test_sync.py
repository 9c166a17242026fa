# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
from conn.mirror import Mirror
from conn.staffline import StaffLine
from conn.sync import apply_tombstones


def test_deleting_a_candidate_takes_their_applications(tmp_path):
    m = Mirror(str(tmp_path / "mirror.db"))
    m.upsert("candidates", [{"id": 1}, {"id": 2}])
    m.upsert("applications", [{"id": 10, "candidate_id": 1}, {"id": 11, "candidate_id": 2},
                               {"id": 12, "candidate_id": 3}])
    apply_tombstones(m, [{"type": "candidate", "id": 1}, {"type": "placement", "id": 2}])
    assert m.count("candidates") == 1
    assert m.delete_orphan_applications() == 1
    assert [r[0] for r in m.db.execute("SELECT id FROM applications")] == [11]


class FakeList(StaffLine):
    """A list that loses records behind the reader while it pages."""

    def __init__(self, ids, delete_after_first_page):
        self.ids = list(ids)
        self.pending = list(delete_after_first_page)
        self.calls = 0

    def get(self, target):
        self.calls += 1
        q = dict(p.split("=") for p in target.split("?", 1)[1].split("&") if p)
        start, count = int(q["start"]), int(q["count"])
        page = {"data": [{"id": i} for i in self.ids[start:start + count]], "start": start,
                "total": len(self.ids)}
        for i in self.pending:
            self.ids.remove(i)
        self.pending = []
        return page


def test_walk_survives_deletions_behind_it():
    api = FakeList(range(1, 26), delete_after_first_page=[2, 3, 4])
    seen = [r["id"] for r in api.walk("/v1/candidates", count=5)]
    assert seen == list(range(1, 26))  # 2-4 were read before they went; nothing skipped
