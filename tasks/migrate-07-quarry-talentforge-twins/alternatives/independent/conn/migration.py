# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Quarry -> TalentForge, written from the ticket.

Design: people are the connected components (breadth-first search) of a graph whose edges are
the ticket's two twin links. What was written is remembered in IB_STATE_DIR/progress.json
(saved after every write), so a second run skips it; before creating a candidate the tenant is
searched by e-mail (the parent's people) and by external_id (a create whose answer was lost).

Quarry's plan counts the records read (rule 8), so progress.json also keeps Quarry's candidates,
applications and jobs as last seen and one sync token per list: `migrate` reads the lists from
the start, `catchup` only what changed since (upserted by id). Feedback is not kept: each
feedback record read (all of them on the move, the new ones on a catchup) becomes its note unless
progress.json says it already is one."""
from __future__ import annotations

import csv
import json
import os
import re
import unicodedata
from collections import defaultdict, deque

from conn.clients import ApiError, ForgeClient, QuarryClient
from conn.config import Settings

STAGE = {"Application Review": ("applied", "active"), "Phone Screen": ("recruiter_screen", "active"),
         "Technical Interview": ("interview", "active"), "Onsite": ("hm_review", "active"),
         "Offer": ("offer", "offer")}


def clean_mail(c):
    v = (c.get("primaryEmailAddress") or {}).get("value")
    v = "".join((v or "").split()).lower()
    return v or None


def intl_phone(c):
    v = (c.get("primaryPhoneNumber") or {}).get("value") or ""
    digits = "".join(ch for ch in v if ch.isdigit())
    if not digits:
        return None
    if v.strip().startswith("+"):
        return "+" + digits
    if digits.startswith("00"):
        return "+" + digits[2:]
    return "+" + digits


def plain_name(n):
    n = unicodedata.normalize("NFD", n)
    return " ".join("".join(ch for ch in n if unicodedata.category(ch) != "Mn").lower().split())


def people(cands):
    links = defaultdict(set)
    buckets = defaultdict(list)
    for c in cands:
        if clean_mail(c):
            buckets[("m", clean_mail(c))].append(c["id"])
        if intl_phone(c):
            buckets[("p", intl_phone(c), plain_name(c["name"]))].append(c["id"])
    for ids in buckets.values():
        for a in ids:
            links[a].update(ids)
    seen, out = set(), []
    byid = {c["id"]: c for c in cands}
    for c in cands:
        if c["id"] in seen:
            continue
        comp, todo = [], deque([c["id"]])
        seen.add(c["id"])
        while todo:
            x = todo.popleft()
            comp.append(byid[x])
            for y in links[x]:
                if y not in seen:
                    seen.add(y)
                    todo.append(y)
        out.append(comp)
    return out


def newest_value(group, fn):
    for c in sorted(group, key=lambda c: c["updatedAt"], reverse=True):
        v = fn(c)
        if v not in (None, ""):
            return v
    return None


def migrate() -> int:
    return sync(fresh=True)


def catchup() -> int:
    return sync(fresh=False)


def sync(fresh: bool) -> int:
    cfg = Settings.from_env()
    qy = QuarryClient(cfg.quarry_url, cfg.quarry_key)
    tf = ForgeClient(cfg.talentforge_url, cfg.talentforge_client_id, cfg.talentforge_client_secret)
    os.makedirs(cfg.state_dir, exist_ok=True)
    state_file = os.path.join(cfg.state_dir, "progress.json")
    try:
        with open(state_file) as fh:
            st = json.load(fh)
    except (OSError, ValueError):
        st = {}
    if fresh or "tokens" not in st:
        # the move starts from the whole of Quarry (what TalentForge holds is still looked up)
        st.update(tokens={}, cands={}, apps_seen={}, jobs={})
    st.setdefault("persons", {})
    st.setdefault("apps", [])
    st.setdefault("notes", [])

    def save():
        tmp = state_file + ".tmp"
        with open(tmp, "w") as fh:
            json.dump(st, fh)
        os.replace(tmp, state_file)

    def changed(method, table):
        """Upsert what `method` lists since its token (everything without one) into st[table]."""
        try:
            recs, token = qy.changes(method, st["tokens"].get(method))
        except ApiError as e:
            if "sync_token" not in str(e):
                raise
            st[table] = {}
            recs, token = qy.changes(method, None)
        for r in recs:
            st[table][r["id"]] = r
        return recs, token

    _, cand_token = changed("candidate.list", "cands")
    _, app_token = changed("application.list", "apps_seen")
    try:
        new_feedback, fb_token = qy.changes("applicationFeedback.list", st["tokens"].get("applicationFeedback.list"))
    except ApiError as e:
        if "sync_token" not in str(e):
            raise
        new_feedback, fb_token = qy.changes("applicationFeedback.list", None)
    cands = list(st["cands"].values())
    apps = [a for a in st["apps_seen"].values() if a["status"] != "Archived"]
    by_cand = defaultdict(list)
    for a in apps:
        by_cand[a["candidateId"]].append(a)
    req_cache = {}

    def job(jid):
        if jid not in st["jobs"]:
            st["jobs"][jid] = qy.rpc("job.info", {"id": jid})["results"]
        return st["jobs"][jid]

    def requisition(code):
        if code not in req_cache:
            hits = [r for r in tf.items("/api/v2/requisitions", req_code=code) if r["req_code"] == code]
            if not hits:
                raise ApiError(f"no TalentForge requisition {code}")
            req_cache[code] = hits[0]["id"]
        return req_cache[code]

    fb_by_app = defaultdict(list)
    for fb in new_feedback:
        fb_by_app[fb["applicationId"]].append(fb)
    rows = []
    for group in people(cands):
        live = [a for c in group for a in by_cand[c["id"]]]
        if not live:
            continue
        key = min(c["id"] for c in group)
        mails = sorted({m for m in map(clean_mail, group) if m})
        rec = st["persons"].get(key)
        if rec is None:
            reuse = None
            for m in mails:
                hits = [h for h in tf.items("/api/v2/candidates", email=m)
                        if not (h.get("external_id") or "").startswith("QY-")]
                if hits:
                    reuse = hits[0]
                    break
            if reuse:
                rec = {"id": reuse["id"], "rule": "existing"}
            else:
                ext = "QY-" + min(group, key=lambda c: c["createdAt"])["id"]
                hits = tf.items("/api/v2/candidates", external_id=ext)
                if hits:
                    cid = hits[0]["id"]
                else:
                    full = newest_value(group, lambda c: " ".join(c["name"].split()))
                    parts = full.split(" ")
                    src = newest_value(group, lambda c: c.get("source"))
                    body = {"first_name": " ".join(parts[:-1]) or parts[0], "last_name": parts[-1],
                            "email": newest_value(group, clean_mail), "phone": newest_value(group, intl_phone),
                            "external_id": ext,
                            "source": {"Referral": "referral", "Agency": "agency"}.get(src, "external")}
                    r = tf.call("POST", "/api/v2/candidates", json=body)
                    if r.status_code != 201:
                        raise ApiError(f"create {ext}: {r.status_code} {r.text[:200]}")
                    cid = r.json()["id"]
                rec = {"id": cid, "rule": "merged" if len(group) > 1 else "single"}
            st["persons"][key] = rec
            save()
        cid = rec["id"]
        best = {}
        for a in live:
            if a["jobId"] not in best or a["updatedAt"] > best[a["jobId"]]["updatedAt"]:
                best[a["jobId"]] = a
        for jid, a in best.items():
            mark = f"{cid}:{jid}"
            if mark in st["apps"]:
                continue
            if a["status"] == "Hired":
                stage, status = "hired", "hired"
            elif a["status"] == "Lead":
                stage, status = "applied", "active"
            else:
                stage, status = STAGE[a["currentStage"]]
            r = tf.call("POST", "/api/v2/applications", json={
                "candidate_id": cid, "requisition_id": requisition(job(jid)["reqCode"]), "stage": stage, "status": status})
            if r.status_code not in (201, 409):
                raise ApiError(f"application {mark}: {r.status_code} {r.text[:200]}")
            st["apps"].append(mark)
            save()
        for a in live:
            for fb in fb_by_app[a["id"]]:
                if fb["id"] in st["notes"]:
                    continue
                text = f"Feedback by {fb['author']}, rating {fb['rating']}/4: {fb['text']}"
                r = tf.call("POST", f"/api/v2/candidates/{cid}/notes", json={"body": text})
                if r.status_code != 201:
                    raise ApiError(f"note {fb['id']}: {r.status_code} {r.text[:200]}")
                st["notes"].append(fb["id"])
                save()
        rows.append((";".join(sorted(c["id"] for c in group)), cid, rec["rule"]))

    # every new feedback is now a note (or stays behind with its archived application): the
    # tokens move on only after the writes, so a run that fails reads the same changes again
    st["tokens"].update({"candidate.list": cand_token, "application.list": app_token,
                         "applicationFeedback.list": fb_token})
    save()
    os.makedirs(cfg.output_dir, exist_ok=True)
    with open(os.path.join(cfg.output_dir, "merge_report.csv"), "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["quarry_ids", "tf_candidate_id", "rule"])
        w.writerows(sorted(rows))
    return 0
