# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import csv
from datetime import datetime, timezone

from conn import sync


class FakeApi:
    def __init__(self, pages):
        self.pages, self.calls = pages, []
        self.last_date = None

    def walk(self, path, params):
        self.calls.append(dict(params))
        self.last_date = datetime(2026, 3, 2, 9, 0, 10, tzinfo=timezone.utc)
        yield from self.pages.pop(0)


def cand(cid, rid, last="Ng", deleted=False):
    return {"id": cid, "remote_id": rid, "first_name": "Ana", "last_name": last, "title": None,
            "email_addresses": [], "modified_at": "2026-03-02T08:00:00Z", "remote_was_deleted": deleted}


def read(out):
    with open(out / "candidates.csv", newline="") as fh:
        return list(csv.DictReader(fh))


def test_relink_replaces_ids_and_deletions_leave(tmp_path, monkeypatch):
    monkeypatch.setenv("IB_STATE_DIR", str(tmp_path / "s"))
    monkeypatch.setenv("IB_OUTPUT_DIR", str(tmp_path / "o"))
    api = FakeApi([[cand("cand_a", "1"), cand("cand_b", "2"), cand("cand_x", "3", deleted=True)],
                   [cand("cand_c", "1", last="Ng-Li"), cand("cand_d", "2", deleted=True)]])
    monkeypatch.setattr(sync, "Conflux", lambda: api)
    assert sync.run_sync() == 0
    assert [r["remote_id"] for r in read(tmp_path / "o")] == ["1", "2"]
    assert sync.run_sync() == 0
    assert api.calls[1] == {"modified_after": "2026-03-02T09:00:09Z"}
    rows = read(tmp_path / "o")
    assert [(r["remote_id"], r["conflux_id"], r["last_name"]) for r in rows] == [("1", "cand_c", "Ng-Li")]


def test_a_failed_night_keeps_the_dashboard(tmp_path, monkeypatch):
    monkeypatch.setenv("IB_STATE_DIR", str(tmp_path / "s"))
    monkeypatch.setenv("IB_OUTPUT_DIR", str(tmp_path / "o"))

    class Broken(FakeApi):
        def walk(self, path, params):
            raise sync.ConfluxError("400 invalid_datetime")
            yield

    monkeypatch.setattr(sync, "Conflux", lambda: FakeApi([[cand("cand_a", "1")]]))
    assert sync.run_sync() == 0
    monkeypatch.setattr(sync, "Conflux", lambda: Broken([]))
    assert sync.run_sync() == 1
    assert [r["remote_id"] for r in read(tmp_path / "o")] == ["1"]


def test_a_pre_relink_leftover_removes_nobody(tmp_path, monkeypatch):
    # the account keeps some people's record from before the re-link (remote-deleted) beside their
    # live one; in whichever order the walk brings the two, the person stays
    monkeypatch.setenv("IB_STATE_DIR", str(tmp_path / "s"))
    monkeypatch.setenv("IB_OUTPUT_DIR", str(tmp_path / "o"))
    api = FakeApi([[cand("cand_a", "1"), cand("cand_old1", "1", deleted=True), cand("cand_old2", "2", deleted=True),
                    cand("cand_b", "2")],
                   [cand("cand_c", "1"), cand("cand_old3", "1", deleted=True),
                    cand("cand_old4", "2", deleted=True), cand("cand_d", "2", deleted=True)]])
    monkeypatch.setattr(sync, "Conflux", lambda: api)
    assert sync.run_sync() == 0
    assert [(r["remote_id"], r["conflux_id"]) for r in read(tmp_path / "o")] == [("1", "cand_a"), ("2", "cand_b")]
    assert sync.run_sync() == 0
    assert [(r["remote_id"], r["conflux_id"]) for r in read(tmp_path / "o")] == [("1", "cand_c")]
