# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small, careful TalentForge API v2 client.

- OAuth2 client credentials; one access token is reused for as long as it is valid. It is
  renewed shortly before it expires (by our clock and by TalentForge's `Date` header) and, if a
  call still answers `401 token_expired`, renewed and the same call retried.
- 429 is retried after `Retry-After`; 5xx and network errors are retried with back-off.
- List walks follow `cursor` until a page comes back without one (that last page included).
"""
from __future__ import annotations

import email.utils
import logging
import random
import time
from typing import Any, Iterator

import requests

log = logging.getLogger("conn.talentforge")


class TalentForgeError(RuntimeError):
    """A call that could not be completed (after retries)."""


class InvalidCursor(TalentForgeError):
    pass


class TalentForge:
    PAGE_LIMIT = 100
    MAX_ATTEMPTS = 8
    TOKEN_MARGIN = 10.0  # seconds before expiry at which we renew proactively

    def __init__(self, base_url: str, client_id: str, client_secret: str,
                 timeout: tuple[float, float] = (10.0, 90.0)):
        self.base = base_url.rstrip("/")
        self.client_id = client_id
        self.client_secret = client_secret
        self.timeout = timeout
        self.http = requests.Session()
        self.http.headers.update({"Accept": "application/json", "User-Agent": "tessellate-planning-sync/1.0"})
        self._token: str | None = None
        self._token_lifetime = 60.0
        self._token_local = 0.0            # time.monotonic() when minted
        self._token_server: float | None = None  # server clock (epoch s) when minted
        self._server_now: float | None = None    # latest server clock seen
        self.tokens_minted = 0
        self.requests_made = 0

    # ---------------------------------------------------------------- auth
    def _mint(self) -> None:
        attempt = 0
        while True:
            attempt += 1
            try:
                r = self.http.post(self.base + "/oauth/token", timeout=self.timeout, data={
                    "grant_type": "client_credentials", "client_id": self.client_id,
                    "client_secret": self.client_secret})
            except requests.RequestException as exc:
                if attempt >= self.MAX_ATTEMPTS:
                    raise TalentForgeError(f"token request failed: {exc}") from exc
                self._backoff(attempt, None, f"token request: {exc}")
                continue
            self.requests_made += 1
            self._observe(r)
            if r.status_code == 200:
                body = r.json()
                self._token = body["access_token"]
                try:
                    self._token_lifetime = float(body.get("expires_in") or 60)
                except (TypeError, ValueError):
                    self._token_lifetime = 60.0
                self._token_local = time.monotonic()
                self._token_server = self._server_now
                self.tokens_minted += 1
                log.debug("minted access token (lifetime %ss)", self._token_lifetime)
                return
            if (r.status_code == 429 or r.status_code >= 500) and attempt < self.MAX_ATTEMPTS:
                self._backoff(attempt, r, f"token request HTTP {r.status_code}")
                continue
            raise TalentForgeError(f"token request refused: HTTP {r.status_code} {_error_code(r)}")

    def _token_stale(self) -> bool:
        if self._token is None:
            return True
        limit = max(self._token_lifetime - self.TOKEN_MARGIN, self._token_lifetime / 2)
        if time.monotonic() - self._token_local >= limit:
            return True
        if self._token_server is not None and self._server_now is not None:
            if self._server_now - self._token_server >= limit:
                return True
        return False

    def _observe(self, r: requests.Response) -> None:
        date = r.headers.get("Date")
        if date:
            try:
                self._server_now = email.utils.parsedate_to_datetime(date).timestamp()
            except (TypeError, ValueError):
                pass
        remaining = r.headers.get("X-RateLimit-Remaining")
        reset = r.headers.get("X-RateLimit-Reset")
        if remaining is not None and reset is not None:
            try:
                if int(remaining) <= 0 and r.status_code != 429:
                    wait = min(float(reset), 120.0)
                    if wait > 0:
                        log.info("rate-limit budget used up; waiting %.0fs for the next window", wait)
                        time.sleep(wait)
            except ValueError:
                pass

    # ---------------------------------------------------------------- calls
    def get(self, path: str, params: dict[str, Any] | None = None) -> dict:
        attempt = 0
        reauth = 0
        while True:
            attempt += 1
            if self._token_stale():
                self._mint()
            try:
                r = self.http.get(self.base + path, params=params, timeout=self.timeout,
                                  headers={"Authorization": f"Bearer {self._token}"})
            except requests.RequestException as exc:
                if attempt >= self.MAX_ATTEMPTS:
                    raise TalentForgeError(f"GET {path} failed: {exc}") from exc
                self._backoff(attempt, None, f"GET {path}: {exc}")
                continue
            self.requests_made += 1
            self._observe(r)
            if r.status_code == 200:
                try:
                    return r.json()
                except ValueError as exc:
                    if attempt >= self.MAX_ATTEMPTS:
                        raise TalentForgeError(f"GET {path}: response is not JSON") from exc
                    self._backoff(attempt, None, f"GET {path}: unreadable body")
                    continue
            code = _error_code(r)
            if r.status_code == 401 and code in ("token_expired", "invalid_token", "missing_token", ""):
                reauth += 1
                if reauth > 3:
                    raise TalentForgeError(f"GET {path}: still unauthorised after renewing the token ({code})")
                log.info("access token refused (%s); renewing it and retrying", code or "401")
                self._token = None
                attempt -= 1  # re-authentication is not a failed attempt
                continue
            if r.status_code == 400 and code == "invalid_cursor":
                raise InvalidCursor(f"GET {path}: cursor refused")
            if r.status_code == 429 or r.status_code >= 500 or r.status_code == 408:
                if attempt >= self.MAX_ATTEMPTS:
                    raise TalentForgeError(f"GET {path}: HTTP {r.status_code} after {attempt} attempts")
                self._backoff(attempt, r, f"GET {path} HTTP {r.status_code}")
                continue
            raise TalentForgeError(f"GET {path}: HTTP {r.status_code} {code} {r.text[:200]}")

    def walk(self, path: str, params: dict[str, Any]) -> Iterator[list[dict]]:
        """Yield the items of each page of a list, the last page included.

        Raises InvalidCursor if TalentForge refuses a cursor (the caller restarts the walk)."""
        first = dict(params)
        first.setdefault("limit", self.PAGE_LIMIT)
        page = self.get(path, first)
        while True:
            items = page.get("items") or []
            yield items
            cursor = page.get("cursor")
            if not cursor:  # absent key: end of the list
                return
            page = self.get(path, {**first, "cursor": cursor})

    # ---------------------------------------------------------------- helpers
    def _backoff(self, attempt: int, r: requests.Response | None, why: str) -> None:
        wait = None
        if r is not None:
            wait = _retry_after(r.headers.get("Retry-After"))
        if wait is None:
            wait = min(60.0, 0.5 * (2 ** (attempt - 1))) + random.uniform(0, 0.5)
        wait = min(wait, 300.0)
        log.warning("%s; retrying in %.1fs (attempt %d)", why, wait, attempt)
        time.sleep(wait)


def _retry_after(value: str | None) -> float | None:
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
        return max(0.0, when.timestamp() - time.time())
    except (TypeError, ValueError):
        return None


def _error_code(r: requests.Response) -> str:
    try:
        body = r.json()
    except ValueError:
        return ""
    if isinstance(body, dict) and isinstance(body.get("error"), dict):
        return str(body["error"].get("code") or "")
    return ""
