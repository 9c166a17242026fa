"""Every Quarry method: a happy path, an authentication failure (a real 401), and the
enveloped failures (HTTP 200, success:false) the docs promise."""
from __future__ import annotations

import pytest

from .helpers import KEY, basic

READS = ["job.list", "job.info", "candidate.list", "candidate.info", "candidate.search", "application.list",
         "application.info", "interviewSchedule.list", "applicationFeedback.list"]
WRITES = ["candidate.create", "application.create"]


def _body_for(api, method):
    cand = api.ok("candidate.list", {"limit": 1})["results"][0]
    app = api.ok("application.list", {"limit": 1})["results"][0]
    job = api.ok("job.list", {"limit": 1})["results"][0]
    return {"job.list": {}, "job.info": {"id": job["id"]}, "candidate.list": {}, "candidate.info": {"id": cand["id"]},
            "candidate.search": {"email": cand["primaryEmailAddress"]["value"]}, "application.list": {},
            "application.info": {"applicationId": app["id"]}, "interviewSchedule.list": {},
            "applicationFeedback.list": {},
            "candidate.create": {"name": "Nova Quist", "email": "nova.quist@example.com"},
            "application.create": {"candidateId": cand["id"], "jobId": job["id"]}}[method]


@pytest.mark.parametrize("method", READS + WRITES)
def test_auth_failure_is_a_real_401_with_the_envelope(ro_api, method):
    for key in (None, "wrong-key"):
        r = ro_api.rpc(method, {}, key=key)
        assert r.status_code == 401, (method, key)
        assert r.json["success"] is False and r.json["errorInfo"]["code"] in ("missing_credentials", "invalid_credentials")
        assert r.json["errors"] and "WWW-Authenticate" in r.headers


def test_the_key_is_the_user_name_and_the_password_is_ignored(ro_api):
    r = ro_api.client.post("/job.list", json={}, headers={"X-IB-Via": "via-nonce-qy",
                                                          "Authorization": basic(KEY, "anything")})
    assert r.status_code == 200 and r.json["success"] is True


@pytest.mark.parametrize("method", READS)
def test_reads_happy_path(ro_api, method):
    out = ro_api.ok(method, _body_for(ro_api, method))
    assert out["success"] is True and out["results"]
    if method.endswith(".list"):
        assert out["moreDataAvailable"] in (True, False)


def test_lists_paginate_with_cursor_and_more_data_available(ro_api):
    first = ro_api.ok("candidate.list", {"limit": 20})
    assert len(first["results"]) == 20 and first["moreDataAvailable"] is True and "syncToken" not in first
    ids = [c["id"] for c in first["results"]]
    cursor = first["nextCursor"]
    while True:
        page = ro_api.ok("candidate.list", {"limit": 20, "cursor": cursor})
        ids += [c["id"] for c in page["results"]]
        if not page["moreDataAvailable"]:
            assert "nextCursor" not in page and page["syncToken"]
            break
        cursor = page["nextCursor"]
    assert len(ids) == len(set(ids)) == 50
    assert ro_api.failure("candidate.list", {"cursor": "garbage!"})["code"] == "invalid_cursor"
    assert ro_api.failure("application.list", {"cursor": first["nextCursor"]})["code"] == "invalid_cursor"


def test_candidate_create_and_duplicate_candidate_with_existing_id(api):
    made = api.ok("candidate.create", {"name": "Nova Quist", "email": "Nova.Quist@Example.com",
                                       "phoneNumber": "+44 20 7946 0000", "customFields": {"shift": "nights"}})["results"]
    assert made["primaryEmailAddress"]["value"] == "nova.quist@example.com"
    assert made["customFields"] == {"shift": "nights"} and made["createdAt"].endswith("Z")
    assert api.ok("candidate.info", {"id": made["id"]})["results"] == made
    dup = api.failure("candidate.create", {"name": "Nova Q", "email": "nova.quist@example.com"})
    assert dup["code"] == "duplicate_candidate" and dup["existingId"] == made["id"]
    planted = api.failure("candidate.create", {"name": "A P", "email": "amara.probe@example.com"})
    assert planted["code"] == "duplicate_candidate"
    assert api.ok("candidate.info", {"id": planted["existingId"]})["results"]["name"] == "Amara Probe"
    assert api.failure("candidate.create", {"email": "x@example.com"})["code"] == "invalid_parameter"
    assert api.failure("candidate.create", {"name": "X", "email": "not-an-email"})["code"] == "invalid_parameter"


