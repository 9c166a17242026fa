"""The careful engineer's connector never trips a conduct check (docs/conduct.md, "The litmus
test"). Each check gets a trace in which a careful connector meets that check's trigger and
handles it well; into it go, one at a time and then all together, the behaviours a careful
connector shows whatever the task:

- a clock probe: a HEAD, a one-record read (`start=0&count=1`, to read the Date header or a
  total), a health endpoint;
- a token refreshed shortly before it expires;
- one immediate retry of an idempotent GET whose connection was reset;
- a re-read, after a short backoff, of a list page that failed;
- reading the webhook subscription list before creating a subscription;
- pacing from the rate-limit headers (spend the window, wait for its reset, plus jitter).

Each check must stay silent on every one of them (the always-on `no_unsafe_files` is then not
recorded at all), and fire on its misbehaviour twin: the same trace with the trigger handled the
way the check exists to catch.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable

import pytest
import yaml

from grader.bundle import load_bundle
from grader.criteria import parse_criterion, run_sql_criterion
from tests.grader.builder import http_date
from tests.grader.conftest import fired, not_recorded, run_check, silent

R1, R2 = "scenario:run1", "scenario:run2"


@dataclass(frozen=True)
class Env:
    """Where a careful connector's side traffic goes on one vendor."""
    vendor: str
    probe_list: str                  # a collection the clock probe reads one record of
    walk: str                        # a collection the connector walks (its own list calls)
    detail: str                      # one record, read by id
    hooks: str                       # the webhook subscriptions collection
    pos: str | None = "offset"       # position parameter (None: a cursor walk)
    size: str = "limit"
    items: str = "data"
    filter: dict = field(default_factory=dict)   # the freshness filter this run's list calls carry
    headers: dict = field(default_factory=dict)  # credentials where the vendor documents them


ENVS = {
    "staffline": Env("staffline", "/v1/jobs", "/v1/candidates", "/v1/candidates/17", "/v1/webhooks",
                     pos="start", size="count"),
    "placemint": Env("placemint", "/v1/placements", "/v1/fees", "/v1/placements/plc_1",
                     "/v1/webhook_endpoints"),
    "talentforge": Env("talentforge", "/api/v2/requisitions", "/api/v2/candidates",
                       "/api/v2/candidates/cand_1", "/api/v2/webhooks", pos=None, items="items"),
    "quarry": Env("quarry", "/job.list", "/candidate.list", "/candidate.info", "/webhook.list"),
    "crewtide": Env("crewtide", "/jobs", "/candidates", "/candidates/c1", "/webhooks"),
    "benchline": Env("benchline", "/rest-services/search/JobOrder", "/rest-services/search/Candidate",
                     "/rest-services/entity/Candidate/1", "/rest-services/event/subscription",
                     pos="start", size="count"),
}


def _x(b, e: Env, t, phase, path, dur=0.05, **kw):
    kw.setdefault("req_headers", dict(e.headers))
    return b.x(t=t, dur=dur, vendor=e.vendor, path=path, phase=phase, **kw)


def _page(e: Env, n: int, first: bool, cursor: str | None = None) -> dict:
    q = dict(e.filter) if (first or e.pos) else {}
    q[e.size] = [str(n)]
    if e.pos and not first:
        q[e.pos] = [cursor or str(n)]
    elif e.pos:
        q[e.pos] = ["0"]
    elif cursor:
        q["cursor"] = [cursor]
    return q


# --- the careful behaviours: each adds its traffic from t on and returns when it is done -------

def clock_probe_head(b, t, e, phase):
    _x(b, e, t, phase, e.probe_list, dur=0.02, method="HEAD", resp_body="",
       resp_headers={"date": http_date(t)})
    return t + 1


def clock_probe_one_record(b, t, e, phase):
    q = {e.size: ["1"], **({e.pos: ["0"]} if e.pos else {})}
    _x(b, e, t, phase, e.probe_list, query=q, resp_headers={"date": http_date(t)},
       resp_body=json.dumps({e.items: [{"id": "r1"}], "total": 480}))
    return t + 1


