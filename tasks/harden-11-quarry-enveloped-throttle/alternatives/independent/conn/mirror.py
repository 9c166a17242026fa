# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`sync`: the whole mirror lives in IB_STATE_DIR/mirror-state.json (records by id, sync tokens);
each run brings it up to date and then writes a fresh mirror.db next to the old one and swaps it
in, so the dashboards never see half a run.

- Incremental (tokens held): candidate.list, application.list and interviewSchedule.list with
  their tokens. Any expired or refused token: everything is read again from scratch, which is
  also when deleted records drop out (Quarry never reports them).
- The unfiltered interview list does not carry the interviews of Archived applications (the
  live account's 78 interviews are only all there when those are asked for by applicationId), so
  each run lists the Archived applications (application.list {status: Archived}) and reads each
  one's interviews, replacing what the mirror had for it."""
from __future__ import annotations

import json
import logging
import os
import sqlite3

from .config import Settings
from .quarry_client import Client, Failed

log = logging.getLogger(__name__)


def _read_state(path) -> dict:
    try:
        with open(path) as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return {}


def _collect(client: Client, state: dict) -> dict:
    tokens = state.get("tokens") or {}
    methods = {"candidates": "candidate.list", "applications": "application.list", "interviews": "interviewSchedule.list"}
    fresh = {k: {} for k in methods}
    new_tokens: dict[str, str | None] = {}
    incremental = bool(tokens) and all(tokens.get(m) for m in methods.values())
    if incremental:
        try:
            for key, m in methods.items():
                rows, new_tokens[m] = client.every(m, token=tokens[m])
                fresh[key] = {r["id"]: r for r in rows}
        except Failed as exc:
            if exc.code not in ("sync_token_expired", "invalid_sync_token"):
                raise
            log.info("sync token refused (%s): reading everything", exc.code)
            incremental = False
    if incremental:
        merged = {k: dict(state.get(k) or {}) for k in methods}
        for k in methods:
            merged[k].update(fresh[k])
    else:
        merged = {}
        for key, m in methods.items():
            rows, new_tokens[m] = client.every(m)
            merged[key] = {r["id"]: r for r in rows}
    archived, _ = client.every("application.list", {"status": "Archived"})
    for app in archived:
        merged["applications"][app["id"]] = app
        rows, _ = client.every("interviewSchedule.list", {"applicationId": app["id"]})
        merged["interviews"] = {i: r for i, r in merged["interviews"].items() if r.get("applicationId") != app["id"]}
        merged["interviews"].update({r["id"]: r for r in rows})
    merged["tokens"] = new_tokens
    return merged


def _write_db(path: str, state: dict) -> None:
    tmp = path + ".new"
    if os.path.exists(tmp):
        os.remove(tmp)
    db = sqlite3.connect(tmp)
    try:
        db.execute("CREATE TABLE candidates (id TEXT PRIMARY KEY, name TEXT, email TEXT, updated_at TEXT)")
        db.execute("CREATE TABLE interviews (id TEXT PRIMARY KEY, application_id TEXT, candidate_id TEXT, "
                   "status TEXT, start_time TEXT, end_time TEXT, updated_at TEXT)")
        db.executemany("INSERT INTO candidates VALUES (?, ?, ?, ?)", [
            (c["id"], c.get("name"), (c.get("primaryEmailAddress") or {}).get("value"), c.get("updatedAt"))
            for c in state["candidates"].values()])
        apps = state["applications"]
        db.executemany("INSERT INTO interviews VALUES (?, ?, ?, ?, ?, ?, ?)", [
            (r["id"], r.get("applicationId"), (apps.get(r.get("applicationId")) or {}).get("candidateId"),
             r.get("status"), r.get("startTime"), r.get("endTime"), r.get("updatedAt"))
            for r in state["interviews"].values()])
        db.commit()
    finally:
        db.close()
    os.replace(tmp, path)


def sync(settings: Settings) -> int:
    state_file = os.path.join(settings.state_dir, "mirror-state.json")
    state = _read_state(state_file)
    try:
        state = _collect(Client(settings.base_url, settings.api_key), state)
    except Failed as exc:
        log.error("run incomplete, mirror left as it was: %s", exc)
        return 1
    os.makedirs(settings.output_dir, exist_ok=True)
    _write_db(os.path.join(settings.output_dir, "mirror.db"), state)
    os.makedirs(settings.state_dir, exist_ok=True)
    with open(state_file + ".new", "w") as fh:
        json.dump(state, fh)
    os.replace(state_file + ".new", state_file)
    log.info("mirror written: %d candidates, %d interviews", len(state["candidates"]), len(state["interviews"]))
    return 0
