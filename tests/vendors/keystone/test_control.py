"""The proxy guard and the control plane as Keystone serves them."""
from __future__ import annotations

from .helpers import NONCE, P, TOKEN, basic, doc, fields, q


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


def test_equipment_list_lag_hides_new_items_until_it_passes(api):
    emp = 3
    body = doc("Equipment", Kind="Locker", Ref="LAG-1", Status="issued")
    # silent: no lag set, a new item is listed at once
    made = api.post(f"{P}/employees/{emp}/equipment", body)
    assert made.status_code == 201
    refs = [fields(e).get("Ref") for e in api.xml(api.get(f"{P}/employees/{emp}/equipment")).findall(q("Equipment"))]
    assert "LAG-1" in refs
    # firing: with the lag, a new item is left out of the list until the lag has passed ...
    api.ok_control("clock", {"freeze": True})
    api.ok_control("clock", {"advance_s": 20})
    api.ok_control("config", {"settings": {"equipment_list_lag_s": 8}})
    made = api.post(f"{P}/employees/{emp}/equipment", doc("Equipment", Kind="Gloves", Ref="LAG-2"))
    new_id = fields(api.xml(made))["Id"]

    def listed():
        return [fields(e).get("Ref") for e in api.xml(api.get(f"{P}/employees/{emp}/equipment")).findall(q("Equipment"))]

    assert "LAG-1" in listed() and "LAG-2" not in listed()
    # ... while the item itself is readable at once
    assert api.get(f"{P}/equipment/{new_id}").status_code == 200
    api.ok_control("clock", {"advance_s": 7})
    assert "LAG-2" not in listed()
    api.ok_control("clock", {"advance_s": 2})
    assert "LAG-2" in listed()
    for bad in (-1, "8", True):
        r = api.control("config", {"settings": {"equipment_list_lag_s": bad}})
        assert r.status_code == 400 and r.is_json


def test_ferrous_switches_the_equipment_list_lag_on(api):
    api.ok_control("reset", {"dataset": "ferrous", "seed": 97})
    assert api.ok_control("config", {"settings": {}})["settings"].get("equipment_list_lag_s") == 8
    api.ok_control("reset", {"dataset": "small", "seed": 1})
    assert not api.ok_control("config", {"settings": {}})["settings"].get("equipment_list_lag_s")
