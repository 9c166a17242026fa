"""guard addon: adds `X-IB-Via: <nonce>` to every request forwarded to a vendor (vendors refuse
requests without it: a proxy bypass) and answers 404 to any client path under `/_control`
(the vendors' control plane is for the harness only). After a fatal error (the trace cannot be
written) it refuses all traffic, so no exchange goes unrecorded."""
from __future__ import annotations

import json
import posixpath
import re
from urllib.parse import unquote

from mitmproxy import ctx, exceptions, http

from vendors.kit.headers import VIA_HEADER

from .addon_state import TO_VENDOR, Runtime, meta


def is_control_path(raw_path: str, prefix: str) -> bool:
    """Is this request path (as sent, with query) under the control prefix once decoded the way
    a vendor's router would see it (percent-decoding, duplicate slashes, dot segments)?"""
    path = raw_path.split("?", 1)[0]
    name = prefix.strip("/").rsplit("/", 1)[-1]
    if "%" not in path and name not in path:
        return False  # fast path: the prefix cannot appear once decoded
    path = unquote(path)
    path = posixpath.normpath(re.sub(r"/+", "/", path) or "/")
    prefix = prefix.rstrip("/")
    return path == prefix or path.startswith(prefix + "/")


class Guard:
    def __init__(self, runtime: Runtime) -> None:
        self.runtime = runtime
        # the options a request needs, read in `configure` (an option read through ctx costs a
        # few microseconds, on every flow)
        self.nonce = ""
        self.control_prefix = "/_control"

    def load(self, loader) -> None:
        loader.add_option("ib_nonce", str, "", "Per-run nonce sent upstream as X-IB-Via.")
        loader.add_option("ib_control_prefix", str, "/_control", "Client paths under this prefix get a 404.")
        loader.add_option("ib_phase", str, "setup", "Current phase: agent or scenario:<step>; tags each exchange.")

    def configure(self, updated) -> None:
        if "ib_nonce" in updated:
            if len(ctx.options.ib_nonce) < 8 and ctx.options.ib_nonce != "":
                raise exceptions.OptionsError("ib_nonce must have at least 8 characters")
            self.nonce = ctx.options.ib_nonce
        if "ib_control_prefix" in updated:
            if not ctx.options.ib_control_prefix.startswith("/"):
                raise exceptions.OptionsError("ib_control_prefix must start with /")
            self.control_prefix = ctx.options.ib_control_prefix
        if "ib_phase" in updated:
            phase = ctx.options.ib_phase
            if not phase or any(c in phase for c in "\r\n\t") or len(phase) > 200:
                raise exceptions.OptionsError(f"invalid phase {phase!r}")
            self.runtime.phase = phase  # what meta() stamps on each new flow

    def requestheaders(self, flow: http.HTTPFlow) -> None:
        meta(flow, self.runtime)  # classify the flow now (listener, vendor, phase, start time)

    def request(self, flow: http.HTTPFlow) -> None:
        m = meta(flow, self.runtime)
        if self.runtime.fatal or self.runtime.stopping:
            if flow.killable:
                m["client_saw"] = "none"
                m["error"] = "recorder stopping: request refused"
                flow.kill()
            return
        if m["direction"] != TO_VENDOR:
            return
        if is_control_path(flow.request.path, self.control_prefix):
            flow.response = http.Response.make(
                404,
                json.dumps({"error": {"code": "not_found", "message": "Not Found"}}),
                {"Content-Type": "application/json"},
            )
            m["synthetic"] = True
            return
        flow.request.headers[VIA_HEADER] = self.nonce