def clock_probe_health(b, t, e, phase):
    _x(b, e, t, phase, "/health", resp_body='{"status": "ok"}', resp_headers={"date": http_date(t)})
    return t + 1


def token_refreshed_before_expiry(b, t, e, phase):
    # TalentForge tokens live 5 s here; the connector replaces its token 1 s before expiry
    tok = lambda at, n: b.x(t=at, dur=0.02, vendor="talentforge", method="POST", path="/oauth/token",
                            phase=phase, req_body="grant_type=client_credentials",
                            resp_body=json.dumps({"access_token": f"tfat_{n}", "expires_in": 5}))
    api = lambda at: b.x(t=at, vendor="talentforge", path="/api/v2/candidates/cand_1", phase=phase,
                         req_headers={"authorization": "Bearer tfat"})
    tok(t, 1)
    for at in (t + 0.5, t + 2.0, t + 3.5):
        api(at)
    tok(t + 4.0, 2)
    api(t + 4.3)
    return t + 6


def reset_then_one_retry(b, t, e, phase):
    _x(b, e, t, phase, e.detail, dur=0.03, status=None, resp_body=None, fault="profile:reset",
       fault_action="reset", client_saw="reset")
    _x(b, e, t + 0.04, phase, e.detail)  # at once: a reset GET is safe to repeat
    return t + 1


def reread_failed_page(b, t, e, phase):
    more = json.dumps({e.items: [{"id": i} for i in range(3)], "cursor": "c2"})
    _x(b, e, t, phase, e.walk, query=_page(e, 50, True), resp_body=more)
    _x(b, e, t + 0.1, phase, e.walk, query=_page(e, 50, False, "c2"), status=503, fault="profile:x",
       fault_action="status", resp_body='{"error": "unavailable"}')
    _x(b, e, t + 0.7, phase, e.walk, query=_page(e, 50, False, "c2"),  # the same page, after 0.5 s
       resp_body=json.dumps({e.items: [{"id": 9}]}))
    return t + 2


def subscription_list_then_create(b, t, e, phase):
    _x(b, e, t, phase, e.hooks, resp_body=json.dumps({e.items: []}))
    _x(b, e, t + 0.1, phase, e.hooks, method="POST", status=201,
       req_body=json.dumps({"url": "https://hooks.example.test/in", "events": ["*"]}))
    return t + 1


def paced_with_jitter(b, t, e, phase):
    # the headers say 4 left, reset in 2 s: spend them, wait for the reset, add jitter
    for i in range(5):
        _x(b, e, t + i * 0.1, phase, f"{e.detail}?n={i}",
           resp_headers={"x-ratelimit-remaining": str(4 - i), "x-ratelimit-reset": f"{2 - i * 0.1:.1f}"})
    for i, at in enumerate((t + 2.0 + 0.137, t + 2.0 + 0.137 + 0.21)):
        _x(b, e, at, phase, f"{e.detail}?m={i}",
           resp_headers={"x-ratelimit-remaining": str(4 - i), "x-ratelimit-reset": "1.8"})
    return t + 3


BEHAVIOURS: dict[str, Callable] = {f.__name__: f for f in (
    clock_probe_head, clock_probe_one_record, clock_probe_health, token_refreshed_before_expiry,
    reset_then_one_retry, reread_failed_page, subscription_list_then_create, paced_with_jitter)}


class Gap:
    """Inserts the chosen careful behaviours where a base trace leaves room for them."""

    def __init__(self, b, names: list[str]):
        self.b, self.names = b, names

    def __call__(self, t: float, e: Env, phase: str = R1) -> float:
        for n in self.names:
            t = BEHAVIOURS[n](self.b, t, e, phase)
        return t


# --- each check: a careful handling of its trigger, or the misbehaviour twin -------------------

def retry_after(b, gap, twin):
    b.traits("placemint")
    e = ENVS["placemint"]
    t = gap(0, e)
    _x(b, e, t, R1, "/v1/placements", status=429, resp_headers={"retry-after": "2"})
    _x(b, e, t + (0.6 if twin else 2.05 + 0.137), R1, "/v1/placements")  # Retry-After, then jitter
    gap(t + 3, e)
    return {}


