"""Benchline's `failover` op (an unplanned data-centre move: sessions live at that moment answer
401 `invalid_session` and still count against the session ceiling until they expire) and the
rail dataset's all-day session of the agency's timesheet tool (2 of the 3 sessions free)."""
from __future__ import annotations

from .helpers import Api, make_app


def _rows(api: Api, table: str) -> list[dict]:
    return api.rows(table)


def test_failover_ends_live_sessions_and_moves_the_next_login():
    api = Api(make_app())
    assert api.login().status_code == 200 and api.rest == "/dc2/rest/"
    old = api.session
    assert api.get("ping").status_code == 200
    out = api.mutate({"op": "failover", "to": "dc3"})
    assert out["results"] == [{"op": "failover", "from": "dc2", "to": "dc3", "sessions_ended": 1}]
    r = api.get("search/Placement?query=*&fields=id")
    assert r.status_code == 401 and r.json["errorMessageKey"] == "invalid_session"
    # the ended session still counts: 2 more logins are admitted, the third is refused
    assert api.login().status_code == 200 and api.rest == "/dc3/rest/"
    assert api.get("search/Placement?query=*&fields=id").status_code == 200
    assert api.login().status_code == 200
    r = api.login()
    assert r.status_code == 403 and r.json["errorMessageKey"] == "max_sessions"
    # the ended session stays ended and never slides; once it expires it no longer counts
    assert api.get("ping", session=old).status_code == 401
    api.advance(1201)
    assert api.get("ping", session=old).json["errorMessageKey"] == "session_expired"
    assert api.login().status_code == 200


def test_failover_starts_the_redirect_window_of_the_previous_data_centre():
    api = Api(make_app())
    api.config(dc_redirect_s=30)
    assert api.login().status_code == 200
    api.mutate({"op": "failover", "to": "dc4"})
    assert api.login().status_code == 200 and api.rest == "/dc4/rest/"
    r = api.call("GET", "/dc2/rest/ping")
    assert r.status_code == 307 and r.headers["Location"].startswith("/dc4/rest/ping")
    api.advance(31)
    r = api.call("GET", "/dc2/rest/ping")
    assert r.status_code == 401
    assert api.get("ping").status_code == 200


def test_no_failover_sessions_keep_working():
    """Silent: without the op, a data_centre move (setting) leaves open sessions working."""
    api = Api(make_app())
    assert api.login().status_code == 200
    old = api.session
    api.config(data_centre="dc3")
    assert api.call("GET", "/dc2/rest/ping", session=old).status_code == 200


def test_failover_op_arguments_are_checked():
    api = Api(make_app())
    api.mutate({"op": "failover", "to": "dc9"}, expect=400)
    api.mutate({"op": "failover"}, expect=400)
    api.mutate({"op": "failover", "to": "dc2"}, expect=400)  # already there
    api.mutate({"op": "failover", "to": "dc3", "sessions": 1}, expect=400)


def test_rail_has_the_timesheet_tools_session():
    api = Api(make_app("rail", 89))
    assert api.login().status_code == 200
    assert api.login().status_code == 200
    r = api.login()
    assert r.status_code == 403 and r.json["errorMessageKey"] == "max_sessions"
    api.advance(3 * 3600)  # ours expire; the tool's stays
    assert api.login().status_code == 200
    assert api.login().status_code == 200
    assert api.login().status_code == 403


def test_other_datasets_have_no_foreign_session():
    api = Api(make_app("small", 1))
    assert all(api.login().status_code == 200 for _ in range(3))
    assert api.login().status_code == 403
