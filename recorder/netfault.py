"""Wire-level fault primitives used by the faults addon: a real TCP reset, holding a request
until the client gives up, cutting a body, and making a body invalid for its content type.

`tcp_reset` reaches into mitmproxy internals (the proxyserver's connection handlers) to get the
client socket: it is isolated here and covered by a test, because it may break on upgrades.
"""
from __future__ import annotations

import asyncio
import socket
import struct
import time

from mitmproxy import ctx, http
from mitmproxy.connection import ConnectionState


def client_socket(flow: http.HTTPFlow) -> socket.socket | None:
    """The client-side socket of a live flow (mitmproxy 11/12 internals)."""
    proxyserver = ctx.master.addons.get("proxyserver")
    handler = getattr(proxyserver, "connections", {}).get(flow.client_conn.id)
    if handler is None:
        return None
    io = handler.transports.get(flow.client_conn)
    writer = getattr(io, "writer", None)
    if writer is None:
        return None
    return writer.get_extra_info("socket")


def tcp_reset(flow: http.HTTPFlow) -> bool:
    """Close the client connection with a TCP RST (SO_LINGER on, 0 s) and kill the flow.
    Returns False when the socket could not be reached (then the client sees a plain close)."""
    sock = client_socket(flow)
    ok = False
    if sock is not None:
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            ok = True
        except OSError:
            ok = False
    if flow.killable:
        flow.kill()
    return ok


def client_gone(flow: http.HTTPFlow) -> bool:
    """The client closed its side of the connection (it gave up waiting)."""
    return not (flow.client_conn.state & ConnectionState.CAN_READ)


async def hold(flow: http.HTTPFlow, max_s: float, should_stop=lambda: False) -> tuple[str, float]:
    """Hold the flow until the client gives up, `max_s` passes, or the recorder stops.
    Returns (why, held seconds) with why in {"client_gave_up", "max", "stopping"}."""
    start = time.monotonic()
    while True:
        held = time.monotonic() - start
        if client_gone(flow):
            return "client_gave_up", held
        if held >= max_s:
            return "max", held
        if should_stop():
            return "stopping", held
        await asyncio.sleep(min(0.05, max(0.0, max_s - held)))


def truncate(response: http.Response, fraction: float) -> tuple[int, int]:
    """Keep `fraction` of the body; keep the original content-length so the client sees a
    short body, and close the connection afterwards. Returns (kept, original) sizes."""
    raw = response.raw_content or b""
    keep = int(len(raw) * fraction)
    if raw and keep >= len(raw):
        keep = len(raw) - 1
    response.headers.pop("transfer-encoding", None)
    response.raw_content = raw[:keep]
    response.headers["content-length"] = str(len(raw))
    response.headers["connection"] = "close"
    return keep, len(raw)


def malformed_body(body: bytes, content_type: str) -> bytes:
    """A body that cannot be parsed as `content_type`; deterministic for a given body."""
    ctype = content_type.split(";", 1)[0].strip().lower()
    half = body[: max(1, len(body) // 2)] if body else b""
    if "json" in ctype:
        # A prefix of the document followed by a stray token is never valid JSON.
        return (half or b"{") + b'\x00<!-- "'
    if "xml" in ctype or "html" in ctype:
        return (half or b"<") + b"<<\x00&;"
    # text and anything else: bytes that are not valid UTF-8
    return (half or b"") + b"\xff\xfe\x00\xc3("


def malform(response: http.Response) -> None:
    """Replace the body with a malformed one of the same content type (correct framing)."""
    ctype = response.headers.get("content-type", "application/octet-stream")
    response.headers.pop("content-encoding", None)
    response.headers.pop("transfer-encoding", None)
    body = response.get_content(strict=False) or b""
    response.raw_content = malformed_body(body, ctype)
    response.headers["content-length"] = str(len(response.raw_content))
