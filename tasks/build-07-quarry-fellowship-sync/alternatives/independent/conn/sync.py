# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Quarry → fellows.sqlite, written from the ticket and Quarry's docs.

Design: a mirror of every record ever seen lives in IB_STATE_DIR (mirror.json, with the sync
token of each list and the Quarry time its walk started, read from the `Date` header). Each run
updates the mirror and then rebuilds fellows.sqlite from it (written to a temporary file and
renamed into place), so the store never holds half a run.

A token older than six and a half days on Quarry's clock is not even tried (tokens last seven);
should Quarry still refuse one (`sync_token_expired`, `invalid_sync_token`), the run falls back to
a full walk as well. Only a full walk can show deletions: whatever the mirror holds that a full walk
did not return is marked archived."""
from __future__ import annotations

import base64
import email.utils
import json
import os
import sqlite3
import time
import urllib.error
import urllib.request

from .config import Settings

MAX_TOKEN_AGE_S = 6.5 * 86400


class QuarryFailure(Exception):
    def __init__(self, code: str, message: str = ""):
        super().__init__(f"{code}: {message}")
        self.code = code


class Client:
    def __init__(self, base: str, key: str):
        self.base = base.rstrip("/")
        self.auth = "Basic " + base64.b64encode(f"{key}:".encode()).decode()
        self.last_date: float | None = None

    def post(self, method: str, body: dict) -> dict:
        data = json.dumps(body).encode()
        for attempt in range(7):
            req = urllib.request.Request(f"{self.base}/{method}", data=data, method="POST",
                                         headers={"Authorization": self.auth, "Content-Type": "application/json"})
            try:
                with urllib.request.urlopen(req, timeout=30) as resp:
                    raw, date = resp.read(), resp.headers.get("Date")
            except urllib.error.HTTPError as err:
                raw, date = err.read(), err.headers.get("Date")
                if err.code >= 500:
                    time.sleep(min(2 ** attempt * 0.3, 6))
                    continue
            except (urllib.error.URLError, OSError):
                time.sleep(min(2 ** attempt * 0.3, 6))
                continue
            if date:
                self.last_date = email.utils.parsedate_to_datetime(date).timestamp()
            try:
                answer = json.loads(raw)
            except ValueError:
                time.sleep(min(2 ** attempt * 0.3, 6))
                continue
            if answer.get("success") is True:
                return answer
            info = answer.get("errorInfo") or {}
            code = info.get("code", "unknown")
            if code == "rate_limit_exceeded":
                time.sleep(float(info.get("retryAfterSeconds", 2)))
                continue
            if code == "internal_error":
                time.sleep(min(2 ** attempt * 0.3, 6))
                continue
            raise QuarryFailure(code, info.get("message", ""))
        raise QuarryFailure("unavailable", f"{method} kept failing")

    def confidential_jobs(self) -> set[str]:
        """Jobs this key may not read applications of (left out of the unfiltered list)."""
        jobs, _ = self.everything("job.list", None)
        return {j["id"] for j in jobs if j.get("confidential")}

    def everything(self, method: str, token: str | None) -> tuple[list[dict], str | None]:
        out: list[dict] = []
        body: dict = {"limit": 100, **({"syncToken": token} if token else {})}
        while True:
            page = self.post(method, body)
            out.extend(page.get("results", []))
            if page.get("moreDataAvailable"):
                body = {"limit": 100, "cursor": page["nextCursor"]}
                continue
            return out, page.get("syncToken")


def cand_record(c: dict) -> dict:
    mail = c.get("primaryEmailAddress") or {}
    value = (mail.get("value") or "").strip().lower()
    return {"id": c["id"], "name": c.get("name"), "email": value or None, "updated_at": c.get("updatedAt")}


def app_record(a: dict) -> dict:
    return {"id": a["id"], "candidate_id": a.get("candidateId"), "job_id": a.get("jobId"),
            "status": a.get("status"), "updated_at": a.get("updatedAt")}


LISTS = {"candidates": ("candidate.list", cand_record), "applications": ("application.list", app_record)}


def refresh(client: Client, mirror: dict, name: str) -> str:
    method, convert = LISTS[name]
    records = mirror.setdefault("records", {}).setdefault(name, {})
    sync = mirror.setdefault("sync", {}).get(name) or {}
    token = sync.get("token")
    if token and client.last_date and client.last_date - sync.get("started", 0) > MAX_TOKEN_AGE_S:
        token = None  # too old to be accepted: go straight to a full walk
    started = client.last_date or time.time()
    try:
        items, new_token = client.everything(method, token)
    except QuarryFailure as failure:
        if not token or failure.code not in ("sync_token_expired", "invalid_sync_token"):
            raise
        token, started = None, client.last_date or time.time()
        items, new_token = client.everything(method, None)
    for item in items:
        records[item["id"]] = {**convert(item), "archived": 0}
    kind = "incremental"
    if token is None:
        kind = "full"
        seen = {item["id"] for item in items}
        hidden = client.confidential_jobs() if name == "applications" else set()
        for rid, rec in records.items():
            if rid not in seen and rec.get("job_id") not in hidden:
                rec["archived"] = 1
    if new_token:
        mirror["sync"][name] = {"token": new_token, "started": started}
    return f"{name}: {len(items)} read ({kind})"


def write_store(path, mirror: dict) -> None:
    tmp = path.with_name(path.name + ".building")
    if tmp.exists():
        tmp.unlink()
    db = sqlite3.connect(tmp)
    db.execute("CREATE TABLE candidates (id TEXT PRIMARY KEY, name TEXT, email TEXT, archived INTEGER, updated_at TEXT)")
    db.execute("CREATE TABLE applications (id TEXT PRIMARY KEY, candidate_id TEXT, job_id TEXT, status TEXT, "
               "archived INTEGER, updated_at TEXT)")
    recs = mirror.get("records", {})
    db.executemany("INSERT INTO candidates VALUES (:id, :name, :email, :archived, :updated_at)",
                   list(recs.get("candidates", {}).values()))
    db.executemany("INSERT INTO applications VALUES (:id, :candidate_id, :job_id, :status, :archived, :updated_at)",
                   list(recs.get("applications", {}).values()))
    db.commit()
    db.close()
    os.replace(tmp, path)


def sync(settings: Settings) -> int:
    settings.state_dir.mkdir(parents=True, exist_ok=True)
    settings.output_dir.mkdir(parents=True, exist_ok=True)
    mirror_file = settings.state_dir / "mirror.json"
    mirror = json.loads(mirror_file.read_text()) if mirror_file.exists() else {}
    client = Client(settings.base_url, settings.api_key)
    try:
        client.post("job.list", {"limit": 1})  # learn Quarry's clock before judging token ages
        for name in LISTS:
            print("sync:", refresh(client, mirror, name))
    except QuarryFailure as failure:
        print(f"sync: failed, store left as it was: {failure}")
        return 1
    write_store(settings.store_path, mirror)
    tmp = mirror_file.with_suffix(".tmp")
    tmp.write_text(json.dumps(mirror))
    os.replace(tmp, mirror_file)
    return 0
