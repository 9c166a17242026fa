# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The Pipelane -> Crewtide move (reference).

Pipelane is read in full every night. Crewtide is read in full only on the first night, while
it holds little more than the spring trial: a contact's candidate is found by its external id
(compared without case: the trial's script wrote the UUID in capitals) or its e-mail (the
hand-keyed ones have no external id), an opportunity's application by (candidate, job) -- a
contact's opportunities are on different postings, and the posting map sends each posting to
its own job. What the first night found, and every record the migration writes, goes into a
journal in IB_STATE_DIR, saved after every write.

Later nights do not re-read Crewtide (the ticket: the kiosks' API user; a night after the first
may have at most 30 candidate and application records handed out). They work from the journal:
a create is journalled as pending before it is sent, so the one in flight when the scheduler
killed the night (Crewtide may have made it, its answer never came) is looked up by its own key
(the external id we wrote; the candidate and job of the application) and adopted, never sent
twice. A record about to be changed on a later night is read back by id first (what Crewtide
holds now, tags recruiters added included). A run after everything is done reads and writes
nothing of the candidates and applications."""
from __future__ import annotations

import csv
import datetime as dt
import json
import os
import sys
import time
from pathlib import Path

from conn import config
from conn.crewtide import Crewtide, link
from conn.pipelane import Pipelane

TRIAGE_STAGE = "In review"
TRIAGE_TAG = "needs-triage"
WINDOW = dt.timedelta(days=180)
REPORT_COLUMNS = ["opportunity_id", "crewtide_application_id", "pipelane_stage", "crewtide_stage", "flag"]


def iso(ms: int) -> str:
    t = dt.datetime.fromtimestamp(ms // 1000, tz=dt.timezone.utc)
    return t.strftime("%Y-%m-%dT%H:%M:%S") + f".{ms % 1000:03d}Z"


def read_map(path: str, key: str, value: str) -> dict[str, str]:
    with open(path, newline="", encoding="utf-8") as f:
        return {row[key].strip(): row[value].strip() for row in csv.DictReader(f) if row.get(key)}


def history_note(opp: dict) -> str:
    lines = [f"Pipelane history of opportunity {opp['id']} (times UTC):"]
    for ch in opp.get("stageChanges") or []:
        lines.append(f"{iso(ch['updatedAt'])} {ch['toStage']}")
    if opp.get("archived"):
        lines.append(f"{iso(opp['archived']['archivedAt'])} archived ({opp['archived']['reason']})")
    return "\n".join(lines)


class Journal:
    """What the migration knows of Crewtide: contact id -> candidate, opportunity id ->
    application (each as Crewtide last answered), and the creates sent but not answered."""

    def __init__(self, path: Path):
        self.path = path
        blank = {"surveyed": False, "candidates": {}, "applications": {}, "pending": {}}
        self.data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else blank

    def save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(self.path.name + ".tmp")
        tmp.write_text(json.dumps(self.data), encoding="utf-8")
        os.replace(tmp, self.path)

    def pending(self, key: str, what: dict | None) -> None:
        if what is None:
            self.data["pending"].pop(key, None)
        else:
            self.data["pending"][key] = what
        self.save()


def migrate(stage_map_path: str, posting_map_path: str) -> int:
    settings = config.load()
    stage_map = read_map(stage_map_path, "pipelane_stage", "crewtide_stage")
    posting_map = read_map(posting_map_path, "pipelane_posting", "crewtide_job")
    journal = Journal(Path(settings.state_dir) / "crewtide_journal.json")
    known_cands: dict[str, dict] = journal.data["candidates"]   # contact id -> candidate
    known_apps: dict[str, dict] = journal.data["applications"]  # opportunity id -> application
    pl, ct = Pipelane(settings), Crewtide(settings)
    postings = {p["id"]: p["text"] for p in pl.list("/v1/postings")}
    now_ms = pl.clock_ms or int(time.time() * 1000)  # the 180 days count on Pipelane's clock
    contacts = pl.list("/v1/contacts")
    opps = pl.list("/v1/opportunities")

    jobs, included = ct.walk("/v1/jobs", {"include": "stages"})
    stage_rows = {(s["type"], s["id"]): s for s in included}
    job_by_ext = {}
    for j in jobs:
        names = {}
        for ref in j["relationships"]["stages"]["data"]:
            s = stage_rows[(ref["type"], ref["id"])]
            names[s["attributes"]["name"]] = s["id"]
        job_by_ext[j["attributes"]["external-id"]] = (j["id"], names)

    plan: dict[str, list[tuple[dict, str, str, str, str]]] = {}  # contact -> (opp, job id, stage name, stage id, flag)
    report: dict[str, dict] = {}
    for o in opps:
        row = {"opportunity_id": o["id"], "crewtide_application_id": "", "pipelane_stage": o["stage"],
               "crewtide_stage": "", "flag": ""}
        report[o["id"]] = row
        arch = o.get("archived")
        if arch and now_ms - arch["archivedAt"] > WINDOW.total_seconds() * 1000:
            row["flag"] = "archived_old"
            continue
        ext = posting_map.get(postings.get(o.get("postingId") or "", ""))
        if ext is None or ext not in job_by_ext:
            row["flag"] = "unmapped_posting"
            continue
        job_id, names = job_by_ext[ext]
        stage = stage_map.get(o["stage"])
        flag = "migrated"
        if stage is None or stage not in names:
            stage, flag = TRIAGE_STAGE, "needs_triage"
        row.update(crewtide_stage=stage, flag=flag)
        plan.setdefault(o["contactId"], []).append((o, job_id, stage, names[stage], flag))

    first_night = not journal.data["surveyed"]
    if first_night:
        survey(ct, journal, contacts, plan)
    else:
        settle_pending(ct, journal)

    def fresh(type_: str, rec: dict) -> dict:
        """The record as Crewtide holds it now: the first night's listing is fresh, a later
        night reads the one record back before changing it."""
        if first_night:
            return rec
        return ct.get(f"/v1/{type_}/{rec['id']}")

    for contact in contacts:
        todo = plan.get(contact["id"])
        if not todo:
            continue
        ext_id = f"PL:{contact['id']}"
        email = (contact.get("emails") or [None])[0]
        phone = ((contact.get("phones") or [{}])[0] or {}).get("value")
        given, _, family = (contact.get("name") or "").strip().partition(" ")
        tags = set()
        for o, *_rest in todo:
            tags.update(o.get("tags") or [])
        if any(flag == "needs_triage" for *_x, flag in todo):
            tags.add(TRIAGE_TAG)
        cand = known_cands.get(contact["id"])
        attrs = {"given-name": given, "family-name": family or given, "email": email, "phone": phone,
                 "external-id": ext_id}
        if cand is None:
            key = f"candidate:{contact['id']}"
            journal.pending(key, {"kind": "candidate", "contact": contact["id"], "external-id": ext_id})
            cand = ct.create("candidates", dict(attrs, tags=sorted(tags)))
            known_cands[contact["id"]] = cand
            journal.pending(key, None)
        elif needs_change(cand, attrs, tags):
            cand = fresh("candidates", cand)
            have = cand["attributes"]
            want_tags = sorted(set(have.get("tags") or []) | tags)
            change = {k: v for k, v in attrs.items() if (have.get(k) or None) != (v.lower() if k == "email" and v else v)}
            if want_tags != sorted(have.get("tags") or []):
                change["tags"] = want_tags
            if change:
                cand = ct.update("candidates", cand["id"], change)
            known_cands[contact["id"]] = cand
            journal.save()
        for o, job_id, stage, stage_id, flag in todo:
            archived = o.get("archived")
            want = {"note": history_note(o)}
            if archived:
                want.update(status="rejected", **{"rejection-reason": archived["reason"]})
            app = known_apps.get(o["id"])
            if app is None:
                key = f"application:{o['id']}"
                journal.pending(key, {"kind": "application", "opportunity": o["id"], "candidate": cand["id"],
                                      "job": job_id})
                app = ct.create("job-applications", dict(want, status=want.get("status", "active")),
                                {"candidate": link("candidates", cand["id"]), "job": link("jobs", job_id),
                                 "stage": link("stages", stage_id)})
                known_apps[o["id"]] = app
                journal.pending(key, None)
            elif app_needs_change(app, want, stage_id, archived):
                app = fresh("job-applications", app)
                have = app["attributes"]
                change = {k: v for k, v in want.items() if have.get(k) != v}
                if not archived and have.get("status") == "rejected":
                    change["status"] = "active"
                rel = None
                cur = (app["relationships"].get("stage") or {}).get("data")
                if not cur or cur["id"] != stage_id:
                    rel = {"stage": link("stages", stage_id)}
                if change or rel:
                    app = ct.update("job-applications", app["id"], change, rel)
                known_apps[o["id"]] = app
                journal.save()
            report[o["id"]]["crewtide_application_id"] = app["id"]

    out = Path(settings.output_dir)
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "stage_report.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=REPORT_COLUMNS)
        w.writeheader()
        for row in report.values():
            w.writerow(row)
    counts: dict[str, int] = {}
    for row in report.values():
        counts[row["flag"]] = counts.get(row["flag"], 0) + 1
    print("migrate:", ", ".join(f"{k} {v}" for k, v in sorted(counts.items())), file=sys.stderr)
    return 0


def needs_change(cand: dict, attrs: dict, tags: set[str]) -> bool:
    have = cand["attributes"]
    if any((have.get(k) or None) != (v.lower() if k == "email" and v else v) for k, v in attrs.items()):
        return True
    return not tags <= set(have.get("tags") or [])


def app_needs_change(app: dict, want: dict, stage_id: str, archived) -> bool:
    have = app["attributes"]
    if any(have.get(k) != v for k, v in want.items()):
        return True
    if not archived and have.get("status") == "rejected":
        return True
    cur = ((app.get("relationships") or {}).get("stage") or {}).get("data")
    return not cur or cur["id"] != stage_id


def survey(ct: Crewtide, journal: Journal, contacts: list[dict], plan: dict) -> None:
    """The first night: Crewtide holds the spring trial's records (and the kiosks' walk-ins).
    Read them all once and note which contact and which opportunity each trial record is."""
    cands, _ = ct.walk("/v1/candidates")
    by_ext = {(c["attributes"]["external-id"] or "").lower(): c for c in cands if c["attributes"]["external-id"]}
    by_email = {(c["attributes"]["email"] or "").lower(): c for c in cands if c["attributes"]["email"]}
    apps, _ = ct.walk("/v1/job-applications")
    app_by_pair = {}
    for a in apps:
        cref, jref = a["relationships"]["candidate"]["data"], a["relationships"]["job"]["data"]
        if cref and jref:
            app_by_pair[(cref["id"], jref["id"])] = a
    for contact in contacts:
        todo = plan.get(contact["id"])
        if not todo:
            continue
        email = (contact.get("emails") or [None])[0]
        cand = by_ext.get(f"PL:{contact['id']}".lower()) or (by_email.get(email.lower()) if email else None)
        if cand is None:
            continue
        journal.data["candidates"][contact["id"]] = cand
        for o, job_id, *_rest in todo:
            app = app_by_pair.get((cand["id"], job_id))
            if app is not None:
                journal.data["applications"][o["id"]] = app
    journal.data["surveyed"] = True
    journal.save()


def settle_pending(ct: Crewtide, journal: Journal) -> None:
    """Creates sent on an earlier night whose answer never came: Crewtide may have made them.
    Look each up by its own key and adopt what is there; what is not there is created again."""
    for key, what in list(journal.data["pending"].items()):
        if what["kind"] == "candidate":
            found, _ = ct.walk("/v1/candidates", {"filter[external-id]": what["external-id"]})
            if found:
                journal.data["candidates"][what["contact"]] = found[0]
        else:
            found, _ = ct.walk("/v1/job-applications", {"filter[candidate]": what["candidate"],
                                                         "filter[job]": what["job"]})
            if found:
                journal.data["applications"][what["opportunity"]] = found[0]
        journal.pending(key, None)
