"""Unit tests without a recorder process: fault profile schema, rule counting, rate-limit
policies and dialects, forgery building, the run config, malformed bodies."""
from __future__ import annotations

import json
import time

import pytest

from recorder.config import ConfigError, parse_config
from recorder.faults import Engine
from recorder.forgery import Delivery, ForgeryError, ForgeSpec, build, choose_source
from recorder.guard import is_control_path
from recorder.netfault import malformed_body
from recorder.profile import ProfileError, parse_profile
from recorder.ratelimit import ErrorBurst, FixedWindow, TokenBucket, dialect_headers, retry_after_value
from vendors.kit.webhook_schemes import scheme_for
from bundle.traits import RateLimitRule, load_traits

DESIGN_EXAMPLE = """
seed: 7
rules:
  - id: flaky-candidates
    match: {vendor: staffline, method: GET, path: "/v1/candidates*"}
    when: {nth: [3, 4]}
    action: {status: 503, retry_after: 2}
"""


# -- profile --------------------------------------------------------------------------------------

def test_design_example_parses():
    profile = parse_profile(DESIGN_EXAMPLE)
    rule = profile.rules[0]
    assert rule.action.label == "status" and rule.direction == "to_vendor" and not rule.response_phase


@pytest.mark.parametrize("rules, expected", [
    ([{"id": "a", "action": {"status": 503, "retry_after": -1}}], "rule 'a' (rules[0]) action.retry_after"),
    ([{"id": "b", "match": {"verb": "GET"}, "action": {"status": 503}}], "rule 'b' (rules[0]) match.verb"),
    ([{"id": "c", "action": {"truncate": 1.5}}], "rule 'c' (rules[0]) action.truncate"),
    ([{"id": "d", "action": {"retry_after": 2, "delay_ms": 5}}], "retry_after only apply with status"),
    ([{"id": "e", "action": {"status": 503, "retry_after_date": True}}], "retry_after_date needs retry_after"),
    ([{"id": "f", "match": {"direction": "to_vendor"}, "action": {"duplicate": True}}], "match.direction must be to_receiver"),
    ([{"id": "g", "when": {"window_s": [5, 1]}, "action": {"status": 500}}], "rule 'g' (rules[0]) when.window_s"),
    ([{"id": "h", "action": {}}], "no action"),
    ([{"id": "x", "action": {"reset": True}}, {"id": "x", "action": {"reset": True}}], "used twice"),
    ([{"action": {"reset": True}}], "rules[0] id: Field required"),
])
def test_profile_errors_name_rule_and_field(rules, expected):
    with pytest.raises(ProfileError) as info:
        parse_profile({"seed": 1, "rules": rules})
    assert expected in str(info.value)


def test_response_actions_imply_after_upstream():
    profile = parse_profile({"rules": [{"id": "t", "action": {"truncate": 0.5}},
                                       {"id": "c", "action": {"commit_then_drop": True}},
                                       {"id": "d", "action": {"duplicate": True}}]})
    assert [r.response_phase for r in profile.rules] == [True, True, False]
    assert profile.rules[2].direction == "to_receiver"


def test_engine_counts_every_matching_rule_and_first_firing_wins():
    engine = Engine(parse_profile({"seed": 3, "rules": [
        {"id": "a", "match": {"path": "/x*"}, "when": {"nth": [2]}, "action": {"status": 500}},
        {"id": "b", "match": {"path": "/x*", "method": ["GET", "PUT"]}, "when": {"every": 2}, "action": {"status": 501}},
    ]}))
    m = {"direction": "to_vendor", "vendor": "v", "phase": "agent"}
    fired = [getattr(engine.evaluate(m, "GET", "/x/1"), "id", None) for _ in range(4)]
    assert fired == [None, "a", None, "b"]
    assert engine.evaluate(m, "POST", "/x/1") is None  # POST: only `a` matches, and not its 2nd
    assert engine.stats() == {"a": {"matched": 5, "fired": 1}, "b": {"matched": 4, "fired": 1}}


