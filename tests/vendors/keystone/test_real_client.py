"""Keystone over real HTTP (waitress + urllib), as an integration would use it: a GET–PUT
conflict injected by the control plane gives 412 on the stale If-Match, re-reading and
re-applying succeeds; a PUT without If-Match is 428; dd/mm/yyyy survives the round trip."""
from __future__ import annotations

import json
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET

import pytest

from vendors.kit.serve import serve_in_thread

from .helpers import NONCE, NS, P, TOKEN, basic, make_app, q


@pytest.fixture
def served():
    s = serve_in_thread("keystone", make_app())
    yield s
    s.stop()


def call(base, method, path, body: bytes | None = None, headers=None, control=False):
    h = {"X-Control-Token": TOKEN, "Content-Type": "application/json"} if control else {
        "Authorization": basic(), "X-IB-Via": NONCE, "Content-Type": "application/xml"}
    h.update(headers or {})
    req = urllib.request.Request(base + path, data=body, method=method, headers=h)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


def set_field(xml: bytes, name: str, value: str) -> bytes:
    ET.register_namespace("", NS)
    root = ET.fromstring(xml)
    root.find(q(name)).text = value
    for ro in ("Id", "EmployeeNo", "CreatedAt", "UpdatedAt"):
        root.remove(root.find(q(ro)))
    for el in list(root):
        if el.get("nil") == "true":
            root.remove(el)
    return ET.tostring(root)


def test_stale_if_match_then_success_after_rereading_over_http(served):
    base = served.base_url
    _, _, body = call(base, "GET", f"{P}/employees/5")
    status, _, err = call(base, "PUT", f"{P}/employees/5", set_field(body, "StartDate", "13/07/2026"))
    assert status == 428 and ET.fromstring(err).find(q("Code")).text == "precondition_required"

    rule = {"id": "hr-phone", "on": {"method": "PUT", "path": f"{P}/employees/5"}, "nth": 1,
            "ops": [{"op": "update", "table": "employees", "id": 5, "values": {"phone": "+44 20 7946 0001"}}]}
    status, _, _ = call(base, "POST", "/_control/config",
                        json.dumps({"settings": {"scheduled_mutations": [rule]}}).encode(), control=True)
    assert status == 200

    status, headers, body = call(base, "GET", f"{P}/employees/5")
    assert status == 200 and headers["Content-Type"].startswith("application/xml")
    etag = headers["ETag"]
    mine = set_field(body, "StartDate", "13/07/2026")

    status, headers, err = call(base, "PUT", f"{P}/employees/5", mine, {"If-Match": etag})
    assert status == 412 and ET.fromstring(err).find(q("Code")).text == "precondition_failed"

    status, headers, body = call(base, "GET", f"{P}/employees/5")  # re-read: HR's phone edit is there
    assert headers["ETag"] != etag and ET.fromstring(body).find(q("Phone")).text == "+44 20 7946 0001"
    status, headers2, saved = call(base, "PUT", f"{P}/employees/5", set_field(body, "StartDate", "13/07/2026"),
                                   {"If-Match": headers["ETag"]})
    assert status == 200 and headers2["ETag"] != headers["ETag"]
    root = ET.fromstring(saved)
    assert root.find(q("StartDate")).text == "13/07/2026" and root.find(q("Phone")).text == "+44 20 7946 0001"
    _, _, again = call(base, "GET", f"{P}/employees/5")
    assert ET.fromstring(again).find(q("StartDate")).text == "13/07/2026"
