"""The guard, the exchange rows (docs/trace-format.md), no loss under concurrency (jsonl and
parquet), durability after SIGKILL, and the bundle manifest."""
from __future__ import annotations

import base64
import concurrent.futures
import hashlib
import http.client
import json
import threading
import time

import duckdb
import httpx
import pytest

from bundle.manifest import read_manifest, verify_manifest
from bundle.signing import seal_bundle
from recorder.process import start_recorder
from bundle.exchanges import EXCHANGE_COLUMNS
from recorder_testkit import NONCE, make_config, marker, read_rows, wait_rows


# -- guard --------------------------------------------------------------------------------------

def test_guard_adds_nonce_upstream_but_not_in_the_trace(fresh):
    t = marker()
    seen = httpx.get(f"{fresh.vendor_url('placemint')}/headers", params={"t": t}).json()
    assert seen["x-ib-via"] == NONCE
    row = wait_rows(fresh.out_dir, lambda r: r["query"].get("t") == [t])[0]
    assert "x-ib-via" not in row["req_headers"]


def test_guard_blocks_control_paths(fresh):
    app = fresh.apps["placemint"]
    base = fresh.vendor_url("placemint")
    hits = app.control_hits
    for path in ("/_control/reset", "/_control", "/%5Fcontrol/dump", "//_control/health", "/v1/../_control/x"):
        r = httpx.post(base + path, json={"dataset": "x"}) if path.endswith("reset") else httpx.get(base + path)
        assert r.status_code == 404, path
    assert app.control_hits == hits
    assert httpx.get(base + "/v1/_controlled").status_code == 404  # a vendor 404, not the guard's
    rows = wait_rows(fresh.out_dir, lambda r: r["path"].startswith("/_control"), 2)
    assert all(r["status"] == 404 and r["upstream_called"] is False for r in rows)


def test_guard_does_not_send_nonce_to_the_receiver(fresh):
    httpx.post(f"{fresh.receiver_url}/hooks/placemint", content=b"{}", headers={"Placemint-Signature": "t=1,v1=0"})
    time.sleep(0.2)
    assert "x-ib-via" not in fresh.receiver_app.deliveries[-1]["headers"]


# -- rows ---------------------------------------------------------------------------------------

def test_row_has_exactly_the_documented_columns(fresh):
    t = marker()
    httpx.post(f"{fresh.vendor_url('placemint')}/echo", params={"t": t, "a": ["1", "2"], "b": ""},
               content="héllo", headers={"X-Mixed-Case": "v", "x-multi": "1"})
    row = wait_rows(fresh.out_dir, lambda r: r["query"].get("t") == [t])[0]
    assert list(row) == list(EXCHANGE_COLUMNS)
    assert row["query"] == {"t": [t], "a": ["1", "2"], "b": [""]}
    assert row["path"] == "/echo" and row["url"].endswith(f"/echo?t={t}&a=1&a=2&b=")
    assert all(k == k.lower() for k in row["req_headers"]) and all(k == k.lower() for k in row["resp_headers"])
    assert row["req_headers"]["x-mixed-case"] == "v"
    assert row["req_body"] == "héllo" and row["req_body_encoding"] == "utf8"
    assert row["direction"] == "to_vendor" and row["vendor"] == "placemint" and row["phase"] == "agent"
    assert row["started_at"].endswith("Z") and row["ended_at"] >= row["started_at"]
    assert row["status"] == 200 and row["client_saw"] == "full" and row["error"] is None
    assert isinstance(row["duration_ms"], float)


def test_repeated_headers_are_joined(fresh):
    t = marker()
    httpx.get(f"{fresh.vendor_url('placemint')}/echo", params={"t": t}, headers=[("X-Rep", "a"), ("X-Rep", "b")])
    row = wait_rows(fresh.out_dir, lambda r: r["query"].get("t") == [t])[0]
    assert row["req_headers"]["x-rep"] == "a, b"


def test_binary_body_is_base64(fresh):
    t = marker()
    r = httpx.get(f"{fresh.vendor_url('placemint')}/v1/bin", params={"t": t})
    row = wait_rows(fresh.out_dir, lambda x: x["query"].get("t") == [t])[0]
    assert row["resp_body_encoding"] == "base64" and base64.b64decode(row["resp_body"]) == r.content


def test_unreachable_vendor_is_recorded(tmp_path, work_dir):
    """The vendor is down: the client gets a 502, the row says why."""
    cfg = make_config(tmp_path / "b", {}, None, work_dir=work_dir)
    cfg["vendors"] = [{"name": "ghost", "upstream_url": "http://127.0.0.1:9", "listen_port": 0}]
    handle = start_recorder(cfg, timeout=60)
    try:
        r = httpx.get(f"{handle.vendor_url('ghost')}/v1/x")
        assert r.status_code == 502
        row = wait_rows(handle.out_dir, lambda x: True)[0]
        assert row["status"] == 502 and row["upstream_called"] is False and row["error"]
    finally:
        assert handle.stop() == 0


# -- no loss ------------------------------------------------------------------------------------

