"""Probes of the control plane (vendors/kit/guard.py `log_control_probe`, vendors/kit/control_plane.py):
a `/_control` request without the run's control token still gets the plain 404, and is now
logged in the bypass log (reason `control_probe`), which survives resets and is dumped at every
checkpoint. The harness's own control calls carry the token and are never logged."""
from __future__ import annotations

import pytest

from vendors.kit.app import build_app

from .toy import SPEC

TOKEN = "ctl-token-probe"
NONCE = "via-nonce-probe"


@pytest.fixture
def client():
    return build_app(SPEC, {"CONTROL_TOKEN": TOKEN, "VIA_NONCE": NONCE, "DELIVERIES": False}).test_client()


def control(client, path, body=None, method="POST"):
    r = client.open(f"/_control/{path}", method=method, json=body, headers={"X-Control-Token": TOKEN})
    assert r.status_code == 200, r.get_data(as_text=True)
    return r.json


def bypass_log(client) -> list[dict]:
    t = control(client, "dump", method="GET")["tables"]["bypass_log"]
    names = [c["name"] for c in t["columns"]]
    return [dict(zip(names, row)) for row in t["rows"]]


@pytest.mark.parametrize("method,path,headers", [
    ("GET", "/_control/dump", {}),                                   # no token at all
    ("POST", "/_control/reset", {"X-Control-Token": "guessed"}),     # a wrong token
    ("GET", "/_control", {}),                                        # the bare prefix
    ("GET", "/%5Fcontrol/health", {}),                               # encoded, as the router decodes it
    ("DELETE", "/_control/faults", {}),                              # any method, unknown op
])
def test_a_probe_without_the_token_is_logged_and_still_a_plain_404(client, method, path, headers):
    unknown = client.get("/no/such/path", headers={"X-IB-Via": NONCE})
    r = client.open(path, method=method, headers=headers)
    assert r.status_code == 404
    assert r.get_data() == unknown.get_data()  # the same answer as a path that does not exist
    assert r.headers.get("Content-Type") == unknown.headers.get("Content-Type")
    rows = bypass_log(client)
    assert len(rows) == 1
    assert rows[0]["reason"] == "control_probe" and rows[0]["method"] == method
    assert rows[0]["path"].startswith("/_control") and rows[0]["at"]


def test_a_probe_carrying_the_nonce_is_marked_as_having_passed_the_proxy(client):
    # The recorder answers every control path itself; one reaching the vendor with the nonce
    # means the recorder's path check missed it: still a probe, with its own reason.
    assert client.get("/_control/dump", headers={"X-IB-Via": NONCE}).status_code == 404
    assert [r["reason"] for r in bypass_log(client)] == ["control_probe_via_proxy"]


def test_probes_survive_a_reset_like_every_bypass(client):
    client.get("/_control/dump")
    client.get("/v1/widgets")  # no nonce: an ordinary bypass, 403
    control(client, "reset", {"dataset": "small", "seed": 2})
    assert sorted(r["reason"] for r in bypass_log(client)) == ["control_probe", "missing_via"]


def test_the_harness_control_traffic_is_not_logged(client):
    control(client, "health", method="GET")
    control(client, "reset", {"dataset": "small", "seed": 3})
    control(client, "clock", {"advance_s": 5})
    control(client, "config", {"settings": {}})
    control(client, "outbox", method="GET")
    # a valid token on a control path that does not exist is the harness's mistake, not a probe
    r = client.get("/_control/nope", headers={"X-Control-Token": TOKEN})
    assert r.status_code == 404
    assert bypass_log(client) == []


def test_standalone_vendor_without_a_nonce_still_logs_probes():
    # `ibench vendors serve` (no nonce): bypasses are not a thing there, probes are still noted
    c = build_app(SPEC, {"CONTROL_TOKEN": TOKEN, "DELIVERIES": False}).test_client()
    assert c.get("/_control/dump").status_code == 404
    assert [r["reason"] for r in bypass_log(c)] == ["control_probe"]
