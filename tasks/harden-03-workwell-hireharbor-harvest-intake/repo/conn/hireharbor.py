# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The co-op's HireHarbor account (Harvest API v1): Basic auth with the key as user name,
On-Behalf-Of on every write, Link-header pages."""
from __future__ import annotations

from collections.abc import Iterator

import requests

from .http import send


class HireHarborError(RuntimeError):
    pass


class HireHarbor:
    def __init__(self, base_url: str, api_key: str):
        self.base = base_url
        self.http = requests.Session()
        self.http.auth = (api_key, "")
        self.http.headers.update({"Accept": "application/json"})
        self.actor: int | None = None

    def _url(self, path: str) -> str:
        return path if path.startswith("http") else self.base + path

    def get(self, path: str, params: dict | None = None) -> requests.Response:
        r = send(self.http, "GET", self._url(path), params=params)
        if r.status_code >= 400:
            raise HireHarborError(f"GET {path}: {r.status_code} {r.text[:200]}")
        return r

    def walk(self, path: str, params: dict | None = None) -> Iterator[dict]:
        r = self.get(path, {"per_page": 100, **(params or {})})
        while True:
            yield from r.json()
            nxt = r.links.get("next", {}).get("url")
            if not nxt:
                return
            r = self.get(nxt)

    def post(self, path: str, body: dict) -> dict:
        r = send(self.http, "POST", self._url(path), json=body, headers={"On-Behalf-Of": str(self.actor)})
        if r.status_code >= 400:
            raise HireHarborError(f"POST {path}: {r.status_code} {r.text[:200]}")
        return r.json()

    # --- what the bridge needs ---------------------------------------------------------

    def use_actor(self, email: str) -> int:
        users = list(self.walk("/v1/users", {"email": email}))
        if not users:
            raise HireHarborError(f"no HireHarbor user {email}")
        self.actor = users[0]["id"]
        return self.actor

    def jobs_by_requisition(self) -> dict[str, int]:
        return {(j.get("custom_fields") or {}).get("requisition_id"): j["id"] for j in self.walk("/v1/jobs")}

    def find_candidate(self, email: str) -> int | None:
        found = list(self.walk("/v1/candidates", {"email": email}))
        return found[0]["id"] if found else None

    def create_candidate(self, first_name: str, last_name: str, email: str, phone: str | None) -> int:
        body = {"first_name": first_name, "last_name": last_name, "emails": [email],
                "phone_numbers": [phone] if phone else []}
        return self.post("/v1/candidates", body)["id"]

    def application_jobs(self, candidate_id: int) -> set[int]:
        return {a["job_id"] for a in self.walk("/v1/applications", {"candidate_id": candidate_id})}

    def create_application(self, candidate_id: int, job_id: int, source: str) -> int:
        return self.post("/v1/applications", {"candidate_id": candidate_id, "job_id": job_id, "source": source})["id"]
