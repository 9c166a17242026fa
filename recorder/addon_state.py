"""State shared by the addons of one recorder process: the listeners (which vendor a flow
belongs to), the vendors' traits and webhook secrets, the trace writer, the shared HTTP client,
and the per-flow record (`flow.metadata["ib"]`) the addons fill in for the record addon."""
from __future__ import annotations

import asyncio
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mitmproxy import http

if TYPE_CHECKING:  # pragma: no cover
    import httpx

    from bundle.traits import VendorTraits

    from bundle.exchanges import TraceWriter

logger = logging.getLogger("recorder")

META = "ib"
TO_VENDOR = "to_vendor"
TO_RECEIVER = "to_receiver"
# Marks a request the recorder itself sends through the receiver listener (forgery, duplicate
# copy); the header is removed before the request goes upstream.
INTERNAL_HEADER = "x-ib-internal"
_NOT_FORWARDED = {
    "host", "content-length", "connection", "transfer-encoding", "keep-alive", "te", "upgrade",
    "proxy-connection", "proxy-authorization", INTERNAL_HEADER,
}
_HTTPX_DEFAULTS = ("accept", "accept-encoding", "user-agent", "connection")


@dataclass
class Listener:
    kind: str  # "vendor" | "receiver"
    vendor: str | None  # the vendor of a vendor listener; receiver: fixed vendor or None
    upstream_url: str
    listen_port: int  # requested (0: any free port)
    bound_port: int | None = None

    @property
    def spec(self) -> str:
        return f"reverse:{self.upstream_url}@{self.listen_port}"

    @property
    def direction(self) -> str:
        return TO_VENDOR if self.kind == "vendor" else TO_RECEIVER


@dataclass
class Runtime:
    run_id: str
    nonce: str
    listeners: list[Listener]
    traits: dict[str, "VendorTraits | None"]
    secrets: dict[str, list[str]]
    trace: "TraceWriter"
    http: "httpx.AsyncClient | None" = None
    fatal: str | None = None
    stopping: bool = False
    phase: str = "setup"  # the ib_phase option, kept here by the guard's `configure`
    stop_event: asyncio.Event = field(default_factory=asyncio.Event)
    started_at: float = field(default_factory=time.time)
    by_spec: dict[str, Listener] = field(default_factory=dict)
    internal_marks: dict[str, dict] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.by_spec = {lst.spec: lst for lst in self.listeners}

    @property
    def receiver(self) -> Listener | None:
        return next((lst for lst in self.listeners if lst.kind == "receiver"), None)

    def vendor_listener(self, vendor: str) -> Listener | None:
        return next((lst for lst in self.listeners if lst.kind == "vendor" and lst.vendor == vendor), None)

    def fail(self, message: str) -> None:
        """A fatal error (e.g. the trace cannot be written): stop the run with this message."""
        if self.fatal is None:
            self.fatal = message  # printed on stderr when the process exits (code 3)
        self.stop_event.set()

    async def send_internal(self, method: str, path: str, headers, body: bytes, marks: dict,
                            timeout: float = 30.0):
        """Send a request through the receiver listener (so it is recorded like any delivery),
        with `marks` applied to its record. Returns the httpx response."""
        receiver = self.receiver
        if receiver is None or receiver.bound_port is None or self.http is None:
            raise RuntimeError("no receiver listener in this run")
        token = secrets.token_hex(12)
        self.internal_marks[token] = marks
        pairs = [(k, v) for k, v in headers if k.lower() not in _NOT_FORWARDED]
        present = {k.lower() for k, _ in pairs}
        url = f"http://127.0.0.1:{receiver.bound_port}{path}"
        request = self.http.build_request(method, url, headers=pairs + [(INTERNAL_HEADER, token)],
                                          content=body, timeout=timeout)
        for name in _HTTPX_DEFAULTS:  # send the headers of the original, not httpx's defaults
            if name not in present and name in request.headers:
                del request.headers[name]
        try:
            return await self.http.send(request)
        finally:
            self.internal_marks.pop(token, None)

    def listener_of(self, flow: http.HTTPFlow) -> Listener | None:
        mode = flow.client_conn.proxy_mode
        return self.by_spec.get(getattr(mode, "full_spec", ""))

    def detect_delivery_vendor(self, flow: http.HTTPFlow, listener: Listener) -> str | None:
        """The vendor a webhook delivery belongs to: the receiver's fixed vendor, else the vendor
        whose signature/id/event header the request carries, else the only vendor with webhooks."""
        if listener.vendor:
            return listener.vendor
        headers = flow.request.headers
        with_hooks = [(name, t) for name, t in self.traits.items() if t is not None and t.webhooks]
        for name, traits in with_hooks:
            hook = traits.webhooks
            for header in (hook.signature_header, hook.id_header, hook.event_header, hook.timestamp_header):
                if header and header in headers:
                    return name
        if any("webhook-signature" == k.lower() for k in headers.keys()):
            std = [n for n, t in with_hooks if t.webhooks.signing == "standard_webhooks"]
            if len(std) == 1:
                return std[0]
        if len(with_hooks) == 1:
            return with_hooks[0][0]
        return None


def meta(flow: http.HTTPFlow, runtime: Runtime) -> dict[str, Any]:
    """The recorder's record of a flow, created on first use (at `requestheaders`)."""
    m = flow.metadata.get(META)
    if m is None:
        listener = runtime.listener_of(flow)
        direction = listener.direction if listener else TO_VENDOR
        vendor = None
        if listener is not None:
            vendor = listener.vendor if listener.kind == "vendor" else runtime.detect_delivery_vendor(flow, listener)
        marks = None
        token = flow.request.headers.get(INTERNAL_HEADER) if direction == TO_RECEIVER else None
        if token is not None:
            del flow.request.headers[INTERNAL_HEADER]
            marks = runtime.internal_marks.pop(token, None)
        m = {
            "listener": listener,
            "direction": direction,
            "vendor": vendor,
            "phase": runtime.phase,
            "started": flow.request.timestamp_start or time.time(),
            "fault": None,  # rule id, or ratelimit:<rule id>
            "fault_action": None,
            "synthetic": False,  # the response was made by the recorder (vendor not called)
            "client_saw": None,  # set by faults: truncated | reset | timeout | none
            "forged": None,
            "internal": False,  # sent by the recorder itself (forgery, duplicate copy)
            "error": None,
            "recorded": False,
            "seq": None,
        }
        if marks is not None:
            m.update(marks)
            m["internal"] = True
        flow.metadata[META] = m
    return m


def is_live(flow: http.HTTPFlow) -> bool:
    """Not yet answered, killed or errored: later addons may still act on the request."""
    return flow.response is None and flow.error is None
