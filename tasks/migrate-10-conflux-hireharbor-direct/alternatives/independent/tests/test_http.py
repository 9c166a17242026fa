# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
from conn.http import Response, _wait_for


def test_wait_for_both_forms():
    assert _wait_for("3") == 3.0
    assert _wait_for("Mon, 02 Mar 2026 09:00:10 GMT") >= 0.25


def test_next_link():
    r = Response(200, {"Link": '<http://h/v1/candidates?page=2>; rel="next", <http://h/x>; rel="last"'}, b"[]", "")
    assert r.next_link() == "http://h/v1/candidates?page=2"
