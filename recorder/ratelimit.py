"""ratelimit addon: enforces each vendor's `rate_limits` traits (vendor.yaml) in the vendor's
header dialect, as the vendor's edge would: before faults, before the vendor.

Policies (one state per vendor and rule, shared by all clients of the run):
- fixed_window: `limit` requests per `window_s` window (windows start when the policy starts).
- token_bucket: bucket of `limit` tokens refilled at `refill_per_s` (default limit/window_s).
- concurrency: at most `limit` requests of the rule in flight at once.
- error_burst: `limit` failing vendor responses (status >= 400) within `window_s` block the
  caller for `block_s` (default window_s): every matching request gets `status` meanwhile.

A request that is refused does not consume budget. The refusal is recorded with fault
`ratelimit:<rule id>`, fault_action `ratelimit`, upstream_called false. Normal responses carry
the dialect's headers for the tightest window/bucket rule. Per-run overrides (option
`ib_ratelimits`, JSON `{vendor: {dialect, retry_after, rules, enabled}}`) replace the traits'
keys they name; a vendor whose effective policy changed starts from fresh state."""
from __future__ import annotations

import json
import math
import time
from collections import deque
from email.utils import formatdate
from fnmatch import fnmatchcase

from mitmproxy import ctx, exceptions, http
from pydantic import ValidationError

from bundle.traits import RateLimitRule, RateLimitTraits

from .config import RateLimitOverride
from .addon_state import TO_VENDOR, Runtime, is_live, meta


# The error code a refusal carries, as the vendors' docs name it.
REFUSAL_CODES = {"error_burst": "caller_blocked", "concurrency": "concurrency_limit"}

class Policy:
    def __init__(self, rule: RateLimitRule, now: float) -> None:
        self.rule = rule
        self.denied = 0

    def admissible(self, now: float) -> float | None:
        """None if a request may pass now, else seconds until it may."""
        return None

    def admit(self, now: float) -> None:
        pass

    def snapshot(self, now: float) -> tuple[int, int, float]:
        """(limit, remaining, seconds until reset)."""
        return self.rule.limit, self.rule.limit, 0.0

    def window(self) -> float | None:
        return None