def test_engine_prob_sequence_depends_on_seed_and_rule_id():
    def seq(seed, rule_id):
        engine = Engine(parse_profile({"seed": seed, "rules": [{"id": rule_id, "when": {"prob": 0.5},
                                                                 "action": {"status": 500}}]}))
        m = {"direction": "to_vendor", "vendor": "v", "phase": "agent"}
        return [engine.evaluate(m, "GET", "/") is not None for _ in range(32)]
    assert seq(1, "r") == seq(1, "r")
    assert seq(1, "r") != seq(2, "r") and seq(1, "r") != seq(1, "s")


# -- rate limits -----------------------------------------------------------------------------------

def test_fixed_window_policy():
    p = FixedWindow(RateLimitRule(id="w", policy="fixed_window", limit=2, window_s=10), now=100.0)
    assert p.admissible(100.0) is None
    p.admit(100.0)
    p.admit(101.0)
    assert p.admissible(102.0) == pytest.approx(8.0)
    assert p.snapshot(102.0) == (2, 0, pytest.approx(8.0))
    assert p.admissible(110.0) is None


def test_token_bucket_policy():
    p = TokenBucket(RateLimitRule(id="b", policy="token_bucket", limit=2, refill_per_s=1), now=0.0)
    p.admit(0.0)
    p.admit(0.0)
    assert p.admissible(0.0) == pytest.approx(1.0)
    assert p.admissible(0.5) == pytest.approx(0.5)
    assert p.admissible(1.0) is None


def test_error_burst_policy():
    p = ErrorBurst(RateLimitRule(id="e", policy="error_burst", limit=3, window_s=10, block_s=30), now=0.0)
    p.failure(0.0)
    p.failure(1.0)
    assert p.admissible(2.0) is None
    p.failure(20.0)  # the first two fell out of the window
    assert p.admissible(20.0) is None
    p.failure(21.0)
    p.failure(22.0)
    assert p.admissible(23.0) == pytest.approx(29.0)


def test_dialects_and_retry_after():
    p = FixedWindow(RateLimitRule(id="w", policy="fixed_window", limit=10, window_s=60), now=0.0)
    snap = (10, 7, 12.2)
    assert dialect_headers("x-ratelimit", [(p, snap)]) == {
        "X-RateLimit-Limit": "10", "X-RateLimit-Remaining": "7", "X-RateLimit-Reset": "13"}
    assert dialect_headers("x-rate-limit", [(p, snap)])["X-Rate-Limit-Remaining"] == "7"
    assert dialect_headers("ietf", [(p, snap)]) == {"RateLimit": '"w";r=7;t=13',
                                                    "RateLimit-Policy": '"w";q=10;w=60'}
    assert dialect_headers("none", [(p, snap)]) == {}
    assert retry_after_value("seconds", 0.2) == "1"
    assert retry_after_value("http_date", 5).endswith("GMT")


# -- forgery ----------------------------------------------------------------------------------------

def _delivery(ts: int, secret: str = "s3cret") -> Delivery:
    traits = load_traits("talentforge")
    body = b'{"id":"evt_1","type":"application.created","data":{"status":"new"}}'
    signed = scheme_for(traits.webhooks).sign(body, [secret], ts, "evt_1")
    headers = [("Content-Type", "application/json"), *signed.headers.items(), ("X-TF-Delivery", "evt_1"),
               ("X-TF-Event", "application.created")]
    return Delivery("talentforge", "POST", "/hooks", headers, body, time.time(), "evt_1", {"seq": 12})