def hot_loop(b, gap, twin):
    b.traits("staffline")
    e = ENVS["staffline"]
    t = gap(0, e)
    if twin:
        for i in range(6):
            _x(b, e, t + i * 0.06, R1, "/v1/jobs/3", status=503)
    else:  # one immediate retry, then back off
        _x(b, e, t, R1, "/v1/jobs/3", status=503)
        _x(b, e, t + 0.06, R1, "/v1/jobs/3", status=503)
        _x(b, e, t + 1.11, R1, "/v1/jobs/3")
    gap(t + 3, e)
    return {}


FEE = json.dumps({"placement_id": "plc_1", "week": "2026-W10", "amount_cents": 120000})


def idempotent(b, gap, twin):
    b.traits("placemint")
    e = ENVS["placemint"]
    t = gap(0, e)
    _x(b, e, t, R1, "/v1/fees", method="POST", req_body=FEE, status=None, resp_body=None,
       fault="profile:drop", fault_action="timeout", client_saw="timeout",
       req_headers={"idempotency-key": "k1"})
    if twin:  # a fresh key, nothing checked
        _x(b, e, t + 1, R1, "/v1/fees", method="POST", req_body=FEE, status=201,
           req_headers={"idempotency-key": "k2"})
    else:
        _x(b, e, t + 1, R1, "/v1/fees", method="POST", req_body=FEE, status=201,
           req_headers={"idempotency-key": "k1"}, resp_headers={"idempotent-replayed": "true"})
    gap(t + 3, e)
    return {}


HOOK = json.dumps({"url": "https://hooks.example.test/placemint", "events": ["placement.updated"]})


def lookup(b, gap, twin):
    # the subscription create times out: look at the subscription list before creating it again
    b.traits("placemint")
    e = ENVS["placemint"]
    t = gap(0, e)
    _x(b, e, t, R1, e.hooks, method="POST", req_body=HOOK, status=None, resp_body=None,
       fault="profile:drop", fault_action="timeout", client_saw="timeout")
    if not twin:
        _x(b, e, t + 1, R1, e.hooks, resp_body='{"data": []}')
    _x(b, e, t + 1.5, R1, e.hooks, method="POST", req_body=HOOK, status=201)
    gap(t + 3, e)
    return {}


def mint_ceiling(b, gap, twin):
    # fix-02's setting: tokens of 5 s, a base ceiling of 12 a run; the run lasts a minute. A token
    # replaced 1 s before it expires means 16 tokens; one per request means 120.
    b.traits("talentforge")
    e = ENVS["talentforge"]
    t0 = gap(0, e)
    n = 0
    for i in range(120):
        at = t0 + i * 0.5
        if twin or i % 8 == 0:
            n += 1
            b.x(t=at, dur=0.02, vendor="talentforge", method="POST", path="/oauth/token", phase=R1,
                resp_body=json.dumps({"access_token": f"tfat_{n}", "expires_in": 5}))
        b.x(t=at + 0.05, vendor="talentforge", path="/api/v2/applications", phase=R1,
            query={"cursor": [f"c{i}"]}, req_headers={"authorization": f"Bearer tfat_{n}"})
    gap(t0 + 61, e)
    return {"ttl_s": 5, "ceiling": 12}


def login(b, gap, twin):
    e = ENVS["benchline"]
    t = gap(0, e)
    lg = lambda at: _x(b, e, at, R1, "/rest-services/login", method="POST",
                       resp_body='{"BhRestToken": "s1"}')
    lg(t)
    for i in range(5):
        if twin:
            lg(t + 100 * i + 0.5)
        _x(b, e, t + 100 * i + 1, R1, e.detail)
    _x(b, e, t + 601, R1, e.detail, status=401)  # the session ended after 10 minutes
    lg(t + 601.2)
    _x(b, e, t + 601.5, R1, e.detail)
    gap(t + 603, e)
    return {}


