"""Crewtide's public API: happy paths and auth failures per endpoint, the version header,
the two versions' attribute names, JSON:API documents, include, paging and filters."""
from __future__ import annotations

import pytest

from vendors.kit.jsonapi import resolve

from .helpers import KEY, MT, V2024, V2025, Api, make_app


@pytest.fixture(scope="module")
def ro():
    return Api(make_app())


@pytest.fixture
def api():
    return Api(make_app())


READS = ["/v1/candidates", "/v1/candidates/12", "/v1/jobs", "/v1/jobs/12", "/v1/stages", "/v1/job-applications",
         "/v1/job-applications/1", "/v1/custom-fields", "/v1/custom-field-values", "/v1/onboardings",
         "/v1/onboardings/1", "/v1/onboarding-tasks"]


@pytest.mark.parametrize("target", READS)
def test_reads_happy_and_auth_failure(ro, target):
    r = ro.get(target)
    assert r.status_code == 200, r.get_data(as_text=True)
    assert r.mimetype == MT and "data" in r.json
    for key in (None, "wrong"):
        bad = ro.get(target, key=key)
        assert bad.status_code == 401 and bad.mimetype == MT
        err = bad.json["errors"][0]
        assert err["status"] == "401" and err["code"] in ("missing_token", "invalid_token")
        assert bad.headers["WWW-Authenticate"].startswith("Token")


def _cand(attrs):
    return {"data": {"type": "candidates", "attributes": attrs}}


WRITES = [
    ("POST", "/v1/candidates", _cand({"given-name": "Ada", "family-name": "Lind", "email": "ada@example.com"}), 201),
    ("PATCH", "/v1/candidates/3", {"data": {"type": "candidates", "id": "3", "attributes": {"tags": ["winter"]}}}, 200),
    ("POST", "/v1/job-applications", {"data": {"type": "job-applications", "relationships": {
        "candidate": {"data": {"type": "candidates", "id": "3"}}, "job": {"data": {"type": "jobs", "id": "4"}}}}}, 201),
    ("PATCH", "/v1/job-applications/{app}", None, 200),
    ("POST", "/v1/custom-field-values", {"data": {"type": "custom-field-values", "attributes": {"value": "M"},
        "relationships": {"candidate": {"data": {"type": "candidates", "id": "4"}},
                          "custom-field": {"data": {"type": "custom-fields", "id": "2"}}}}}, 201),
    ("PATCH", "/v1/custom-field-values/1", {"data": {"type": "custom-field-values", "id": "1",
                                                     "attributes": {"value": "clear"}}}, 200),
    ("PATCH", "/v1/onboarding-tasks/1", {"data": {"type": "onboarding-tasks", "id": "1",
                                                  "attributes": {"done-at": "2026-03-01T10:00:00Z"}}}, 200),
]


@pytest.mark.parametrize("method,target,body,status", WRITES)
def test_writes_happy_and_auth_failure(api, method, target, body, status):
    if "{app}" in target:
        a = api.get("/v1/job-applications?filter[status]=active&include=job").json["data"][0]
        job = a["relationships"]["job"]["data"]["id"]
        stage = api.get(f"/v1/jobs/{job}").json["data"]["relationships"]["stages"]["data"][2]["id"]
        target = target.replace("{app}", a["id"])
        body = {"data": {"type": "job-applications", "id": a["id"],
                         "relationships": {"stage": {"data": {"type": "stages", "id": stage}}}}}
    assert api.call(method, target, body, key=None).status_code == 401
    assert api.call(method, target, body, key="nope").status_code == 401
    r = api.call(method, target, body)
    assert r.status_code == status, r.get_data(as_text=True)
    assert r.mimetype == MT and r.json["data"]["type"] == body["data"]["type"]


