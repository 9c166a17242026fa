"""Happy path and auth failures for every documented endpoint; filters; account isolation."""
from __future__ import annotations

import pytest

from .helpers import CREDS, P, Api, make_app

LISTS = ["/candidates", "/jobs", "/applications"]


def _paths(api: Api) -> list[str]:
    c = api.get("/candidates?page_size=30").json["results"][0]
    return ["/candidates", f"/candidates/{c['id']}", "/jobs", f"/jobs/{api.get('/jobs?page_size=30').json['results'][0]['id']}",
            "/applications", f"/applications/{c['applications'][0]}", "/account-details"]


def test_every_endpoint_happy_path(api):
    for path in _paths(api):
        r = api.get(path)
        assert r.status_code == 200, (path, r.json)
        body = r.json
        if path in LISTS:
            assert set(body) == {"next", "previous", "results"} and body["previous"] is None
            assert all({"id", "remote_id", "remote_was_deleted", "modified_at"} <= set(x) for x in body["results"])
    assert api.get("/account-details").json["integration"] == "Greenhouse"


@pytest.mark.parametrize("key,account,code", [
    (False, True, "missing_token"), ("cfx_live_wrong", True, "invalid_token"),
    (True, False, "missing_account_token"), (True, "cfx_acct_wrong", "account_token_invalid"),
])
def test_every_endpoint_refuses_bad_credentials(api, key, account, code):
    for path in _paths(api):
        r = api.get(path, key=key, account=account)
        assert r.status_code == 401, path
        assert r.json["errors"][0]["code"] == code and r.json["errors"][0]["status"] == 401


def test_second_linked_account_sees_only_its_own_data():
    app = make_app()
    a, b = Api(app), Api(app, CREDS["account_token_b"])
    assert b.get("/account-details").json["integration"] == "Lever"
    ca, _ = a.walk("/candidates")
    cb, _ = b.walk("/candidates")
    assert len(ca) == 36 and len(cb) == 14 and not {x["id"] for x in ca} & {x["id"] for x in cb}
    r = b.get(f"/candidates/{ca[0]['id']}")
    assert r.status_code == 404 and r.json["errors"][0]["code"] == "not_found"


def test_remote_id_filter_and_remote_was_deleted(api):
    cands, _ = api.walk("/candidates")
    target = cands[7]
    r = api.get(f"/candidates?remote_id={target['remote_id']}")
    assert [x["id"] for x in r.json["results"]] == [target["id"]]
    deleted = [x for x in cands if x["remote_was_deleted"]]
    assert len(deleted) == 2
    live, _ = api.walk("/candidates", include_remote_deleted="false")
    assert len(live) == len(cands) - 2
    api.mutate({"op": "delete", "table": "candidates", "id": target["id"]})  # a deletion in the source ATS
    got = api.get(f"/candidates/{target['id']}").json
    assert got["remote_was_deleted"] is True


def test_modified_after_needs_a_zone(api):
    for bad in ("2026-03-01T00:00:00", "2026-03-01", "yesterday"):
        r = api.get(f"/candidates?modified_after={bad}")
        assert r.status_code == 400 and r.json["errors"][0]["code"] == "invalid_datetime", bad
    recent, _ = api.walk("/candidates", modified_after="2026-03-01T09:00:00Z")
    offset, _ = api.walk("/candidates", modified_after="2026-03-01T18:00:00%2B09:00")
    assert recent and [x["id"] for x in recent] == [x["id"] for x in offset]
    assert all(x["modified_at"] > "2026-03-01T09:00:00Z" for x in recent)


@pytest.mark.parametrize("size", ["29", "101", "abc", "0"])
def test_page_size_outside_30_to_100_is_400(api, size):
    r = api.get(f"/jobs?page_size={size}")
    assert r.status_code == 400 and r.json["errors"][0]["code"] == "invalid_parameter"


def test_guard_refuses_requests_without_the_nonce(api):
    h = api.headers()
    del h["X-IB-Via"]
    r = api.client.get(f"{P}/candidates", headers=h)
    assert r.status_code == 403 and r.json["errors"][0]["code"] == "proxy_bypass"
    assert "CONFLUX_BASE_URL" in r.json["errors"][0]["detail"]
    assert len(api.ctx.bypasses) == 1
