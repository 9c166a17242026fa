"""The explorer's HTTP client for one vendor: requests go to the vendor's base URL (the proxy)
only, carry the credentials where the vendor's traits place them (or deliberately wrong ones),
are signed when the vendor signs requests, and are paced under the vendor's documented rate
limits — except in a burst, whose point is to hit them. Every request is one line of the log."""
from __future__ import annotations

import base64
import json
import threading
import time
from collections import Counter, deque
from email.utils import parsedate_to_datetime
from fnmatch import fnmatchcase
from typing import Any, Callable
from urllib.parse import urlsplit

import httpx

from ibench.agents import STOP
from vendors.kit.signing import sign_request

USER_AGENT = "ibench-explorer/1"


class Client:
    def __init__(self, vendor: str, base_url: str, traits, creds: dict[str, str],
                 log: Callable[[str], None], max_requests: int):
        self.vendor, self.base = vendor, base_url.rstrip("/")
        self.traits, self.creds, self.log = traits, creds, log
        self.learned: dict[str, str] = {}  # values from token/login responses (access_token, code, …)
        self.http = httpx.Client(timeout=10.0, trust_env=False, follow_redirects=False,
                                 headers={"User-Agent": USER_AGENT})
        self.max_requests = max_requests
        self.requests = 0
        self.paced_requests = 0
        self.statuses: Counter = Counter()
        self.clock_offset = 0.0  # vendor clock minus host clock, from Date headers
        self.latency = deque(maxlen=50)
        self.last_headers: httpx.Headers = httpx.Headers()
        self.pacer = Pacer(traits.rate_limits.rules)
        self.lock = threading.Lock()

    def close(self) -> None:
        self.http.close()

    # --- credentials -----------------------------------------------------------------------

    def _credentials(self, mode: str) -> tuple[dict[str, str], dict[str, str]]:
        """Headers and query parameters carrying the credentials. `bad`: the same places
        with wrong values (a 401 to see); `none`: nothing at all."""
        headers = dict(self.traits.auth.extra_headers)
        params: dict[str, str] = {}
        if mode == "none":
            return headers, params
        basic: dict[str, str] = {}
        for secret in self.traits.auth.secrets:
            if secret.endpoint or secret.placement == "never_sent":
                continue  # token-endpoint credentials are sent as that endpoint's parameters
            value = self.creds.get(secret.name) or self.learned.get(secret.field or "") or self.learned.get(secret.name)
            if not value:
                continue
            if mode == "bad":
                value = "explorer-wrong-" + value[-4:]
            if secret.placement == "header" and secret.field and secret.field not in headers:
                headers[secret.field] = secret.prefix + value
            elif secret.placement == "query" and secret.field:
                params.setdefault(secret.field, value)
            elif secret.placement in ("basic_user", "basic_password"):
                basic.setdefault(secret.placement, value)
        if basic:
            raw = f"{basic.get('basic_user', '')}:{basic.get('basic_password', '')}".encode()
            headers["Authorization"] = "Basic " + base64.b64encode(raw).decode()
        return headers, params

    def _sign(self, req: httpx.Request, mode: str) -> None:
        signing = self.traits.auth.signing
        if signing is None or mode == "none" or signing.key not in self.creds:
            return
        ts = str(int(time.time() + self.clock_offset))
        secret = self.creds[signing.key] if mode == "good" else "explorer-wrong-secret"
        target = req.url.raw_path.decode()
        req.headers[signing.timestamp_header] = ts
        req.headers[signing.signature_header] = sign_request(secret, ts, req.method, target, req.content)

    # --- sending ---------------------------------------------------------------------------

    def target(self, path_or_url: str) -> str:
        """Any URL a vendor hands out (next links, rest URLs) is followed through the base URL:
        its path and query only, never its host."""
        if "://" in path_or_url:
            parts = urlsplit(path_or_url)
            path_or_url = parts.path + (f"?{parts.query}" if parts.query else "")
        return self.base + path_or_url

    def send(self, method: str, path: str, params: dict | None = None, body: bytes | None = None,
             content_type: str | None = None, headers: dict | None = None, mode: str = "good",
             paced: bool = True, label: str = "", quiet: bool = False) -> httpx.Response | None:
        if STOP.is_set():
            raise KeyboardInterrupt
        if paced and self.paced_requests >= self.max_requests:
            self.log(f"{self.vendor} {method} {path} skipped: request budget of {self.max_requests} spent")
            return None
        if paced:  # the budget bounds the walk; a burst is sized on its own
            self.paced_requests += 1
            self.pacer.wait(method, path.split("?", 1)[0])
        cred_headers, cred_params = self._credentials(mode)
        all_headers = {**cred_headers, **(headers or {})}
        if content_type and body is not None:
            all_headers["Content-Type"] = content_type
        if "Accept" not in all_headers:
            all_headers["Accept"] = self.traits.content_type + ", application/json;q=0.9, */*;q=0.5"
        query = {**cred_params, **(params or {})} or None
        start = time.monotonic()
        try:
            req = self.http.build_request(method, self.target(path), params=query, content=body, headers=all_headers)
            self._sign(req, mode)
            resp = self.http.send(req)
            resp.read()
        except httpx.HTTPError as exc:
            with self.lock:
                self.requests += 1
                self.statuses["error"] += 1
            self.log(f"{self.vendor} {method} {path} {label}-> {type(exc).__name__}: {exc}")
            return None
        with self.lock:  # bursts send from several threads
            self.requests += 1
            self.latency.append(time.monotonic() - start)
            self.statuses[resp.status_code] += 1
            self.last_headers = resp.headers
        if paced:
            self.pacer.done(method, path.split("?", 1)[0], resp.status_code)
        self._learn_clock(resp)
        if quiet:
            return resp
        shown = req.url.raw_path.decode()
        self.log(f"{self.vendor} {method} {shown[:160]} {label}-> {resp.status_code}")
        return resp

    def _learn_clock(self, resp: httpx.Response) -> None:
        date = resp.headers.get("Date")
        if date:
            try:
                self.clock_offset = parsedate_to_datetime(date).timestamp() - time.time()
            except (TypeError, ValueError):
                pass

    def vendor_now(self) -> int:
        return int(time.time() + self.clock_offset)

    def mean_latency(self) -> float:
        return sum(self.latency) / len(self.latency) if self.latency else 0.05