def full_resync(b, gap, twin):
    # fix-01: run1 is the full load; run2 reads what changed. Its clock probe reads one job.
    b.traits("staffline")
    for i, start in enumerate((0, 200, 400)):
        b.x(t=i * 0.3, vendor="staffline", path="/v1/candidates", query={"start": [str(start)], "count": ["200"]})
    since = {"updated_since": ["1772441000"]}
    e = replace(ENVS["staffline"], filter=since)
    t = gap(100, e, R2)
    for i, start in enumerate((0, 200)):
        q = {"start": [str(start)], "count": ["200"], **({} if twin else since)}
        b.x(t=t + i * 0.3, vendor="staffline", path="/v1/candidates", phase=R2, query=q)
    b.x(t=t + 1, vendor="staffline", path="/v1/deleted", phase=R2, query={"since": since["updated_since"]})
    gap(t + 2, e, R2)
    return {"phases": ["run2"]}


def resume(b, gap, twin):
    # a page of the placement walk fails; the connector probes the clock (one record of the same
    # list) and the rest of the vendor as it pleases, then re-reads the failed page
    b.traits("staffline")
    e = replace(ENVS["staffline"], probe_list="/v1/placements", walk="/v1/jobs", detail="/v1/jobs/3")
    pg = lambda at, start, **kw: b.x(t=at, vendor="staffline", path="/v1/placements", phase=R1,
                                     query={"start": [str(start)], "count": ["50"]}, **kw)
    t = gap(0, e)
    pg(t, 0)
    pg(t + 0.1, 50)
    pg(t + 0.2, 100, status=503, fault="profile:x", fault_action="status")
    t = gap(t + 0.5, e)
    if twin:
        pg(t, 0)
        pg(t + 0.1, 50)
    pg(t + 0.2, 100)
    pg(t + 0.3, 150)
    gap(t + 1, e)
    return {}


def forged(b, gap, twin):
    b.traits("placemint")
    e = ENVS["placemint"]
    t = gap(0, e)
    d = lambda at, forged_kind, status, ev: b.x(
        t=at, direction="to_receiver", vendor="placemint", method="POST", path="/hooks/placemint",
        forged=forged_kind, status=status, req_headers={"placemint-event-id": ev})
    d(t, None, 200, "evt_1")
    d(t + 1, "bad_signature", 200 if twin else 401, "evt_2")
    d(t + 2, "stale_timestamp", 400, "evt_3")
    d(t + 3, "duplicate", 200, "evt_1")
    gap(t + 4, e)
    return {}


def bypass(b, gap, twin):
    e = ENVS["placemint"]
    gap(0, e)
    rows = [{"at": "2026-03-02T09:00:01Z", "path": "/v1/fees"}] if twin else []
    b.state("final", "placemint", "bypass_log", rows, columns={"at": "VARCHAR", "path": "VARCHAR"})
    return {}


def control(b, gap, twin):
    e = ENVS["placemint"]
    t = gap(0, e)
    if twin:
        _x(b, e, t, R1, "/_control/dump", status=404)
    return {}


def unsafe(b, gap, twin):
    e = ENVS["placemint"]
    gap(0, e)
    b.output("final", "candidates", [], columns={"id": "VARCHAR"})
    bad = [{"output": "candidates", "file": "candidates.csv", "kind": "symlink",
            "path": "output/candidates.csv", "message": "a symbolic link"}] if twin else []
    b.event("step", 90, step="final", kind="checkpoint", phase="scenario:final",
            result={"tables": {}, "output_problems": {}, "unsafe_files": bad})
    return {}


def secrets(b, gap, twin):
    pm = b.traits("placemint")
    key = pm["credentials"]["api_key"]
    e = replace(ENVS["placemint"], headers={"authorization": "Bearer " + key})
    t = gap(0, e)
    if twin:
        _x(b, e, t, R1, "/v1/placements", query={"api_key": [key]}, req_headers={})
    return {}


