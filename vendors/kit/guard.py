"""The proxy guard: in a run, every request must come through the recorder, which adds
`X-IB-Via: <per-run nonce>`. A request without it is refused with 403 and logged, so the
grader can report the bypass (the control plane, token-protected, is exempt)."""
from __future__ import annotations

import hmac
import logging

from flask import request

from vendors.kit.context import ctx
from vendors.kit.errors import VendorError

VIA_HEADER = "X-IB-Via"
log = logging.getLogger("vendors.guard")


def check_via() -> None:
    c = ctx()
    if c.via_nonce is None or request.path.startswith("/_control"):
        return
    given = request.headers.get(VIA_HEADER, "")
    if hmac.compare_digest(given.encode(), c.via_nonce.encode()):
        return
    entry = {"at": c.now().isoformat(), "method": request.method, "path": request.path,
             "remote_addr": request.remote_addr, "reason": "missing_via" if not given else "wrong_via"}
    with c.lock:
        c.bypasses.append(entry)
    log.warning("proxy bypass on %s: %s %s from %s", c.traits.name, request.method, request.path, request.remote_addr)
    env = c.traits.env_prefix
    raise VendorError(403, "proxy_bypass",
                      f"Direct access to this server is not allowed. Send every request to the base URL you "
                      f"were given ({env}_BASE_URL); this request was logged.")
