"""Keystone's API: every endpoint's happy path and auth failure, XML in/out, dd/mm/yyyy dates,
ETag / If-Match (428, 412 and success after re-reading), externalRef search with lag."""
from __future__ import annotations

import pytest

from .helpers import NS, P, basic, doc, fields, q

EMP = doc("Employee", ExternalRef="WW-77", FirstName="Ada", LastName="Okafor", StartDate="03/04/2026",
          Email="ada@example.com")
ENDPOINTS = [  # (method, path, body root) for every documented operation
    ("GET", f"{P}/employees", None), ("POST", f"{P}/employees", EMP),
    ("GET", f"{P}/employees/1", None), ("PUT", f"{P}/employees/1", EMP),
    ("GET", f"{P}/employees/1/onboarding-items", None),
    ("POST", f"{P}/employees/1/onboarding-items", doc("OnboardingItem", Title="Sign NDA", DueDate="01/04/2026")),
    ("GET", f"{P}/onboarding-items/1", None),
    ("PUT", f"{P}/onboarding-items/1", doc("OnboardingItem", Title="Sign contract", Status="done")),
    ("GET", f"{P}/employees/1/equipment", None),
    ("POST", f"{P}/employees/1/equipment", doc("Equipment", Kind="Safety boots", Size="43")),
    ("GET", f"{P}/equipment/1", None),  # id 1 exists in small? checked in the happy path
    ("PUT", f"{P}/equipment/1", doc("Equipment", Kind="Laptop", Status="issued", AssetTag="KS-1")),
    ("GET", f"{P}/employees/1/internal-mobility", None),
    ("PUT", f"{P}/employees/1/internal-mobility", doc("InternalMobility", OpenToMove="true",
                                                      PreferredDepartment="Finance")),
]


@pytest.mark.parametrize("method,path,body", ENDPOINTS, ids=[f"{m} {p}" for m, p, _ in ENDPOINTS])
def test_every_endpoint_happy_path(api, method, path, body):
    headers = {}
    if method == "PUT":
        r = api.get(path)
        assert r.status_code == 200 and r.headers["ETag"]
        headers["If-Match"] = r.headers["ETag"]
    r = api.call(method, path, body, headers=headers)
    assert r.status_code in (200, 201), r.data
    root = api.xml(r)
    assert root.tag.startswith(f"{{{NS}}}")
    if method in ("POST", "PUT") or root.tag not in (q("Employees"), q("OnboardingItems"), q("EquipmentList")):
        assert r.headers["ETag"].startswith('"')


@pytest.mark.parametrize("method,path,body", ENDPOINTS, ids=[f"{m} {p}" for m, p, _ in ENDPOINTS])
def test_every_endpoint_refuses_bad_credentials(ro_api, method, path, body):
    for auth in ("", basic(password="wrong"), basic(user="someone"), "Basic !!!"):
        r = ro_api.call(method, path, body, auth=auth, headers={"If-Match": "*"})
        assert r.status_code == 401, (auth, r.data)
        assert api_code(ro_api, r) in ("missing_credentials", "invalid_credentials")
        assert r.headers["WWW-Authenticate"].startswith("Basic")


def api_code(api, r) -> str:
    return api.xml(r).find(q("Code")).text


def test_list_is_offset_paged_with_a_total(ro_api):
    seen, offset = [], 0
    while True:
        root = ro_api.xml(ro_api.get(f"{P}/employees?offset={offset}&limit=20"))
        assert root.get("total") == "50" and root.get("limit") == "20"
        page = root.findall(q("Employee"))
        if not page:
            break
        seen += [int(fields(e)["Id"]) for e in page]
        offset += 20
    assert seen == list(range(1, 51))
    for bad in ("limit=0", "limit=201", "offset=-1", "limit=x", "status=gone"):
        r = ro_api.get(f"{P}/employees?{bad}")
        assert r.status_code == 400 and api_code(ro_api, r) == "invalid_parameter", bad
    active = ro_api.xml(ro_api.get(f"{P}/employees?status=active&limit=200"))
    assert {fields(e)["Status"] for e in active} == {"active"}


