# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The TalentForge -> Pipelane move: read both sides, match in memory, write what is missing.

State lives in Pipelane itself: an opportunity is found by its tag tf:<application id>, a
contact through the opportunities of its candidate's applications or else by e-mail (case
apart). A create whose answer was lost is looked up before it is sent again."""
from __future__ import annotations

import csv
import datetime as dt
import sys
import time
from collections import Counter

from conn import config
from conn.common import in_scope, read_map, tag_for
from conn.pipelane import Ambiguous, Pipelane
from conn.talentforge import TalentForge


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


def migrate(posting_map: str, stage_map: str) -> int:
    s = config.load()
    postings_by_title, stages = read_map(posting_map), read_map(stage_map)
    tf = TalentForge(s.talentforge_url, s.talentforge_client_id, s.talentforge_client_secret)
    pl = Pipelane(s.pipelane_url, s.pipelane_key, s.migration_user)

    reqs = {r["id"]: r for r in tf.walk("/api/v2/requisitions") if in_scope(r)}
    apps = sorted((a for a in tf.walk("/api/v2/applications") if a["requisition_id"] in reqs),
                  key=lambda a: a["id"])
    cands = {c["id"]: c for c in tf.walk("/api/v2/candidates")}
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

    apps_of: dict[str, list[dict]] = {}
    for a in apps:
        apps_of.setdefault(a["candidate_id"], []).append(a)

    rows = []
    for cand_id in sorted(apps_of):
        cand = cands[cand_id]
        mine = apps_of[cand_id]
        contact_id = next((opps_by_tag[tag_for(a["id"])]["contactId"] for a in mine
                           if tag_for(a["id"]) in opps_by_tag), None)
        email = cand.get("email")
        if contact_id is None and email:
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

        opp_ids = []
        for a in mine:
            tag = tag_for(a["id"])
            want_stage = stages[a["stage"]]
            opp = opps_by_tag.get(tag)
            if opp is None:
                body = {"contactId": contact_id, "postingId": posting_ids[postings_by_title[reqs[a["requisition_id"]]["title"]]],
                        "stage": want_stage, "tags": [tag], "createdAt": _ms(a["created_at"])}
                try:
                    opp = pl.write("POST", "/v1/opportunities", body)
                except Ambiguous as exc:
                    print(f"migrate: {exc}; looking {tag} up", file=sys.stderr)
                    found = _look(lambda: pl.get("/v1/opportunities", {"tag": tag}).get("data"))
                    opp = found[0] if found else pl.write("POST", "/v1/opportunities", body)
                opps_by_tag[tag] = opp
            elif opp["stage"] != want_stage:
                opp = pl.write("PUT", f"/v1/opportunities/{opp['id']}/stage", {"stage": want_stage})
                opps_by_tag[tag] = opp
            opp_ids.append(opp["id"])
            rows.append((a["id"], cand_id, contact_id, opp["id"]))

        want = Counter(note_text(n) for n in tf.walk(f"/api/v2/candidates/{cand_id}/notes"))
        for opp_id in opp_ids:
            have = Counter(n["value"] for n in pl.walk(f"/v1/opportunities/{opp_id}/notes"))
            for text, n in sorted(want.items()):
                for _ in range(n - have.get(text, 0)):
                    try:
                        pl.write("POST", f"/v1/opportunities/{opp_id}/notes", {"value": text})
                    except Ambiguous:
                        again = Counter(x["value"] for x in pl.walk(f"/v1/opportunities/{opp_id}/notes"))
                        if again.get(text, 0) < n:
                            pl.write("POST", f"/v1/opportunities/{opp_id}/notes", {"value": text})

    s.output_dir.mkdir(parents=True, exist_ok=True)
    with open(s.output_dir / "id_map.csv", "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["tf_application_id", "tf_candidate_id", "contact_id", "opportunity_id"])
        w.writerows(rows)
    print(f"migrate: {len(rows)} applications of {len(apps_of)} candidates in Pipelane", file=sys.stderr)
    return 0
