"""Crewtide's control plane and proxy guard."""
from __future__ import annotations

from .helpers import KEY, TOKEN, V2025, Api, make_app


def test_control_is_404_without_the_token():
    api = Api(make_app())
    for path, method in (("reset", "POST"), ("dump", "GET"), ("mutate", "POST"), ("clock", "POST")):
        r = api.client.open(f"/_control/{path}", method=method, json={})
        assert r.status_code == 404, path
        assert api.client.open(f"/_control/{path}", method=method, json={},
                               headers={"X-Control-Token": TOKEN + "x"}).status_code == 404


def test_guard_refuses_requests_that_bypass_the_proxy():
    api = Api(make_app())
    r = api.client.get("/v1/candidates", headers={"Authorization": f"Token token={KEY}", "X-Api-Version": V2025})
    assert r.status_code == 403
    assert api.get("/v1/candidates").status_code == 200


def test_mutate_and_clock_change_what_the_api_returns():
    api = Api(make_app())
    before = api.get("/v1/job-applications/2").json["data"]
    stages = api.get(f"/v1/jobs/{before['relationships']['job']['data']['id']}").json["data"]
    hired_stage = stages["relationships"]["stages"]["data"][-1]["id"]
    api.ok_control("clock", {"advance_s": 86400})
    api.ok_control("mutate", {"ops": [{"op": "move", "job_application_id": 2, "stage_id": int(hired_stage)},
                                      {"op": "update", "table": "candidates", "id": 7,
                                       "values": {"tags": ["returning"]}},
                                      {"op": "tick", "task_id": 2, "done": True}]})
    after = api.get("/v1/job-applications/2").json["data"]
    assert after["relationships"]["stage"]["data"]["id"] == hired_stage
    assert after["attributes"]["status"] == "hired"
    assert after["attributes"]["updated-at"] > before["attributes"]["updated-at"]
    assert api.get("/v1/candidates/7").json["data"]["attributes"]["tags"] == ["returning"]
    task = api.get("/v1/onboarding-tasks?filter[onboarding]=1").json["data"][1]
    assert task["attributes"]["done-at"] == after["attributes"]["updated-at"]
    api.reset()
    assert api.get("/v1/job-applications/2").json["data"] == before


def test_scheduled_mutation_fires_after_requests():
    api = Api(make_app())
    api.ok_control("config", {"settings": {"scheduled_mutations": [
        {"after_requests": 1, "ops": [{"op": "update", "table": "candidates", "id": 1,
                                       "values": {"first_name": "Later"}}]}]}})
    api.get("/v1/jobs")
    assert api.get("/v1/candidates/1").json["data"]["attributes"]["given-name"] == "Later"
