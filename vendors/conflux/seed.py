"""Conflux datasets. Deterministic: one `random.Random("conflux:<dataset>:<seed>")` drives
everything (Conflux ids and remote ids included); names from `vendors.kit.names`; every instant
is relative to the frozen clock the seeder sees (NOW).

Linked accounts (each on a source ATS, each seeing only its own data; the account token is
the credential named below):
- `small` / `large`: `acct_greenhouse` (Greenhouse, "Northwind Health", `account_token`,
  integer remote ids as strings, `4100001`, …) and `acct_lever` (Lever, "Bluefin Logistics",
  `account_token_b`, UUID remote ids).

Planted records (every account unless a dataset says otherwise):
- `remote_was_deleted = true`: candidates whose serial (1-based, per account) satisfies
  `serial % 17 == 5`, and their applications; jobs with index `i % 9 == 4` are CLOSED.
- Candidates whose `serial % 11 == 3` have two e-mail addresses (PERSONAL then WORK).
- `modified_at` spreads over the last 60 days; every candidate with `serial % 10 == 0` was
  modified within the last 24 h (for `modified_after` walks).
- Remote ids increase with the serial within an account (int style), so `remote_id` order
  is creation order there.

Datasets
- `small`: Greenhouse 36 candidates / 6 jobs, Lever 14 / 4 (50 candidates, 3 remote-deleted),
  1–2 applications per candidate.
- `large`: Greenhouse 4,000 / 120 jobs, Lever 1,000 / 40 (5,000 candidates).
- `rpo-3x400` (build-11, Marlow RPO): three clients, 400 candidates / 12 jobs each:
  `acct_ashford` (Greenhouse, Ashford Foods, `account_token`, int ids), `acct_brightwater`
  (Lever, Brightwater Energy, `account_token_b`, UUIDs), `acct_cobalt` (Workable, Cobalt
  Retail, `account_token_c`, 10-hex ids). 23 remote-deleted per account. The scenario revokes
  B with config `revoked_accounts: [acct_brightwater]`.
- `quillon` (fix-11, Quillon Insurance): one account `acct_quillon` (Greenhouse,
  `account_token`), 300 candidates / 8 claims-adjuster jobs, plus 8 near-duplicates: each
  candidate with `serial % 40 == 13` was entered a second time in Greenhouse (same name and
  e-mail, another phone and remote id, no company/title, created 20-90 days later, never
  remote-deleted, no applications): 308 candidate records. The scenario re-links it with
  config `relink_accounts: [acct_quillon]` (or mutate op `{op: relink, account_id}`).
- `quillon-relinked` (fix-11 v2): `quillon` record for record (the same rng stream), plus the
  leftovers of Quillon's March re-link: for the 12 people with `serial % 23 == 9` (serial 9
  excepted, 124 being remote-deleted) or `serial == 156` (removed in the fix-11 scenario), the
  account still holds their record from before the re-link under an old Conflux id (drawn from a
  generator of its own), remote-deleted, same details, no applications, `modified_at` before the
  live record's, next to the live re-imported record with the same remote_id: 320 candidate
  records, 30 remote-deleted (`_quillon_stale`). A re-link stamps the leftovers too.
- `greyhollow` (harden-05, Greyhollow Credit Union): one account `acct_greyhollow`
  (Greenhouse, `account_token`), 800 candidates / 10 jobs; remote-deleted exactly the 60
  candidates with `serial <= 600 and serial % 10 == 2`. The account's customer turned off
  listing remote-deleted records (`remote_deleted_listed: false` in account-details): a list
  without `include_remote_deleted=true` leaves them out (every other dataset lists them).
  `greyhollow_audit(dump rows, seed)` builds the task's 320-row audit list (75 stale
  pre-re-link ids, 15 of them of remote-deleted people; 20 that never existed). Leftovers of
  the re-link (harden-05 v2): for the 11 live people with `serial <= 300 and serial % 24 == 6`
  the account also holds their record from before the re-link under its old Conflux id (the
  audit list's stale id), remote-deleted, with no applications, next to the live record with
  the same remote_id: 811 candidate records, 71 remote-deleted (`_relink_leftovers`).
- `helix` (migrate-10, Helix Genomics): mirrors HireHarbor's `helix` dataset of the same seed
  and clock (seeded into a scratch database and read back): `acct_helix` (HireHarbor,
  `account_token`) with HireHarbor's 6 jobs, 120 candidates and their applications; remote_id
  = the HireHarbor id as a string, zero-padded to 6 digits for 417 and every id % 50 == 17
  (`helix_zero_padded`); e-mails/phones as `[{value, type}]`; modified_at = HireHarbor
  updated_at; HireHarbor's three merged duplicates (`helix_merges`) are still separate live
  candidates, the survivors without the duplicate's e-mail. Plus 5 remote-deleted candidates (ids absent from HireHarbor) and a second
  linked account `acct_helix_workwell` (Workwell, `account_token_b`, 20 candidates).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import insert, select

from vendors.kit.names import JOB_TITLES, person

from .models import Application, Candidate, Job, LinkedAccount

DAY = 86400
STAGES = ["Application Review", "Phone Screen", "Onsite", "Offer", "Hired"]
DEPARTMENTS = ["Nursing", "Engineering", "Operations", "Finance", "Legal"]


@dataclass(frozen=True)
class Acct:
    id: str
    credential: str  # credential holding its account token
    integration: str
    org: str
    style: str  # remote id style: int | uuid | hex
    n_cand: int
    n_job: int
    titles: tuple[str, ...] = tuple(JOB_TITLES)
    deleted_listed: bool = True  # lists without include_remote_deleted show remote-deleted records


def _deleted_default(serial: int) -> bool:
    return serial % 17 == 5


GH, LV = ("acct_greenhouse", "account_token", "Greenhouse", "Northwind Health", "int"), \
    ("acct_lever", "account_token_b", "Lever", "Bluefin Logistics", "uuid")
ADJUSTER = ("Claims Adjuster", "Senior Claims Adjuster", "Field Adjuster", "Claims Examiner", "Catastrophe Adjuster")
CONFIGS: dict[str, dict] = {
    "small": {"accounts": [Acct(*GH, 36, 6), Acct(*LV, 14, 4)]},
    "large": {"accounts": [Acct(*GH, 4000, 120), Acct(*LV, 1000, 40)]},
    "rpo-3x400": {"accounts": [
        Acct("acct_ashford", "account_token", "Greenhouse", "Ashford Foods", "int", 400, 12),
        Acct("acct_brightwater", "account_token_b", "Lever", "Brightwater Energy", "uuid", 400, 12),
        Acct("acct_cobalt", "account_token_c", "Workable", "Cobalt Retail", "hex", 400, 12)]},
    "quillon": {"accounts": [Acct("acct_quillon", "account_token", "Greenhouse", "Quillon Insurance", "int",
                                  300, 8, ADJUSTER)],
                "twins": lambda serial: serial % 40 == 13},
    # fix-11 v2: quillon as it stands after the March re-link, its leftovers included (same rng
    # stream as quillon, so every quillon record is byte-identical; the leftovers are added)
    "quillon-relinked": {"accounts": [Acct("acct_quillon", "account_token", "Greenhouse", "Quillon Insurance", "int",
                                           300, 8, ADJUSTER)],
                         "rng": "quillon",
                         "twins": lambda serial: serial % 40 == 13,
                         "stale": lambda serial: (serial % 23 == 9 and serial != 9) or serial == 156},
    "greyhollow": {"accounts": [Acct("acct_greyhollow", "account_token", "Greenhouse", "Greyhollow Credit Union",
                                     "int", 800, 10, deleted_listed=False)],
                   "deleted": lambda serial: serial <= 600 and serial % 10 == 2,
                   "leftovers": lambda serial: serial <= 300 and serial % 24 == 6 and serial % 10 != 2},
}
DATASETS = tuple(CONFIGS) + ("helix",)


def seed(s, c, dataset: str, seed_: int) -> None:
    cfg = CONFIGS.get(dataset, {})
    rng = random.Random(f"conflux:{cfg.get('rng', dataset)}:{seed_}")
    now: datetime = c.now()
    if dataset == "helix":
        return _helix(s, rng, now, seed_)
    deleted_rule = cfg.get("deleted", _deleted_default)
    twin_rule = cfg.get("twins", lambda serial: False)

    def cid(prefix: str) -> str:
        return f"{prefix}_{rng.getrandbits(48):012x}"

    def ago(lo_d: float, hi_d: float) -> datetime:
        return now - timedelta(seconds=int(rng.uniform(lo_d * DAY, hi_d * DAY)))

    accounts, cands, jobs, apps = [], [], [], []
    serial_of: dict[str, int] = {}  # Conflux id -> the person's serial (no rng drawn)
    for acct in cfg["accounts"]:
        accounts.append({"id": acct.id, "token_credential": acct.credential, "integration": acct.integration,
                         "end_user_organization_name": acct.org, "status": "COMPLETE",
                         "linked_at": now - timedelta(days=400), "remote_deleted_listed": acct.deleted_listed})
        counter = [4100000]

        def rid(style=acct.style) -> str:
            if style == "int":
                counter[0] += rng.randint(1, 7)
                return str(counter[0])
            if style == "hex":
                return f"{rng.getrandbits(40):010x}"
            h = f"{rng.getrandbits(128):032x}"
            return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"

        acct_jobs = []
        for i in range(acct.n_job):
            created = ago(60, 500)
            row = {"id": cid("job"), "account_id": acct.id, "remote_id": rid(), "name": rng.choice(acct.titles),
                   "code": f"{acct.integration[:2].upper()}-{1000 + i}", "status": "CLOSED" if i % 9 == 4 else "OPEN",
                   "department": rng.choice(DEPARTMENTS), "location": person(rng, i)["city"],
                   "remote_was_deleted": False, "remote_created_at": created, "created_at": created,
                   "modified_at": ago(1, 60)}
            jobs.append(row)
            acct_jobs.append(row)
        for serial in range(1, acct.n_cand + 1):
            p = person(rng, serial)
            created = ago(30, 400)
            modified = ago(0, 1) if serial % 10 == 0 else ago(1, 60)
            emails = [{"value": p["email"], "type": "PERSONAL"}]
            if serial % 11 == 3:
                emails.append({"value": f"{p['first_name']}.{p['last_name']}@work.example".lower(), "type": "WORK"})
            deleted = deleted_rule(serial)
            cand = {"id": cid("cand"), "account_id": acct.id, "remote_id": rid(), "first_name": p["first_name"],
                    "last_name": p["last_name"], "company": rng.choice([None, "Acme Corp", "Globex", "Initech"]),
                    "title": rng.choice([None, "Nurse", "Engineer", "Analyst", "Driver"]),
                    "email_addresses": emails, "phone_numbers": [{"value": p["phone"], "type": "MOBILE"}],
                    "tags": rng.sample(["referral", "silver-medalist", "relocating", "night-shift"], rng.randint(0, 2)),
                    "remote_was_deleted": deleted, "remote_created_at": created, "created_at": created,
                    "modified_at": modified}
            cands.append(cand)
            serial_of[cand["id"]] = serial
            if twin_rule(serial):
                # the same person entered a second time in the source ATS (applied again months
                # later): same name and e-mail, another phone, its own remote id
                again = min(created + timedelta(days=rng.randint(20, 90)), now - timedelta(hours=rng.randint(2, 48)))
                cands.append({**cand, "id": cid("cand"), "remote_id": rid(), "company": None, "title": None,
                              "email_addresses": [dict(e) for e in emails],
                              "phone_numbers": [{"value": f"+1-555-{rng.randint(200, 999)}-{rng.randint(1000, 9999)}",
                                                 "type": "MOBILE"}],
                              "tags": [], "remote_was_deleted": False, "remote_created_at": again,
                              "created_at": again, "modified_at": max(again, modified)})
            for job in rng.sample(acct_jobs, rng.randint(1, 2)):
                applied = created + timedelta(seconds=rng.randint(0, DAY))
                stage = rng.choice(STAGES)
                apps.append({"id": cid("appl"), "account_id": acct.id, "remote_id": rid(), "candidate_id": cand["id"],
                             "job_id": job["id"], "current_stage": stage,
                             "status": "HIRED" if stage == "Hired" else rng.choice(["ACTIVE", "ACTIVE", "REJECTED"]),
                             "applied_at": applied, "source": rng.choice(["LinkedIn", "Referral", "Careers page", None]),
                             "remote_was_deleted": deleted, "remote_created_at": applied, "created_at": applied,
                             "modified_at": modified})
    if "leftovers" in cfg:
        cands += _relink_leftovers(cands, cfg["leftovers"], seed_)
    if "stale" in cfg:
        cands += _quillon_stale(cands, serial_of, cfg["stale"], seed_)
    s.execute(insert(LinkedAccount), accounts)
    for model, rows in ((Job, jobs), (Candidate, cands), (Application, apps)):
        for i in range(0, len(rows), 2000):
            s.execute(insert(model), rows[i:i + 2000])


def _relink_leftovers(cands: list[dict], rule, seed_: int) -> list[dict]:
    """greyhollow: the records of the earlier link that the re-link did not carry over. For the
    people (serial by remote_id order) the rule names, the account still holds their record from
    before the re-link under its old Conflux id (the id on the audit list), marked
    `remote_was_deleted` at the re-link (the old link no longer feeds it), next to the live
    re-imported record with the same remote_id. No rng of the seed is drawn: the old ids are the
    audit list's."""
    rows = sorted(cands, key=lambda r: int(r["remote_id"]))
    audit = {a["remote_id"]: a["conflux_id"] for a in greyhollow_audit(rows, seed_)}
    out = []
    for serial, row in enumerate(rows, 1):
        if not rule(serial) or row["remote_was_deleted"]:
            continue
        old_id = audit[row["remote_id"]]
        assert old_id != row["id"]
        relinked = row["remote_created_at"] + (row["modified_at"] - row["remote_created_at"]) / 3
        out.append(_leftover_of(row, old_id, relinked))
    return out


