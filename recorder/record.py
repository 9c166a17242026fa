"""record addon: writes one exchange row per flow (docs/trace-format.md), including the ones
answered by the guard, the rate limiter or a fault, forged deliveries and duplicate copies.

It is the last addon of the chain: it writes in `response` (before the response goes to the
client, so an exchange whose response reached the client is always in the trace) or in `error`.
It records what the client saw, not what the vendor answered. A write failure stops the run
(`Runtime.fail`) and the flow is killed, so the client never gets an unrecorded response."""
from __future__ import annotations

import logging
import time

from mitmproxy import ctx, exceptions, http
from mitmproxy.flow import Error

from .netfault import client_gone
from .addon_state import Runtime, meta
from bundle.exchanges import TraceWriteError, encode_body, headers_json, iso_utc, query_json

logger = logging.getLogger("recorder.record")


def _content(message: http.Message, headers: dict[str, str]) -> bytes | None:
    """The body as `get_content(strict=False)` gives it. `headers` is the message's header row
    (names lower-case): without a content-encoding there is nothing to decode, and looking the
    header up again in mitmproxy's multidict cost more than the rest of the row."""
    if message.raw_content is None or not headers.get("content-encoding"):
        return message.raw_content
    return message.get_content(strict=False)


class Record:
    def __init__(self, runtime: Runtime) -> None:
        self.runtime = runtime
        self.inflight: dict[str, http.HTTPFlow] = {}
        self.count = 0
        self.by_vendor: dict[str, int] = {}
        self.by_phase: dict[str, int] = {}

    def load(self, loader) -> None:
        loader.add_option("ib_run_id", str, "", "Run id written on every exchange.")
        loader.add_option("ib_fault_events", bool, True, "Also write a `fault` event per fault firing.")

    def configure(self, updated) -> None:
        if "ib_run_id" in updated and ctx.options.ib_run_id and ctx.options.ib_run_id != self.runtime.run_id:
            raise exceptions.OptionsError("ib_run_id cannot change during a run")

    def stats(self) -> dict:
        return {"exchanges": self.count, "inflight": len(self.inflight), "by_vendor": dict(self.by_vendor),
                "by_phase": dict(self.by_phase)}

    # -- hooks ----------------------------------------------------------------------------------

    def request(self, flow: http.HTTPFlow) -> None:
        if flow.metadata.get("ib", {}).get("recorded"):
            return
        self.inflight[flow.id] = flow

    def response(self, flow: http.HTTPFlow) -> None:
        self._write(flow)

    def error(self, flow: http.HTTPFlow) -> None:
        self._write(flow)

    def finalize(self, reason: str = "recorder stopped before the exchange completed") -> None:
        """Record every flow still in flight (at shutdown) as not answered."""
        for flow in list(self.inflight.values()):
            m = meta(flow, self.runtime)
            if not m["recorded"]:
                m["client_saw"] = m["client_saw"] or "none"
                m["error"] = m["error"] or reason
                self._write(flow, force_unanswered=True)
        self.inflight.clear()

    # -- rows -----------------------------------------------------------------------------------

    def _client_saw(self, flow: http.HTTPFlow, m: dict) -> tuple[str, int | None]:
        """(client_saw, status the client got)."""
        saw = m["client_saw"]
        if saw in ("reset", "timeout", "none"):
            return saw, None
        if flow.response is not None and (flow.error is None or saw == "truncated"):
            return saw or "full", flow.response.status_code
        if flow.error is not None and flow.error.msg != Error.KILLED_MESSAGE and not client_gone(flow):
            return "full", 502  # mitmproxy answered the client with a 502 (vendor unreachable, ...)
        return "none", None

    def _write(self, flow: http.HTTPFlow, force_unanswered: bool = False) -> None:
        m = meta(flow, self.runtime)
        if m["recorded"]:
            return
        m["recorded"] = True
        self.inflight.pop(flow.id, None)
        now = time.time()
        req = flow.request
        if force_unanswered:
            saw, status = m["client_saw"], None
        else:
            saw, status = self._client_saw(flow, m)
        path, _, query_string = req.path.partition("?")
        sock = flow.client_conn.sockname or ("127.0.0.1", 0)
        req_headers = headers_json(req.headers, drop=("x-ib-via", self.runtime.nonce))
        req_body, req_enc = encode_body(_content(req, req_headers))
        resp_headers = resp_body = resp_enc = None
        resp = flow.response
        if status is not None and resp is not None:
            resp_headers = headers_json(resp.headers)
            raw = resp.raw_content if saw == "truncated" else _content(resp, resp_headers)
            resp_body, resp_enc = encode_body(raw if raw is not None else b"")
        elif status == 502:
            resp_headers, resp_body, resp_enc = {}, None, None
        error = m["error"]
        if flow.error is not None and flow.error.msg != Error.KILLED_MESSAGE:
            error = f"{error}; {flow.error.msg}" if error else flow.error.msg
        started = m["started"]
        row = {
            "phase": m["phase"],
            "direction": m["direction"],
            "vendor": m["vendor"],
            "started_at": iso_utc(started),
            "ended_at": iso_utc(now),
            "duration_ms": round((now - started) * 1000.0, 3),
            "method": req.method,
            "url": f"http://{sock[0]}:{sock[1]}{req.path}",
            "path": path,
            "query": query_json(query_string),
            "req_headers": req_headers,
            "resp_headers": resp_headers,
            "req_body": req_body,
            "req_body_encoding": req_enc,
            "resp_body": resp_body,
            "resp_body_encoding": resp_enc,
            "status": status,
            "fault": m["fault"],
            "fault_action": m["fault_action"],
            "upstream_called": resp is not None and not m["synthetic"] and not force_unanswered,
            "client_saw": saw,
            "forged": m["forged"],
            "error": error,
        }
        try:
            seq = self.runtime.trace.write_exchange(row)
            m["seq"] = seq
            if m["fault"] and ctx.options.ib_fault_events:
                self.runtime.trace.write_event("fault", m["phase"], now, rule=m["fault"],
                                               action=m["fault_action"], seq=seq)
        except TraceWriteError as exc:
            self.runtime.fail(f"trace write failed, stopping the run: {exc}")
            if flow.killable:
                flow.kill()  # the client must not get a response the trace does not hold
            return
        self.count += 1
        vendor = m["vendor"] or "?"
        self.by_vendor[vendor] = self.by_vendor.get(vendor, 0) + 1
        self.by_phase[m["phase"]] = self.by_phase.get(m["phase"], 0) + 1
