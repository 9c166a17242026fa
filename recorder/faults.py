"""faults addon: applies the active fault profile (recorder.profile) to the traffic.

Deterministic: each rule has its own counter of matching requests (1-based) and its own RNG
seeded with `<profile seed>:<rule id>`, drawn once per matching request, so the same profile and
the same request sequence fire the same faults on the same exchanges. Every matching rule counts
the request; the first rule (in profile order) whose `when` holds fires. Activating a profile
(again) resets counters, RNGs and the `window_s` clock.

Pre-upstream actions run in `request` (the vendor never sees the request); `after_upstream`
actions and those that need the vendor's response (truncate, malformed, commit_then_drop) run
in `response`. The firing is noted on the flow for the record addon (fault, fault_action,
client_saw, upstream_called)."""
from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from email.utils import formatdate
from fnmatch import fnmatchcase

from mitmproxy import ctx, exceptions, http

from . import netfault
from .profile import FaultProfile, ProfileError, Rule, parse_profile
from .addon_state import TO_RECEIVER, Runtime, is_live, meta

logger = logging.getLogger("recorder.faults")


def _glob_any(value: str | None, pattern) -> bool:
    if pattern is None:
        return True
    patterns = pattern if isinstance(pattern, list) else [pattern]
    return value is not None and any(fnmatchcase(value, p) for p in patterns)


class RuleState:
    def __init__(self, rule: Rule, seed: int) -> None:
        self.rule = rule
        self.count = 0
        self.fired = 0
        self.rng = random.Random(f"{seed}:{rule.id}")

    def matches(self, m: dict, method: str, path: str) -> bool:
        match = self.rule.match
        return (
            m["direction"] == self.rule.direction
            and _glob_any(m["vendor"], match.vendor)
            and (match.method is None or method in ([match.method] if isinstance(match.method, str) else match.method))
            and _glob_any(path, match.path)
            and _glob_any(m["phase"], match.phase)
        )

    def step(self, elapsed: float) -> bool:
        """Count one matching request; does the rule fire on it?"""
        self.count += 1
        when = self.rule.when
        draw = self.rng.random() if when.prob is not None else None
        n = self.count
        ok = True
        if when.nth is not None:
            ok = ok and n in when.nth
        if when.first is not None:
            ok = ok and n <= when.first
        if when.every is not None:
            ok = ok and n % when.every == 0
        if when.after is not None:
            ok = ok and n > when.after
        if when.prob is not None:
            ok = ok and draw < when.prob
        if when.window_s is not None:
            ok = ok and when.window_s[0] <= elapsed <= when.window_s[1]
        return ok


class Engine:
    """An activated profile: rule states and the activation time."""

    def __init__(self, profile: FaultProfile) -> None:
        self.profile = profile
        self.states = [RuleState(r, profile.seed) for r in profile.rules]
        self.activated = time.monotonic()

    def evaluate(self, m: dict, method: str, path: str) -> Rule | None:
        elapsed = time.monotonic() - self.activated
        chosen = None
        for state in self.states:
            if state.matches(m, method, path) and state.step(elapsed) and chosen is None:
                chosen = state
        if chosen is None:
            return None
        chosen.fired += 1
        return chosen.rule

    def stats(self) -> dict:
        return {s.rule.id: {"matched": s.count, "fired": s.fired} for s in self.states}


def _status_response(rule: Rule) -> http.Response:
    action = rule.action
    headers = {}
    if action.body is None:
        reason = http.status_codes.RESPONSES.get(action.status, "Error")
        body = json.dumps({"error": {"status": action.status, "message": reason}})
        headers["Content-Type"] = "application/json"
    elif isinstance(action.body, (dict, list)):
        body = json.dumps(action.body)
        headers["Content-Type"] = "application/json"
    else:
        body = action.body
        headers["Content-Type"] = "text/plain; charset=utf-8"
    if action.retry_after is not None:
        if action.retry_after_date:
            headers["Retry-After"] = formatdate(time.time() + action.retry_after, usegmt=True)
        else:
            headers["Retry-After"] = str(int(round(action.retry_after)))
    headers.update(action.headers)
    return http.Response.make(action.status, body, headers)


