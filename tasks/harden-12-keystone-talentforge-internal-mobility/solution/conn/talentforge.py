# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""TalentForge API v2: OAuth2 client credentials, JSON, candidates.

One token is reused until shortly before the `expires_in` its mint answered (the tenant's
tokens live 30 s, not the docs' 60 s), and replaced at once on a 401. A failing token
endpoint is asked again with growing pauses. TalentForge has no idempotency keys and no
uniqueness on external_id: when a create's answer is lost, the candidate may exist already,
and the external_id search trails writes by a few seconds, so the search is asked for a while
before the create is sent again."""
from __future__ import annotations

import sys
import time

import requests

TIMEOUT = (5, 20)
LOOKUP_PATIENCE_S = 8   # the search trails writes by about 3 s
REFRESH_AT = 0.6        # replace a token after 60 % of its lifetime


class TalentForgeError(RuntimeError):
    pass


class Ambiguous(TalentForgeError):
    """A write whose answer never came: it may or may not have happened."""


class TalentForge:
    def __init__(self, base_url: str, client_id: str, client_secret: str):
        self.base = base_url.rstrip("/")
        self.client_id = client_id
        self.client_secret = client_secret
        self.http = requests.Session()
        self._tok: str | None = None
        self._renew_at = 0.0

    def _token(self) -> str:
        if self._tok and time.monotonic() < self._renew_at:
            return self._tok
        for attempt in range(8):
            if attempt:
                time.sleep(min(0.5 * 2 ** (attempt - 1), 8))
            started = time.monotonic()
            try:
                r = self.http.post(self.base + "/oauth/token", timeout=TIMEOUT, json={
                    "grant_type": "client_credentials", "client_id": self.client_id,
                    "client_secret": self.client_secret})
            except requests.RequestException:
                continue
            if r.status_code == 200:
                body = r.json()
                self._tok = body["access_token"]
                self._renew_at = started + float(body.get("expires_in") or 30) * REFRESH_AT
                return self._tok
            if r.status_code == 429 or r.status_code >= 500:
                continue
            raise TalentForgeError(f"token: HTTP {r.status_code} {r.text[:200]}")
        raise TalentForgeError("token: gave up")

    def _call(self, method: str, path: str, **kw) -> requests.Response:
        for attempt in range(6):
            if attempt:
                time.sleep(min(0.5 * 2 ** (attempt - 1), 8))
            headers = {"Authorization": f"Bearer {self._token()}"}
            try:
                r = self.http.request(method, self.base + path, headers=headers, timeout=TIMEOUT, **kw)
            except requests.RequestException as exc:
                if method != "GET":
                    raise Ambiguous(f"{method} {path}: {exc}") from exc
                continue
            if r.status_code == 401:
                self._tok = None
                continue
            if r.status_code == 429:
                time.sleep(float(r.headers.get("Retry-After") or 1))
                continue
            if r.status_code >= 500:
                if method != "GET":
                    raise Ambiguous(f"{method} {path}: HTTP {r.status_code}")
                continue
            return r
        raise TalentForgeError(f"{method} {path}: gave up")

    def find_by_external_id(self, external_id: str) -> dict | None:
        r = self._call("GET", "/api/v2/candidates", params={"external_id": external_id})
        if r.status_code != 200:
            raise TalentForgeError(f"search {external_id}: HTTP {r.status_code} {r.text[:200]}")
        items = r.json().get("items") or []
        return items[0] if items else None

    def create(self, body: dict) -> dict:
        for _ in range(3):
            try:
                r = self._call("POST", "/api/v2/candidates", json=body)
            except Ambiguous as exc:
                print(f"talentforge: {exc}; looking {body['external_id']} up before sending it again", file=sys.stderr)
                deadline = time.monotonic() + LOOKUP_PATIENCE_S
                while time.monotonic() < deadline:
                    time.sleep(1)
                    found = self.find_by_external_id(body["external_id"])
                    if found is not None:
                        return found
                continue
            if r.status_code != 201:
                raise TalentForgeError(f"create {body.get('external_id')}: HTTP {r.status_code} {r.text[:200]}")
            return r.json()
        raise TalentForgeError(f"create {body.get('external_id')}: gave up")

    def update(self, cand_id: str, body: dict) -> dict:
        try:
            r = self._call("PATCH", f"/api/v2/candidates/{cand_id}", json=body)
        except Ambiguous:  # a PATCH to the same values changes nothing: safe to send again
            r = self._call("PATCH", f"/api/v2/candidates/{cand_id}", json=body)
        if r.status_code != 200:
            raise TalentForgeError(f"update {cand_id}: HTTP {r.status_code} {r.text[:200]}")
        return r.json()
