# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
from conn.roster import _ref


def test_ref_keeps_the_type():
    app = {"relationships": {"job": {"data": {"type": "jobs", "id": "12"}}, "stage": {"data": None}}}
    assert _ref(app, "job") == ("jobs", "12") and _ref(app, "stage") is None
