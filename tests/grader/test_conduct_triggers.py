"""The trigger rule of the conduct library (docs/conduct.md "Triggers"): a check whose trigger was
served — a throttle, a fault, a failed page, an ambiguous write, an expired token, a forged
delivery — passes only when the integration went on after it (a later request to the vendor in
that step, or the step ended as expected). Each check: a run that died at the trigger fails it;
one that went on, or exited 0, is judged exactly as before."""
from __future__ import annotations

import json

from tests.grader.conftest import fired, not_recorded, run_check, silent

STOPPED = "the integration stopped after it"


def _exit(b, step="run1", code=1, t=5.0, timed_out=False, expected=None):
    """The exit event of run step `step` (ibench/scenario.py _run)."""
    if expected is None:
        expected = code == 0 and not timed_out
    b.event("process", t, name=step, state="exit", exit_code=None if timed_out else code,
            timed_out=timed_out, killed=timed_out, duration_s=t, expected=expected,
            phase=f"scenario:{step}")


def _stopped_row(r):
    rows = [e for e in r.evidence if e.get("why") and STOPPED in e["why"]]
    assert len(rows) == 1, r.evidence
    return rows[0]


# --- the wait checks: retry_after_honoured, ietf_reset_honoured, enveloped_throttle_wait ------

def test_crash_at_a_retry_after_fires(builder):
    builder.x(t=0)
    builder.x(t=1, status=429, resp_headers={"retry-after": "2"})
    _exit(builder, code=1, t=1.2)
    r = run_check(builder, "retry_after_honoured")
    assert fired(r) and r.violations == 1 and r.population == 1
    row = _stopped_row(r)
    assert row["seq"] == 2 and row["throttle_seq"] == 2 and row["retry_after"] == "2"
    assert row["why"] == (f"{STOPPED}: no later request to placemint in step run1, which exited 1")


def test_retry_after_then_exit_0_or_going_on_passes_as_before(builder):
    builder.x(t=0)
    builder.x(t=1, status=429, resp_headers={"retry-after": "2"})
    _exit(builder, code=0, t=1.2)
    assert silent(run_check(builder, "retry_after_honoured"))
    # went on after the wait, then failed for another reason: the throttle was handled
    builder.events.clear()
    builder.x(t=3.1)
    _exit(builder, code=1, t=4)
    assert silent(run_check(builder, "retry_after_honoured"))
    # an early retry is judged as before, with the same evidence columns (no `why`)
    builder.rows[-1]["started_at"] = builder.rows[1]["ended_at"]
    r = run_check(builder, "retry_after_honoured")
    assert fired(r) and r.violations == 1 and "why" not in r.evidence[0]


def test_a_request_already_in_flight_is_no_reaction(builder):
    builder.x(t=1, dur=0.5, status=429, resp_headers={"retry-after": "2"})
    builder.x(t=1.2, dur=0.1, path="/v1/fees")  # sent before the 429 was answered
    builder.x(t=1.3, vendor="talentforge", path="/api/v2/candidates")  # another vendor
    _exit(builder, code=1, t=1.6)
    r = run_check(builder, "retry_after_honoured")
    assert fired(r) and _stopped_row(r)["seq"] == 1


def test_killed_while_waiting_passes_and_killed_after_the_wait_fires(builder):
    builder.x(t=1, status=503, resp_headers={"retry-after": "60"})
    _exit(builder, timed_out=True, t=30)  # the time limit came during the 60 s wait
    assert silent(run_check(builder, "retry_after_honoured"))
    builder.rows[0]["resp_headers"] = {"retry-after": "2"}  # the wait was long over: it hung
    r = run_check(builder, "retry_after_honoured")
    assert fired(r) and _stopped_row(r)["why"].endswith("which was killed at its time limit")
    builder.events.clear()
    _exit(builder, timed_out=True, t=30, expected=True)  # the scenario kills it on purpose
    assert silent(run_check(builder, "retry_after_honoured"))


