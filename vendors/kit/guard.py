"""The proxy guard: in a run, every request must come through the recorder, which adds
`X-IB-Via: <per-run nonce>`. A request without it is refused with 403 and logged, so the
grader can report the bypass. The control plane is token-protected instead: a request there
without the run's control token is answered with the same 404 as an unknown path and logged
as a `control_probe` (`log_control_probe`); the harness's own control calls carry the token and
are never logged."""
from __future__ import annotations

import hmac
import logging

from flask import request

from vendors.kit.context import ctx
from vendors.kit.errors import VendorError
from vendors.kit.headers import VIA_HEADER

log = logging.getLogger("vendors.guard")


def check_via() -> None:
    c = ctx()
    if c.via_nonce is None or request.path.startswith("/_control"):
        return
    given = request.headers.get(VIA_HEADER, "")
    if hmac.compare_digest(given.encode(), c.via_nonce.encode()):
        return
    _log(c, "missing_via" if not given else "wrong_via")
    log.warning("proxy bypass on %s: %s %s from %s", c.traits.name, request.method, request.path, request.remote_addr)
    env = c.traits.env_prefix
    raise VendorError(403, "proxy_bypass",
                      f"Direct access to this server is not allowed. Send every request to the base URL you "
                      f"were given ({env}_BASE_URL); this request was logged.")


def log_control_probe() -> None:
    """A `/_control` request without the valid control token. The recorder answers 404 to any
    control path itself, so one that reaches the vendor came around the proxy (reason
    `control_probe`) — or, if it carries the nonce, slipped past the recorder's path check
    (`control_probe_via_proxy`). Logged in the bypass log, which survives resets and is in every
    checkpoint's dump (`bypass_log`), so the grader reports it; the caller still gets the plain
    404 and learns nothing."""
    c = ctx()
    given = request.headers.get(VIA_HEADER, "")
    via = c.via_nonce is not None and hmac.compare_digest(given.encode(), c.via_nonce.encode())
    _log(c, "control_probe_via_proxy" if via else "control_probe")
    log.warning("control-plane probe on %s: %s %s from %s", c.traits.name, request.method, request.path,
                request.remote_addr)


def _log(c, reason: str) -> None:
    entry = {"at": c.now().isoformat(), "method": request.method, "path": request.path,
             "remote_addr": request.remote_addr, "reason": reason}
    with c.lock:
        c.bypasses.append(entry)
