# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""TalentForge API v2 on the standard library. One token, replaced when an API call answers
401 (expired); the token endpoint is retried with growing pauses. Writes are never repeated
here: a create without an answer is reported to the caller as `unknown`."""
from __future__ import annotations

import json
import sys
import time

from .http import NoAnswer, send


class TalentForgeError(RuntimeError):
    pass


class Unknown(TalentForgeError):
    """The create went out, its answer did not come back."""


class TalentForge:
    def __init__(self, base_url: str, client_id: str, client_secret: str):
        self.base = base_url.rstrip("/")
        self.creds = {"grant_type": "client_credentials", "client_id": client_id, "client_secret": client_secret}
        self.token: str | None = None

    def _mint(self) -> str:
        pause = 1.0
        for _ in range(10):
            try:
                a = send("POST", self.base + "/oauth/token", body=json.dumps(self.creds).encode(),
                         headers={"Content-Type": "application/json"}, timeout=10)
            except NoAnswer:
                a = None
            if a is not None and a.status == 200:
                self.token = a.json()["access_token"]
                return self.token
            if a is not None and a.status < 500 and a.status != 429:
                raise TalentForgeError(f"token: HTTP {a.status} {a.body[:200]!r}")
            print(f"talentforge token: {a.status if a else 'no answer'}; waiting {pause:.0f}s", file=sys.stderr)
            time.sleep(pause)
            pause = min(pause * 2, 8)
        raise TalentForgeError("token: no token after 10 tries")

    def call(self, method: str, path: str, *, params: dict | None = None, body: dict | None = None):
        for attempt in range(6):
            token = self.token or self._mint()
            headers = {"Authorization": f"Bearer {token}", "Accept": "application/json"}
            data = None
            if body is not None:
                headers["Content-Type"] = "application/json"
                data = json.dumps(body).encode()
            try:
                a = send(method, self.base + path, headers=headers, params=params, body=data, timeout=15)
            except NoAnswer as exc:
                if method == "POST":
                    raise Unknown(str(exc)) from exc
                time.sleep(1 + attempt)
                continue
            if a.status == 401:
                self.token = None
                continue
            if a.status == 429:
                time.sleep(float(a.headers.get("retry-after") or 2))
                continue
            if a.status >= 500:
                if method == "POST":
                    raise Unknown(f"{method} {path}: HTTP {a.status}")
                time.sleep(1 + attempt)
                continue
            return a
        raise TalentForgeError(f"{method} {path}: gave up")

    def find(self, external_id: str) -> list[dict]:
        a = self.call("GET", "/api/v2/candidates", params={"external_id": external_id})
        if a.status != 200:
            raise TalentForgeError(f"search {external_id}: HTTP {a.status}")
        return a.json().get("items") or []

    def create(self, body: dict) -> dict:
        a = self.call("POST", "/api/v2/candidates", body=body)
        if a.status != 201:
            raise TalentForgeError(f"create {body['external_id']}: HTTP {a.status} {a.body[:200]!r}")
        return a.json()

    def patch(self, cand_id: str, body: dict) -> dict:
        a = self.call("PATCH", f"/api/v2/candidates/{cand_id}", body=body)
        if a.status != 200:
            raise TalentForgeError(f"update {cand_id}: HTTP {a.status} {a.body[:200]!r}")
        return a.json()