def _leftover_of(row: dict, old_id: str, modified_at: datetime) -> dict:
    """A live record's leftover from before a re-link: its details copied under the old Conflux
    id, remote-deleted, last modified at `modified_at` (to the second)."""
    return {**row, "id": old_id, "remote_was_deleted": True,
            "email_addresses": [dict(e) for e in row["email_addresses"]],
            "phone_numbers": [dict(p) for p in row["phone_numbers"]], "tags": list(row["tags"]),
            "modified_at": modified_at.replace(microsecond=0)}


def _quillon_stale(cands: list[dict], serial_of: dict[str, int], rule, seed_: int) -> list[dict]:
    """quillon-relinked (fix-11 v2): the records of the link before the March re-link that the
    re-import did not carry over. For the live people (serial = the person's position in the
    seeding, twins' second records excluded) the rule names, the account still holds their record
    from before the re-link under an old Conflux id, marked `remote_was_deleted` when the old link
    stopped feeding it, next to their live re-imported record with the same remote_id and the
    same details. The old ids come from a generator of their own, so every other record is the
    `quillon` dataset's, byte for byte."""
    rng = random.Random(f"conflux:quillon-stale:{seed_}")
    out = []
    for row in cands:
        serial = serial_of.get(row["id"])
        if serial is None or not rule(serial) or row["remote_was_deleted"]:
            continue
        relinked = row["modified_at"] - abs(row["modified_at"] - row["remote_created_at"]) / 3
        out.append(_leftover_of(row, f"cand_{rng.getrandbits(48):012x}", relinked))
    return out


