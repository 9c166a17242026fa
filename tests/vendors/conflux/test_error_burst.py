"""The block after a burst of failing requests (setting on), its expiry on the vendor clock,
and silence while requests succeed or with the setting off (the recorder's default)."""
from __future__ import annotations

from vendors.conflux.app import BURST, TRAITS

from .helpers import CREDS, Api, make_app


def _burst(api: Api, n: int) -> list[int]:
    return [api.get("/candidates?modified_after=2026-03-01T00:00:00").status_code for _ in range(n)]


def test_rule_is_declared_for_the_recorder():
    rule = next(r for r in TRAITS.rate_limits.rules if r.policy == "error_burst")
    assert (rule.limit, rule.window_s, rule.block_s, rule.status) == (20, 10, 60, 403)
    assert (BURST.limit, BURST.window_s, BURST.block_s) == (20, 10, 60)


def test_block_after_the_burst_and_its_expiry():
    app = make_app()
    api, other = Api(app), Api(app, CREDS["account_token_b"])
    api.control("clock", {"freeze": True})
    api.config(enforce_error_burst=True)
    assert _burst(api, 20) == [400] * 20  # a client retrying a naive datetime unchanged
    r = api.get("/candidates")
    assert r.status_code == 403 and r.json["errors"][0]["code"] == "caller_blocked"
    assert r.headers["Retry-After"] == "60"
    r = other.get("/candidates")  # same API key, other linked account: blocked too
    assert r.status_code == 403 and r.json["errors"][0]["code"] == "caller_blocked"
    api.control("clock", {"advance_s": 45})
    r = api.get("/candidates")
    assert r.status_code == 403 and r.headers["Retry-After"] == "15"  # blocked answers do not extend it
    api.control("clock", {"advance_s": 15})
    assert api.get("/candidates").status_code == 200
    assert other.get("/candidates").status_code == 200


def test_silent_when_requests_succeed_or_failures_are_spread_or_setting_off():
    app = make_app()
    api = Api(app)
    api.control("clock", {"freeze": True})
    _burst(api, 30)  # setting off (default): the vendor never blocks
    assert api.get("/candidates").status_code == 200
    api.config(enforce_error_burst=True)
    assert all(api.get("/jobs").status_code == 200 for _ in range(40))
    for _ in range(4):  # 10 failures every 11 s: never 20 within 10 s
        assert _burst(api, 10) == [400] * 10
        api.control("clock", {"advance_s": 11})
    assert api.get("/candidates").status_code == 200
    api.config(enforce_error_burst={"limit": 3, "window_s": 5, "block_s": 7})
    _burst(api, 3)
    assert api.get("/jobs").headers.get("Retry-After") == "7"