def test_application_create_has_no_duplicate_guard_and_list_by_candidate(api):
    cand = api.ok("candidate.create", {"name": "Ola Berg", "email": "ola.berg@example.com"})["results"]
    jobs = [j for j in api.ok("job.list")["results"] if not j["confidential"]]
    a1 = api.ok("application.create", {"candidateId": cand["id"], "jobId": jobs[0]["id"]})["results"]
    a2 = api.ok("application.create", {"candidateId": cand["id"], "jobId": jobs[0]["id"]})["results"]
    assert a1["id"] != a2["id"] and a1["status"] == "Active" and a1["currentStage"] == "Application Review"
    arch = api.ok("application.create", {"candidateId": cand["id"], "jobId": jobs[1]["id"], "status": "Archived",
                                         "archiveReason": "Withdrew"})["results"]
    listed = api.ok("application.list", {"candidateId": cand["id"]})["results"]
    assert [a["id"] for a in listed] == [a1["id"], a2["id"], arch["id"]]
    assert api.ok("application.info", {"applicationId": arch["id"]})["results"]["archiveReason"] == "Withdrew"
    assert api.failure("application.create", {"candidateId": cand["id"], "jobId": jobs[1]["id"],
                                              "status": "Archived"})["code"] == "invalid_parameter"
    assert api.failure("application.create", {"candidateId": "nope", "jobId": jobs[0]["id"]})["code"] == "not_found"


def test_confidential_job_is_refused_per_job_and_hidden_from_unfiltered_lists(ro_api):
    jobs = ro_api.ok("job.list")["results"]
    secret = [j for j in jobs if j["confidential"]]
    assert len(secret) == 1
    err = ro_api.failure("application.list", {"jobId": secret[0]["id"]})
    assert err["code"] == "confidential_job" and err["jobId"] == secret[0]["id"]
    all_apps, _ = ro_api.walk("application.list")
    assert all(a["jobId"] != secret[0]["id"] for a in all_apps)
    hidden = [r for r in ro_api.rows("applications") if r["job_id"] == secret[0]["id"]]
    assert hidden and len(all_apps) + len(hidden) == len(ro_api.rows("applications"))
    assert ro_api.failure("application.info", {"applicationId": hidden[0]["id"]})["code"] == "confidential_job"
    other = next(j for j in jobs if not j["confidential"])
    assert ro_api.ok("application.list", {"jobId": other["id"]})["results"]


def test_interview_schedules_by_application(ro_api):
    schedules, _ = ro_api.walk("interviewSchedule.list")
    s0 = schedules[0]
    mine = ro_api.ok("interviewSchedule.list", {"applicationId": s0["applicationId"]})["results"]
    assert s0["id"] in [x["id"] for x in mine] and all(x["applicationId"] == s0["applicationId"] for x in mine)
    assert s0["startTime"] < s0["endTime"] and s0["status"] in ("Scheduled", "Complete", "Cancelled")


@pytest.mark.parametrize("raw, code", [(b"{not json", "invalid_request"), (b"[1,2]", "invalid_request"),
                                       (b'{"bogus": 1}', "invalid_request"), (b'{"limit": "ten"}', "invalid_parameter"),
                                       (b'{"limit": 0}', "invalid_parameter")])
def test_bad_input_is_an_enveloped_failure_never_a_500(ro_api, raw, code):
    r = ro_api.rpc("candidate.list", raw=raw)
    assert r.status_code == 200 and r.json["success"] is False and r.json["errorInfo"]["code"] == code
    assert r.json["errors"] == [r.json["errorInfo"]["message"]]