def _greyhollow_audit_material(s, c) -> list[dict]:
    """The audit list of the greyhollow dataset just seeded (its seed's own list)."""
    rows = [{"id": r.id, "remote_id": r.remote_id, "remote_was_deleted": r.remote_was_deleted}
            for r in s.scalars(select(Candidate).where(Candidate.account_id == "acct_greyhollow"))]
    return greyhollow_audit(rows, c.seed)


# the files a task hands out that a dataset generates (VendorSpec.materials, docs/variants.md)
MATERIALS = {"greyhollow": {"audit.csv": _greyhollow_audit_material}}


def greyhollow_audit(candidates: list[dict], seed_: int) -> list[dict]:
    """The harden-05 audit list for a `greyhollow` dump's candidate rows: 320 rows
    `{conflux_id, remote_id}` — the 300 candidates with serial <= 300 (by remote_id order, which
    is serial order), of which those with `serial % 4 == 2` (75; 15 of them remote-deleted, as
    `serial % 20 == 2`) carry a pre-re-link Conflux id that no longer exists (404; found by
    remote_id), plus 20 rows that never existed (unknown id and remote_id), spread over the
    list's second half. Remote-deleted in the list: serial % 10 == 2 (30). Deterministic per
    seed."""
    rng = random.Random(f"conflux:greyhollow-audit:{seed_}")
    # one record per Greenhouse id: a leftover of the earlier link (remote-deleted, next to a live
    # record with the same remote_id) is not a person of its own
    live = {str(r["remote_id"]) for r in candidates if not r["remote_was_deleted"]}
    people = [r for r in candidates if not (r["remote_was_deleted"] and str(r["remote_id"]) in live)]
    rows = sorted(people, key=lambda r: int(r["remote_id"]))[:300]
    out = []
    for serial, row in enumerate(rows, 1):
        old = f"cand_{rng.getrandbits(48):012x}" if serial % 4 == 2 else row["id"]
        out.append({"conflux_id": old, "remote_id": row["remote_id"]})
    for i in range(20):
        ghost = {"conflux_id": f"cand_{rng.getrandbits(48):012x}", "remote_id": str(9100000 + 37 * i)}
        out.insert(150 + 8 * i, ghost)
    return out


