# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The co-op's HireHarbor account (Harvest API v1): Basic auth with the key as user name,
On-Behalf-Of on every write, Link-header pages. Our allowance is 20 requests per 10 seconds;
we keep to 18.

HireHarbor has no idempotency keys, and on our account (a large one) its e-mail search trails
creations by about ten seconds (its duplicate check as well, on the wire). So after a create
whose answer was lost we look the e-mail up until the search can be trusted, and post again
only if nobody is there. We look up only the people we bring (the ticket's rule 7)."""
from __future__ import annotations

import time
from collections.abc import Iterator

import requests

from .http import Ambiguous, Pacer, send

SEARCH_LAG_S = 10.0       # how far the e-mail search trails a creation on our account (measured: 10 s)
SETTLE_S = SEARCH_LAG_S + 2.0
POLL_S = 1.5


class HireHarborError(RuntimeError):
    pass


class HireHarbor:
    def __init__(self, base_url: str, api_key: str):
        self.base = base_url
        self.http = requests.Session()
        self.http.auth = (api_key, "")
        self.http.headers.update({"Accept": "application/json"})
        # X-RateLimit-Reset is in seconds until the window resets (HireHarbor's headers)
        self.pacer = Pacer(18, 10.0, "X-RateLimit-Remaining", "X-RateLimit-Reset")
        self.actor: int | None = None

    def _url(self, path: str) -> str:
        return path if path.startswith("http") else self.base + path

    def get(self, path: str, params: dict | None = None) -> requests.Response:
        r = send(self.http, self.pacer, "GET", self._url(path), params=params)
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

    def post(self, path: str, body: dict) -> requests.Response:
        """One attempt; raises Ambiguous when the outcome is unknown."""
        return send(self.http, self.pacer, "POST", self._url(path), json=body,
                    headers={"On-Behalf-Of": str(self.actor)})

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
        return min(c["id"] for c in found) if found else None

    def find_candidate_settled(self, email: str, since: float) -> int | None:
        """Look the e-mail up until the search has caught up with everything created before
        `since` (a monotonic instant): None only when it is certainly not there."""
        while True:
            cid = self.find_candidate(email)
            if cid is not None or time.monotonic() - since >= SETTLE_S:
                return cid
            time.sleep(POLL_S)

    def ensure_candidate(self, first_name: str, last_name: str, email: str, phone: str | None) -> tuple[int, bool]:
        """(candidate id, created by us?) for this e-mail, creating the candidate at most once."""
        cid = self.find_candidate(email)
        if cid is not None:
            return cid, False
        body = {"first_name": first_name, "last_name": last_name, "emails": [email],
                "phone_numbers": [phone] if phone else []}
        for _attempt in range(3):
            try:
                r = self.post("/v1/candidates", body)
            except Ambiguous:
                cid = self.find_candidate_settled(email, time.monotonic())
                if cid is not None:
                    return cid, True
                continue
            if r.status_code == 201:
                return r.json()["id"], True
            if r.status_code == 422 and (r.json() or {}).get("code") == "email_taken":
                cid = self.find_candidate_settled(email, time.monotonic())
                if cid is not None:
                    return cid, False
                continue
            raise HireHarborError(f"POST /v1/candidates: {r.status_code} {r.text[:200]}")
        raise HireHarborError(f"could not create the candidate for {email}")

    def applications(self) -> dict[int, set[int]]:
        """candidate id -> the job ids they have an application to."""
        out: dict[int, set[int]] = {}
        for a in self.walk("/v1/applications"):
            out.setdefault(a["candidate_id"], set()).add(a["job_id"])
        return out

    def has_application(self, candidate_id: int, job_id: int) -> bool:
        return any(True for _ in self.walk("/v1/applications", {"candidate_id": candidate_id, "job_id": job_id}))

    def ensure_application(self, candidate_id: int, job_id: int, source: str) -> bool:
        """Create the application unless it exists; True when we created it."""
        body = {"candidate_id": candidate_id, "job_id": job_id, "source": source}
        for _attempt in range(3):
            try:
                r = self.post("/v1/applications", body)
            except Ambiguous:
                if self.has_application(candidate_id, job_id):
                    return True
                continue
            if r.status_code == 201:
                return True
            raise HireHarborError(f"POST /v1/applications: {r.status_code} {r.text[:200]}")
        raise HireHarborError(f"could not create the application of candidate {candidate_id} to job {job_id}")
