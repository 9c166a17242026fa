# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The morning sync: every application to one of our rider jobs is on the onboarding list
(riders.csv), once, as Workwell has it that morning. The first run loads everything; later runs
ask Workwell only for the candidates that arrived since the previous run (Workwell's ids only
grow) and for those that changed since it began (`updated_after`, on Workwell's clock). The list
is kept in IB_STATE_DIR (rows in the order they were first listed) and riders.csv is rewritten
from it, every row's job title taken from the job list of the morning: re-titling a job changes
what its candidates show, not their `updated_at`."""
from __future__ import annotations

import csv
import json
import os
import sys
from datetime import datetime, timedelta, timezone
from email.utils import parsedate_to_datetime

from .config import LIST_COLUMNS, Settings
from .workwell import Workwell, WorkwellError

PAGE_SIZE = 40
STORE_FILE = "riders.json"
CHANGED_MARGIN_S = 2   # the "changed since" watermark starts this much before the previous run


def is_rider_job(job: dict) -> bool:
    return "rider" in (job.get("title") or "").lower()


def rider_jobs(ww: Workwell) -> dict[str, dict]:
    return {j["shortcode"]: j for j in ww.walk("/jobs", "jobs") if is_rider_job(j)}


def _utc(raw: str | None) -> str:
    if not raw:
        return ""
    dt = datetime.fromisoformat(raw.replace("Z", "+00:00")).astimezone(timezone.utc)
    return dt.strftime("%Y-%m-%dT%H:%M:%SZ")


def list_row(cand: dict, job: dict) -> dict:
    return {"candidate_id": cand["id"], "first_name": cand.get("firstname") or "",
            "last_name": cand.get("lastname") or "", "email": cand.get("email") or "",
            "phone": cand.get("phone") or "", "job_shortcode": job["shortcode"], "job_title": job.get("title") or "",
            "applied_at": _utc(cand.get("created_at"))}


def candidates_from(ww: Workwell, since: str | None = None):
    """Every candidate whose id is `since` (hex, inclusive) or above, all of them when `since` is
    None, in id order. A refused page is re-read by the client after its wait, never skipped."""
    while True:
        params = {"limit": PAGE_SIZE}
        if since is not None:
            params["since_id"] = since
        page = ww.get("/candidates", params)
        rows = page.get("candidates") or []
        yield from rows
        if not rows or not page.get("paging"):
            return
        since = format(int(rows[-1]["id"], 16) + 1, "x")


def load_state(path) -> dict:
    try:
        return json.loads(path.read_text())
    except FileNotFoundError:
        return {}


def save_state(path, state: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(state))
    os.replace(tmp, path)


def append_rows(path, rows: list[dict]) -> None:
    """The onboarding team works down riders.csv and ticks rows off: we only ever append."""
    path.parent.mkdir(parents=True, exist_ok=True)
    new_file = not path.exists()
    with open(path, "a", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=LIST_COLUMNS)
        if new_file:
            w.writeheader()
        w.writerows(rows)


def load_store(path) -> list[dict]:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []


def write_list(path, rows: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=LIST_COLUMNS)
        w.writeheader()
        w.writerows(rows)
    os.replace(tmp, path)


def changed_since(ww: Workwell, after: str):
    """Every candidate Workwell changed after `after` (an instant on Workwell's clock)."""
    yield from ww.walk("/candidates", "candidates", {"updated_after": after, "limit": 100})


def workwell_now(ww: Workwell) -> str | None:
    """Workwell's clock at this run's first answer, less a margin, as `updated_after` wants it."""
    if not ww.first_date:
        return None
    at = parsedate_to_datetime(ww.first_date).astimezone(timezone.utc) - timedelta(seconds=CHANGED_MARGIN_S)
    return at.strftime("%Y-%m-%dT%H:%M:%SZ")


def run_sync(settings: Settings) -> int:
    state = load_state(settings.state_path)
    store_path = settings.state_dir / STORE_FILE
    store = load_store(store_path)
    ww = Workwell(settings.base_url, settings.api_key, settings.tenant)
    try:
        jobs = rider_jobs(ww)
        began = workwell_now(ww)
        # the highest id seen so far, as an int; Workwell reads since_id as hex and inclusive,
        # so the next run starts one past it, written in hex
        top = int(state["next_since_id"], 16) - 1 if state.get("next_since_id") else None
        rows = []
        for cand in candidates_from(ww, state.get("next_since_id")):
            n = int(cand["id"], 16)
            top = n if top is None else max(top, n)
            job = jobs.get((cand.get("job") or {}).get("shortcode"))
            if job is not None:
                rows.append(list_row(cand, job))
        store.extend(rows)
        # riders who corrected their details since the previous run began
        by_id = {r["candidate_id"]: r for r in store}
        changed = 0
        if state.get("changed_after"):
            for cand in changed_since(ww, state["changed_after"]):
                job = jobs.get((cand.get("job") or {}).get("shortcode"))
                if job is not None and cand["id"] in by_id:
                    by_id[cand["id"]].update(list_row(cand, job))
                    changed += 1
    except WorkwellError as exc:
        print(f"sync failed: {exc}", file=sys.stderr)
        return 1
    for row in store:   # the job's title as Workwell has it this morning
        job = jobs.get(row["job_shortcode"])
        if job is not None:
            row["job_title"] = job.get("title") or ""
    store_path.parent.mkdir(parents=True, exist_ok=True)
    save_state(store_path, store)
    write_list(settings.list_path, store)
    if top is not None:
        save_state(settings.state_path, {"next_since_id": format(top + 1, "x"),
                                         "changed_after": began or state.get("changed_after")})
    print(f"sync: {len(rows)} new rider applications, {changed} changed, on {len(jobs)} rider jobs "
          f"({ww.sent} requests, {ww.throttled} throttled)")
    return 0