def test_version_header_missing_is_400_and_present_is_silent(ro):
    r = ro.get("/v1/candidates", version=None)
    assert r.status_code == 400 and r.mimetype == MT
    err = r.json["errors"][0]
    assert err["code"] == "api_version_missing" and err["source"] == {"parameter": "X-Api-Version"}
    assert "X-Api-Version" in err["detail"]
    unsupported = ro.get("/v1/candidates", version="2023-01-01")
    assert unsupported.status_code == 406 and unsupported.json["errors"][0]["code"] == "api_version_unsupported"
    for v in (V2024, V2025):
        ok = ro.get("/v1/candidates", version=v)
        assert ok.status_code == 200 and ok.headers["X-Api-Version"] == v
    # writes need it too
    assert ro.post("/v1/candidates", {"data": {"type": "candidates"}}, version=None).status_code == 400


def test_two_versions_name_attributes_and_unknown_attributes_ignored(api):
    old = api.get("/v1/candidates/5", version=V2024).json["data"]["attributes"]
    new = api.get("/v1/candidates/5", version=V2025).json["data"]["attributes"]
    assert old["first-name"] == new["given-name"] and old["last-name"] == new["family-name"]
    assert "given-name" not in old and "first-name" not in new
    # a 2024 client writing 2025 names: ignored, nothing changes, still 200
    r = api.patch("/v1/candidates/5", {"data": {"type": "candidates", "id": "5",
                                                "attributes": {"given-name": "Zed", "nickname": "z"}}}, version=V2024)
    assert r.status_code == 200 and r.json["data"]["attributes"]["first-name"] == old["first-name"]
    r = api.patch("/v1/candidates/5", {"data": {"type": "candidates", "id": "5",
                                                "attributes": {"given-name": "Zed"}}}, version=V2025)
    assert r.json["data"]["attributes"]["given-name"] == "Zed"
    assert api.get("/v1/candidates/5", version=V2024).json["data"]["attributes"]["first-name"] == "Zed"
    # create with the other version's names: the required name is missing
    r = api.post("/v1/candidates", _cand({"first-name": "A", "last-name": "B"}), version=V2025)
    assert r.status_code == 422 and r.json["errors"][0]["source"]["pointer"] == "/data/attributes/given-name"


def test_walk_links_next_with_include_resolved(ro):
    data, _ = ro.walk("/v1/candidates", size=7)
    assert [int(d["id"]) for d in data] == list(range(1, 51))
    apps, included = ro.walk("/v1/job-applications?include=candidate,job,stage", size=30)
    first = ro.get("/v1/job-applications?page[size]=30&include=candidate,job,stage").json
    assert first["meta"]["record-count"] == len(apps) and "next" in first["links"]
    assert first["links"]["next"].endswith("page%5Bnumber%5D=2&page%5Bsize%5D=30")
    doc = {"data": apps, "included": included}
    for a in apps:
        rel = a["relationships"]
        cand = resolve(doc, rel["candidate"]["data"])
        assert cand is not None and cand["type"] == "candidates"
        if rel["job"]["data"] is None:
            assert rel["stage"]["data"] is None  # a general application
            continue
        job, stage = resolve(doc, rel["job"]["data"]), resolve(doc, rel["stage"]["data"])
        assert job["type"] == "jobs" and stage["relationships"]["job"]["data"]["id"] == job["id"]


def test_ids_overlap_across_types_and_stages_belong_to_jobs(ro):
    assert ro.get("/v1/candidates/12").json["data"]["type"] == "candidates"
    assert ro.get("/v1/jobs/12").json["data"]["type"] == "jobs"
    j1 = ro.get("/v1/jobs/1?include=stages").json
    j2 = ro.get("/v1/jobs/2?include=stages").json
    n1 = [s["attributes"]["name"] for s in j1["included"]]
    assert n1 == [s["attributes"]["name"] for s in j2["included"]]
    assert not {s["id"] for s in j1["included"]} & {s["id"] for s in j2["included"]}
    stages = ro.get("/v1/stages?filter[job]=2").json
    assert stages["meta"]["record-count"] == 5