def body_of(resp: httpx.Response | None) -> Any:
    """The JSON body of a response, or None (XML and text bodies are returned as text)."""
    if resp is None or not resp.content:
        return None
    try:
        return json.loads(resp.content)
    except ValueError:
        return resp.text


def rule_matches(rule, method: str, path: str) -> bool:
    want = rule.match.get("method")
    if want and method.upper() not in [m.strip().upper() for m in want.split(",")]:
        return False
    return not rule.match.get("path") or fnmatchcase(path, rule.match["path"])


class Pacer:
    """A client-side model of the vendor's documented limits, kept a little under them: the
    walk must not be throttled (a 429 there would make the run depend on timing), so the
    explorer waits instead; bursts skip the pacer on purpose."""

    def __init__(self, rules):
        self.rules = [r for r in rules if r.policy in ("fixed_window", "token_bucket", "error_burst")]
        self.sent: dict[str, deque] = {r.id: deque() for r in self.rules}
        self.tokens: dict[str, tuple[float, float]] = {}

    def _delay(self, rule, now: float) -> float:
        log = self.sent[rule.id]
        if rule.policy == "fixed_window":
            # A sliding log: any interval of window_s holds at most limit-2 requests, so no
            # window of the vendor's (wherever it starts) can fill up.
            while log and log[0] <= now - rule.window_s:
                log.popleft()
            cap = max(1, rule.limit - 2)
            return 0.0 if len(log) < cap else log[0] + rule.window_s - now + 0.01
        if rule.policy == "token_bucket":
            rate = 0.8 * (rule.refill_per_s or rule.limit / rule.window_s)
            tokens, last = self.tokens.get(rule.id, (max(1.0, rule.limit - 3.0), now))
            tokens = min(max(1.0, rule.limit - 3.0), tokens + (now - last) * rate)
            self.tokens[rule.id] = (tokens, now)
            return 0.0 if tokens >= 1.0 else (1.0 - tokens) / rate
        while log and log[0] <= now - rule.window_s:  # error_burst: failures in the window
            log.popleft()
        return 0.0 if len(log) < max(1, rule.limit - 3) else log[0] + rule.window_s - now + 0.01

    def wait(self, method: str, path: str) -> None:
        for rule in self.rules:
            if not rule_matches(rule, method, path):
                continue
            delay = self._delay(rule, time.monotonic())
            if delay > 0:
                STOP.wait(min(delay, 15.0))
                if STOP.is_set():
                    raise KeyboardInterrupt
                self._delay(rule, time.monotonic())
            now = time.monotonic()
            if rule.policy == "fixed_window":
                self.sent[rule.id].append(now)
            elif rule.policy == "token_bucket":
                tokens, _ = self.tokens[rule.id]
                self.tokens[rule.id] = (tokens - 1.0, now)

    def done(self, method: str, path: str, status: int) -> None:
        if status < 400:
            return
        for rule in self.rules:
            if rule.policy == "error_burst" and rule_matches(rule, method, path):
                self.sent[rule.id].append(time.monotonic())
