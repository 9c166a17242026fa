# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Greyfriars' move, candidate by candidate, with a ledger of what was written.

The ledger (IB_STATE_DIR/ledger.json) remembers TalentForge id -> Pipelane id and which notes
were copied where; it is written after every write. Without a ledger entry, Pipelane is
asked (contacts by e-mail, opportunities by tag) before anything is created.

TalentForge's allowance (100 records a run after a finished one): a finished run records
TalentForge's own clock at its start (the Date header of its first answer) less ten minutes;
the next run re-reads the requisitions (20, for the scope) and asks only for the applications
updated since that mark. A candidate is read only when the ledger has no contact for them, and
notes only for opportunities whose notes were never completed."""
from __future__ import annotations

import csv
import json
import os
import sys
import time
from datetime import datetime, timedelta, timezone
from email.utils import parsedate_to_datetime
from pathlib import Path

from conn.web import PL, TF, Lost


def _csv_map(path):
    with open(path, newline="", encoding="utf-8") as fh:
        r = csv.DictReader(fh)
        k, v = r.fieldnames[0], r.fieldnames[1]
        return {row[k]: row[v] for row in r}


def _epoch_ms(text):
    return round(datetime.strptime(text[:19], "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc).timestamp() * 1000)


def _note(n):
    day = n["created_at"][:10]
    who = (n.get("author") or {}).get("name") or "unknown author"
    return f"Note by {who} on {day} (from TalentForge):\n{n['body']}"


class Ledger:
    def __init__(self, path: Path):
        self.path = path
        self.doc = json.loads(path.read_text()) if path.exists() else {"contacts": {}, "opps": {}, "notes": {}}
        for key in ("apps", "notes_complete"):
            self.doc.setdefault(key, {} if key == "apps" else [])

    def save(self):
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.doc))
        os.replace(tmp, self.path)


def _find(fn, tries=6):
    for _ in range(tries):
        hit = fn()
        if hit:
            return hit
        time.sleep(1)
    return None


def _ledger_holds(pl, ledger) -> bool:
    """The ledger is this Pipelane's: one of its contacts still holds its opportunities."""
    for cand_id, contact_id in ledger.doc["contacts"].items():
        return bool(pl.all("/v1/opportunities", contact_id=contact_id))
    return False


