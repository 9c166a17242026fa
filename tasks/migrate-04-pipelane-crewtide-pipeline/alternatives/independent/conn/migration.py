# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Pipelane -> Crewtide, written from the ticket, the docs and the live sandboxes.

Design: a journal in IB_STATE_DIR (contact -> candidate, opportunity -> application, each with a
digest of what was written) saved after every write, so a run that is killed resumes where it
stopped and a finished record is not touched again. Records the journal does not know are
looked up one by one in Crewtide before anything is created: candidates by external id (as we
write it, and as the April trial script wrote it, in capitals), then by e-mail (the hand-keyed
ones); applications among the candidate's own. Pinned to API version 20240301."""
from __future__ import annotations

import csv
import datetime as dt
import hashlib
import json
import os
import time
from pathlib import Path

from conn import config
from conn.crewtide import Crewtide, ref
from conn.pipelane import Pipelane

DAY = 86400


def utc(ms: int) -> str:
    return dt.datetime.fromtimestamp(ms / 1000, tz=dt.timezone.utc).replace(microsecond=0).strftime("%Y-%m-%dT%H:%M:%SZ")


def digest(obj) -> str:
    return hashlib.sha1(json.dumps(obj, sort_keys=True).encode()).hexdigest()


class Journal:
    def __init__(self, path: Path):
        self.path = path
        self.data = json.loads(path.read_text()) if path.exists() else {"candidates": {}, "applications": {}}

    def put(self, kind: str, key: str, id_: str, dig: str) -> None:
        self.data[kind][key] = {"id": id_, "digest": dig}
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.data))
        os.replace(tmp, self.path)

    def get(self, kind: str, key: str) -> dict | None:
        return self.data[kind].get(key)


def load_csv(path: str) -> list[dict]:
    with open(path, encoding="utf-8-sig", newline="") as f:
        return list(csv.DictReader(f))