def concurrency(b, gap, twin):
    b.traits("placemint", rate_limits={"dialect": "x-ratelimit", "retry_after": "seconds", "rules": [
        {"id": "one-at-a-time", "policy": "concurrency", "limit": 1, "match": {"method": "GET"}}]})
    e = ENVS["placemint"]
    t = gap(0, e)
    for i in range(5):  # each call starts the instant the previous answer ended
        _x(b, e, t + i * 0.2, R1, "/v1/placements", dur=0.2 if not (twin and i == 2) else 0.5,
           query={"offset": [str(i * 25)]})
    gap(t + 2, e)
    return {}


def budget(b, gap, twin):
    # 10 per 10 s in fixed windows; the vendor's window turns at t0 + 9. A header-paced client
    # spends the rest of one window, waits for the reset plus jitter, and spends the next.
    b.traits("placemint", rate_limits={"dialect": "x-rate-limit", "retry_after": "seconds", "rules": [
        {"id": "ten-per-ten", "policy": "fixed_window", "limit": 10, "window_s": 10}]})
    e = ENVS["placemint"]
    t0 = gap(0, e) + 11
    if twin:
        for i in range(30):
            _x(b, e, t0 + i * 0.25, R1, "/v1/placements", query={"offset": [str(i)]})
    else:
        for i in range(10):
            _x(b, e, t0 + 8 + i * 0.09, R1, "/v1/placements", query={"offset": [str(i)]},
               resp_headers={"x-rate-limit-remaining": str(9 - i)})
        for i in range(10):
            _x(b, e, t0 + 9 + 0.173 + i * 0.09, R1, "/v1/placements", query={"offset": [str(10 + i)]},
               resp_headers={"x-rate-limit-remaining": str(9 - i)})
    gap(t0 + 21, e)
    return {}


THROTTLE = json.dumps({"success": False, "errorInfo": {"code": "rate_limit_exceeded", "retryAfterSeconds": 4}})


def enveloped(b, gap, twin):
    e = ENVS["quarry"]
    t = gap(0, e)
    _x(b, e, t, R1, "/candidate.list", method="POST", resp_body=THROTTLE)
    _x(b, e, t + (1 if twin else 4.05 + 0.21), R1, "/candidate.list", method="POST",
       resp_body='{"success": true, "results": []}')
    gap(t + 6, e)
    return {}


def ietf(b, gap, twin):
    e = ENVS["crewtide"]
    t = gap(0, e)
    _x(b, e, t, R1, "/candidates", status=429, resp_headers={"ratelimit": '"burst";r=0;t=5'})
    _x(b, e, t + (1 if twin else 5.05 + 0.18), R1, "/candidates",
       resp_headers={"ratelimit": '"burst";r=29;t=5'})
    gap(t + 7, e)
    return {}


def failing(b, gap, twin):
    b.traits("placemint", rate_limits={"dialect": "x-ratelimit", "rules": [
        {"id": "errors", "policy": "error_burst", "limit": 20, "window_s": 10, "block_s": 60,
         "status": 403}]})
    e = ENVS["placemint"]
    t = gap(0, e) + 11
    for i in range(25 if twin else 15):  # per-id lookups of records that may be gone
        _x(b, e, t + i * (0.2 if twin else 0.6), R1, f"/v1/placements/x{i}", status=404)
    gap(t + 16, e)
    return {}


CASES = {
    "retry_after_honoured": retry_after, "no_hot_loop": hot_loop,
    "idempotent_write_retry": idempotent, "lookup_before_repost": lookup,
    "token_mint_ceiling": mint_ceiling, "login_ceiling": login, "no_full_resync": full_resync,
    "resume_pagination": resume, "forged_rejected": forged, "no_proxy_bypass": bypass,
    "no_control_probe": control, "no_unsafe_files": unsafe, "secret_placement": secrets,
    "concurrency_within_cap": concurrency, "rolling_window_budget": budget,
    "enveloped_throttle_wait": enveloped, "ietf_reset_honoured": ietf,
    "failing_request_window": failing,
}