def migrate(posting_map: str, stage_map: str) -> int:
    env = os.environ
    tf = TF(env["TALENTFORGE_BASE_URL"], env["TALENTFORGE_CLIENT_ID"], env["TALENTFORGE_CLIENT_SECRET"])
    pl = PL(env["PIPELANE_BASE_URL"], env["PIPELANE_API_KEY"], env["PIPELANE_MIGRATION_USER_ID"])
    ledger = Ledger(Path(env.get("IB_STATE_DIR", "state")) / "ledger.json")
    titles, stage_of = _csv_map(posting_map), _csv_map(stage_map)
    posting_id = {p["text"]: p["id"] for p in pl.all("/v1/postings")}

    ours = {r["id"]: r for r in tf.each("/api/v2/requisitions") if str(r.get("cc_code") or "").startswith("GRF-")}
    started = parsedate_to_datetime(tf.first_date) if tf.first_date else None
    mark = ledger.doc.get("finished_mark")
    if mark and not _ledger_holds(pl, ledger):
        print("ledger does not match Pipelane; reading everything", file=sys.stderr)
        mark = None
    latest = {}
    for a in tf.each("/api/v2/applications", **({"updated_since": mark} if mark else {})):
        latest[a["id"]] = a
    by_cand = {}
    for a in latest.values():
        if a["requisition_id"] in ours:
            by_cand.setdefault(a["candidate_id"], []).append(a)

    for cand_id, apps in by_cand.items():
        contact_id = ledger.doc["contacts"].get(cand_id)
        cand = None if contact_id else tf.get(f"/api/v2/candidates/{cand_id}")
        if not contact_id and cand.get("email"):
            hit = pl.get("/v1/contacts", email=cand["email"]).get("data") or []
            contact_id = hit[0]["id"] if hit else None
        if not contact_id:
            body = {"name": f"{cand['first_name']} {cand['last_name']}", "email": cand.get("email"),
                    "phone": cand.get("phone")}
            try:
                contact_id = pl.send("POST", "/v1/contacts", body)["id"]
            except Lost:
                hit = _find(lambda: pl.get("/v1/contacts", email=cand["email"]).get("data"))
                contact_id = hit[0]["id"] if hit else pl.send("POST", "/v1/contacts", body)["id"]
        ledger.doc["contacts"][cand_id] = contact_id
        ledger.save()

        existing = {}
        for o in pl.all("/v1/opportunities", contact_id=contact_id):
            for t in o.get("tags", []):
                existing[t] = o
        my_opps = []
        for a in sorted(apps, key=lambda x: x["created_at"]):
            tag = "tf:" + a["id"]
            stage = stage_of[a["stage"]]
            o = existing.get(tag)
            if o is None:
                body = {"contactId": contact_id, "postingId": posting_id[titles[ours[a["requisition_id"]]["title"]]],
                        "stage": stage, "tags": [tag], "createdAt": _epoch_ms(a["created_at"])}
                try:
                    o = pl.send("POST", "/v1/opportunities", body)
                except Lost:
                    print(f"lost answer for {tag}; checking", file=sys.stderr)
                    hit = _find(lambda: pl.get("/v1/opportunities", tag=tag).get("data"))
                    o = hit[0] if hit else pl.send("POST", "/v1/opportunities", body)
            elif o["stage"] != stage:
                o = pl.send("PUT", f"/v1/opportunities/{o['id']}/stage", {"stage": stage})
            ledger.doc["opps"][a["id"]] = o["id"]
            ledger.doc["apps"][a["id"]] = cand_id
            ledger.save()
            my_opps.append(o["id"])

        todo = [x for x in my_opps if x not in ledger.doc["notes_complete"]]
        if not todo:
            continue  # TalentForge's notes stay as they were on Monday
        notes = list(tf.each(f"/api/v2/candidates/{cand_id}/notes"))
        for opp_id in todo:
            done = set(ledger.doc["notes"].get(opp_id, []))
            if not done and notes:
                # nothing in the ledger: count what Pipelane already holds, text by text
                texts = [n["value"] for n in pl.all(f"/v1/opportunities/{opp_id}/notes")]
                for n in notes:
                    if _note(n) in texts:
                        texts.remove(_note(n))
                        done.add(n["id"])
            for n in notes:
                if n["id"] in done:
                    continue
                try:
                    pl.send("POST", f"/v1/opportunities/{opp_id}/notes", {"value": _note(n)})
                except Lost:
                    texts = [x["value"] for x in pl.all(f"/v1/opportunities/{opp_id}/notes")]
                    want = sum(1 for m in notes if _note(m) == _note(n))
                    if texts.count(_note(n)) < want:
                        pl.send("POST", f"/v1/opportunities/{opp_id}/notes", {"value": _note(n)})
                done.add(n["id"])
                ledger.doc["notes"][opp_id] = sorted(done)
                ledger.save()
            ledger.doc["notes"][opp_id] = sorted(done)
            ledger.doc["notes_complete"].append(opp_id)
        ledger.save()

    out_rows = [{"tf_application_id": app_id, "tf_candidate_id": cand_id,
                 "contact_id": ledger.doc["contacts"][cand_id], "opportunity_id": ledger.doc["opps"][app_id]}
                for app_id, cand_id in ledger.doc["apps"].items()]
    if started is not None:
        ledger.doc["finished_mark"] = (started - timedelta(minutes=10)).astimezone(timezone.utc).strftime(
            "%Y-%m-%dT%H:%M:%SZ")
        ledger.save()
    out = Path(env.get("IB_OUTPUT_DIR", "output"))
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "id_map.csv", "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=["tf_application_id", "tf_candidate_id", "contact_id", "opportunity_id"])
        w.writeheader()
        w.writerows(sorted(out_rows, key=lambda r: r["tf_application_id"]))
    return 0