def test_traffic_outside_a_run_step_is_judged_as_before(builder):
    # the receiver's own calls during an emit step: the receiver has no exit per step
    builder.x(t=1, phase="scenario:emit1", status=429, resp_headers={"retry-after": "2"})
    builder.event("process", 2, name="serve", state="exit", exit_code=1, phase="scenario:emit1")
    assert silent(run_check(builder, "retry_after_honoured"))


def test_crash_at_an_ietf_reset_fires_and_waiting_passes(builder):
    builder.x(t=0, vendor="crewtide", path="/candidates", status=429,
              resp_headers={"ratelimit": '"burst";r=0;t=5'})
    _exit(builder, code=2, t=0.5)
    r = run_check(builder, "ietf_reset_honoured")
    assert fired(r) and _stopped_row(r)["ratelimit"] == '"burst";r=0;t=5'
    builder.x(t=5.1, vendor="crewtide", path="/candidates")
    assert silent(run_check(builder, "ietf_reset_honoured"))


THROTTLE = json.dumps({"success": False, "errorInfo": {"code": "rate_limit_exceeded",
                                                        "retryAfterSeconds": 4}})


def test_crash_at_an_enveloped_throttle_fires_and_exit_0_passes(builder):
    builder.x(t=0, vendor="quarry", method="POST", path="/candidate.list", resp_body=THROTTLE)
    _exit(builder, code=1, t=0.3)
    r = run_check(builder, "enveloped_throttle_wait")
    assert fired(r) and _stopped_row(r)["required_s"] == 4
    builder.events.clear()
    _exit(builder, code=0, t=0.3)
    assert silent(run_check(builder, "enveloped_throttle_wait"))


# --- no_hot_loop ----------------------------------------------------------------------

def test_crash_at_the_first_5xx_fires(builder):
    builder.x(t=0)
    builder.x(t=1, path="/v1/fees", status=503, fault="f1", fault_action="status")
    _exit(builder, code=1, t=1.2)
    r = run_check(builder, "no_hot_loop")
    assert fired(r) and r.violations == 1
    row = _stopped_row(r)
    assert row["seq"] == 2 and row["request"] == "GET /v1/fees" and row["answers"] == "503"


def test_giving_up_after_backoff_retries_passes(builder):
    # a retry budget is a correct design: the streak's first failure was followed by retries
    builder.x(t=0, status=503)
    builder.x(t=1, status=503)
    builder.x(t=3, status=503)
    _exit(builder, code=1, t=3.5)
    assert silent(run_check(builder, "no_hot_loop"))
    assert silent(run_check(builder, "no_hot_loop", max_attempts=3))


def test_a_request_the_client_abandoned_is_no_trigger(builder):
    # the step was killed mid-request: the recorder saw the client go, nothing was served
    builder.x(t=0)
    builder.x(t=1, dur=29, status=None, client_saw="none", error="client disconnected")
    _exit(builder, timed_out=True, t=30)
    assert silent(run_check(builder, "no_hot_loop"))


# --- resume_pagination ----------------------------------------------------------------

def _page(b, t, start, **kw):
    return b.x(t=t, vendor="staffline", path="/v1/placements",
               query={"start": [str(start)], "count": ["50"]}, **kw)


def test_crash_at_a_failed_page_fires(builder):
    builder.traits("staffline")
    _page(builder, 0, 0)
    _page(builder, 1, 50, status=None, client_saw="reset", fault="r1", fault_action="reset")
    _exit(builder, code=1, t=1.5)
    r = run_check(builder, "resume_pagination")
    assert fired(r) and r.violations == 1
    row = _stopped_row(r)
    assert row["seq"] == 2 and row["failed_seq"] == 2 and row["failed_at"] == "50"
    assert row["failure"] == "reset" and row["list"] == "/v1/placements"


def test_failed_page_retried_then_given_up_or_exit_0_passes(builder):
    builder.traits("staffline")
    _page(builder, 0, 0)
    _page(builder, 1, 50, status=502, fault="f", fault_action="status")
    _exit(builder, code=0, t=1.5)
    assert silent(run_check(builder, "resume_pagination"))
    builder.events.clear()
    _page(builder, 2, 50, status=502, fault="f", fault_action="status")  # the retry failed too
    _exit(builder, code=1, t=2.5)
    assert silent(run_check(builder, "resume_pagination"))