class FixedWindow(Policy):
    def __init__(self, rule, now):
        super().__init__(rule, now)
        self.t0, self.index, self.count = now, 0, 0

    def _roll(self, now):
        index = int((now - self.t0) // self.rule.window_s)
        if index != self.index:
            self.index, self.count = index, 0

    def _reset_in(self, now):
        return self.t0 + (self.index + 1) * self.rule.window_s - now

    def admissible(self, now):
        self._roll(now)
        return None if self.count < self.rule.limit else self._reset_in(now)

    def admit(self, now):
        self.count += 1

    def snapshot(self, now):
        self._roll(now)
        return self.rule.limit, max(0, self.rule.limit - self.count), self._reset_in(now)

    def window(self):
        return self.rule.window_s


class TokenBucket(Policy):
    def __init__(self, rule, now):
        super().__init__(rule, now)
        self.rate = rule.refill_per_s or rule.limit / rule.window_s
        self.tokens, self.last = float(rule.limit), now

    def _refill(self, now):
        self.tokens = min(float(self.rule.limit), self.tokens + (now - self.last) * self.rate)
        self.last = now

    def admissible(self, now):
        self._refill(now)
        return None if self.tokens >= 1.0 else (1.0 - self.tokens) / self.rate

    def admit(self, now):
        self.tokens -= 1.0

    def snapshot(self, now):
        self._refill(now)
        return self.rule.limit, int(self.tokens), (self.rule.limit - self.tokens) / self.rate

    def window(self):
        return self.rule.limit / self.rate


class Concurrency(Policy):
    def __init__(self, rule, now):
        super().__init__(rule, now)
        self.inflight = 0

    def admissible(self, now):
        return None if self.inflight < self.rule.limit else 1.0

    def admit(self, now):
        self.inflight += 1

    def release(self):
        self.inflight = max(0, self.inflight - 1)

    def snapshot(self, now):
        return self.rule.limit, max(0, self.rule.limit - self.inflight), 1.0


class ErrorBurst(Policy):
    def __init__(self, rule, now):
        super().__init__(rule, now)
        self.failures: deque[float] = deque()
        self.blocked_until = 0.0

    def admissible(self, now):
        return None if now >= self.blocked_until else self.blocked_until - now

    def failure(self, now):
        self.failures.append(now)
        while self.failures and self.failures[0] <= now - self.rule.window_s:
            self.failures.popleft()
        if len(self.failures) >= self.rule.limit:
            self.blocked_until = now + (self.rule.block_s or self.rule.window_s)
            self.failures.clear()

    def snapshot(self, now):
        return self.rule.limit, max(0, self.rule.limit - len(self.failures)), max(0.0, self.blocked_until - now)


POLICIES = {"fixed_window": FixedWindow, "token_bucket": TokenBucket, "concurrency": Concurrency,
            "error_burst": ErrorBurst}


def _matches(rule: RateLimitRule, method: str, path: str) -> bool:
    want_method = rule.match.get("method")
    if want_method and method not in [x.strip().upper() for x in want_method.split(",")]:
        return False
    want_path = rule.match.get("path")
    return not want_path or fnmatchcase(path, want_path)


def dialect_headers(dialect: str, policies: list[tuple[Policy, tuple[int, int, float]]]) -> dict[str, str]:
    """Headers of the dialect for the tightest policy (first of the list is the tightest)."""
    if dialect == "none" or not policies:
        return {}
    limit, remaining, reset = policies[0][1]
    reset_s = str(max(0, math.ceil(reset)))
    if dialect == "x-ratelimit":
        return {"X-RateLimit-Limit": str(limit), "X-RateLimit-Remaining": str(remaining), "X-RateLimit-Reset": reset_s}
    if dialect == "x-rate-limit":
        return {"X-Rate-Limit-Limit": str(limit), "X-Rate-Limit-Remaining": str(remaining), "X-Rate-Limit-Reset": reset_s}
    # IETF draft-ietf-httpapi-ratelimit-headers (structured fields, as in TASKS.md):
    #   RateLimit: "<policy>";r=<remaining>;t=<seconds to reset>
    #   RateLimit-Policy: "<policy>";q=<quota>;w=<window seconds>[, ...]
    name = policies[0][0].rule.id
    out = {"RateLimit": f'"{name}";r={remaining};t={reset_s}'}
    policy = ", ".join(f'"{p.rule.id}";q={p.rule.limit};w={max(1, round(p.window()))}'
                       for p, _ in policies if p.window())
    if policy:
        out["RateLimit-Policy"] = policy
    return out


def retry_after_value(style: str, seconds: float) -> str:
    seconds = max(1, math.ceil(seconds))
    if style == "http_date":
        return formatdate(math.ceil(time.time() + seconds), usegmt=True)
    return str(seconds)


class VendorLimits:
    def __init__(self, traits: RateLimitTraits) -> None:
        now = time.monotonic()
        self.traits = traits
        self.policies = [POLICIES[r.policy](r, now) for r in traits.rules]

    def applicable(self, method: str, path: str) -> list[Policy]:
        return [p for p in self.policies if _matches(p.rule, method, path)]


class RateLimit:
    def __init__(self, runtime: Runtime, overrides: dict[str, RateLimitOverride] | None = None) -> None:
        self.runtime = runtime
        self.initial = dict(overrides or {})
        self.vendors: dict[str, VendorLimits] = {}
        self.enabled = True  # the ib_ratelimit option, read in `configure`
        self._rebuild(self.initial)

    def load(self, loader) -> None:
        loader.add_option("ib_ratelimit", bool, True, "Enforce the vendors' rate-limit traits.")
        loader.add_option("ib_ratelimits", str, "", "Rate-limit overrides, JSON {vendor: {dialect, retry_after, rules, enabled}}.")

    def configure(self, updated) -> None:
        if "ib_ratelimit" in updated:
            self.enabled = ctx.options.ib_ratelimit
        if "ib_ratelimits" in updated:
            text = ctx.options.ib_ratelimits.strip()
            try:
                raw = json.loads(text) if text else {}
                if not isinstance(raw, dict):
                    raise ValueError("expected an object {vendor: override}")
                unknown = sorted(set(raw) - set(self.runtime.traits))
                if unknown:
                    raise ValueError(f"not a vendor of this run: {', '.join(unknown)}")
                parsed = {v: RateLimitOverride.model_validate(o) for v, o in raw.items()}
            except ValidationError as exc:
                problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
                raise exceptions.OptionsError(f"rate-limit override: {problems}") from None
            except ValueError as exc:
                raise exceptions.OptionsError(f"rate-limit override: {exc}") from None
            self._rebuild({**self.initial, **parsed})

    def _rebuild(self, overrides: dict[str, RateLimitOverride]) -> None:
        for vendor, traits in self.runtime.traits.items():
            base = traits.rate_limits if traits is not None else RateLimitTraits(rules=[])
            effective = overrides[vendor].apply(base) if vendor in overrides else base
            current = self.vendors.get(vendor)
            if current is None or current.traits != effective:
                self.vendors[vendor] = VendorLimits(effective)

    def reset_state(self) -> dict:
        """Fresh windows, buckets and blocks for every vendor (the effective rules stay): the
        scenario must not inherit the agent phase's spent budget (docs/recorder.md)."""
        for vendor, lim in list(self.vendors.items()):
            self.vendors[vendor] = VendorLimits(lim.traits)
        return {"reset": sorted(v for v, lim in self.vendors.items() if lim.policies)}

    def stats(self) -> dict:
        return {v: {p.rule.id: {"policy": p.rule.policy, "denied": p.denied} for p in lim.policies}
                for v, lim in self.vendors.items() if lim.policies}

    def effective(self) -> dict:
        return {v: lim.traits.model_dump(mode="json") for v, lim in self.vendors.items()}

    # -- hooks ----------------------------------------------------------------------------------

    def request(self, flow: http.HTTPFlow) -> None:
        if not self.enabled or not is_live(flow):
            return
        m = meta(flow, self.runtime)
        limits = self.vendors.get(m["vendor"]) if m["direction"] == TO_VENDOR else None
        if limits is None or not limits.policies:
            return
        now = time.monotonic()
        policies = limits.applicable(flow.request.method.upper(), flow.request.path.split("?", 1)[0])
        if not policies:
            return
        for policy in policies:
            wait = policy.admissible(now)
            if wait is not None:
                self._refuse(flow, m, limits, policy, wait, now)
                return
        for policy in policies:
            policy.admit(now)
        m["rl"] = (limits, policies)

    def _refuse(self, flow, m, limits: VendorLimits, policy: Policy, wait: float, now: float) -> None:
        policy.denied += 1
        rule = policy.rule
        limit, _, reset = policy.snapshot(now)
        headers = dialect_headers(limits.traits.dialect, [(policy, (limit, 0, max(reset, wait)))])
        headers["Content-Type"] = "application/json"
        code = REFUSAL_CODES.get(rule.policy, "rate_limited")
        body = {"error": {"code": code, "message": "Too many requests" if rule.status == 429 else "Blocked after repeated failures"}}
        if limits.traits.retry_after != "none":  # "none": the dialect's reset is the only hint
            headers["Retry-After"] = retry_after_value(limits.traits.retry_after, wait)
            body["error"]["retry_after"] = max(1, math.ceil(wait))
        flow.response = http.Response.make(rule.status, json.dumps(body), headers)
        m["synthetic"] = True
        m["fault"] = f"ratelimit:{rule.id}"
        m["fault_action"] = "ratelimit"

    def _done(self, flow: http.HTTPFlow) -> tuple[VendorLimits, list[Policy]] | None:
        m = flow.metadata.get("ib")
        entry = m.pop("rl", None) if m else None
        if entry is not None:
            for policy in entry[1]:
                if isinstance(policy, Concurrency):
                    policy.release()
        return entry

    def response(self, flow: http.HTTPFlow) -> None:
        entry = self._done(flow)
        m = flow.metadata.get("ib")
        if entry is None or flow.response is None or m["synthetic"]:
            return
        limits, policies = entry
        now = time.monotonic()
        if flow.response.status_code >= 400:
            for policy in policies:
                if isinstance(policy, ErrorBurst):
                    policy.failure(now)
        shown = [(p, p.snapshot(now)) for p in policies if isinstance(p, (FixedWindow, TokenBucket))]
        if len(shown) > 1:
            shown.sort(key=lambda item: item[1][1] / max(1, item[1][0]))  # tightest first
        extra = dialect_headers(limits.traits.dialect, shown)
        if extra:
            headers = flow.response.headers
            # the dialect's names are ASCII: bytes.lower() matches them as the decoded name would
            lower = {name.lower().encode() for name in extra}
            kept = tuple(f for f in headers.fields if f[0].lower() not in lower)
            headers.fields = kept + tuple((k.encode(), v.encode()) for k, v in extra.items())

    def error(self, flow: http.HTTPFlow) -> None:
        self._done(flow)
