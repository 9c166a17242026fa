# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The TalentForge -> Pipelane move: Monday's run reads everything, later runs follow changes.

TalentForge counts every record it hands out (the ticket's allowance: a run after a finished one
reads at most 100), so a finished run leaves a journal in IB_STATE_DIR: the requisitions with
their cost centres, the applications brought over, and per list the largest `updated_at`
TalentForge sent (its own clock: the docs' watermark, inclusive, so that second comes again).
The next run asks only for what changed since, applies the scope rule to it and writes what is
missing. Notes are read only for candidates who get a new opportunity (from Monday recruiters
write notes in Pipelane; TalentForge's stay as they were). Without a journal, or when Pipelane
no longer holds what the journal says, the run reads everything again.

Pipelane is read in full every run (it is not metered): an opportunity is found by its tag
tf:<application id>, a contact through the opportunities of its candidate's applications or
else by e-mail (case apart). A create whose answer was lost is looked up before it is sent
again."""
from __future__ import annotations

import csv
import datetime as dt
import json
import os
import sys
import time
from collections import Counter

from conn import config
from conn.common import in_scope, read_map, tag_for
from conn.pipelane import Ambiguous, Pipelane
from conn.talentforge import TalentForge

JOURNAL = "migration.json"


def _ms(iso: str) -> int:
    return int(dt.datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp() * 1000)


def note_text(note: dict) -> str:
    author = (note.get("author") or {}).get("name") or "Unknown"
    day = dt.datetime.fromisoformat(note["created_at"].replace("Z", "+00:00")).astimezone(dt.timezone.utc)
    return f"{author}, {day:%Y-%m-%d}: {note['body']}"


def _look(fn, patience_s: float = 6.0):
    deadline = time.monotonic() + patience_s
    while True:
        found = fn()
        if found or time.monotonic() > deadline:
            return found
        time.sleep(1)


def _latest(records: list[dict], before: str | None) -> str | None:
    stamps = [r["updated_at"] for r in records if r.get("updated_at")]
    if before:
        stamps.append(before)
    return max(stamps, default=None)


def _load_journal(path) -> dict | None:
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return doc if isinstance(doc, dict) and doc.get("finished") else None


def _save_journal(path, doc: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(doc, sort_keys=True), encoding="utf-8")
    os.replace(tmp, path)


def migrate(posting_map: str, stage_map: str) -> int:
    s = config.load()
    postings_by_title, stages = read_map(posting_map), read_map(stage_map)
    tf = TalentForge(s.talentforge_url, s.talentforge_client_id, s.talentforge_client_secret)
    pl = Pipelane(s.pipelane_url, s.pipelane_key, s.migration_user)
    journal_path = s.state_dir / JOURNAL

    posting_ids = {p["text"]: p["id"] for p in pl.walk("/v1/postings")}
    contacts = {c["id"]: c for c in pl.walk("/v1/contacts")}
    by_email = {}
    for c in contacts.values():
        for e in c.get("emails") or []:
            by_email.setdefault(e.lower(), c["id"])
    opps_by_tag: dict[str, dict] = {}
    for o in pl.walk("/v1/opportunities"):
        for t in o.get("tags") or []:
            opps_by_tag.setdefault(t, o)

    journal = _load_journal(journal_path)
    if journal and any(tag_for(a) not in opps_by_tag for a in journal["apps"]):
        print("migrate: Pipelane does not hold what the journal says; reading everything", file=sys.stderr)
        journal = None

    cands: dict[str, dict] = {}
    if journal is None:
        req_list = tf.walk("/api/v2/requisitions")
        app_list = tf.walk("/api/v2/applications")
        reqs = {r["id"]: {"title": r.get("title"), "cc_code": r.get("cc_code")} for r in req_list}
        known_apps: dict[str, str] = {}
        since = {"requisitions": _latest(req_list, None), "applications": _latest(app_list, None)}
        cands = {c["id"]: c for c in tf.walk("/api/v2/candidates")}
        full = True
    else:
        since = dict(journal["since"])
        reqs = dict(journal["reqs"])
        known_apps = dict(journal["apps"])
        req_list = tf.walk("/api/v2/requisitions", {"updated_since": since["requisitions"]})
        app_list = tf.walk("/api/v2/applications", {"updated_since": since["applications"]})
        since = {"requisitions": _latest(req_list, since["requisitions"]),
                 "applications": _latest(app_list, since["applications"])}
        for r in req_list:
            was_ours = in_scope(reqs.get(r["id"]) or {})
            reqs[r["id"]] = {"title": r.get("title"), "cc_code": r.get("cc_code")}
            if in_scope(r) and not was_ours:  # came into scope: its applications come along
                app_list += tf.walk("/api/v2/applications", {"requisition_id": r["id"]})
        full = False

    for a in app_list:  # a requisition the journal does not know (created since)
        if a["requisition_id"] not in reqs:
            r = tf.get(f"/api/v2/requisitions/{a['requisition_id']}")
            if r:
                reqs[r["id"]] = {"title": r.get("title"), "cc_code": r.get("cc_code")}

    latest: dict[str, dict] = {}
    for a in app_list:  # a record changed during the walk comes again: keep the last version
        latest[a["id"]] = a
    apps = sorted((a for a in latest.values() if in_scope(reqs.get(a["requisition_id"]) or {})),
                  key=lambda a: a["id"])

    apps_of: dict[str, list[dict]] = {}
    for a in apps:
        apps_of.setdefault(a["candidate_id"], []).append(a)
    cand_of_app = dict(known_apps)
    for a in apps:
        cand_of_app[a["id"]] = a["candidate_id"]

    for cand_id in sorted(apps_of):
        mine = apps_of[cand_id]
        contact_id = next((opps_by_tag[tag_for(x)]["contactId"] for x, c in sorted(cand_of_app.items())
                           if c == cand_id and tag_for(x) in opps_by_tag), None)
        if contact_id is None:
            cand = cands.get(cand_id) or tf.get(f"/api/v2/candidates/{cand_id}")
            email = cand.get("email")
            if email:
                contact_id = by_email.get(email.lower())
            if contact_id is None:
                body = {"name": f"{cand['first_name']} {cand['last_name']}".strip()}
                if email:
                    body["email"] = email
                if cand.get("phone"):
                    body["phone"] = cand["phone"]
                try:
                    contact_id = pl.write("POST", "/v1/contacts", body)["id"]
                except Ambiguous as exc:
                    print(f"migrate: {exc}; looking the contact up", file=sys.stderr)
                    found = _look(lambda: email and pl.get("/v1/contacts", {"email": email}).get("data"))
                    contact_id = found[0]["id"] if found else pl.write("POST", "/v1/contacts", body)["id"]
                if email:
                    by_email[email.lower()] = contact_id

        note_on = []  # every opportunity in a full run; only the new ones in a later run
        for a in mine:
            tag = tag_for(a["id"])
            want_stage = stages[a["stage"]]
            opp = opps_by_tag.get(tag)
            if opp is None:
                req = reqs[a["requisition_id"]]
                body = {"contactId": contact_id, "postingId": posting_ids[postings_by_title[req["title"]]],
                        "stage": want_stage, "tags": [tag], "createdAt": _ms(a["created_at"])}
                try:
                    opp = pl.write("POST", "/v1/opportunities", body)
                except Ambiguous as exc:
                    print(f"migrate: {exc}; looking {tag} up", file=sys.stderr)
                    found = _look(lambda: pl.get("/v1/opportunities", {"tag": tag}).get("data"))
                    opp = found[0] if found else pl.write("POST", "/v1/opportunities", body)
                opps_by_tag[tag] = opp
                note_on.append(opp["id"])
            else:
                if opp["stage"] != want_stage:
                    opp = pl.write("PUT", f"/v1/opportunities/{opp['id']}/stage", {"stage": want_stage})
                    opps_by_tag[tag] = opp
                if full:
                    note_on.append(opp["id"])

        if not note_on:
            continue
        want = Counter(note_text(n) for n in tf.walk(f"/api/v2/candidates/{cand_id}/notes"))
        for opp_id in note_on:
            have = Counter(n["value"] for n in pl.walk(f"/v1/opportunities/{opp_id}/notes"))
            for text, n in sorted(want.items()):
                for _ in range(n - have.get(text, 0)):
                    try:
                        pl.write("POST", f"/v1/opportunities/{opp_id}/notes", {"value": text})
                    except Ambiguous:
                        again = Counter(x["value"] for x in pl.walk(f"/v1/opportunities/{opp_id}/notes"))
                        if again.get(text, 0) < n:
                            pl.write("POST", f"/v1/opportunities/{opp_id}/notes", {"value": text})

    rows = []
    for app_id, cand_id in sorted(cand_of_app.items()):
        opp = opps_by_tag[tag_for(app_id)]
        rows.append((app_id, cand_id, opp["contactId"], opp["id"]))
    s.output_dir.mkdir(parents=True, exist_ok=True)
    with open(s.output_dir / "id_map.csv", "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["tf_application_id", "tf_candidate_id", "contact_id", "opportunity_id"])
        w.writerows(rows)
    _save_journal(journal_path, {"finished": True, "since": since, "reqs": reqs, "apps": cand_of_app})
    print(f"migrate: {'full' if full else 'changes'} run, {len(apps)} applications read in scope, "
          f"{len(rows)} in Pipelane", file=sys.stderr)
    return 0