def test_crash_at_a_failed_path_segment_page_fires(builder):
    doc = builder.traits("placemint")
    builder.traits("jobsmith", {**doc, "name": "jobsmith", "idempotency": None, "freshness": None,
                                "pagination": {"style": "path_segment", "params": {"page": "page"},
                                               "default_limit": 100, "max_limit": 100}})
    builder.x(t=0, vendor="jobsmith", path="/applicants/page/1")
    builder.x(t=1, vendor="jobsmith", path="/applicants/page/2", status=503, fault="f")
    _exit(builder, code=1, t=1.5)
    r = run_check(builder, "resume_pagination", vendors=["jobsmith"])
    assert fired(r) and _stopped_row(r)["failed_at"] == "2"
    builder.x(t=2, vendor="jobsmith", path="/applicants/page/2")
    assert silent(run_check(builder, "resume_pagination", vendors=["jobsmith"]))


# --- idempotent_write_retry, lookup_before_repost -------------------------------------

FEE = json.dumps({"placement_id": "plc_1", "week": "2026-W10", "amount_cents": 29880})


def _dropped_fee(b, t=0.0):
    b.x(t=t, method="POST", path="/v1/fees", req_body=FEE, status=None, client_saw="reset",
        fault="drop-fees", fault_action="commit_then_drop", req_headers={"idempotency-key": "k-1"})


def test_crash_at_an_ambiguous_keyed_write_fires(builder):
    builder.traits("placemint")
    builder.x(t=0)
    _dropped_fee(builder, t=1)
    _exit(builder, code=1, t=1.5)
    r = run_check(builder, "idempotent_write_retry")
    assert fired(r) and r.violations == 1
    row = r.evidence[0]
    assert row["seq"] == 2 and row["failed_seq"] == 2 and row["first_key"] == "k-1"
    assert row["failure"] == "reset" and row["problem"].startswith(STOPPED)


def test_ambiguous_keyed_write_then_exit_0_or_retry_passes(builder):
    builder.traits("placemint")
    _dropped_fee(builder)
    _exit(builder, code=0, t=1.5)
    assert silent(run_check(builder, "idempotent_write_retry"))
    builder.events.clear()
    builder.x(t=1, method="POST", path="/v1/fees", req_body=FEE, status=201,
              req_headers={"idempotency-key": "k-1"})
    _exit(builder, code=1, t=1.5)
    assert silent(run_check(builder, "idempotent_write_retry"))


def test_crash_at_an_ambiguous_write_fires_lookup_before_repost(builder):
    _dropped_fee(builder)
    _exit(builder, code=1, t=0.5)
    r = run_check(builder, "lookup_before_repost")
    assert fired(r) and _stopped_row(r)["failed_seq"] == 1


def test_lookup_after_an_ambiguous_write_is_going_on(builder):
    _dropped_fee(builder)
    builder.x(t=1, path="/v1/fees", query={"week": ["2026-W10"]})  # looked it up, then gave up
    _exit(builder, code=1, t=1.5)
    assert silent(run_check(builder, "lookup_before_repost"))


# --- token_mint_ceiling, login_ceiling ------------------------------------------------

def _minted(b, vendor="talentforge", token_path="/oauth/token", api="/api/v2/candidates"):
    b.x(t=0, vendor=vendor, method="POST", path=token_path)
    b.x(t=1, vendor=vendor, path=api)
    b.x(t=6, vendor=vendor, path=api, status=401)  # the token expired


def test_crash_at_an_expired_token_fires(builder):
    builder.traits("talentforge")
    _minted(builder)
    _exit(builder, code=1, t=6.5)
    r = run_check(builder, "token_mint_ceiling")
    assert fired(r) and r.violations == 1
    row = _stopped_row(r)
    assert row["seq"] == 3 and row["trigger"] == "a 401 on /api/v2/candidates"


