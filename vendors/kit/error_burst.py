"""Error-burst blocking, vendor side: after `limit` failing responses (status >= 400, 429
excepted) within `window_s` vendor seconds, the caller is refused with `status` (403) and a
`Retry-After` for `block_s` vendor seconds. Blocked answers do not count as new failures.

docs/architecture.md ("Where each concern lives") puts wire behaviour in the proxy (vendor.yaml `rate_limits` rule `policy:
error_burst`), so a vendor installs this only behind a `/_control/config` setting (default
off): the vendor then shows the block and its expiry on its own clock, e.g. in a vendor's
tests or a scenario that runs without the recorder. The setting may be `true` or an object
overriding `limit`, `window_s`, `block_s`.

State lives in `ctx().extra` (cleared by `reset`), keyed per caller (the Authorization header
by default), measured on the vendor's virtual clock.
"""
from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass
from datetime import timedelta
from typing import Callable

from flask import Flask, request

from vendors.kit import guard
from vendors.kit.context import ctx
from vendors.kit.errors import VendorError


def _caller() -> str:
    return request.headers.get("Authorization", "")


@dataclass
class ErrorBurst:
    limit: int
    window_s: float
    block_s: float
    setting: str = "enforce_error_burst"
    status: int = 403
    code: str = "caller_blocked"
    message: str = "Too many failing requests in a short time: this caller is blocked for {s} seconds."
    key: Callable[[], str] = _caller

    @classmethod
    def from_rule(cls, rule, **kw) -> "ErrorBurst":
        """From a vendor.yaml `rate_limits` rule with `policy: error_burst`."""
        return cls(limit=rule.limit, window_s=rule.window_s, block_s=rule.block_s or 60,
                   status=rule.status, **kw)

    def params(self, c) -> tuple[int, float, float] | None:
        value = c.settings.get(self.setting)
        if not value:
            return None
        over = value if isinstance(value, dict) else {}
        return (int(over.get("limit", self.limit)), float(over.get("window_s", self.window_s)),
                float(over.get("block_s", self.block_s)))

    def validate(self, c, value) -> None:
        """`on_set` for the vendor's settings table: true/false/null or an object of numbers."""
        ok = value is None or isinstance(value, bool) or (
            isinstance(value, dict) and set(value) <= {"limit", "window_s", "block_s"}
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0 for v in value.values()))
        if not ok:
            c.settings.pop(self.setting, None)
            raise VendorError(400, "invalid_settings",
                              f"{self.setting} must be true/false or an object of positive limit/window_s/block_s")

    def _state(self, c) -> dict:
        return c.extra.setdefault("error_burst", {})

    def check(self, api_prefix: str) -> None:
        """before_request: refuse a blocked caller."""
        if request.path.startswith("/_control") or not request.path.startswith(api_prefix):
            return
        guard.check_via()  # a bypass stays a bypass, whatever the block
        c = ctx()
        if self.params(c) is None:
            return
        with c.lock:
            entry = self._state(c).get(self.key())
            until = entry and entry.get("blocked_until")
            now = c.now()
            if until and now < until:
                left = max(1, math.ceil((until - now).total_seconds()))
                raise VendorError(self.status, self.code, self.message.format(s=left),
                                  details={"retry_after_s": left}, headers={"Retry-After": str(left)})

    def record(self, response, api_prefix: str):
        """after_request: count a failure; start the block when the burst is reached."""
        if request.path.startswith("/_control") or not request.path.startswith(api_prefix):
            return response
        c = ctx()
        p = self.params(c)
        if p is None or response.status_code < 400 or response.status_code == 429:
            return response
        limit, window_s, block_s = p
        with c.lock:
            now = c.now()
            entry = self._state(c).setdefault(self.key(), {"failures": deque(), "blocked_until": None})
            if entry["blocked_until"] and now < entry["blocked_until"]:
                return response  # the block answer itself
            fails = entry["failures"]
            fails.append(now)
            while fails and (now - fails[0]).total_seconds() >= window_s:
                fails.popleft()
            if len(fails) >= limit:
                entry["blocked_until"] = now + timedelta(seconds=block_s)
                fails.clear()
        return response

    def install(self, app: Flask, api_prefix: str) -> None:
        # first of all before_request functions: a blocked caller is refused before auth
        app.before_request_funcs.setdefault(None, []).insert(0, lambda: self.check(api_prefix))
        app.after_request(lambda resp: self.record(resp, api_prefix))