def test_move_to_a_stage_of_another_job_is_422(api):
    a = api.get("/v1/job-applications?filter[status]=active").json["data"][0]
    job = a["relationships"]["job"]["data"]["id"]
    other = next(s for s in api.get("/v1/stages?page[size]=30").json["data"]
                 if s["relationships"]["job"]["data"]["id"] != job)
    r = api.patch(f"/v1/job-applications/{a['id']}", {"data": {"type": "job-applications", "id": a["id"],
                  "relationships": {"stage": {"data": {"type": "stages", "id": other["id"]}}}}})
    assert r.status_code == 422 and r.json["errors"][0]["code"] == "invalid_stage"


def test_filters(api):
    ext = api.get("/v1/candidates?filter[external-id]=ATS-10004").json
    assert [d["id"] for d in ext["data"]] == ["4"]
    assert api.get("/v1/jobs?filter[external-id]=REQ-1012").json["data"][0]["id"] == "12"
    tagged = api.get("/v1/candidates?filter[tags]=summer&page[size]=30").json["data"]
    assert tagged and all("summer" in d["attributes"]["tags"] for d in tagged)
    assert api.get("/v1/candidates?filter[updated-at][from]=2999-01-01T00:00:00Z").json["meta"]["record-count"] == 0
    api.ok_control("clock", {"advance_s": 3600})
    since = api.ctx.now().strftime("%Y-%m-%dT%H:%M:%SZ")
    api.patch("/v1/candidates/9", {"data": {"type": "candidates", "id": "9", "attributes": {"phone": "+1-555-000-0000"}}})
    changed = api.get(f"/v1/candidates?filter[updated-at][from]={since}").json["data"]
    assert [d["id"] for d in changed] == ["9"]
    assert api.get("/v1/candidates?filter[updated-at][from]=yesterday").status_code == 400
    assert api.get("/v1/candidates?include=nope").status_code == 400
    assert api.get("/v1/candidates?page[size]=500").json["links"]["self"].endswith("page%5Bsize%5D=30")


def test_onboarding_tasks_done_at(api):
    o = api.get("/v1/onboardings/1?include=tasks").json
    tasks = o["included"]
    assert [t["attributes"]["code"] for t in tasks] == ["contract", "id-check", "uniform", "induction"]
    tid = tasks[0]["id"]
    r = api.patch(f"/v1/onboarding-tasks/{tid}", {"data": {"type": "onboarding-tasks", "id": tid,
                                                          "attributes": {"done-at": None}}})
    assert r.json["data"]["attributes"]["done-at"] is None
    r = api.patch(f"/v1/onboarding-tasks/{tid}", {"data": {"type": "onboarding-tasks", "id": tid,
                                                          "attributes": {"done-at": "2026-03-01T08:00:00Z"}}})
    assert r.json["data"]["attributes"]["done-at"] == "2026-03-01T08:00:00Z"
    bad = api.patch(f"/v1/onboarding-tasks/{tid}", {"data": {"type": "onboarding-tasks", "id": tid,
                                                            "attributes": {"done-at": "soon"}}})
    assert bad.status_code == 422


def test_onboarding_tasks_updated_since(api):
    """A tick moves the task's updated-at (not its onboarding's): filter[updated-at][from] on the
    task list finds it."""
    api.ok_control("clock", {"advance_s": 3600})
    since = api.ctx.now().strftime("%Y-%m-%dT%H:%M:%SZ")
    assert api.get(f"/v1/onboarding-tasks?filter[updated-at][from]={since}").json["meta"]["record-count"] == 0
    tid = api.get("/v1/onboardings/1?include=tasks").json["included"][1]["id"]
    api.patch(f"/v1/onboarding-tasks/{tid}", {"data": {"type": "onboarding-tasks", "id": tid,
                                                      "attributes": {"done-at": "2026-03-01T08:00:00Z"}}})
    changed = api.get(f"/v1/onboarding-tasks?filter[updated-at][from]={since}").json["data"]
    assert [d["id"] for d in changed] == [tid]
    assert api.get(f"/v1/onboardings?filter[updated-at][from]={since}").json["data"] == []
    assert api.get("/v1/onboarding-tasks?filter[updated-at][from]=yesterday").status_code == 400


