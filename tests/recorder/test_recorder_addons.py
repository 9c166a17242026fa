"""The recorder's addons in process (no proxy): the one chain entry that calls them in order
(recorder/master.py `RecorderAddons`), and the exchange row `Record` writes for a flow."""
from __future__ import annotations

import asyncio
import gzip
import json

import pytest
from mitmproxy.proxy.mode_specs import ProxyMode
from mitmproxy.test import taddons, tflow

from recorder.config import parse_config_text
from recorder.master import Recorder, RecorderAddons

NONCE = "unit-nonce-0001"


class Child:
    def __init__(self, name: str, calls: list, wait: bool = False) -> None:
        self.name, self.calls, self.wait = name, calls, wait

    def request(self, flow):
        self.calls.append(f"{self.name}:start")
        if self.wait:
            return self._later()
        return None

    async def _later(self):
        await asyncio.sleep(0)
        self.calls.append(f"{self.name}:done")


def test_children_are_called_in_order_each_after_the_last_one_finished():
    calls: list[str] = []
    addons = RecorderAddons(Child("a", calls), Child("b", calls, wait=True), Child("c", calls))
    pending = addons.request(object())
    assert calls == ["a:start", "b:start"]  # c waits for b's coroutine
    asyncio.run(pending)
    assert calls == ["a:start", "b:start", "b:done", "c:start"]


def test_no_coroutine_when_no_child_waits():
    calls: list[str] = []
    addons = RecorderAddons(Child("a", calls), Child("b", calls))
    assert addons.request(object()) is None and calls == ["a:start", "b:start"]
    assert not hasattr(addons, "response")  # a hook no child has is not offered to mitmproxy


def test_a_child_with_a_hook_the_chain_does_not_forward_is_refused():
    import mitmproxy.proxy.server_hooks  # noqa: F401  (defines client_connected)

    class Watcher:
        def client_connected(self, client):
            pass

    with pytest.raises(TypeError, match="client_connected"):
        RecorderAddons(Watcher())


@pytest.fixture
def chain(tmp_path):
    cfg = parse_config_text(json.dumps({
        "run_id": "unit", "out_dir": str(tmp_path), "nonce": NONCE,
        "vendors": [{"name": "placemint", "upstream_url": "http://127.0.0.1:9", "listen_port": 0}],
        "control": {"port": 0, "token": "unit-token-0001"}}), "test config")
    recorder = Recorder(cfg)
    runtime = recorder._prepare()
    from recorder.faults import Faults
    from recorder.guard import Guard
    from recorder.ratelimit import RateLimit
    from recorder.record import Record
    from recorder.webhooks import Webhooks

    kids = [Guard(runtime), Webhooks(runtime, cfg.webhook_keep), RateLimit(runtime, cfg.rate_limits),
            Faults(runtime), Record(runtime)]
    with taddons.context(*kids) as tctx:
        tctx.options.update(ib_nonce=NONCE, ib_phase="scenario:run-1", ib_run_id="unit")
        yield RecorderAddons(*kids), runtime, tmp_path


def _exchange(chain, request_headers: dict, request_body: bytes, response_headers: dict,
              response_body: bytes) -> dict:
    addons, runtime, out = chain
    flow = tflow.tflow(resp=True)
    flow.client_conn.proxy_mode = ProxyMode.parse(runtime.listeners[0].spec)
    flow.request.path = "/v1/items?n=1&q=a+b&r=%C3%A9"
    for k, v in request_headers.items():
        flow.request.headers[k] = v
    flow.request.raw_content = request_body
    response, flow.response = flow.response, None
    for k, v in response_headers.items():
        response.headers[k] = v
    response.raw_content = response_body
    addons.requestheaders(flow)
    addons.request(flow)
    assert flow.request.headers["x-ib-via"] == NONCE  # the guard's mark for the vendor
    flow.response = response
    addons.response(flow)
    runtime.trace.close(write_parquet=False)
    rows = [json.loads(line) for line in (out / "exchanges.jsonl").read_text().splitlines()]
    assert len(rows) == 1
    return rows[0]


def test_an_encoded_body_is_recorded_decoded(chain):
    row = _exchange(chain, {"content-encoding": "gzip"}, gzip.compress(b'{"name": "Ada"}'),
                    {"Content-Encoding": "gzip", "Content-Type": "application/json"},
                    gzip.compress(b'{"id": 7}'))
    assert row["req_body"] == '{"name": "Ada"}' and row["resp_body"] == '{"id": 7}'
    assert row["req_headers"]["content-encoding"] == "gzip"
    assert "x-ib-via" not in row["req_headers"]  # the nonce never reaches the trace
    assert row["query"] == {"n": ["1"], "q": ["a b"], "r": ["é"]}
    assert row["phase"] == "scenario:run-1" and row["vendor"] == "placemint"


def test_a_plain_body_is_recorded_as_sent(chain):
    row = _exchange(chain, {}, b'{"name": "Ada"}', {"Content-Type": "application/json"}, b"\xff\xfe")
    assert row["req_body"] == '{"name": "Ada"}' and row["req_body_encoding"] == "utf8"
    assert row["resp_body_encoding"] == "base64" and row["status"] == 200