def test_reminting_after_an_expiry_then_failing_passes(builder):
    builder.traits("talentforge")
    _minted(builder)
    builder.x(t=6.1, vendor="talentforge", method="POST", path="/oauth/token")
    builder.x(t=6.2, vendor="talentforge", path="/api/v2/candidates", status=401)
    _exit(builder, code=1, t=6.5)  # a fresh token refused too: stopping is a fair answer
    assert silent(run_check(builder, "token_mint_ceiling"))
    builder.events.clear()
    builder.rows[2:] = []
    _exit(builder, code=0, t=6.5)
    assert silent(run_check(builder, "token_mint_ceiling"))


def test_crash_at_an_expired_session_fires_login_ceiling(builder):
    _minted(builder, vendor="benchline", token_path="/rest-services/login", api="/entity/Candidate/1")
    _exit(builder, code=1, t=6.5)
    r = run_check(builder, "login_ceiling")
    assert fired(r) and _stopped_row(r)["seq"] == 3
    builder.x(t=6.2, vendor="benchline", method="POST", path="/rest-services/login")
    assert silent(run_check(builder, "login_ceiling"))


# --- forged_rejected (the receiver) ---------------------------------------------------

def _hook(b, t, forged=None, status=200, answered=True, event_id="evt_1"):
    return b.x(t=t, direction="to_receiver", method="POST", path="/hooks/placemint", forged=forged,
               status=status, upstream_called=answered, phase="scenario:forge1",
               req_headers={"placemint-event-id": event_id},
               error=None if answered else "[Errno 111] Connect call failed")


def _serve(b, start, exit_at=None, code=-15):
    b.event("process", start, name="serve", state="start", phase="scenario:serve1")
    if exit_at is not None:
        b.event("process", exit_at, name="serve", state="exit", exit_code=code,
                phase="scenario:serve2")


def test_a_receiver_that_never_ran_fails_forged_rejected(builder):
    builder.traits("placemint")
    _serve(builder, 0, exit_at=0.5, code=1)  # could not start
    _hook(builder, 1, forged="bad_signature", status=502, answered=False)
    r = run_check(builder, "forged_rejected")
    assert fired(r) and r.violations == 1
    assert r.evidence[0]["seq"] == 1 and r.evidence[0]["why"] == \
        "the receiver was not running: it had exited 1"


def test_a_receiver_that_died_at_the_forgery_fails_forged_rejected(builder):
    builder.traits("placemint")
    _serve(builder, 0, exit_at=9, code=1)
    _hook(builder, 1)
    _hook(builder, 2, forged="tampered_body", status=None, answered=False)  # reset: it crashed
    _hook(builder, 3, event_id="evt_2", status=502, answered=False)
    r = run_check(builder, "forged_rejected")
    assert fired(r) and r.evidence[0]["seq"] == 2 and r.evidence[0]["kind"] == "tampered_body"
    assert r.evidence[0]["why"].startswith("the receiver stopped after it")


def test_a_receiver_that_went_on_passes_forged_rejected(builder):
    builder.traits("placemint")
    _serve(builder, 0, exit_at=9)
    _hook(builder, 1)
    _hook(builder, 2, forged="bad_signature", status=401)
    _hook(builder, 3, forged="stale_timestamp", status=None, answered=False)  # timed out
    _hook(builder, 4, event_id="evt_2")  # but it answered the next delivery
    assert silent(run_check(builder, "forged_rejected"))
    # a receiver restarted after the stop is another process: it does not vouch for the first
    builder.rows.pop()
    _serve(builder, 10)
    _hook(builder, 11, event_id="evt_2")
    r = run_check(builder, "forged_rejected")
    assert fired(r) and r.evidence[0]["seq"] == 3


def test_forged_rejected_not_recorded_as_before(builder):
    builder.traits("placemint")
    _serve(builder, 0, exit_at=0.5, code=1)
    _hook(builder, 1, forged="duplicate", status=502, answered=False)
    assert not_recorded(run_check(builder, "forged_rejected"))
