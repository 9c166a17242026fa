# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Jobsmith: the key in the `apikey` query parameter, form-encoded writes, pages under
/page/{n} ending with an empty list, and a single result returned as an object."""
import httpx

from conn import config
from conn.http import send


def as_list(doc) -> list:
    if doc is None:
        return []
    return [doc] if isinstance(doc, dict) else list(doc)


class Jobsmith:
    def __init__(self):
        self.base = config.jobsmith_url()
        self.http = httpx.Client(timeout=30, params={"apikey": config.jobsmith_key()})

    def get(self, path: str, params: dict | None = None):
        r = send(self.http, "GET", self.base + path, safe=True, params=params or {})
        r.raise_for_status()
        return r.json()

    def walk(self, path: str, params: dict | None = None):
        n = 1
        while True:
            rows = as_list(self.get(path if n == 1 else f"{path}/page/{n}", params))
            if not rows:
                return
            yield from rows
            n += 1

    def post_form(self, path: str, fields: dict) -> dict:
        r = send(self.http, "POST", self.base + path, safe=False, data=fields)
        r.raise_for_status()
        return r.json()

    def offers(self) -> list[dict]:
        return list(self.walk("/v1/applicants", {"status": "Offer"}))

    def notes(self, applicant_id: int) -> list[dict]:
        return as_list(self.get(f"/v1/applicants/{applicant_id}/notes"))

    def add_note(self, applicant_id: int, text: str) -> None:
        self.post_form("/v1/notes", {"applicant_id": str(applicant_id), "contents": text})

    def set_status(self, applicant_id: int, job_id: int, status: str) -> None:
        self.post_form("/v1/applicants2jobs", {"applicant_id": str(applicant_id), "job_id": str(job_id),
                                               "workflow_status": status})
