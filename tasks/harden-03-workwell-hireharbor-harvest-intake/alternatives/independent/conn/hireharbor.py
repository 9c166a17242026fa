# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""HireHarbor, read as whole lists: the candidate list (not the e-mail search, which trails
creations) tells us who exists, and a repeated read of it tells us whether a create whose
answer was lost went through."""
from __future__ import annotations

import requests

from .http import Client, Lost


class HireHarbor:
    def __init__(self, base_url: str, api_key: str):
        s = requests.Session()
        s.auth = (api_key, "")
        self.c = Client(s, remaining_header="X-RateLimit-Remaining", reset_header="X-RateLimit-Reset")
        self.base = base_url
        self.user_id: int | None = None

    def _all(self, path: str, params: dict | None = None) -> list[dict]:
        url, rows, q = self.base + path, [], {"per_page": 100, **(params or {})}
        while url:
            r = self.c.read(url, params=q)
            if r.status_code >= 400:
                raise RuntimeError(f"GET {path}: {r.status_code} {r.text[:200]}")
            rows += r.json()
            url, q = r.links.get("next", {}).get("url"), None
        return rows

    def whoami(self, email: str) -> None:
        users = self._all("/v1/users", {"email": email})
        self.user_id = users[0]["id"]

    def job_ids(self) -> dict[str, int]:
        return {(j.get("custom_fields") or {}).get("requisition_id"): j["id"] for j in self._all("/v1/jobs")}

    def email_index(self) -> dict[str, int]:
        """lower-cased e-mail -> the (lowest) live candidate id holding it."""
        index: dict[str, int] = {}
        for c in self._all("/v1/candidates"):
            for e in c.get("emails") or []:
                key = e.strip().lower()
                index[key] = min(index.get(key, c["id"]), c["id"])
        return index

    def applications(self, candidate_id: int | None = None) -> set[tuple[int, int]]:
        params = {"candidate_id": candidate_id} if candidate_id is not None else None
        return {(a["candidate_id"], a["job_id"]) for a in self._all("/v1/applications", params)}

    def write(self, path: str, body: dict) -> requests.Response:
        return self.c.call("POST", self.base + path, json=body, headers={"On-Behalf-Of": str(self.user_id)})

    def add_candidate(self, first: str, last: str, email: str, phone: str | None, index: dict[str, int]) -> int:
        body = {"first_name": first, "last_name": last, "emails": [email], "phone_numbers": [phone] if phone else []}
        for _ in range(3):
            try:
                r = self.write("/v1/candidates", body)
            except Lost:
                r = None
            if r is not None and r.status_code == 201:
                index[email] = r.json()["id"]
                return index[email]
            if r is not None and not (r.status_code == 422 and r.json().get("code") == "email_taken"):
                raise RuntimeError(f"POST /v1/candidates: {r.status_code} {r.text[:200]}")
            # lost answer, or taken: read the list again before anything else
            index.update(self.email_index())
            if email in index:
                return index[email]
        raise RuntimeError(f"candidate for {email} could not be created")

    def add_application(self, candidate_id: int, job_id: int) -> None:
        body = {"candidate_id": candidate_id, "job_id": job_id, "source": "Workwell"}
        for _ in range(3):
            try:
                r = self.write("/v1/applications", body)
            except Lost:
                if (candidate_id, job_id) in self.applications(candidate_id):
                    return
                continue
            if r.status_code == 201:
                return
            raise RuntimeError(f"POST /v1/applications: {r.status_code} {r.text[:200]}")
        raise RuntimeError(f"application {candidate_id}/{job_id} could not be created")
