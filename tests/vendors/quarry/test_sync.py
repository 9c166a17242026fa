"""Quarry's signature mechanics with a real client loop: sync tokens (incremental changes,
expiry after 7 vendor days → full resync), the enveloped throttle and transient
internal_error envelopes — each firing when configured and silent otherwise."""
from __future__ import annotations

import pytest

from .helpers import SyncFailed


def test_sync_token_incremental_then_expiry_forces_a_full_resync(api):
    full, token = api.walk("application.list", limit=25)
    assert len(full) > 50 and token
    cand = api.ok("candidate.list", {"limit": 1})["results"][0]
    job = next(j for j in api.ok("job.list")["results"] if not j["confidential"])
    api.ok_control("clock", {"advance_s": 3600})
    changed = full[5]
    deleted = full[9]
    res = api.ok_control("mutate", {"ops": [
        {"op": "update", "table": "applications", "id": changed["id"],
         "values": {"status": "Archived", "archive_reason": "Withdrew"}},
        {"op": "create", "table": "applications", "values": {"candidate_id": cand["id"], "job_id": job["id"],
                                                             "status": "Active"}},
        {"op": "delete", "table": "applications", "id": deleted["id"]},
    ]})
    created_id = res["results"][1]["ids"][0]

    # incremental: only the changes (the hard delete never shows)
    delta, token2 = api.walk("application.list", {"syncToken": token}, limit=25)
    assert {a["id"] for a in delta} == {changed["id"], created_id}
    assert next(a for a in delta if a["id"] == changed["id"])["status"] == "Archived"
    assert token2 and token2 != token
    # nothing changed since: an empty incremental page, still with a fresh token
    api.ok_control("clock", {"advance_s": 60})
    quiet = api.ok("application.list", {"syncToken": token2})
    assert quiet["results"] == [] and quiet["moreDataAvailable"] is False and quiet["syncToken"]

    # 8 vendor days later the token is refused with its documented code
    api.ok_control("clock", {"advance_s": 8 * 86400})
    with pytest.raises(SyncFailed) as exc:
        api.walk("application.list", {"syncToken": token2})
    assert exc.value.info["code"] == "sync_token_expired"
    r = api.rpc("application.list", {"syncToken": token2})
    assert r.status_code == 200 and r.json["success"] is False  # HTTP 200, enveloped
    # a fresh full walk works, shows the deletion by absence, and gives a usable token
    again, token3 = api.walk("application.list", limit=25)
    ids = {a["id"] for a in again}
    assert deleted["id"] not in ids and created_id in ids and len(again) == len(full)
    assert api.ok("application.list", {"syncToken": token3})["results"] == []


def test_sync_tokens_belong_to_their_list_and_ttl_is_a_setting(api):
    _, token = api.walk("candidate.list")
    assert api.failure("job.list", {"syncToken": token})["code"] == "invalid_sync_token"
    assert api.failure("candidate.list", {"syncToken": "nonsense"})["code"] == "invalid_sync_token"
    api.ok_control("clock", {"advance_s": 6 * 86400})
    assert api.ok("candidate.list", {"syncToken": token})["success"]
    api.ok_control("config", {"settings": {"sync_token_ttl_s": 3600}})
    assert api.failure("candidate.list", {"syncToken": token})["code"] == "sync_token_expired"


def test_enveloped_throttle_fires_when_configured_and_is_silent_otherwise(api):
    for _ in range(30):
        assert api.rpc("job.list", {"limit": 1}).json["success"] is True  # silent by default
    api.ok_control("clock", {"freeze": True})
    api.ok_control("config", {"settings": {"rate_limit": {"limit": 15, "window_s": 10, "retry_after_s": 4}}})
    answers = [api.rpc("job.list", {"limit": 1}) for _ in range(17)]
    assert all(r.status_code == 200 for r in answers)
    assert all(r.json["success"] for r in answers[:15])
    throttled = answers[15].json
    assert throttled["success"] is False and throttled["errorInfo"] == {
        "code": "rate_limit_exceeded", "message": throttled["errors"][0], "retryAfterSeconds": 4}
    assert "Retry-After" not in answers[15].headers
    api.ok_control("clock", {"advance_s": 10.5})
    assert api.rpc("job.list", {"limit": 1}).json["success"] is True
    api.ok_control("config", {"settings": {"rate_limit": {}}})
    assert all(api.rpc("job.list", {"limit": 1}).json["success"] for _ in range(20))


def test_internal_error_envelopes_on_the_nth_call_and_on_a_page(api):
    walked, _ = api.walk("application.list", limit=10)  # silent by default
    api.ok_control("config", {"settings": {"internal_errors": [{"method": "application.list", "nth": [3]}]}})
    first = api.ok("application.list", {"limit": 10})
    second = api.ok("application.list", {"limit": 10, "cursor": first["nextCursor"]})
    third = api.rpc("application.list", {"limit": 10, "cursor": second["nextCursor"]}).json
    assert third["success"] is False and third["errorInfo"]["code"] == "internal_error"
    retry = api.ok("application.list", {"limit": 10, "cursor": second["nextCursor"]})  # a retry succeeds
    assert [a["id"] for a in retry["results"]] == [a["id"] for a in walked[20:30]]
    assert api.ok("job.list")["success"]  # other methods unaffected
    # a page that fails on every attempt
    api.ok_control("config", {"settings": {"internal_errors": [{"method": "application.list", "page": 2}]}})
    with pytest.raises(SyncFailed) as exc:
        api.walk("application.list", limit=10)
    assert exc.value.info["code"] == "internal_error"
    for _ in range(3):
        assert api.failure("application.list", {"limit": 10, "cursor": first["nextCursor"]})["code"] == "internal_error"
    api.ok_control("config", {"settings": {"internal_errors": []}})
    assert len(api.walk("application.list", limit=10)[0]) == len(walked)