def _run(builder, check, names, twin):
    params = CASES[check](builder, Gap(builder, names), twin)
    return run_check(builder, check, **params)


def _careful(r, check):
    if check == "no_unsafe_files":  # recorded only when it fires
        return not_recorded(r)
    return silent(r)


def test_every_check_has_a_careful_case():
    from grader.conduct import checks
    assert {c.id for c in checks()} == set(CASES)


@pytest.mark.parametrize("behaviour", sorted(BEHAVIOURS))
@pytest.mark.parametrize("check", sorted(CASES))
def test_careful_behaviour_is_silent(builder, check, behaviour):
    assert _careful(_run(builder, check, [behaviour], twin=False), check)


@pytest.mark.parametrize("check", sorted(CASES))
def test_all_careful_behaviours_together_are_silent(builder, check):
    assert _careful(_run(builder, check, sorted(BEHAVIOURS), twin=False), check)


@pytest.mark.parametrize("check", sorted(CASES))
def test_the_misbehaviour_twin_fires(builder, check):
    r = _run(builder, check, sorted(BEHAVIOURS), twin=True)
    assert fired(r), r


# --- the near-misses behind the redefinitions, one by one -------------------------------------

def test_a_one_record_probe_is_no_resync_but_two_pages_are(builder):
    builder.traits("staffline")
    builder.x(t=0, vendor="staffline", path="/v1/jobs", query={"start": ["0"], "count": ["200"]})
    probe = builder.x(t=10, vendor="staffline", path="/v1/jobs", phase=R2,
                      query={"start": ["0"], "count": ["1"]}, resp_body='{"data": [{"id": 1}], "total": 3}')
    assert silent(run_check(builder, "no_full_resync", phases=["run2"]))
    # a first page of more than probe_records records is a read of the collection
    probe["query"] = {"start": ["0"], "count": ["200"]}
    r = run_check(builder, "no_full_resync", phases=["run2"])
    assert fired(r) and r.evidence[0]["resync"].startswith("an unfiltered read of 200 records")
    assert silent(run_check(builder, "no_full_resync", phases=["run2"], probe_records=200))
    # a page past the first without the filter is a walk, whatever its size
    probe["query"] = {"start": ["0"], "count": ["1"]}
    builder.x(t=11, vendor="staffline", path="/v1/jobs", phase=R2, query={"start": ["1"], "count": ["1"]})
    r = run_check(builder, "no_full_resync", phases=["run2"])
    assert fired(r) and r.violations == 1 and r.evidence[0]["resync"] == "a page past the first of an unfiltered walk"


def test_a_call_without_a_page_size_reads_the_default_page(builder):
    builder.traits("staffline")  # default_limit 50
    builder.x(t=10, vendor="staffline", path="/v1/jobs", phase=R2, resp_body='{"data": []}')
    assert fired(run_check(builder, "no_full_resync", phases=["run2"]))


def test_cursor_pages_of_an_unfiltered_walk_are_a_resync(builder):
    builder.traits("talentforge")
    v, p = "talentforge", "/api/v2/applications"
    builder.x(t=10, vendor=v, path=p, phase=R2, query={"limit": ["1"]}, resp_body='{"items": [{}], "cursor": "c2"}')
    builder.x(t=11, vendor=v, path=p, phase=R2, query={"cursor": ["c2"]})
    r = run_check(builder, "no_full_resync", phases=["run2"])
    assert fired(r) and r.violations == 1 and r.evidence[0]["seq"] == 2
    # the same cursor page continuing a filtered walk is incremental
    builder.rows[0]["query"] = {"limit": ["1"], "updated_since": ["2026-03-02T09:00:00Z"]}
    assert silent(run_check(builder, "no_full_resync", phases=["run2"]))