def test_ddmmyyyy_round_trip_and_put_replaces(api):
    r = api.post(f"{P}/employees", EMP)
    assert r.status_code == 201
    loc, etag = r.headers["Location"], r.headers["ETag"]
    got = fields(api.xml(api.get(loc)))
    assert got["StartDate"] == "03/04/2026" and got["Status"] == "pending"
    row = [e for e in api.rows("employees") if e["external_ref"] == "WW-77"][0]
    assert row["start_date"] == "2026-04-03"  # the 3rd of April, day first
    r = api.put(loc, doc("Employee", FirstName="Ada", LastName="Okafor", StartDate="12/01/2026",
                         Status="active"), etag=etag)
    assert r.status_code == 200 and r.headers["ETag"] != etag
    got = fields(api.xml(r))
    assert got["StartDate"] == "12/01/2026" and got["Email"] is None and got["ExternalRef"] is None  # replaced
    assert got["EmployeeNo"] == "K100051"  # assigned by Keystone, kept across PUTs
    for bad in ("2026-04-03", "31/02/2026", "3/4/26", "03-04-2026"):
        r = api.post(f"{P}/employees", doc("Employee", FirstName="A", LastName="B", StartDate=bad))
        assert r.status_code == 422 and api_code(api, r) == "invalid_field", bad


def test_put_without_if_match_is_428_and_stale_is_412(api):
    for path, body in [(p, b) for m, p, b in ENDPOINTS if m == "PUT"]:
        r = api.put(path, body)
        assert r.status_code == 428 and api_code(api, r) == "precondition_required", path
        r = api.put(path, body, etag='"not-the-etag"')
        assert r.status_code == 412 and api_code(api, r) == "precondition_failed", path
    # a PUT that changes nothing keeps the ETag
    e1 = api.get(f"{P}/employees/2")
    same = api.put(f"{P}/employees/2", _employee_doc(api.xml(e1)), etag=e1.headers["ETag"])
    assert same.status_code == 200 and same.headers["ETag"] == e1.headers["ETag"]


def _employee_doc(el) -> bytes:
    f = {k: v for k, v in fields(el).items() if k not in ("Id", "EmployeeNo", "CreatedAt", "UpdatedAt") and v is not None}
    return doc("Employee", **f)


def test_stale_if_match_after_a_control_plane_edit_then_success_after_rereading(api):
    """The GET–PUT conflict injection: HR edits the record between the client's read and write."""
    api.ok_control("config", {"settings": {"scheduled_mutations": [
        {"id": "hr-edit", "on": {"method": "PUT", "path": f"{P}/employees/1"}, "nth": 1,
         "ops": [{"op": "update", "table": "employees", "id": 1, "values": {"phone": "+44 113 496 0000"}}]}]}})
    first = api.get(f"{P}/employees/1")
    mine = _employee_doc(api.xml(first)).replace(b"<JobTitle>", b"<JobTitle>Senior ", 1)
    stale = api.put(f"{P}/employees/1", mine, etag=first.headers["ETag"])
    assert stale.status_code == 412 and stale.headers["ETag"] != first.headers["ETag"]
    again = api.get(f"{P}/employees/1")  # re-read, re-apply on top of HR's edit
    assert fields(api.xml(again))["Phone"] == "+44 113 496 0000"
    merged = _employee_doc(api.xml(again)).replace(b"<JobTitle>", b"<JobTitle>Senior ", 1)
    ok = api.put(f"{P}/employees/1", merged, etag=again.headers["ETag"])
    assert ok.status_code == 200
    final = fields(api.xml(ok))
    assert final["Phone"] == "+44 113 496 0000" and final["JobTitle"].startswith("Senior ")
    assert [entry["rule"] for entry in api.ctx.extra["control_log"]] == ["hr-edit"]


