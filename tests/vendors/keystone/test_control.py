"""The proxy guard and the control plane as Keystone serves them."""
from __future__ import annotations

from .helpers import NONCE, P, TOKEN, basic, fields, q


def test_guard_refuses_requests_without_the_nonce(api):
    r = api.client.get(f"{P}/employees", headers={"Authorization": basic()})
    assert r.status_code == 403
    assert b"KEYSTONE_BASE_URL" in r.data
    assert api.client.get(f"{P}/employees", headers={"Authorization": basic(), "X-IB-Via": "guess"}).status_code == 403
    assert len(api.dump()["tables"]["bypass_log"]["rows"]) == 2
    assert api.client.get(f"{P}/employees", headers={"Authorization": basic(), "X-IB-Via": NONCE}).status_code == 200


def test_control_plane_is_404_without_the_token(api):
    for method, path in (("POST", "reset"), ("GET", "dump"), ("POST", "mutate"), ("POST", "clock"),
                         ("POST", "config"), ("GET", "health")):
        assert api.client.open(f"/_control/{path}", method=method, json={}).status_code == 404, path
        assert api.client.open(f"/_control/{path}", method=method, json={},
                               headers={"X-Control-Token": "nope"}).status_code == 404, path
    health = api.client.get("/_control/health", headers={"X-Control-Token": TOKEN})
    assert health.status_code == 200 and health.json["vendor"] == "keystone"


def test_control_errors_stay_json(api):
    r = api.control("mutate", {"ops": [{"op": "update", "table": "nope", "id": 1, "values": {}}]})
    assert r.status_code == 400 and r.is_json


def test_mutate_changes_what_the_api_returns_and_the_etag(api):
    before = api.get(f"{P}/employees/3")
    api.ok_control("mutate", {"ops": [
        {"op": "update", "table": "employees", "id": 3, "values": {"status": "withdrawn", "start_date": "2026-02-01"}},
        {"op": "create", "table": "employees", "values": {"first_name": "New", "last_name": "Hire",
                                                          "start_date": "2026-03-09", "status": "pending"}},
    ]})
    after = api.get(f"{P}/employees/3")
    f = fields(api.xml(after))
    assert f["Status"] == "withdrawn" and f["StartDate"] == "01/02/2026"
    assert after.headers["ETag"] != before.headers["ETag"]
    assert api.xml(api.get(f"{P}/employees")).get("total") == "51"
    assert api.get(f"{P}/employees/51/internal-mobility").status_code == 200  # created with the employee


def test_clock_moves_what_the_api_stamps(api):
    api.ok_control("clock", {"set": "2026-06-01T08:00:00Z"})
    r = api.get(f"{P}/employees/4")
    assert r.headers["Date"] == "Mon, 01 Jun 2026 08:00:00 GMT"
    root = api.xml(r)
    body = root.find(q("FirstName")).text
    mine = (f'<Employee xmlns="urn:keystone:hr:2"><FirstName>{body}</FirstName><LastName>X</LastName>'
            f'<StartDate>01/07/2026</StartDate></Employee>').encode()
    put = api.put(f"{P}/employees/4", mine, etag=r.headers["ETag"])
    assert fields(api.xml(put))["UpdatedAt"] == "2026-06-01T08:00:00Z"