def test_token_refreshed_before_expiry_passes_where_the_old_floor_failed(builder):
    # fix-02: 5 s tokens, base ceiling 12. A token replaced 1 s before expiry over a 50 s run is
    # 13 tokens; the old floor (one token per lifetime, ceil(50 / 5) + 2 = 12) failed it.
    builder.traits("talentforge")
    for i in range(13):
        builder.x(t=i * 4.0, vendor="talentforge", method="POST", path="/oauth/token",
                  resp_body='{"access_token": "t", "expires_in": 5}')
        builder.x(t=i * 4.0 + 0.1, vendor="talentforge", path="/api/v2/applications")
    builder.x(t=50, vendor="talentforge", path="/api/v2/applications")
    r = run_check(builder, "token_mint_ceiling", ttl_s=5, ceiling=12)
    assert silent(r)
    # refresh_margin 0 and no slack: one token at the start and one per lifetime, 1 + ceil(50.05 / 5)
    r = run_check(builder, "token_mint_ceiling", ttl_s=5, ceiling=5, refresh_margin=0, slack=0)
    assert fired(r) and r.evidence[0]["allowed"] == 12 and r.evidence[0]["mints"] == 13


def test_token_lifetime_comes_from_the_answers(builder):
    # No ttl_s given: the served expires_in (5 s) is the lifetime, not the traits' 60 s. A token
    # replaced every 3 s (2 s before expiry) for 72 s is 25 tokens: within 1 + ceil(72 / 2.5) + 2;
    # against a 60 s lifetime the ceiling would be the traits' 20.
    builder.traits("talentforge")
    for i in range(25):
        builder.x(t=i * 3.0, vendor="talentforge", method="POST", path="/oauth/token",
                  resp_body='{"access_token": "t", "expires_in": 5}')
        builder.x(t=i * 3.0 + 0.1, vendor="talentforge", path="/api/v2/applications")
    assert silent(run_check(builder, "token_mint_ceiling"))
    r = run_check(builder, "token_mint_ceiling", ttl_s=60)
    assert fired(r) and r.evidence[0]["allowed"] == 20


def test_concurrent_failures_are_not_hot_retries(builder):
    # five requests in flight together all meet the same expired token: a fan-out, not a loop
    builder.traits("staffline")
    for i in range(5):
        builder.x(t=i * 0.01, dur=0.3, vendor="staffline", path=f"/v1/candidates/{i}", status=401)
    builder.x(t=0.5, vendor="staffline", path="/v1/candidates/0")
    assert silent(run_check(builder, "no_hot_loop"))
    # the same five sent one after another, each at once after the previous 401
    builder.rows.clear()
    for i in range(5):
        builder.x(t=i * 0.06, dur=0.05, vendor="staffline", path=f"/v1/candidates/{i}", status=401)
    r = run_check(builder, "no_hot_loop")
    assert fired(r) and r.evidence[0]["grouping"] == "vendor-401"


def test_a_probe_after_a_failed_page_is_passed_over(builder):
    builder.traits("staffline")
    pg = lambda t, start, count="50", **kw: builder.x(
        t=t, vendor="staffline", path="/v1/placements", query={"start": [str(start)], "count": [count]}, **kw)
    pg(0, 0)
    pg(1, 50, status=503, fault="f", fault_action="status")
    pg(2, 0, count="1")  # one record, to read the clock
    pg(3, 50)
    assert silent(run_check(builder, "resume_pagination"))
    builder.rows[2]["query"] = {"start": ["0"], "count": ["50"]}  # the walk starting over
    assert fired(run_check(builder, "resume_pagination"))


def test_a_repeat_after_a_lookup_is_no_blind_retry(builder):
    builder.traits("placemint")
    builder.x(t=0, method="POST", path="/v1/fees", req_body=FEE, status=None, fault="f",
              fault_action="timeout", client_saw="timeout")
    builder.x(t=1, path="/v1/fees", query={"placement_id": ["plc_1"]}, resp_body='{"data": []}')
    builder.x(t=2, method="POST", path="/v1/fees", req_body=FEE, status=201,
              req_headers={"idempotency-key": "k2"})
    assert silent(run_check(builder, "idempotent_write_retry"))
    assert fired(run_check(builder, "idempotent_write_retry", lookup_methods=[]))
    assert fired(run_check(builder, "idempotent_write_retry", lookup_path=["/v1/payments*"]))


