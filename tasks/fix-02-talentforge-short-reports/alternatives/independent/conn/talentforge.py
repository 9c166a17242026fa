# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small TalentForge API v2 client (OAuth2 client credentials, cursor-paged lists).

Access tokens live 60 seconds (on TalentForge's clock) and a full walk over our applications
takes longer than that on a slow link, so the client keeps one token, renews it shortly before
it expires, and when a call still answers `401 token_expired` renews it and retries that call.
Rate limiting (429 + Retry-After), 5xx and network errors are retried; anything that still fails
raises TalentForgeError -- a failed call is never mistaken for the end of a list.
"""
from __future__ import annotations

import email.utils
import logging
import random
import time
from typing import Any, Iterator

import requests

from .config import Settings

log = logging.getLogger("conn.talentforge")


class TalentForgeError(RuntimeError):
    """A call that could not be completed, even after retries."""


class InvalidCursor(TalentForgeError):
    """TalentForge refused a cursor; the walk has to start again without one."""


class TalentForge:
    MAX_ATTEMPTS = 8
    TOKEN_MARGIN = 10.0  # renew this many seconds before the token expires

    def __init__(self, settings: Settings, timeout: tuple[float, float] = (10.0, 120.0)):
        self.base = settings.base_url
        self.settings = settings
        self.timeout = timeout
        self.http = requests.Session()
        self.http.headers.update({"Accept": "application/json"})
        self._token: str | None = None
        self._lifetime = 60.0
        self._minted_local = 0.0
        self._minted_server: float | None = None
        self._server_now: float | None = None
        self.tokens_minted = 0

    # ------------------------------------------------------------------ auth
    def token(self) -> str:
        """The current access token, minted or renewed only when needed."""
        if self._token is None or self._stale():
            self._mint()
        return self._token  # type: ignore[return-value]

    def _mint(self) -> None:
        attempt = 0
        while True:
            attempt += 1
            try:
                r = self.http.post(self.base + "/oauth/token", timeout=self.timeout, json={
                    "grant_type": "client_credentials", "client_id": self.settings.client_id,
                    "client_secret": self.settings.client_secret})
            except requests.RequestException as exc:
                if attempt >= self.MAX_ATTEMPTS:
                    raise TalentForgeError(f"token request failed: {exc}") from exc
                self._backoff(attempt, None, f"token request: {exc}")
                continue
            self._observe(r)
            if r.status_code == 200:
                body = r.json()
                self._token = body["access_token"]
                try:
                    self._lifetime = float(body.get("expires_in") or 60)
                except (TypeError, ValueError):
                    self._lifetime = 60.0
                self._minted_local = time.monotonic()
                self._minted_server = self._server_now
                self.tokens_minted += 1
                return
            if (r.status_code == 429 or r.status_code >= 500) and attempt < self.MAX_ATTEMPTS:
                self._backoff(attempt, r, f"token request HTTP {r.status_code}")
                continue
            raise TalentForgeError(f"token request refused: HTTP {r.status_code} {_error_code(r)}")

    def _stale(self) -> bool:
        limit = max(self._lifetime - self.TOKEN_MARGIN, self._lifetime / 2)
        if time.monotonic() - self._minted_local >= limit:
            return True
        if self._minted_server is not None and self._server_now is not None:
            return self._server_now - self._minted_server >= limit
        return False

    def _observe(self, r: requests.Response) -> None:
        date = r.headers.get("Date")
        if date:
            try:
                self._server_now = email.utils.parsedate_to_datetime(date).timestamp()
            except (TypeError, ValueError):
                pass
        try:
            remaining = int(r.headers["X-RateLimit-Remaining"])
            reset = float(r.headers["X-RateLimit-Reset"])
        except (KeyError, ValueError):
            return
        if remaining <= 0 and r.status_code != 429 and reset > 0:
            log.info("rate-limit budget used up; waiting %.0fs for the next window", reset)
            time.sleep(min(reset, 120.0))

    # ------------------------------------------------------------------ reads
    def get(self, path: str, params: dict[str, Any] | None = None) -> dict:
        attempt = 0
        renewals = 0
        while True:
            attempt += 1
            token = self.token()
            try:
                r = self.http.get(self.base + path, params=params, timeout=self.timeout,
                                  headers={"Authorization": f"Bearer {token}"})
            except requests.RequestException as exc:
                if attempt >= self.MAX_ATTEMPTS:
                    raise TalentForgeError(f"GET {path} failed: {exc}") from exc
                self._backoff(attempt, None, f"GET {path}: {exc}")
                continue
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
                renewals += 1
                if renewals > 3:
                    raise TalentForgeError(f"GET {path}: unauthorised even with a fresh token ({code})")
                log.info("access token refused (%s); renewing it and retrying the call", code or "401")
                self._token = None
                attempt -= 1
                continue
            if r.status_code == 400 and code == "invalid_cursor":
                raise InvalidCursor(f"GET {path}: cursor refused")
            if r.status_code in (408, 429) or r.status_code >= 500:
                if attempt >= self.MAX_ATTEMPTS:
                    raise TalentForgeError(f"GET {path}: HTTP {r.status_code} after {attempt} attempts")
                self._backoff(attempt, r, f"GET {path} HTTP {r.status_code}")
                continue
            raise TalentForgeError(f"GET {path}: HTTP {r.status_code} {code} {r.text[:200]}")

    def list_page(self, token: str | None, path: str, params: dict) -> dict:
        """One page of a list endpoint. `token` is accepted for compatibility; the client manages
        its own token. Raises TalentForgeError instead of returning a short list."""
        return self.get(path, params)

    def walk(self, path: str, params: dict[str, Any]) -> Iterator[list[dict]]:
        """The items of every page of a list, the last page (the one without `cursor`) included."""
        page = self.get(path, params)
        while True:
            yield page.get("items") or []
            cursor = page.get("cursor")
            if not cursor:
                return
            page = self.get(path, {**params, "cursor": cursor})

    # ------------------------------------------------------------------ helpers
    def _backoff(self, attempt: int, r: requests.Response | None, why: str) -> None:
        wait = _retry_after(r.headers.get("Retry-After")) if r is not None else None
        if wait is None:
            wait = min(60.0, 0.5 * 2 ** (attempt - 1)) + random.uniform(0, 0.5)
        wait = min(wait, 300.0)
        log.warning("%s; retrying in %.1fs (attempt %d)", why, wait, attempt)
        time.sleep(wait)


def _retry_after(value: str | None) -> float | None:
    if not value:
        return None
    try:
        return max(0.0, float(value.strip()))
    except ValueError:
        pass
    try:
        return max(0.0, email.utils.parsedate_to_datetime(value).timestamp() - time.time())
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