def test_build_each_kind_offline():
    traits = load_traits("talentforge")
    scheme = scheme_for(traits.webhooks)
    now = int(time.time())
    source = _delivery(now - 1000)
    results = {}
    for kind in ("bad_signature", "tampered_body", "stale_timestamp", "replay", "duplicate", "unknown_event",
                 "unsigned_field_edit", "resigned_stale_replay", "concurrent_duplicate"):
        results[kind] = build(ForgeSpec(kind=kind), "talentforge", traits, ["s3cret"], source, now=now)
    ok = lambda f, tol=300: scheme.verify(dict(f.headers), f.body, "s3cret", now, tol)
    assert not ok(results["bad_signature"]) and not ok(results["tampered_body"])
    assert not ok(results["stale_timestamp"]) and ok(results["stale_timestamp"], None)
    assert results["replay"].body == source.body and results["replay"].headers == source.headers
    assert ok(results["duplicate"]) and results["duplicate"].event_id == "evt_1"
    assert ok(results["unknown_event"]) and json.loads(results["unknown_event"].body)["type"] == "ib.unknown_event"
    assert results["concurrent_duplicate"].copies == 2
    assert ok(results["resigned_stale_replay"], None) and not ok(results["resigned_stale_replay"])
    assert all(f.derived_from == 12 for f in results.values())
    assert results["bad_signature"].event_id != "evt_1"  # an attacker's new event
    # a re-signed replay of a recent delivery is made stale (past the tolerance)
    recent = build(ForgeSpec(kind="resigned_stale_replay"), "talentforge", traits, ["s3cret"], _delivery(now - 5),
                   now=now)
    ts = int(dict(recent.headers)["X-TF-Timestamp"])
    assert ts == now - 600 and ok(recent, None) and not ok(recent)


def test_choose_source_and_errors():
    deliveries = [_delivery(1), _delivery(2)]
    deliveries[0].meta["seq"], deliveries[1].meta["seq"] = 3, 4
    assert choose_source(ForgeSpec(kind="replay"), deliveries).seq == 4
    assert choose_source(ForgeSpec(kind="replay", source=3), deliveries).seq == 3
    assert choose_source(ForgeSpec(kind="out_of_order"), deliveries).seq == 3
    with pytest.raises(ForgeryError, match="no genuine delivery"):
        choose_source(ForgeSpec(kind="duplicate"), [])
    with pytest.raises(ForgeryError, match="at least 3"):
        choose_source(ForgeSpec(kind="out_of_order", pick=3), deliveries)
    with pytest.raises(ForgeryError, match="declares no webhooks"):
        build(ForgeSpec(kind="duplicate"), "staffline", load_traits("staffline"), ["x"], deliveries[0])


# -- config, guard, malformed -------------------------------------------------------------------------

def _cfg(**extra):
    base = {"run_id": "r", "out_dir": "/tmp/x", "nonce": "n" * 12,
            "vendors": [{"name": "placemint", "upstream_url": "http://127.0.0.1:5000"}],
            "control": {"token": "t" * 12}}
    base.update(extra)
    return base


def test_config_errors_name_the_field():
    with pytest.raises(ConfigError, match="vendors.0.upstream_url"):
        parse_config(_cfg(vendors=[{"name": "placemint", "upstream_url": "ftp://x"}]))
    with pytest.raises(ConfigError, match="not a vendor of this run"):
        parse_config(_cfg(rate_limits={"nope": {"dialect": "ietf"}}))
    with pytest.raises(ConfigError, match="control.token"):
        parse_config(_cfg(control={"token": "short"}))
    with pytest.raises(ConfigError, match="rule 'z'"):
        parse_config(_cfg(faults={"rules": [{"id": "z", "action": {"status": 9}}]}))
    assert parse_config(_cfg()).receiver is None


def test_control_path_detection():
    for path in ("/_control", "/_control/reset?x=1", "/%5Fcontrol/x", "//_control", "/a/../_control/x"):
        assert is_control_path(path, "/_control"), path
    for path in ("/v1/_control", "/_controlled", "/v1/items"):
        assert not is_control_path(path, "/_control"), path


@pytest.mark.parametrize("ctype, body", [("application/json", b'{"a": [1, 2]}'), ("application/json", b""),
                                         ("application/vnd.api+json", b'{"data": []}')])
def test_malformed_json_never_parses(ctype, body):
    with pytest.raises(ValueError):
        json.loads(malformed_body(body, ctype))