class Faults:
    def __init__(self, runtime: Runtime) -> None:
        self.runtime = runtime
        self.engine: Engine | None = None
        self._tasks: set[asyncio.Task] = set()

    def load(self, loader) -> None:
        loader.add_option("ib_faults", str, "", "Active fault profile (YAML/JSON text); empty: none.")
        loader.add_option("ib_timeout_max_s", int, 120, "Longest a `timeout` fault holds a request (s).")

    def configure(self, updated) -> None:
        if "ib_timeout_max_s" in updated and not 1 <= ctx.options.ib_timeout_max_s <= 3600:
            raise exceptions.OptionsError("ib_timeout_max_s must be between 1 and 3600")
        if "ib_faults" in updated:
            text = ctx.options.ib_faults.strip()
            if not text:
                self.engine = None
                return
            try:
                profile = parse_profile(text)
            except ProfileError as exc:
                raise exceptions.OptionsError(str(exc)) from None
            self.engine = Engine(profile)  # (re)activation resets counters and RNGs

    def stats(self) -> dict:
        return self.engine.stats() if self.engine else {}

    # -- helpers --------------------------------------------------------------------------------

    def _fire(self, m: dict, rule: Rule) -> None:
        m["fault"] = rule.id
        m["fault_action"] = rule.action.label

    async def _timeout(self, flow: http.HTTPFlow, m: dict, rule: Rule) -> None:
        limit = float(ctx.options.ib_timeout_max_s)
        if rule.action.timeout is not True:
            limit = min(limit, float(rule.action.timeout))
        why, held = await netfault.hold(flow, limit, lambda: self.runtime.stopping)
        m["client_saw"] = "timeout"
        m["error"] = (
            f"timeout fault: client gave up after {held:.1f} s" if why == "client_gave_up"
            else f"timeout fault: held {held:.1f} s, then closed the connection"
        )
        if flow.killable:
            flow.kill()

    def _reset(self, flow: http.HTTPFlow, m: dict, prefix: str = "") -> None:
        m["client_saw"] = "reset"
        if netfault.tcp_reset(flow):
            m["error"] = prefix + "reset fault: TCP RST sent to the client"
        else:
            m["error"] = prefix + "reset fault: socket unreachable, connection closed without RST"

    # -- hooks ----------------------------------------------------------------------------------

    # Hooks are plain functions that return a coroutine only when a fault must wait (delay,
    # timeout): mitmproxy awaits what a hook returns, and most flows need no coroutine at all.

    def request(self, flow: http.HTTPFlow):
        engine = self.engine
        if engine is None or not is_live(flow):
            return None
        m = meta(flow, self.runtime)
        if m["internal"]:
            return None
        rule = engine.evaluate(m, flow.request.method.upper(), flow.request.path.split("?", 1)[0])
        if rule is None:
            return None
        self._fire(m, rule)
        if rule.response_phase or rule.action.duplicate:
            m["pending_rule"] = rule
            return None
        if rule.action.delay_ms or rule.action.primary() == "timeout":
            return self._request_async(flow, m, rule)
        self._request_now(flow, m, rule)
        return None

    def _request_now(self, flow: http.HTTPFlow, m: dict, rule: Rule) -> None:
        primary = rule.action.primary()
        if primary == "status":
            flow.response = _status_response(rule)
            m["synthetic"] = True
        elif primary == "reset":
            self._reset(flow, m)

    async def _request_async(self, flow: http.HTTPFlow, m: dict, rule: Rule) -> None:
        action = rule.action
        if action.delay_ms:
            await asyncio.sleep(action.delay_ms / 1000)
            if not is_live(flow):
                return
        if action.primary() == "timeout":
            await self._timeout(flow, m, rule)
        else:
            self._request_now(flow, m, rule)

    def response(self, flow: http.HTTPFlow):
        m = flow.metadata.get("ib")
        rule = m.pop("pending_rule", None) if m else None
        if rule is None or flow.response is None or flow.error is not None or m["synthetic"]:
            return None
        return self._response_async(flow, m, rule)

    async def _response_async(self, flow: http.HTTPFlow, m: dict, rule: Rule) -> None:
        action = rule.action
        if action.delay_ms:
            await asyncio.sleep(action.delay_ms / 1000)
            if flow.error is not None:
                return
        primary = action.primary()
        if primary == "status":
            m["error"] = f"after_upstream fault: vendor answered {flow.response.status_code}"
            flow.response = _status_response(rule)
        elif primary == "reset":
            self._reset(flow, m, f"vendor answered {flow.response.status_code}; ")
        elif primary == "timeout":
            await self._timeout(flow, m, rule)
        elif primary == "truncate":
            kept, total = netfault.truncate(flow.response, action.truncate)
            m["client_saw"] = "truncated"
            m["error"] = f"truncate fault: sent {kept} of {total} body bytes, then closed"
        elif primary == "malformed":
            netfault.malform(flow.response)
        elif primary == "commit_then_drop":
            m["client_saw"] = "none"
            m["error"] = f"commit_then_drop fault: vendor answered {flow.response.status_code}, client disconnected"
            if flow.killable:
                flow.kill()
        elif primary == "duplicate":
            self._duplicate(flow, m, rule)

    def error(self, flow: http.HTTPFlow) -> None:
        m = flow.metadata.get("ib")
        if m and m.pop("pending_rule", None) is not None and m.get("fault_action") != "delay_ms":
            # The rule fired but its response-side action could not apply (no response).
            m["fault"] = m["fault_action"] = None

    # -- duplicate webhook deliveries -------------------------------------------------------------

    def _duplicate(self, flow: http.HTTPFlow, m: dict, rule: Rule) -> None:
        if m["direction"] != TO_RECEIVER or self.runtime.receiver is None:
            return
        req = flow.request
        headers = [(k, v) for k, v in req.headers.items(multi=True)]
        marks = {"fault": rule.id, "fault_action": "duplicate", "vendor": m["vendor"]}
        task = asyncio.get_running_loop().create_task(
            self._send_copy(req.method, req.path, headers, req.raw_content or b"", marks)
        )
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _send_copy(self, method, path, headers, body, marks) -> None:
        await asyncio.sleep(0)  # after the original's response went out
        try:
            await self.runtime.send_internal(method, path, headers, body, marks)
        except Exception as exc:  # the copy's exchange records the transport error
            logger.warning(f"duplicate delivery failed: {exc}")
