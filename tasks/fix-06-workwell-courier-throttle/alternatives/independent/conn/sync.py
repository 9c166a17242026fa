# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Morning sync, rewritten: the list of every rider application lives in IB_STATE_DIR
(riders.json, keyed by Workwell id) and riders.csv is rewritten from it each run, rows in the
order they were first listed. New applications are read per rider job (`shortcode=`), starting
one past the highest rider id seen so far (ids only grow); ids are hex on the wire and in the state.
Corrections: per rider job, `updated_after` the newest `updated_at` any read candidate carried
(Workwell's own timestamps, less a minute), and every row's job title from this morning's jobs."""
from __future__ import annotations

import csv
import json
import os
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

from .config import LIST_COLUMNS, Settings
from .workwell import Workwell, WorkwellError

STORE = "riders.json"
OVERLAP = timedelta(seconds=60)


def is_rider_job(job: dict) -> bool:
    return "rider" in (job.get("title") or "").lower()


def _utc(raw):
    if not raw:
        return ""
    return datetime.fromisoformat(raw.replace("Z", "+00:00")).astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _row(cand: dict, job: dict) -> dict:
    return {"candidate_id": cand["id"], "first_name": cand.get("firstname") or "",
            "last_name": cand.get("lastname") or "", "email": cand.get("email") or "",
            "phone": cand.get("phone") or "", "job_shortcode": job["shortcode"],
            "job_title": job.get("title") or "", "applied_at": _utc(cand.get("created_at"))}


def _load(path: Path) -> dict:
    if path.exists():
        return json.loads(path.read_text(encoding="utf-8"))
    return {"high_id": None, "rows": [], "newest_update": None}


def _atomic_write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".part")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def _write_csv(path: Path, rows: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".csv.part")
    with open(tmp, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=LIST_COLUMNS)
        w.writeheader()
        w.writerows(rows)
    os.replace(tmp, path)


def _instant(raw: str) -> datetime:
    return datetime.fromisoformat(raw.replace("Z", "+00:00")).astimezone(timezone.utc)


def run_sync(settings: Settings) -> int:
    store_path = settings.state_dir / STORE
    store = _load(store_path)
    by_id = {r["candidate_id"]: r for r in store["rows"]}
    high = int(store["high_id"], 16) if store.get("high_id") else None
    newest = _instant(store["newest_update"]) if store.get("newest_update") else None
    ww = Workwell(settings.base_url, settings.api_key, settings.tenant)
    added = fixed = 0
    try:
        jobs = [j for page in ww.pages("/jobs", {"limit": 100}) for j in page.get("jobs") or [] if is_rider_job(j)]
        new_high, new_newest = high, newest
        for job in jobs:
            params = {"shortcode": job["shortcode"], "limit": 100}
            if high is not None:
                params["since_id"] = format(high + 1, "x")
            reads = [params]
            if newest is not None:
                reads.append({"shortcode": job["shortcode"], "limit": 100,
                              "updated_after": (newest - OVERLAP).strftime("%Y-%m-%dT%H:%M:%SZ")})
            for p in reads:
                for page in ww.pages("/candidates", p):
                    for cand in page.get("candidates") or []:
                        n = int(cand["id"], 16)
                        new_high = n if new_high is None else max(new_high, n)
                        if cand.get("updated_at"):
                            u = _instant(cand["updated_at"])
                            new_newest = u if new_newest is None else max(new_newest, u)
                        row = _row(cand, job)
                        if cand["id"] in by_id:
                            if by_id[cand["id"]] != row:
                                by_id[cand["id"]].update(row)
                                fixed += 1
                            continue
                        by_id[cand["id"]] = row
                        store["rows"].append(row)
                        added += 1
    except WorkwellError as exc:
        print(f"sync failed: {exc}", file=sys.stderr)
        return 1
    titles = {j["shortcode"]: j.get("title") or "" for j in jobs}
    for row in store["rows"]:
        if row["job_shortcode"] in titles:
            row["job_title"] = titles[row["job_shortcode"]]
    store["high_id"] = format(new_high, "x") if new_high is not None else None
    store["newest_update"] = new_newest.strftime("%Y-%m-%dT%H:%M:%SZ") if new_newest is not None else None
    _atomic_write(store_path, json.dumps(store))
    _write_csv(settings.list_path, store["rows"])
    print(f"sync: {added} new rider applications, {fixed} corrected ({ww.sent} requests, {ww.throttled} throttled)")
    return 0
