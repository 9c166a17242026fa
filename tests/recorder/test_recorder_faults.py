"""Every fault action fires (seen from a real HTTP client) and stays silent when its rule does
not match or its `when` does not hold; each firing is recorded on the exchange."""
from __future__ import annotations

import email.utils
import json
import socket
import time
import xml.etree.ElementTree as ET

import httpx
import pytest

from recorder_testkit import marker, read_events, wait_rows
from recorder.client import RecorderControlError


def rule(rule_id, action, match=None, when=None, **extra):
    r = {"id": rule_id, "match": {"vendor": "placemint", **(match or {})}, "action": action}
    if when is not None:
        r["when"] = when
    r.update(extra)
    return r


def profile(*rules, seed=7):
    return {"seed": seed, "rules": list(rules)}


def rows_for(rec, tag, count=1):
    return wait_rows(rec.out_dir, lambda r: r["query"].get("t") == [tag], count)


@pytest.fixture
def base(fresh):
    return fresh.vendor_url("placemint")


def raw_request(port: int, request: bytes, timeout: float = 5.0) -> tuple[bytes, BaseException | None]:
    """Send raw bytes, read until EOF/error; returns (bytes received, exception or None)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    data, err = b"", None
    try:
        sock.sendall(request)
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    except OSError as exc:
        err = exc
    finally:
        sock.close()
    return data, err


# -- status -------------------------------------------------------------------------------------

def test_status_with_retry_after_fires_on_nth_only(fresh, base):
    fresh.client().set_faults(profile(rule("flaky", {"status": 503, "retry_after": 2},
                                           match={"method": "GET", "path": "/v1/items*"}, when={"nth": [2]})))
    t = marker()
    with httpx.Client() as c:
        statuses = [c.get(f"{base}/v1/items", params={"t": t}) for _ in range(3)]
    assert [r.status_code for r in statuses] == [200, 503, 200]
    assert statuses[1].headers["retry-after"] == "2"
    assert "retry-after" not in statuses[0].headers
    rows = rows_for(fresh, t, 3)
    assert [(r["fault"], r["fault_action"], r["upstream_called"], r["client_saw"]) for r in rows] == [
        (None, None, True, "full"), ("flaky", "status", False, "full"), (None, None, True, "full")]
    assert rows[1]["status"] == 503
    faults = [e for e in read_events(fresh.out_dir) if e["type"] == "fault" and e["seq"] == rows[1]["seq"]]
    assert faults and faults[0]["rule"] == "flaky" and faults[0]["action"] == "status"


def test_status_silent_when_match_differs(fresh, base):
    fresh.client().set_faults(profile(
        rule("writes", {"status": 500}, match={"method": "POST"}),
        rule("other-path", {"status": 500}, match={"path": "/v2/*"}),
        rule("other-phase", {"status": 500}, match={"phase": "scenario:*"}),
        rule("other-vendor", {"status": 500}, match={"vendor": "talentforge"}),
        rule("receiver-only", {"status": 500}, match={"direction": "to_receiver"}),
    ))
    t = marker()
    r = httpx.get(f"{base}/v1/items", params={"t": t})
    assert r.status_code == 200
    assert rows_for(fresh, t)[0]["fault"] is None


def test_status_retry_after_http_date_body_and_headers(fresh, base):
    fresh.client().set_faults(profile(rule("date", {"status": 429, "retry_after": 30, "retry_after_date": True,
                                                    "body": {"error": "slow down"}, "headers": {"X-Why": "test"}})))
    t = marker()
    r = httpx.get(f"{base}/v1/items", params={"t": t})
    assert r.status_code == 429 and r.json() == {"error": "slow down"} and r.headers["x-why"] == "test"
    when = email.utils.parsedate_to_datetime(r.headers["retry-after"]).timestamp()
    assert 25 <= when - time.time() <= 32


def test_after_upstream_status_on_write_and_read(fresh, base):
    apps = fresh.apps["placemint"]
    fresh.client().set_faults(profile(
        rule("gw-write", {"status": 504}, match={"method": "POST", "path": "/v1/items"}, after_upstream=True),
        rule("gw-read", {"status": 504}, match={"method": "GET", "path": "/v1/touch"}, after_upstream=True),
    ))
    t = marker()
    before_items, before_touch = len(apps.items), apps.touches
    w = httpx.post(f"{base}/v1/items", params={"t": t}, json={"k": t})
    g = httpx.get(f"{base}/v1/touch", params={"t": t})
    assert w.status_code == 504 and g.status_code == 504
    assert len(apps.items) == before_items + 1 and apps.items[-1] == {"k": t}  # the vendor committed
    assert apps.touches == before_touch + 1
    rows = rows_for(fresh, t, 2)
    assert all(r["upstream_called"] and r["status"] == 504 and r["fault_action"] == "status" for r in rows)
    assert "vendor answered 201" in rows[0]["error"]


# -- delay --------------------------------------------------------------------------------------

def test_delay_ms_fires_and_is_silent_otherwise(fresh, base):
    fresh.client().set_faults(profile(rule("slow", {"delay_ms": 400}, match={"path": "/echo"}, when={"first": 1})))
    t = marker()
    with httpx.Client() as c:
        t0 = time.monotonic()
        r1 = c.get(f"{base}/echo", params={"t": t})
        d1 = time.monotonic() - t0
        t0 = time.monotonic()
        r2 = c.get(f"{base}/echo", params={"t": t})
        d2 = time.monotonic() - t0
    assert r1.status_code == r2.status_code == 200
    assert d1 >= 0.4 and d2 < 0.3
    rows = rows_for(fresh, t, 2)
    assert rows[0]["fault_action"] == "delay_ms" and rows[0]["upstream_called"] and rows[0]["client_saw"] == "full"
    assert rows[1]["fault"] is None


def test_delay_after_upstream(fresh, base):
    fresh.client().set_faults(profile(rule("slow-resp", {"delay_ms": 300}, match={"path": "/echo"}, after_upstream=True)))
    t = marker()
    t0 = time.monotonic()
    assert httpx.get(f"{base}/echo", params={"t": t}).status_code == 200
    assert time.monotonic() - t0 >= 0.3


# -- timeout ------------------------------------------------------------------------------------

def test_timeout_holds_until_the_client_gives_up(fresh, base):
    fresh.client().set_faults(profile(rule("hang", {"timeout": True}, match={"path": "/v1/items"}, when={"nth": [1]})))
    t = marker()
    with pytest.raises(httpx.ReadTimeout):
        httpx.get(f"{base}/v1/items", params={"t": t}, timeout=1.0)
    row = rows_for(fresh, t)[0]
    assert row["client_saw"] == "timeout" and row["status"] is None and row["upstream_called"] is False
    assert row["fault"] == "hang" and row["fault_action"] == "timeout"
    assert "client gave up" in row["error"] and 0.9 <= row["duration_ms"] / 1000 < 3
    # silent on the next request
    assert httpx.get(f"{base}/v1/items", params={"t": t}).status_code == 200


def test_timeout_bounded_hold_then_closes(fresh, base):
    fresh.client().set_faults(profile(rule("hang2", {"timeout": 1}, match={"path": "/v1/items"})))
    t = marker()
    t0 = time.monotonic()
    with pytest.raises(httpx.RemoteProtocolError):
        httpx.get(f"{base}/v1/items", params={"t": t}, timeout=10)
    assert 0.9 <= time.monotonic() - t0 < 3
    row = rows_for(fresh, t)[0]
    assert row["client_saw"] == "timeout" and "held" in row["error"]


# -- reset --------------------------------------------------------------------------------------

def test_tcp_reset_sends_rst(fresh, base):
    """recorder.netfault.tcp_reset: the client sees ECONNRESET, not a clean close."""
    fresh.client().set_faults(profile(rule("rst", {"reset": True}, match={"path": "/v1/items"})))
    t = marker()
    port = fresh.vendor_ports["placemint"]
    data, err = raw_request(port, f"GET /v1/items?t={t} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    assert data == b""
    assert isinstance(err, ConnectionResetError)
    row = rows_for(fresh, t)[0]
    assert row["client_saw"] == "reset" and row["status"] is None and row["upstream_called"] is False
    assert "RST" in row["error"]
    with pytest.raises(httpx.ReadError):  # httpx too: ECONNRESET
        httpx.get(f"{base}/v1/items", params={"t": t})


def test_reset_after_upstream_commits(fresh, base):
    apps = fresh.apps["placemint"]
    fresh.client().set_faults(profile(rule("rst-after", {"reset": True}, match={"method": "POST"}, after_upstream=True)))
    t = marker()
    before = len(apps.items)
    body = json.dumps({"k": t})
    data, err = raw_request(fresh.vendor_ports["placemint"],
                            (f"POST /v1/items?t={t} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                             f"Content-Length: {len(body)}\r\n\r\n{body}").encode())
    assert isinstance(err, ConnectionResetError) and data == b""
    assert len(apps.items) == before + 1
    row = rows_for(fresh, t)[0]
    assert row["client_saw"] == "reset" and row["upstream_called"] is True and row["status"] is None


def test_reset_silent_when_not_nth(fresh, base):
    fresh.client().set_faults(profile(rule("rst", {"reset": True}, when={"nth": [5]})))
    t = marker()
    assert httpx.get(f"{base}/v1/items", params={"t": t}).status_code == 200


# -- truncate / malformed -----------------------------------------------------------------------

def test_truncate_keeps_content_length_and_closes(fresh, base):
    fresh.client().set_faults(profile(rule("cut", {"truncate": 0.5}, match={"path": "/v1/big"})))
    t = marker()
    data, err = raw_request(fresh.vendor_ports["placemint"], f"GET /v1/big?t={t} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    head, _, body = data.partition(b"\r\n\r\n")
    length = int([l for l in head.split(b"\r\n") if l.lower().startswith(b"content-length")][0].split(b":")[1])
    assert err is None and 0 < len(body) < length and abs(len(body) - length // 2) <= 1
    assert b"connection: close" in head.lower()
    with pytest.raises(httpx.RemoteProtocolError):
        httpx.get(f"{base}/v1/big", params={"t": t})
    row = rows_for(fresh, t)[0]
    assert row["client_saw"] == "truncated" and row["status"] == 200 and row["upstream_called"]
    assert len(row["resp_body"]) == len(body) and row["fault_action"] == "truncate"


def test_truncate_silent_on_other_paths(fresh, base):
    fresh.client().set_faults(profile(rule("cut", {"truncate": 0.5}, match={"path": "/v1/big"})))
    t = marker()
    r = httpx.get(f"{base}/v1/items", params={"t": t})
    assert r.status_code == 200 and r.json()["total"] >= 0


def test_malformed_json_xml_text(fresh, base):
    fresh.client().set_faults(profile(rule("bad", {"malformed": True}, match={"path": "/v1/*"})))
    t = marker()
    with httpx.Client() as c:
        j = c.get(f"{base}/v1/items", params={"t": t})
        x = c.get(f"{base}/v1/xml", params={"t": t})
        s = c.get(f"{base}/v1/text", params={"t": t})
    assert j.headers["content-type"] == "application/json"
    with pytest.raises(ValueError):
        json.loads(j.content)
    with pytest.raises(ET.ParseError):
        ET.fromstring(x.content)
    with pytest.raises(UnicodeDecodeError):
        s.content.decode("utf-8")
    rows = rows_for(fresh, t, 3)
    assert {r["fault_action"] for r in rows} == {"malformed"} and all(r["client_saw"] == "full" for r in rows)
    assert rows[2]["resp_body_encoding"] == "base64"


def test_malformed_silent_when_when_fails(fresh, base):
    fresh.client().set_faults(profile(rule("bad", {"malformed": True}, when={"after": 3})))
    t = marker()
    with httpx.Client() as c:
        bodies = [c.get(f"{base}/v1/items", params={"t": t}) for _ in range(4)]
    for r in bodies[:3]:
        r.json()
    with pytest.raises(ValueError):
        bodies[3].json()


# -- commit_then_drop ---------------------------------------------------------------------------

def test_commit_then_drop_on_write_and_side_effecting_read(fresh, base):
    apps = fresh.apps["placemint"]
    fresh.client().set_faults(profile(
        rule("ctd-w", {"commit_then_drop": True}, match={"method": "POST", "path": "/v1/items"}),
        rule("ctd-r", {"commit_then_drop": True}, match={"method": "GET", "path": "/v1/touch"}),
    ))
    t = marker()
    before_items, before_touch = len(apps.items), apps.touches
    with pytest.raises(httpx.RemoteProtocolError):
        httpx.post(f"{base}/v1/items", params={"t": t}, json={"k": t})
    with pytest.raises(httpx.RemoteProtocolError):
        httpx.get(f"{base}/v1/touch", params={"t": t})
    assert len(apps.items) == before_items + 1 and apps.items[-1] == {"k": t}
    assert apps.touches == before_touch + 1
    rows = rows_for(fresh, t, 2)
    for row in rows:
        assert row["client_saw"] == "none" and row["status"] is None and row["upstream_called"] is True
        assert row["resp_body"] is None and row["fault_action"] == "commit_then_drop"
    assert "vendor answered 201" in rows[0]["error"]


def test_commit_then_drop_silent_for_first_n(fresh, base):
    fresh.client().set_faults(profile(rule("ctd", {"commit_then_drop": True}, match={"method": "POST"}, when={"every": 2})))
    t = marker()
    assert httpx.post(f"{base}/v1/items", params={"t": t}, json={}).status_code == 201
    with pytest.raises(httpx.RemoteProtocolError):
        httpx.post(f"{base}/v1/items", params={"t": t}, json={})
    assert httpx.post(f"{base}/v1/items", params={"t": t}, json={}).status_code == 201


# -- duplicate (webhook deliveries) -------------------------------------------------------------

def test_duplicate_delivers_twice_to_the_receiver(fresh):
    fresh.client().set_faults(profile(rule("dup", {"duplicate": True}, match={"path": "/hooks/*"}, when={"nth": [1]})))
    recv = fresh.receiver_app
    t = marker()
    body = json.dumps({"id": f"evt_{t}", "type": "placement.created", "data": {"status": "active"}})
    before = len(recv.deliveries)
    r = httpx.post(f"{fresh.receiver_url}/hooks/placemint", params={"t": t}, content=body,
                   headers={"Content-Type": "application/json", "Placemint-Signature": "t=1,v1=00"})
    assert r.status_code == 200
    deadline = time.monotonic() + 5
    while len(recv.deliveries) < before + 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    got = recv.deliveries[before:]
    assert len(got) == 2 and got[0]["body"] == got[1]["body"] == body.encode()
    assert got[1]["headers"]["placemint-signature"] == "t=1,v1=00"
    rows = rows_for(fresh, t, 2)
    assert [(r["direction"], r["fault"], r["fault_action"]) for r in rows] == [("to_receiver", "dup", "duplicate")] * 2
    # silent on the second delivery (nth: [1])
    httpx.post(f"{fresh.receiver_url}/hooks/placemint", params={"t": t}, content=body,
               headers={"Content-Type": "application/json"})
    time.sleep(0.3)
    assert len(recv.deliveries) == before + 3


# -- when ---------------------------------------------------------------------------------------

def test_when_first_every_after(fresh, base):
    fresh.client().set_faults(profile(
        rule("first2", {"status": 501}, match={"path": "/echo"}, when={"first": 2}),
        rule("every3", {"status": 502}, match={"path": "/v1/items"}, when={"every": 3}),
        rule("after4", {"status": 503}, match={"path": "/v1/touch"}, when={"after": 4}),
    ))
    with httpx.Client() as c:
        echo = [c.get(f"{base}/echo").status_code for _ in range(4)]
        items = [c.get(f"{base}/v1/items").status_code for _ in range(6)]
        touch = [c.get(f"{base}/v1/touch").status_code for _ in range(6)]
    assert echo == [501, 501, 200, 200]
    assert items == [200, 200, 502, 200, 200, 502]
    assert touch == [200, 200, 200, 200, 503, 503]


def test_when_prob_is_seeded(fresh, base):
    prof = profile(rule("coin", {"status": 500}, match={"path": "/echo"}, when={"prob": 0.5}), seed=42)
    runs = []
    for _ in range(2):
        fresh.client().set_faults(prof)  # re-activation restarts counters and RNGs
        with httpx.Client() as c:
            runs.append([c.get(f"{base}/echo").status_code for _ in range(20)])
    assert runs[0] == runs[1]
    assert 500 in runs[0] and 200 in runs[0]
    fresh.client().set_faults({**prof, "seed": 43})
    with httpx.Client() as c:
        other = [c.get(f"{base}/echo").status_code for _ in range(20)]
    assert other != runs[0]


def test_when_window(fresh, base):
    fresh.client().set_faults(profile(rule("win", {"status": 503}, match={"path": "/echo"}, when={"window_s": [0, 0.6]})))
    assert httpx.get(f"{base}/echo").status_code == 503
    time.sleep(0.8)
    assert httpx.get(f"{base}/echo").status_code == 200


def test_first_firing_rule_wins_and_all_count(fresh, base):
    fresh.client().set_faults(profile(
        rule("a", {"status": 501}, match={"path": "/echo"}, when={"nth": [2]}),
        rule("b", {"status": 502}, match={"path": "/echo"}, when={"nth": [2, 3]}),
    ))
    with httpx.Client() as c:
        got = [c.get(f"{base}/echo").status_code for _ in range(4)]
    assert got == [200, 501, 502, 200]
    stats = fresh.client().stats()["faults"]
    assert stats["a"] == {"matched": 4, "fired": 1} and stats["b"] == {"matched": 4, "fired": 1}


def test_phase_match_and_tagging(fresh, base):
    client = fresh.client()
    client.set_faults(profile(rule("in-step", {"status": 503}, match={"phase": "scenario:run*"})))
    t = marker()
    assert httpx.get(f"{base}/echo", params={"t": t}).status_code == 200
    client.set_phase("scenario:run1")
    assert httpx.get(f"{base}/echo", params={"t": t}).status_code == 503
    rows = rows_for(fresh, t, 2)
    assert [r["phase"] for r in rows] == ["agent", "scenario:run1"]


# -- profile validation -------------------------------------------------------------------------

def test_malformed_profile_names_rule_and_field(fresh):
    client = fresh.client()
    bad = {"seed": 1, "rules": [
        {"id": "ok", "action": {"status": 503}},
        {"id": "flaky-candidates", "match": {"vendor": "placemint"}, "action": {"status": 503, "retry_afterr": 2}},
    ]}
    with pytest.raises(RecorderControlError) as info:
        client.set_faults(bad)
    msg = str(info.value)
    assert info.value.status == 400
    assert "flaky-candidates" in msg and "retry_afterr" in msg
    with pytest.raises(RecorderControlError) as info:
        client.set_faults("seed: 1\nrules:\n  - id: two\n    action: {status: 503, reset: true}\n")
    assert "two" in str(info.value) and "choose one action" in str(info.value)
    with pytest.raises(RecorderControlError) as info:
        client.set_faults({"rules": [{"id": "w", "when": {"prob": 1.5}, "action": {"status": 500}}]})
    assert "'w'" in str(info.value) and "when.prob" in str(info.value)
    # the previous (empty) profile stays active
    assert client.stats()["faults"] == {}