def test_bad_documents(api):
    assert api.post("/v1/candidates", {"x": 1}).status_code == 400
    assert api.post("/v1/candidates", {"data": {"type": "jobs"}}).status_code == 409
    assert api.patch("/v1/candidates/3", {"data": {"type": "candidates", "id": "4"}}).status_code == 409
    assert api.get("/v1/candidates/99999").status_code == 404
    r = api.get("/v1/nothing")
    assert r.status_code == 404 and r.json["errors"][0]["status"] == "404"


def test_oldest_version_and_sort(ro):
    from .helpers import V2016
    assert "first-name" in ro.get("/v1/candidates/1", version=V2016).json["data"]["attributes"]
    desc = ro.get("/v1/candidates?sort=-created-at&page[size]=30").json["data"]
    created = [d["attributes"]["created-at"] for d in desc]
    assert created == sorted(created, reverse=True)
    assert ro.get("/v1/candidates?sort=name").status_code == 400


def test_application_note_and_rejection(api):
    r = api.post("/v1/job-applications", {"data": {"type": "job-applications",
        "attributes": {"status": "rejected", "rejection-reason": "Withdrew", "note": "Pipelane: Screen → Offer"},
        "relationships": {"candidate": {"data": {"type": "candidates", "id": "2"}},
                          "job": {"data": {"type": "jobs", "id": "5"}}}}})
    assert r.status_code == 201, r.get_data(as_text=True)
    attrs = r.json["data"]["attributes"]
    assert attrs["status"] == "rejected" and attrs["rejected-at"] and attrs["note"].startswith("Pipelane")
    aid = r.json["data"]["id"]
    r = api.patch(f"/v1/job-applications/{aid}", {"data": {"type": "job-applications", "id": aid,
                                                          "attributes": {"note": "edited"}}})
    assert r.json["data"]["attributes"]["note"] == "edited"


@pytest.mark.parametrize("sourced", ["yes", 1, None])
def test_application_sourced_must_be_a_boolean(api, sourced):
    """A non-boolean `sourced` used to be stored as false without a word."""
    body = {"data": {"type": "job-applications", "attributes": {"sourced": sourced},
                     "relationships": {"candidate": {"data": {"type": "candidates", "id": "2"}}}}}
    r = api.post("/v1/job-applications", body)
    assert r.status_code == 422 and r.json["errors"][0]["source"]["pointer"] == "/data/attributes/sourced"
    body["data"]["attributes"]["sourced"] = True
    r = api.post("/v1/job-applications", body)
    assert r.status_code == 201 and r.json["data"]["attributes"]["sourced"] is True


def test_custom_fields_attribute_by_version(api):
    from .helpers import V2016
    body = {"data": {"type": "candidates", "id": "4", "attributes": {"custom-fields": {"screening-status": "clear"}}}}
    old = api.patch("/v1/candidates/4", body, version=V2016)
    assert old.status_code == 200 and "custom-fields" not in old.json["data"]["attributes"]
    assert api.get("/v1/custom-field-values?filter[candidate]=4").json["meta"]["record-count"] == 0  # ignored
    new = api.patch("/v1/candidates/4", body, version=V2024)
    assert new.json["data"]["attributes"]["custom-fields"] == {"screening-status": "clear"}
    assert api.get("/v1/custom-field-values?filter[candidate]=4").json["data"][0]["attributes"]["value"] == "clear"
    bad = {"data": {"type": "candidates", "id": "4", "attributes": {"custom-fields": {"nope": "x"}}}}
    assert api.patch("/v1/candidates/4", bad).status_code == 422


def test_custom_field_value_change_moves_candidate_updated_at(api):
    api.ok_control("clock", {"advance_s": 600})
    before = api.get("/v1/candidates/3").json["data"]["attributes"]["updated-at"]
    r = api.patch("/v1/custom-field-values/1", {"data": {"type": "custom-field-values", "id": "1",
                                                         "attributes": {"value": "consider"}}})
    cand = r.json["data"]["relationships"]["candidate"]["data"]["id"]
    after = api.get(f"/v1/candidates/{cand}").json["data"]["attributes"]["updated-at"]
    assert after > before or cand != "3"
    assert after == api.ctx.now().strftime("%Y-%m-%dT%H:%M:%SZ")