def test_internal_error_once_on_a_page_and_settings_are_validated(api):
    api.ok_control("config", {"settings": {"internal_errors": [{"method": "application.*", "page": 3, "times": 1}]}})
    first = api.ok("application.list", {"limit": 10})
    second = api.ok("application.list", {"limit": 10, "cursor": first["nextCursor"]})
    assert api.failure("application.list", {"limit": 10, "cursor": second["nextCursor"]})["code"] == "internal_error"
    assert api.ok("application.list", {"limit": 10, "cursor": second["nextCursor"]})["results"]
    for bad in ({"internal_errors": [{"nth": 1, "page": 2}]}, {"internal_errors": [{"nth": 1, "times": 2}]},
                {"rate_limit": {"limit": 0}}, {"sync_token_ttl_s": -1}):
        assert api.control("config", {"settings": bad}).status_code == 400, bad
    assert api.ok("job.list")["success"]  # a refused setting leaves nothing behind


def test_scheduled_mutation_lands_between_pages_and_shows_in_the_next_incremental_walk(api):
    _, token = api.walk("candidate.list", limit=20)
    api.ok_control("clock", {"advance_s": 5})
    api.ok_control("config", {"settings": {"scheduled_mutations": [
        {"on": {"method": "POST", "path": "/candidate.list"}, "nth": 2,
         "ops": [{"op": "create", "table": "candidates", "values": {"name": "Mid Walk", "email": "mid@example.com"}}]}]}})
    ids, _ = api.walk("candidate.list", {"syncToken": token}, limit=20)
    assert ids == []  # one call: nothing changed yet; the mutation fires just before the 2nd call
    again, _ = api.walk("candidate.list", {"syncToken": token}, limit=20)
    assert [c["name"] for c in again] == ["Mid Walk"]


def test_sticky_internal_error_fails_the_nth_call_and_its_retries_only(api):
    api.ok_control("config", {"settings": {"internal_errors": [{"method": "application.list", "nth": 2, "sticky": True}]}})
    first = api.ok("application.list", {"limit": 10})  # call 1: answered
    body = {"limit": 10, "cursor": first["nextCursor"]}
    for _ in range(4):  # call 2 and every retry of it (same body) fail
        assert api.failure("application.list", body)["code"] == "internal_error"
    assert api.ok("application.list", {"limit": 10})["results"] == first["results"]  # another body: answered
    assert api.ok("application.list", {"cursor": first["nextCursor"], "limit": 20})["results"]  # a different body
    assert api.ok("job.list")["success"]  # another method: never matched
    api.ok_control("config", {"settings": {"internal_errors": []}})  # silent once cleared
    assert api.ok("application.list", body)["results"]
    for bad in ({"nth": 1, "sticky": "yes"}, {"page": 2, "sticky": True}, {"nth": [1, 2], "sticky": True}):
        assert api.control("config", {"settings": {"internal_errors": [bad]}}).status_code == 400, bad
    assert api.ok("application.list", body)["results"]  # a refused setting leaves nothing behind


def test_duneside_account_throttles_and_leaves_archived_interviews_off_the_unfiltered_list(api):
    """duneside's plan switches the throttle and the scheduling board's unfiltered interview list
    on at every reset (so in the agent phase too); other datasets and the setting off: silent."""
    api.reset("duneside", 107)
    settings = api.ok_control("config", {"settings": {}})["settings"]
    assert settings["rate_limit"] == {"limit": 15, "window_s": 10} and settings["archived_interviews_unlisted"] is True
    apps, _ = api.walk("application.list")
    archived = {a["id"] for a in apps if a["status"] == "Archived"}
    board, _ = api.walk("interviewSchedule.list")
    assert len(archived) == 16 and not {s["applicationId"] for s in board} & archived and len(board) == 51
    per_app = [s for aid in sorted(archived)[:3] for s in api.ok("interviewSchedule.list", {"applicationId": aid})["results"]]
    assert per_app and all(s["applicationId"] in archived for s in per_app)
    # the incremental walk of the board leaves them out as well
    _, token = api.walk("interviewSchedule.list")
    api.ok_control("clock", {"advance_s": 60})
    target = per_app[0]["id"]
    api.ok_control("mutate", {"ops": [{"op": "update", "table": "interview_schedules", "id": target,
                                       "values": {"status": "Cancelled"}}]})
    delta, _ = api.walk("interviewSchedule.list", {"syncToken": token})
    assert target not in {s["id"] for s in delta}
    # the throttle: the 16th call within 10 s answers rate_limit_exceeded with the seconds until a slot frees
    api.reset("duneside", 107)
    api.ok_control("clock", {"freeze": True})
    answers = [api.rpc("job.list", {"limit": 1}).json for _ in range(16)]
    assert all(a["success"] for a in answers[:15])
    assert answers[15]["errorInfo"]["code"] == "rate_limit_exceeded" and answers[15]["errorInfo"]["retryAfterSeconds"] == 10
    # silent: the setting off, and another dataset
    api.ok_control("config", {"settings": {"archived_interviews_unlisted": False, "rate_limit": {}}})
    full, _ = api.walk("interviewSchedule.list")
    assert len(full) == 78
    api.reset("small", 1)
    assert "archived_interviews_unlisted" not in api.ok_control("config", {"settings": {}})["settings"]
    small_apps, _ = api.walk("application.list")
    small_board, _ = api.walk("interviewSchedule.list")
    assert {s["applicationId"] for s in small_board} & {a["id"] for a in small_apps if a["status"] == "Archived"}