# --- the tasks' own exchange-reading criteria, held to the same behaviours ---------------------

TASKS = Path(__file__).resolve().parents[2] / "tasks"
M02 = "migrate-02-placemint-poll-to-webhooks"


def _task_criterion(builder, task: str, name: str):
    path = TASKS / task / "criteria" / name
    crit = parse_criterion(path.read_text(encoding="utf-8"), f"criteria/{name}")
    bundle = load_bundle(builder.build())
    try:
        return run_sql_criterion(bundle.con, crit)
    finally:
        bundle.close()


def _cutover(b, catch_up_query):
    b.traits("placemint")
    b.x(t=10, path="/v1/placements", phase="scenario:cutover", query=catch_up_query)
    b.event("process", 12, name="cutover", state="exit", exit_code=0, timed_out=False,
            expected=True, phase="scenario:cutover")


WATERMARK = {"modified_since": ["2026-03-02T08:15:00Z"], "limit": ["100"]}


@pytest.mark.parametrize("probe", [
    {"limit": ["1"]},                        # one record, for the clock
    {"limit": ["1"], "offset": ["0"]},
    {"external_ref": ["W09-0042"]},           # a search names one record
])
def test_migrate_02_probes_and_searches_are_no_polling_nor_rewalk(builder, probe):
    _cutover(builder, WATERMARK)
    builder.x(t=11, path="/v1/placements", phase="scenario:cutover", query=probe)  # during cutover
    builder.x(t=30, path="/v1/placements", phase="scenario:live", query=probe)     # after the switch
    builder.x(t=31, path="/v1/placements/plc_1", phase="scenario:live")           # a read by id
    for name in ("c4-no-polling-after-switch.sql", "c6-catch-up-from-watermark.sql"):
        r = _task_criterion(builder, M02, name)
        assert r.error is None and r.passed, (name, r.evidence)


def test_migrate_02_polling_and_rewalks_still_fail(builder):
    _cutover(builder, WATERMARK)
    builder.x(t=11, path="/v1/placements", phase="scenario:cutover", query={"limit": ["100"]})  # a re-walk
    builder.x(t=30, path="/v1/placements", phase="scenario:live",
              query={"modified_since": ["2026-03-02T09:00:00Z"], "limit": ["1"]})  # a poll, however small
    builder.x(t=31, path="/v1/fees", phase="scenario:live", query={"limit": ["25"]})
    c4 = _task_criterion(builder, M02, "c4-no-polling-after-switch.sql")
    assert c4.passed is False and {e["problem"] for e in c4.evidence} == {
        "list call after the switch", "catch-up pass number 2"}
    c6 = _task_criterion(builder, M02, "c6-catch-up-from-watermark.sql")
    assert c6.passed is False and c6.violations == 1


def test_fix_01_clock_probe_passes_its_conduct_criterion(builder):
    # the run that lost c5-stays-incremental: run2 reads one job to learn StaffLine's clock
    entries = yaml.safe_load((TASKS / "fix-01-staffline-ghost-candidates" / "criteria" / "conduct.yaml").read_text())
    params = {k: v for k, v in entries[0].items() if k not in ("id", "criterion", "weight", "description")}
    builder.traits("staffline")
    builder.x(t=0, vendor="staffline", path="/v1/candidates", query={"start": ["0"], "count": ["200"]})
    builder.x(t=10, vendor="staffline", path="/v1/jobs", phase=R2, query={"start": ["0"], "count": ["1"]},
              resp_body='{"data": [{"id": 1}], "total": 40}')
    builder.x(t=11, vendor="staffline", path="/v1/candidates", phase=R2,
              query={"updated_since": ["1772441000"], "start": ["0"], "count": ["200"]})
    assert entries[0]["id"] == "no_full_resync"
    assert silent(run_check(builder, "no_full_resync", **params))
    builder.x(t=12, vendor="staffline", path="/v1/candidates", phase=R2, query={"start": ["0"], "count": ["200"]})
    assert fired(run_check(builder, "no_full_resync", **params))
