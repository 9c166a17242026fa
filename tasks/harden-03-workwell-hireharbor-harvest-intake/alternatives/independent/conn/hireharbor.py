# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""HireHarbor, person by person. Who exists is asked per e-mail (the search: fine for anyone
created more than a moment ago; we may not read the co-op's whole pool). Whether a create
whose answer was lost went through is asked of the candidate list filtered by `updated_after`
from just before the create, on HireHarbor's own clock: that list is not served from the
lagging e-mail index (nor is it the pool: only what changed in the last seconds)."""
from __future__ import annotations

import time
from email.utils import parsedate_to_datetime

import requests

from .http import Client, Lost


class HireHarbor:
    def __init__(self, base_url: str, api_key: str):
        s = requests.Session()
        s.auth = (api_key, "")
        self.c = Client(s, remaining_header="X-RateLimit-Remaining", reset_header="X-RateLimit-Reset")
        self.base = base_url
        self.user_id: int | None = None
        self.server_time: float | None = None  # HireHarbor's clock at its last answer (Date)

    def _all(self, path: str, params: dict | None = None) -> list[dict]:
        url, rows, q = self.base + path, [], {"per_page": 100, **(params or {})}
        while url:
            r = self.c.read(url, params=q)
            if r.status_code >= 400:
                raise RuntimeError(f"GET {path}: {r.status_code} {r.text[:200]}")
            self._clock(r)
            rows += r.json()
            url, q = r.links.get("next", {}).get("url"), None
        return rows

    def whoami(self, email: str) -> None:
        users = self._all("/v1/users", {"email": email})
        self.user_id = users[0]["id"]

    def job_ids(self) -> dict[str, int]:
        return {(j.get("custom_fields") or {}).get("requisition_id"): j["id"] for j in self._all("/v1/jobs")}

    def _clock(self, r: requests.Response) -> None:
        try:
            self.server_time = parsedate_to_datetime(r.headers["Date"]).timestamp()
        except (KeyError, TypeError, ValueError, IndexError):
            pass

    def holder(self, email: str) -> int | None:
        """The (lowest) live candidate holding this e-mail, by the e-mail search."""
        ids = [c["id"] for c in self._all("/v1/candidates", {"email": email})
               if email in [e.strip().lower() for e in c.get("emails") or []]]
        return min(ids) if ids else None

    def changed_holder(self, email: str, since: float) -> int | None:
        """A candidate holding this e-mail among those changed after `since` (HireHarbor's
        clock, epoch seconds): the plain list, which has no lag."""
        iso = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(since))
        ids = [c["id"] for c in self._all("/v1/candidates", {"updated_after": iso})
               if email in [e.strip().lower() for e in c.get("emails") or []]]
        return min(ids) if ids else None

    def applications(self, candidate_id: int | None = None) -> set[tuple[int, int]]:
        params = {"candidate_id": candidate_id} if candidate_id is not None else None
        return {(a["candidate_id"], a["job_id"]) for a in self._all("/v1/applications", params)}

    def write(self, path: str, body: dict) -> requests.Response:
        return self.c.call("POST", self.base + path, json=body, headers={"On-Behalf-Of": str(self.user_id)})

    def add_candidate(self, first: str, last: str, email: str, phone: str | None) -> int:
        body = {"first_name": first, "last_name": last, "emails": [email], "phone_numbers": [phone] if phone else []}
        for _ in range(3):
            since = (self.server_time or time.time()) - 5.0  # HireHarbor's clock, with overlap
            try:
                r = self.write("/v1/candidates", body)
            except Lost:
                r = None
            else:
                self._clock(r)
            if r is not None and r.status_code == 201:
                return r.json()["id"]
            if r is not None and not (r.status_code == 422 and r.json().get("code") == "email_taken"):
                raise RuntimeError(f"POST /v1/candidates: {r.status_code} {r.text[:200]}")
            # lost answer, or taken: who holds the address now? First what changed since just
            # before our create (not lagged), then the search (anyone older).
            time.sleep(1.0)
            cid = self.changed_holder(email, since)
            if cid is None:
                cid = self.holder(email)
            if cid is not None:
                return cid
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

