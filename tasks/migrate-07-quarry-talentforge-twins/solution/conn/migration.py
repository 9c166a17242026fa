# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The Quarry -> TalentForge move (see TICKET.md).

Reads all of Quarry (jobs, candidates, applications, feedback), groups twins with a union-find
over the ticket's two links, and writes each person idempotently: every TalentForge candidate is read first;
the parent's candidate with one of the person's e-mails is reused untouched, else the QY-
candidate of an earlier run is reused, else it is created; applications are created only on requisitions the candidate is not on yet; each note
carries the Quarry feedback id, so a rerun sees which feedback is already there (the notes of a
candidate are read page by page to the end).

Quarry's plan counts every record its API hands out, and a catchup may read at most 100 (ticket
rule 8): `migrate` walks every list in full and keeps the records and each walk's sync token in
IB_STATE_DIR/quarry.json; `catchup` walks each list from its token (only what was created or
updated since the last walk began), upserts by id into the kept records and then plans exactly
as `migrate` does, from the whole of Quarry as kept. TalentForge is read in full every run."""
from __future__ import annotations

import csv
import json
import os
import re
import sys
import unicodedata

from conn.config import Settings
from conn.quarry import Quarry, QuarryError
from conn.talentforge import TalentForge

JOB_STATUSES = ("Open", "Closed", "Draft", "Archived")
STAGES = {"Application Review": "applied", "Phone Screen": "recruiter_screen", "Technical Interview": "interview",
          "Onsite": "hm_review", "Offer": "offer"}


def norm_email(v: str | None) -> str | None:
    v = re.sub(r"\s", "", v or "").lower()
    return v or None


def norm_phone(v: str | None) -> str | None:
    p = re.sub(r"[^0-9+]", "", v or "")
    if p.startswith("00"):
        p = "+" + p[2:]
    return p or None


def fold(name: str) -> str:
    s = unicodedata.normalize("NFKD", " ".join(name.split()))
    return "".join(ch for ch in s if not unicodedata.combining(ch)).lower()


def source_of(v: str | None) -> str:
    return {"Referral": "referral", "Agency": "agency"}.get(v or "", "external")


def tf_stage(app: dict) -> tuple[str, str]:
    if app["status"] == "Hired":
        return "hired", "hired"
    if app["status"] == "Lead":
        return "applied", "active"
    stage = STAGES[app["currentStage"]]
    return stage, ("offer" if stage == "offer" else "active")


class UnionFind:
    def __init__(self, ids):
        self.parent = {i: i for i in ids}

    def find(self, x):
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a, b):
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


def email_of(c: dict) -> str | None:
    e = c.get("primaryEmailAddress")
    return norm_email(e.get("value")) if e else None


def phone_of(c: dict) -> str | None:
    p = c.get("primaryPhoneNumber")
    return norm_phone(p.get("value")) if p else None


def group_people(cands: list[dict]) -> list[list[dict]]:
    uf = UnionFind([c["id"] for c in cands])
    by_email: dict[str, str] = {}
    by_phone_name: dict[tuple[str, str], str] = {}
    for c in cands:
        em, ph = email_of(c), phone_of(c)
        if em:
            if em in by_email:
                uf.union(by_email[em], c["id"])
            else:
                by_email[em] = c["id"]
        if ph:
            key = (ph, fold(c["name"]))
            if key in by_phone_name:
                uf.union(by_phone_name[key], c["id"])
            else:
                by_phone_name[key] = c["id"]
    groups: dict[str, list[dict]] = {}
    for c in cands:
        groups.setdefault(uf.find(c["id"]), []).append(c)
    return list(groups.values())


def latest(members: list[dict], get):
    for c in sorted(members, key=lambda c: c["updatedAt"], reverse=True):
        v = get(c)
        if v:
            return v
    return None


def note_body(fb: dict, job_title: str) -> str:
    return (f"Interview feedback from {fb['author']} ({job_title}): {fb['rating']}/4\n{fb['text']}\n"
            f"[Quarry feedback {fb['id']}]")


LISTS = [("job.list", {"status": st}) for st in JOB_STATUSES] + [
    ("candidate.list", {}), ("application.list", {}), ("applicationFeedback.list", {})]


def read_quarry(q: Quarry, state_dir: str, incremental: bool) -> dict[str, list[dict]]:
    """All of Quarry: walked in full (migrate, or a catchup without usable state), or brought up
    to date from the kept records with each list's sync token (catchup)."""
    path = os.path.join(state_dir, "quarry.json")
    kept = None
    if incremental:
        try:
            with open(path, encoding="utf-8") as fh:
                kept = json.load(fh)
        except (OSError, ValueError):
            kept = None
    kept = kept if isinstance(kept, dict) and "lists" in kept else {"lists": {}}
    for method, body in LISTS:
        key = method + json.dumps(body, sort_keys=True)
        entry = kept["lists"].get(key)
        if entry and entry.get("token"):
            try:
                recs, token = q.walk_since(method, body, entry["token"])
            except QuarryError as e:
                if e.code not in ("sync_token_expired", "invalid_sync_token"):
                    raise
                entry = None  # a full walk gives a new token (and drops what was deleted)
        else:
            entry = None
        if entry is None:
            recs, token = q.walk_since(method, body)
            entry = {"records": {}}
        for r in recs:
            entry["records"][r["id"]] = r
        entry["token"] = token
        kept["lists"][key] = entry
    os.makedirs(state_dir, exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(kept, fh)
    os.replace(tmp, path)
    out: dict[str, list[dict]] = {}
    for method, body in LISTS:
        key = method + json.dumps(body, sort_keys=True)
        out.setdefault(method, []).extend(kept["lists"][key]["records"].values())
    return out


def migrate() -> int:
    return run(incremental=False)


def catchup() -> int:
    return run(incremental=True)


def run(incremental: bool) -> int:
    cfg = Settings.from_env()
    q = Quarry(cfg.quarry_url, cfg.quarry_key)
    tf = TalentForge(cfg.talentforge_url, cfg.talentforge_client_id, cfg.talentforge_client_secret)

    quarry = read_quarry(q, cfg.state_dir, incremental)
    jobs = {j["id"]: j for j in quarry["job.list"]}
    cands = quarry["candidate.list"]
    apps = quarry["application.list"]
    feedback = quarry["applicationFeedback.list"]
    fb_by_app: dict[str, list[dict]] = {}
    for f in feedback:
        fb_by_app.setdefault(f["applicationId"], []).append(f)
    apps_by_cand: dict[str, list[dict]] = {}
    for a in apps:
        apps_by_cand.setdefault(a["candidateId"], []).append(a)

    reqs = {r["req_code"]: r["id"] for r in tf.list_all("/api/v2/requisitions")}
    parent: dict[str, dict] = {}  # the tenant's own people by e-mail (not the QY- ones of an earlier run)
    by_ext: dict[str, dict] = {}
    for c in sorted(tf.list_all("/api/v2/candidates"), key=lambda c: (c["created_at"], c["id"])):
        if (c.get("external_id") or "").startswith("QY-"):
            by_ext.setdefault(c["external_id"], c)
        elif norm_email(c.get("email")):
            parent.setdefault(norm_email(c["email"]), c)
    on_reqs: dict[str, set] = {}
    for a in tf.list_all("/api/v2/applications"):
        on_reqs.setdefault(a["candidate_id"], set()).add(a["requisition_id"])

    report = []
    for members in sorted(group_people(cands), key=lambda m: min(c["id"] for c in m)):
        live = [a for c in members for a in apps_by_cand.get(c["id"], []) if a["status"] != "Archived"]
        if not live:
            continue
        ids = sorted(c["id"] for c in members)
        emails = sorted({e for e in (email_of(c) for c in members) if e})
        existing = next((parent[em] for em in emails if em in parent), None)
        if existing:
            cand_id, rule = existing["id"], "existing"
        else:
            ext = "QY-" + min(members, key=lambda c: c["createdAt"])["id"]
            if ext in by_ext:
                cand_id = by_ext[ext]["id"]
            else:
                name = latest(members, lambda c: " ".join(c["name"].split()))
                first, _, last = name.partition(" ")
                body = {"first_name": first, "last_name": last or first, "email": latest(members, email_of),
                        "phone": latest(members, phone_of), "external_id": ext,
                        "source": source_of(latest(members, lambda c: c.get("source")))}
                cand_id = tf.request("POST", "/api/v2/candidates", json=body).json()["id"]
            rule = "merged" if len(members) > 1 else "single"

        on_req = on_reqs.get(cand_id, set())
        per_job: dict[str, dict] = {}
        for a in live:
            if a["jobId"] not in per_job or a["updatedAt"] > per_job[a["jobId"]]["updatedAt"]:
                per_job[a["jobId"]] = a
        for job_id, a in sorted(per_job.items()):
            req_id = reqs[jobs[job_id]["reqCode"]]
            if req_id in on_req:
                continue
            stage, status = tf_stage(a)
            tf.request("POST", "/api/v2/applications", ok=(201, 409),
                       json={"requisition_id": req_id, "candidate_id": cand_id, "stage": stage, "status": status})

        notes = tf.list_all(f"/api/v2/candidates/{cand_id}/notes")
        have = {m.group(1) for n in notes if (m := re.search(r"\[Quarry feedback ([0-9a-f-]+)\]", n["body"]))}
        for a in sorted(live, key=lambda a: a["id"]):
            for fb in sorted(fb_by_app.get(a["id"], []), key=lambda f: f["id"]):
                if fb["id"] in have:
                    continue
                tf.request("POST", f"/api/v2/candidates/{cand_id}/notes",
                           json={"body": note_body(fb, jobs[a["jobId"]]["title"]), "author": {"name": fb["author"]}})
        report.append({"quarry_ids": ";".join(ids), "tf_candidate_id": cand_id, "rule": rule})

    os.makedirs(cfg.output_dir, exist_ok=True)
    with open(os.path.join(cfg.output_dir, "merge_report.csv"), "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["quarry_ids", "tf_candidate_id", "rule"])
        w.writeheader()
        w.writerows(report)
    print(f"{'catchup' if incremental else 'migrate'}: {len(report)} people", file=sys.stderr)
    return 0