def migrate(stage_map_path: str, posting_map_path: str) -> int:
    cfg = config.load()
    cfg.state_dir.mkdir(parents=True, exist_ok=True)
    cfg.output_dir.mkdir(parents=True, exist_ok=True)
    journal = Journal(cfg.state_dir / "journal.json")
    stage_map = {r["pipelane_stage"].strip(): r["crewtide_stage"].strip() for r in load_csv(stage_map_path)}
    posting_map = {r["pipelane_posting"].strip(): r["crewtide_job"].strip() for r in load_csv(posting_map_path)}

    pl, ct = Pipelane(cfg), Crewtide(cfg)
    posting_title = {p["id"]: p["text"] for p in pl.each("/v1/postings")}
    opportunities = list(pl.each("/v1/opportunities", expand="contact"))
    now = pl.server_now or time.time()
    cutoff_ms = (now - 180 * DAY) * 1000

    jobs, _ = ct.list("/v1/jobs", {})
    job_id_by_ext = {j["attributes"]["external-id"]: j["id"] for j in jobs}
    stage_cache: dict[str, dict[str, str]] = {}

    def stages_of(job_id: str) -> dict[str, str]:
        if job_id not in stage_cache:
            rows, _ = ct.list("/v1/stages", {"filter[job]": job_id})
            stage_cache[job_id] = {s["attributes"]["name"]: s["id"] for s in rows}
        return stage_cache[job_id]

    report = []
    moving: dict[str, list[tuple[dict, str, str, str]]] = {}
    contacts: dict[str, dict] = {}
    for opp in opportunities:
        contacts[opp["contactId"]] = opp["contact"]
        row = {"flag": "", "opportunity_id": opp["id"], "pipelane_stage": opp["stage"], "crewtide_stage": "",
               "crewtide_application_id": ""}
        report.append(row)
        if opp["archived"] and opp["archived"]["archivedAt"] < cutoff_ms:
            row["flag"] = "archived_old"
            continue
        job_ext = posting_map.get(posting_title.get(opp.get("postingId"), ""))
        job_id = job_id_by_ext.get(job_ext) if job_ext else None
        if job_id is None:
            row["flag"] = "unmapped_posting"
            continue
        wanted = stage_map.get(opp["stage"])
        pipeline = stages_of(job_id)
        if wanted in pipeline:
            row["flag"], stage_name = "migrated", wanted
        else:
            row["flag"], stage_name = "needs_triage", "In review"
        row["crewtide_stage"] = stage_name
        moving.setdefault(opp["contactId"], []).append((opp, job_id, stage_name, pipeline[stage_name]))

    for contact_id, items in moving.items():
        c = contacts[contact_id]
        email = c["emails"][0] if c.get("emails") else None
        phone = c["phones"][0]["value"] if c.get("phones") else None
        first, _, rest = c["name"].strip().partition(" ")
        tags = sorted({t for o, *_ in items for t in o.get("tags", [])} |
                      ({"needs-triage"} if any(o["stage"] not in stage_map or stage_map[o["stage"]] != st
                                               for o, _, st, _ in items) else set()))
        want = {"first-name": first, "last-name": rest or first, "email": email, "phone": phone,
                "external-id": f"PL:{contact_id}", "tags": tags}
        entry = journal.get("candidates", contact_id)
        if entry and entry["digest"] == digest(want):
            cand_id = entry["id"]
        else:
            found = None
            if entry:
                found = ct.list(f"/v1/candidates", {"filter[external-id]": f"PL:{contact_id}"})[0]
            for key, value in (("filter[external-id]", f"PL:{contact_id}"), ("filter[external-id]", f"PL:{contact_id.upper()}"),
                               ("filter[email]", (email or "").lower())):
                if found or not value or value == "PL:":
                    break
                found = ct.list("/v1/candidates", {key: value})[0]
            if found:
                cand = found[0]
                have = cand["attributes"]
                merged = sorted(set(have.get("tags") or []) | set(tags))
                attrs = {k: v for k, v in want.items() if k != "tags" and have.get(k) != (v.lower() if k == "email" and v else v)}
                if merged != sorted(have.get("tags") or []):
                    attrs["tags"] = merged
                if attrs:
                    ct.patch("candidates", cand["id"], attrs)
                cand_id = cand["id"]
            else:
                cand_id = ct.post("candidates", want)["id"]
            journal.put("candidates", contact_id, cand_id, digest(want))
        existing_apps = None
        for opp, job_id, stage_name, stage_id in items:
            lines = ["Pipelane stage history:"] + [f"- {utc(ch['updatedAt'])}: {ch['toStage']}" for ch in opp["stageChanges"]]
            attrs = {"note": "\n".join(lines)}
            if opp["archived"]:
                attrs.update({"status": "rejected", "rejection-reason": opp["archived"]["reason"]})
            else:
                attrs["status"] = "active"
            rels = {"stage": ref("stages", stage_id)}
            want_app = {"candidate": cand_id, "job": job_id, "stage": stage_id, **attrs}
            entry = journal.get("applications", opp["id"])
            report_row = next(r for r in report if r["opportunity_id"] == opp["id"])
            if entry and entry["digest"] == digest(want_app):
                report_row["crewtide_application_id"] = entry["id"]
                continue
            if existing_apps is None:
                existing_apps, _ = ct.list("/v1/job-applications", {"filter[candidate]": cand_id})
            same_job = [a for a in existing_apps if (a["relationships"]["job"]["data"] or {}).get("id") == job_id]
            if same_job:
                app = same_job[0]
                have = app["attributes"]
                change = {k: v for k, v in attrs.items() if have.get(k) != v}
                if have.get("status") == "hired" and attrs["status"] == "active" and stage_name == "Hired":
                    change.pop("status", None)
                cur = (app["relationships"]["stage"]["data"] or {}).get("id")
                if change or cur != stage_id:
                    ct.patch("job-applications", app["id"], change, rels if cur != stage_id else None)
                app_id = app["id"]
            else:
                app_id = ct.post("job-applications", attrs, {"candidate": ref("candidates", cand_id),
                                                             "job": ref("jobs", job_id), **rels})["id"]
            journal.put("applications", opp["id"], app_id, digest(want_app))
            report_row["crewtide_application_id"] = app_id

    with open(cfg.output_dir / "stage_report.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=["flag", "opportunity_id", "pipelane_stage", "crewtide_stage",
                                          "crewtide_application_id"])
        w.writeheader()
        w.writerows(report)
    return 0