def helix_zero_padded(remote: int) -> bool:
    """Helix remote ids an old import zero-padded to 6 digits: 417 and every id % 50 == 17."""
    return remote == 417 or remote % 50 == 17


def _helix(s, rng: random.Random, now: datetime, seed_: int) -> None:
    """migrate-10: mirror HireHarbor's `helix` dataset (same seed, same clock) as Conflux saw it
    at its last sync: HireHarbor seeded into a scratch database and read back."""
    from types import SimpleNamespace

    from sqlalchemy import create_engine, select
    from sqlalchemy.orm import Session

    from vendors.hireharbor import models as hh
    from vendors.hireharbor.seed import seed as hh_seed

    engine = create_engine("sqlite://")
    hh.Base.metadata.create_all(engine)
    with Session(engine) as hs:
        hh_seed(hs, SimpleNamespace(now=lambda: now, settings={}), "helix", seed_)
        hs.flush()
        h_jobs = list(hs.scalars(select(hh.Job).order_by(hh.Job.id)))
        h_cands = list(hs.scalars(select(hh.Candidate).order_by(hh.Candidate.id)))
        h_apps = list(hs.scalars(select(hh.Application).order_by(hh.Application.id)))
        stages = {st.id: st.name for st in hs.scalars(select(hh.Stage))}
        jobs_j = [(j.id, j.name, j.status, j.department, j.office, j.created_at) for j in h_jobs]
        # Conflux's last sync predates HireHarbor's merges: a merged duplicate is still a live
        # person here, and its e-mail not yet on the survivor's list
        merged = {x.merged_into: list(x.emails or []) for x in h_cands if x.merged_into is not None}
        cands_j = [(x.id, x.first_name, x.last_name, x.company, x.title,
                    [e for e in (x.emails or []) if e not in merged.get(x.id, [])],
                    list(x.phone_numbers or []), x.created_at, x.updated_at) for x in h_cands]
        apps_j = [(a.id, a.candidate_id, a.job_id, stages.get(a.current_stage_id, "Application Review"), a.status,
                   a.applied_at, a.updated_at) for a in h_apps]
    engine.dispose()

    def cid(prefix: str) -> str:
        return f"{prefix}_{rng.getrandbits(48):012x}"

    s.execute(insert(LinkedAccount), [
        {"id": "acct_helix", "token_credential": "account_token", "integration": "HireHarbor",
         "end_user_organization_name": "Helix Genomics", "status": "COMPLETE", "linked_at": now - timedelta(days=730)},
        {"id": "acct_helix_workwell", "token_credential": "account_token_b", "integration": "Workwell",
         "end_user_organization_name": "Helix Genomics (EU)", "status": "COMPLETE",
         "linked_at": now - timedelta(days=500)}])
    job_ids, cand_ids, jobs, cands, apps = {}, {}, [], [], []
    for jid, name, status, dept, office, created in jobs_j:
        job_ids[jid] = cid("job")
        jobs.append({"id": job_ids[jid], "account_id": "acct_helix", "remote_id": str(jid), "name": name,
                     "code": None, "status": "OPEN" if status == "open" else "CLOSED", "department": dept,
                     "location": office, "remote_was_deleted": False, "remote_created_at": created,
                     "created_at": created, "modified_at": created})
    for hid, first, last, company, title, emails, phones, created, updated in cands_j:
        cand_ids[hid] = cid("cand")
        cands.append({"id": cand_ids[hid], "account_id": "acct_helix",
                      "remote_id": f"{hid:06d}" if helix_zero_padded(hid) else str(hid),
                      "first_name": first, "last_name": last, "company": company, "title": title,
                      "email_addresses": [{"value": e, "type": "PERSONAL"} for e in emails],
                      "phone_numbers": [{"value": p, "type": "MOBILE"} for p in phones], "tags": [],
                      "remote_was_deleted": False, "remote_created_at": created, "created_at": created,
                      "modified_at": updated})
    taken = {x[0] for x in cands_j}
    gone = [n for n in range(300, 900) if n not in taken][:5]  # deleted in HireHarbor since: gone there
    for n, hid in enumerate(gone, 1):
        p = person(rng, 900 + n)
        created = now - timedelta(days=300 + n)
        cands.append({"id": cid("cand"), "account_id": "acct_helix", "remote_id": str(hid),
                      "first_name": p["first_name"], "last_name": p["last_name"], "company": None, "title": None,
                      "email_addresses": [{"value": p["email"], "type": "PERSONAL"}],
                      "phone_numbers": [{"value": p["phone"], "type": "MOBILE"}], "tags": [],
                      "remote_was_deleted": True, "remote_created_at": created, "created_at": created,
                      "modified_at": now - timedelta(days=10 + n)})
    for aid, hcand, hjob, stage, status, applied, updated in apps_j:
        if hcand not in cand_ids or hjob not in job_ids:
            continue
        apps.append({"id": cid("appl"), "account_id": "acct_helix", "remote_id": str(aid),
                     "candidate_id": cand_ids[hcand], "job_id": job_ids[hjob], "current_stage": stage,
                     "status": {"hired": "HIRED", "rejected": "REJECTED"}.get(status, "ACTIVE"),
                     "applied_at": applied, "source": None, "remote_was_deleted": False,
                     "remote_created_at": applied, "created_at": applied, "modified_at": updated})
    # the second linked account (a Workwell link): 20 candidates, never re-keyed by the task
    for serial in range(1, 21):
        p = person(rng, serial)
        created = now - timedelta(days=rng.randint(30, 300))
        cands.append({"id": cid("cand"), "account_id": "acct_helix_workwell", "remote_id": f"{rng.getrandbits(24):06x}",
                      "first_name": p["first_name"], "last_name": p["last_name"], "company": None, "title": None,
                      "email_addresses": [{"value": p["email"], "type": "PERSONAL"}],
                      "phone_numbers": [{"value": p["phone"], "type": "MOBILE"}], "tags": [],
                      "remote_was_deleted": False, "remote_created_at": created, "created_at": created,
                      "modified_at": created})
    s.execute(insert(Job), jobs)
    s.execute(insert(Candidate), cands)
    if apps:
        s.execute(insert(Application), apps)