def test_not_found_and_unknown_methods(ro_api):
    assert ro_api.failure("candidate.info", {"id": "00000000-0000-4000-8000-000000000000"})["code"] == "not_found"
    assert ro_api.failure("candidate.info", {})["code"] == "invalid_parameter"
    assert ro_api.rpc("candidate.delete", {}).status_code == 404
    r = ro_api.client.get("/candidate.list", headers={"X-IB-Via": "via-nonce-qy", "Authorization": basic(KEY)})
    assert r.status_code == 405 and r.json["success"] is False


def test_feedback_by_application(ro_api):
    feedback, _ = ro_api.walk("applicationFeedback.list")
    f0 = feedback[0]
    assert 1 <= f0["rating"] <= 4 and f0["text"] and f0["submittedAt"].endswith("Z")
    mine = ro_api.ok("applicationFeedback.list", {"applicationId": f0["applicationId"]})["results"]
    assert f0["id"] in [x["id"] for x in mine]
    secret = next(j for j in ro_api.ok("job.list")["results"] if j["confidential"])
    hidden = {a["id"] for a in ro_api.rows("applications") if a["job_id"] == secret["id"]}
    assert not hidden & {f["applicationId"] for f in feedback}


def test_restricted_job_is_refused_like_a_confidential_one_but_listed_unflagged(api):
    """Trap restricted-jobs: fires for a restricted job, silent for the others."""
    api.reset("loops-900", 31)
    jobs = api.ok("job.list")["results"]
    rows = {j["id"]: j for j in api.rows("jobs")}
    restricted = [j for j in jobs if rows[j["id"]]["restricted"]]
    assert len(restricted) == 1 and restricted[0]["confidential"] is False  # the wire does not flag it
    err = api.failure("application.list", {"jobId": restricted[0]["id"]})
    assert err == {"code": "confidential_job", "message": err["message"], "jobId": restricted[0]["id"]}
    unreadable = {j["id"] for j in jobs if j["confidential"] or rows[j["id"]]["restricted"]}
    walked, _ = api.walk("application.list")
    assert walked and not {a["jobId"] for a in walked} & unreadable
    hidden = [a for a in api.rows("applications") if a["job_id"] == restricted[0]["id"]]
    assert hidden and api.failure("application.info", {"applicationId": hidden[0]["id"]})["code"] == "confidential_job"
    readable = next(j for j in jobs if j["id"] not in unreadable)  # silent: an ordinary job
    assert api.ok("application.list", {"jobId": readable["id"]})["results"]
    jobs += api.ok("job.list", {"status": "Closed"})["results"]  # trap closed-jobs-unlisted
    per_job = sum(len(api.walk("application.list", {"jobId": j["id"]})[0]) for j in jobs if j["id"] not in unreadable)
    assert per_job == len(walked)


def test_job_list_without_status_leaves_closed_jobs_out(api):
    """Trap closed-jobs-unlisted: fires for Closed (and Archived) jobs without a status filter,
    silent with one and for every other status."""
    api.reset("loops-900", 31)
    rows = api.rows("jobs")
    closed = {j["id"] for j in rows if j["status"] == "Closed"}
    assert len(rows) == 24 and len(closed) == 2
    listed, _ = api.walk("job.list")
    assert len(listed) == 22 and not {j["id"] for j in listed} & closed  # fires
    assert {j["id"] for j in api.ok("job.list", {"status": "Closed"})["results"]} == closed  # silent
    assert {j["id"] for j in api.ok("job.list", {"status": "Open"})["results"]} == {j["id"] for j in listed}
    walked, _ = api.walk("application.list")  # their applications are listed as any other's
    assert closed <= {a["jobId"] for a in walked}
    assert api.ok("application.list", {"jobId": sorted(closed)[0]})["results"]
    assert api.ok("job.info", {"id": sorted(closed)[0]})["results"]["status"] == "Closed"
    api.reset("fellows-800", 8)  # silent: a dataset without closed jobs lists all of them
    assert len(api.walk("job.list")[0]) == len(api.rows("jobs")) == 12
