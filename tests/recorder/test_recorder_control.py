"""The control channel: token required, operations, errors; not reachable through a vendor
listener."""
from __future__ import annotations

import httpx
import pytest

from recorder.client import RecorderClient, RecorderControlError
from recorder_testkit import TOKEN, marker, wait_rows


def test_token_is_required(fresh):
    r = httpx.get(f"{fresh.control_url}/stats")
    assert r.status_code == 401 and "x-control-token" in r.json()["error"]
    with pytest.raises(RecorderControlError) as info:
        RecorderClient(fresh.control_url, "wrong-token-123").stats()
    assert info.value.status == 401


def test_unknown_operation_and_method(fresh):
    headers = {"X-Control-Token": TOKEN}
    assert httpx.get(f"{fresh.control_url}/nope", headers=headers).status_code == 404
    assert httpx.get(f"{fresh.control_url}/forge", headers=headers).status_code == 405
    r = httpx.post(f"{fresh.control_url}/phase", headers=headers, content=b"{not json")
    assert r.status_code == 400 and "JSON" in r.json()["error"]


def test_control_is_not_served_by_vendor_listeners(fresh):
    r = httpx.get(f"{fresh.vendor_url('placemint')}/stats", headers={"X-Control-Token": TOKEN})
    assert r.status_code == 404 and "exchanges" not in r.text  # the vendor's own 404


def test_phase_stats_and_flush(fresh):
    client = fresh.client()
    client.set_phase("scenario:sync-2")
    t = marker()
    httpx.get(f"{fresh.vendor_url('placemint')}/echo", params={"t": t})
    row = wait_rows(fresh.out_dir, lambda r: r["query"].get("t") == [t])[0]
    assert row["phase"] == "scenario:sync-2"
    stats = client.stats()
    assert stats["phase"] == "scenario:sync-2" and stats["exchanges"] >= 1 and stats["fatal"] is None
    assert stats["by_phase"]["scenario:sync-2"] >= 1 and "placemint" in stats["by_vendor"]
    assert client.flush()["exchanges"] == stats["exchanges"]
    with pytest.raises(RecorderControlError) as info:
        client.set_phase("bad\nphase")
    assert info.value.status == 400


def test_set_faults_accepts_yaml_text(fresh):
    out = fresh.client().set_faults("seed: 1\nrules:\n  - id: y\n    action: {status: 418}\n"
                                    "    match: {vendor: placemint, path: /echo}\n")
    assert out == {"active": True, "rules": ["y"]}
    assert httpx.get(f"{fresh.vendor_url('placemint')}/echo").status_code == 418
    assert fresh.client().clear_faults() == {"active": False}
    assert httpx.get(f"{fresh.vendor_url('placemint')}/echo").status_code == 200


def test_forge_needs_specs(fresh):
    with pytest.raises(RecorderControlError) as info:
        fresh.client().forge([])
    assert info.value.status == 400 and "forgeries" in str(info.value)
