"""Every documented operation: a happy path and an auth failure (no token, bad token, expired
token), and the list of operations checked is the documented one."""
from __future__ import annotations

import pytest

from tests.vendors.conformance import documented_routes, load_openapi

from .helpers import CREDS


def _ids(api):
    req = api.get("/api/v2/requisitions?limit=1").json["items"][0]["id"]
    cand = api.get("/api/v2/candidates?limit=1").json["items"][0]["id"]
    app_ = api.get("/api/v2/applications?limit=1").json["items"][0]["id"]
    return req, cand, app_


def _fresh_pair(api):
    """A requisition and a candidate without an application between them."""
    req = api.get("/api/v2/requisitions?limit=1").json["items"][0]["id"]
    cand = api.post("/api/v2/candidates", {"first_name": "Pair", "last_name": "Test"}).json["id"]
    return req, cand


def _webhook(api):
    return api.post("/api/v2/webhooks", {"url": "http://127.0.0.1:9/hooks"}).json["id"]


# (method, documented path) -> builds (concrete path, body) and names the expected status
CASES = {
    ("POST", "/oauth/token"): None,  # token endpoint: tested on its own below
    ("GET", "/api/v2/requisitions"): lambda api: ("/api/v2/requisitions?status=OPEN", None, 200),
    ("GET", "/api/v2/requisitions/{id}"): lambda api: (f"/api/v2/requisitions/{_ids(api)[0]}", None, 200),
    ("GET", "/api/v2/candidates"): lambda api: ("/api/v2/candidates?limit=5", None, 200),
    ("POST", "/api/v2/candidates"): lambda api: ("/api/v2/candidates", {"first_name": "Ada", "last_name": "Ng",
                                                                        "email": "ada.ng@example.com"}, 201),
    ("GET", "/api/v2/candidates/{id}"): lambda api: (f"/api/v2/candidates/{_ids(api)[1]}", None, 200),
    ("PATCH", "/api/v2/candidates/{id}"): lambda api: (f"/api/v2/candidates/{_ids(api)[1]}", {"tags": ["vip"]}, 200),
    ("GET", "/api/v2/candidates/{id}/notes"): lambda api: (f"/api/v2/candidates/{_ids(api)[1]}/notes", None, 200),
    ("POST", "/api/v2/candidates/{id}/notes"): lambda api: (f"/api/v2/candidates/{_ids(api)[1]}/notes",
                                                            {"body": "hello"}, 201),
    ("GET", "/api/v2/applications"): lambda api: ("/api/v2/applications?status=active,offer", None, 200),
    ("POST", "/api/v2/applications"): lambda api: ("/api/v2/applications",
                                                   dict(zip(("requisition_id", "candidate_id"), _fresh_pair(api))), 201),
    ("GET", "/api/v2/applications/{id}"): lambda api: (f"/api/v2/applications/{_ids(api)[2]}", None, 200),
    ("GET", "/api/v2/webhooks"): lambda api: ("/api/v2/webhooks", None, 200),
    ("POST", "/api/v2/webhooks"): lambda api: ("/api/v2/webhooks", {"url": "https://hooks.example.com/tf"}, 201),
    ("GET", "/api/v2/webhooks/{id}"): lambda api: (f"/api/v2/webhooks/{_webhook(api)}", None, 200),
    ("DELETE", "/api/v2/webhooks/{id}"): lambda api: (f"/api/v2/webhooks/{_webhook(api)}", None, 204),
}
API_CASES = sorted(k for k, v in CASES.items() if v is not None)


def test_cases_cover_every_documented_operation():
    assert set(CASES) == documented_routes(load_openapi("talentforge"))


@pytest.mark.parametrize("method,route", API_CASES)
def test_happy_path(api, method, route):
    path, body, status = CASES[(method, route)](api)
    r = api.call(method, path, json=body)
    assert r.status_code == status, r.get_data(as_text=True)


@pytest.mark.parametrize("method,route", API_CASES)
def test_auth_failure(api, method, route):
    path, body, _ = CASES[(method, route)](api)
    r = api.call(method, path, json=body, token=False)
    assert r.status_code == 401 and r.json["error"]["code"] == "missing_token"
    assert r.headers["WWW-Authenticate"].startswith("Bearer")
    r = api.call(method, path, json=body, token="tfat_not-a-real-token")
    assert r.status_code == 401 and r.json["error"]["code"] == "invalid_token"
    assert api.mint().status_code == 200
    api.control("clock", {"advance_s": 61})
    r = api.call(method, path, json=body)
    assert r.status_code == 401 and r.json["error"] == {
        "status": 401, "code": "token_expired", "message": "The access token has expired; request a new one."}


def test_token_endpoint_happy_and_auth_failure(api):
    for form in (True, False):
        r = api.mint(form=form)
        assert r.status_code == 200 and r.json["token_type"] == "Bearer" and r.json["expires_in"] == 60
        assert r.json["access_token"].startswith("tfat_")
    r = api.mint(client_secret="wrong")
    assert r.status_code == 401 and r.json["error"]["code"] == "invalid_client"
    r = api.mint(client_id=None)
    assert r.status_code == 401 and r.json["error"]["code"] == "invalid_client"
    assert CREDS["client_secret"] not in r.get_data(as_text=True)