def _hammer(port: int, total: int, concurrency: int) -> dict[str, bytes]:
    """`total` POSTs with unique bodies over `concurrency` keep-alive connections;
    returns request body -> response body."""
    results: dict[str, bytes] = {}
    lock = threading.Lock()
    counter = iter(range(total))

    def worker():
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while True:
            with lock:
                i = next(counter, None)
            if i is None:
                break
            body = f"req-{i}-{'x' * (i % 50)}"
            conn.request("POST", f"/echo?n={i}", body=body, headers={"Content-Type": "text/plain"})
            resp = conn.getresponse()
            data = resp.read()
            assert resp.status == 200
            with lock:
                results[body] = data
        conn.close()

    with concurrent.futures.ThreadPoolExecutor(concurrency) as pool:
        for f in [pool.submit(worker) for _ in range(concurrency)]:
            f.result()
    return results


def _check_no_loss(tmp_path, upstreams, work_dir, total):
    _, served = upstreams
    out = tmp_path / "bundle"
    handle = start_recorder(make_config(out, {"placemint": served["placemint"]}, work_dir=work_dir), timeout=60)
    try:
        sent = _hammer(handle.vendor_ports["placemint"], total, 8)
    finally:
        assert handle.stop() == 0
    assert len(sent) == total
    rows = read_rows(out)
    assert len(rows) == total
    assert sorted(r["seq"] for r in rows) == list(range(1, total + 1))
    by_body = {r["req_body"]: r for r in rows}
    assert len(by_body) == total
    for body, resp in sent.items():
        assert by_body[body]["resp_body"] == resp.decode() and by_body[body]["status"] == 200
    con = duckdb.connect()
    pq = str(out / "exchanges.parquet")
    assert con.execute(f"SELECT count(*), count(DISTINCT seq) FROM '{pq}'").fetchone() == (total, total)
    digest = lambda rows_: hashlib.sha256("\n".join(sorted(f"{a}|{b}" for a, b in rows_)).encode()).hexdigest()
    pq_rows = con.execute(f"SELECT req_body, resp_body FROM '{pq}'").fetchall()
    assert digest(pq_rows) == digest((r["req_body"], r["resp_body"]) for r in rows)
    types = dict(con.execute(f"SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM '{pq}')").fetchall())
    assert types["query"] == "JSON" and types["started_at"] == "TIMESTAMP" and types["status"] == "INTEGER"
    assert con.execute(f"SELECT count(*) FROM '{pq}' WHERE req_headers->>'content-type' = 'text/plain'").fetchone()[0] == total


def test_no_loss_300_requests(tmp_path, upstreams, work_dir):
    _check_no_loss(tmp_path, upstreams, work_dir, 300)


@pytest.mark.slow
@pytest.mark.timeout(240)
def test_no_loss_10000_requests_concurrency_8(tmp_path, upstreams, work_dir):
    _check_no_loss(tmp_path, upstreams, work_dir, 10_000)


# -- durability ---------------------------------------------------------------------------------

def test_sigkill_keeps_every_answered_exchange(tmp_path, upstreams, work_dir):
    _, served = upstreams
    out = tmp_path / "bundle"
    handle = start_recorder(make_config(out, {"placemint": served["placemint"]}, work_dir=work_dir), timeout=60)
    port = handle.vendor_ports["placemint"]
    answered: list[str] = []
    lock = threading.Lock()
    stop = threading.Event()

    def worker(w):
        i = 0
        while not stop.is_set():
            body = f"w{w}-{i}"
            i += 1
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                conn.request("POST", "/echo", body=body)
                resp = conn.getresponse()
                resp.read()
                conn.close()
            except (OSError, http.client.HTTPException):  # the recorder was killed
                return
            if resp.status == 200:
                with lock:
                    answered.append(body)

    threads = [threading.Thread(target=worker, args=(w,)) for w in range(4)]
    for th in threads:
        th.start()
    time.sleep(1.0)
    handle.kill()
    stop.set()
    for th in threads:
        th.join(10)
    assert len(answered) > 20
    lines = (out / "exchanges.jsonl").read_text(encoding="utf-8").splitlines()
    rows = [json.loads(line) for line in lines]  # every line parses
    recorded = {r["req_body"] for r in rows}
    missing = [b for b in answered if b not in recorded]
    assert not missing
    assert not (out / "exchanges.parquet").exists()


# -- manifest -----------------------------------------------------------------------------------

def test_bundle_written_by_the_recorder_seals_and_verifies(tmp_path, upstreams, work_dir):
    _, served = upstreams
    out = tmp_path / "bundle"
    handle = start_recorder(make_config(out, {"placemint": served["placemint"]}, work_dir=work_dir), timeout=60)
    httpx.get(f"{handle.vendor_url('placemint')}/v1/items")
    assert handle.stop() == 0
    (out / "logs").mkdir()
    (out / "logs" / "agent.stdout").write_text("hello\n")
    (out / "verdict.json").write_text("{}")
    manifest = seal_bundle(out, {"schema_version": 1, "run_id": "r1", "agent": "oracle"})
    assert set(manifest["files"]) == {"events.jsonl", "exchanges.jsonl", "exchanges.parquet", "ready.json",
                                      "logs/agent.stdout"}
    assert manifest["files"]["logs/agent.stdout"] == hashlib.sha256(b"hello\n").hexdigest()
    assert verify_manifest(out, read_manifest(out)) == []
    (out / "logs" / "agent.stdout").write_text("tampered\n")
    assert verify_manifest(out, read_manifest(out))[0].startswith("changed file logs/agent.stdout")