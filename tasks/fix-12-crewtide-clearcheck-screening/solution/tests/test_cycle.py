# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Offline checks of the status mapping."""
import pytest

from conn.cycle import screening


def test_a_complete_check_shows_its_result():
    assert screening({"id": "chk_1", "status": "complete", "result": "consider"}) == "consider"
    assert screening({"id": "chk_1", "status": "complete", "result": "clear"}) == "clear"
    with pytest.raises(RuntimeError):
        screening({"id": "chk_1", "status": "complete", "result": None})


def test_open_and_cancelled_checks():
    assert [screening({"id": "c", "status": s}) for s in ("pending", "in_progress", "cancelled")] == \
        ["ordered", "in_progress", "cancelled"]


class _FakeClearCheck:
    base = "http://cc"

    def __init__(self):
        self.cancelled = []
        outer = self

        class _Session:
            def post(self, url, timeout=None):
                outer.cancelled.append(url.rsplit("/", 2)[-2])

                class R:
                    status_code = 200

                    def raise_for_status(self):
                        return None
                return R()
        self.session = _Session()


def test_repair_keeps_the_complete_check_and_cancels_open_duplicates():
    from conn.cycle import repair
    cc = _FakeClearCheck()
    done = {"id": "a", "status": "complete", "result": "consider", "created_at": "1", "external_id": "30"}
    dup = {"id": "b", "status": "in_progress", "created_at": "2", "external_id": "30"}
    assert repair(cc, [done, dup]) == [done] and cc.cancelled == ["b"]


def test_repair_keeps_the_first_open_order():
    from conn.cycle import repair
    cc = _FakeClearCheck()
    first = {"id": "a", "status": "in_progress", "created_at": "1", "external_id": "39"}
    second = {"id": "b", "status": "pending", "created_at": "2", "external_id": "39"}
    assert repair(cc, [second, first]) == [first] and cc.cancelled == ["b"]