def test_external_ref_search_honours_search_lag(api):
    api.ok_control("config", {"settings": {"search_lag_s": 30}})
    assert api.post(f"{P}/employees", EMP).status_code == 201
    hits = lambda: api.xml(api.get(f"{P}/employees?externalRef=WW-77")).findall(q("Employee"))  # noqa: E731
    assert hits() == []
    assert len(api.xml(api.get(f"{P}/employees?externalRef=WW-10003")).findall(q("Employee"))) == 1
    api.ok_control("clock", {"advance_s": 31})
    assert len(hits()) == 1


BAD_BODIES = [
    b"", b"not xml", b"<Employee", b"<Employee xmlns='urn:keystone:hr:2'><FirstName>a</Employee>",
    b'<?xml version="1.0"?><!DOCTYPE lol [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>'
    b'<Employee xmlns="urn:keystone:hr:2"><FirstName>&b;</FirstName></Employee>',
    b'<!DOCTYPE x SYSTEM "file:///etc/passwd"><Employee xmlns="urn:keystone:hr:2"/>',
    b"<Employee><FirstName>A</FirstName><LastName>B</LastName><StartDate>01/01/2026</StartDate></Employee>",
    b'<Employee xmlns="urn:keystone:hr:1"><FirstName>A</FirstName></Employee>',
    b'<Wrong xmlns="urn:keystone:hr:2"/>', b'<Employee xmlns="urn:keystone:hr:2"/>',
    b'<Employee xmlns="urn:keystone:hr:2"><FirstName>A</FirstName><LastName>B</LastName>'
    b'<StartDate>01/01/2026</StartDate><Status>fired</Status></Employee>',
    "<Employee xmlns='urn:keystone:hr:2'><FirstName>\u00e9" .encode("latin-1") + b"</FirstName></Employee>",
    b"\xff\xfe<\x00", b"<a>&#0;</a>", b'<Employee xmlns="urn:keystone:hr:2"><FirstName>' + b"x" * 500
    + b"</FirstName><LastName>B</LastName><StartDate>01/01/2026</StartDate></Employee>",
    b'<InternalMobility xmlns="urn:keystone:hr:2"><OpenToMove>yes</OpenToMove></InternalMobility>',
]


def test_malformed_xml_is_a_400_xml_error_never_a_5xx(api):
    import random
    rng = random.Random("keystone-fuzz")
    bodies = list(BAD_BODIES)
    for _ in range(60):  # mutate a valid document byte-wise
        b = bytearray(EMP)
        for _ in range(rng.randint(1, 4)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        bodies.append(bytes(b))
    writes = [(m, p) for m, p, _ in ENDPOINTS if m != "GET"]
    for body in bodies:
        for method, path in writes:
            r = api.call(method, path, body, headers={"If-Match": "*"})
            assert r.status_code < 500, (path, body, r.data)
            assert r.mimetype == "application/xml"
            if r.status_code >= 400:
                assert api.xml(r).tag == q("Error")
    r = api.post(f"{P}/employees", b'{"first_name": "A"}', ctype="application/json")
    assert r.status_code == 415 and api_code(api, r) == "unsupported_media_type"


def test_unknown_ids_and_routes_are_xml_404s(ro_api):
    for path in (f"{P}/employees/999999", f"{P}/employees/99999999999999999999999", f"{P}/onboarding-items/0",
                 f"{P}/equipment/424242", f"{P}/employees/424242/internal-mobility", f"{P}/nope"):
        r = ro_api.get(path)
        assert r.status_code == 404 and api_code(ro_api, r) == "not_found", path
    r = ro_api.call("DELETE", f"{P}/employees/1")
    assert r.status_code == 405 and api_code(ro_api, r) == "method_not_allowed"
