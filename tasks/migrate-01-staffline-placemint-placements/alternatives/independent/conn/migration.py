# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The StaffLine -> Placemint move. See TICKET.md for the rules.

State the job keeps between runs belongs in IB_STATE_DIR; the crosswalk goes to
IB_OUTPUT_DIR/crosswalk.csv.

How it works
------------
Every run reads StaffLine in full (placements, candidates, jobs — GET only) and Placemint's
placements in full, and computes for each StaffLine placement the Placemint record it should
have ("desired" fields).

- `migrate` (backfill, rerunnable): every in-scope StaffLine placement gets its record. An
  existing record with `external_ref = SL-<id>` is reconciled (PATCH of the fields that differ);
  otherwise a matching pilot record (no external_ref; same e-mail ignoring case, client code and
  start date) is adopted and corrected; otherwise a record is created with an Idempotency-Key
  that identifies the operation. `external_ref` is unique in Placemint, so a create can never
  produce a second SL-<id> record either.
- `delta` (cutover): only what changed in StaffLine since the previous run is written: for a
  linked placement, the fields whose StaffLine-derived value differs from what we last wrote;
  placements that newly came into scope are adopted/created as above. Nothing changed in
  StaffLine -> no writes to Placemint (edits made directly in Placemint are left alone).

The state file records, per StaffLine placement, the Placemint id, how it was matched and the
values last written, plus the ids of the pilot's records as first seen.
"""
from __future__ import annotations

import csv
import datetime as dt
import hashlib
import json
import os
import re
import sys
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from conn.placemint import Placemint, PlacemintError
from conn.staffline import StaffLine, StaffLineError

SCOPE_ENDED_AFTER = dt.date(2025, 11, 30)
STATUS_MAP = {"Active": "active", "Ended": "completed", "Cancelled": "canceled",
              # not in the ticket's table: finance has closed billing, i.e. the assignment is over
              "Closed": "completed"}
SYNCED_FIELDS = ("candidate_email", "candidate_name", "client_code", "start_date", "end_date",
                 "rate_cents", "status")
REF_RE = re.compile(r"^SL-(\d+)$")
STATE_FILE = "migration_state.json"


def state_dir() -> str:
    return os.environ["IB_STATE_DIR"]


def output_dir() -> str:
    return os.environ["IB_OUTPUT_DIR"]


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------- mapping
def ms_to_date(value: int | None) -> str | None:
    if value is None:
        return None
    return dt.datetime.fromtimestamp(value / 1000, tz=dt.timezone.utc).date().isoformat()


def rate_to_cents(bill_rate: str) -> int:
    """"48.125" -> 4813: decimal arithmetic, rounded half up to the cent."""
    return int((Decimal(str(bill_rate).strip()) * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def in_scope(p: dict) -> bool:
    if p.get("status") == "Active":
        return True
    if p.get("status") == "Ended" and p.get("end_date") is not None:
        return dt.date.fromisoformat(ms_to_date(p["end_date"])) > SCOPE_ENDED_AFTER
    return False


def external_ref(sl_id: int) -> str:
    return f"SL-{sl_id}"


def desired_fields(p: dict, candidates: dict[int, dict], jobs: dict[int, dict]) -> dict | None:
    """The Placemint fields StaffLine placement `p` maps to, or None if it cannot be mapped."""
    cand = candidates.get(p["candidate_id"])
    job = jobs.get(p["job_id"])
    client = p.get("client_code") or (job or {}).get("client_code")
    if cand is None or not client or p.get("status") not in STATUS_MAP:
        return None
    try:
        cents = rate_to_cents(p["bill_rate"])
    except (InvalidOperation, ValueError, TypeError):
        return None
    name = " ".join(x for x in (cand.get("first_name"), cand.get("last_name")) if x).strip()
    return {
        "candidate_email": (cand.get("email") or "").strip(),
        "candidate_name": name,
        "client_code": client.strip(),
        "start_date": ms_to_date(p["start_date"]),
        "end_date": ms_to_date(p.get("end_date")),
        "rate_cents": cents,
        "status": STATUS_MAP[p["status"]],
    }


def match_key(email: str | None, client: str | None, start: str | None) -> tuple:
    return ((email or "").strip().lower(), (client or "").strip(), start or "")


# ---------------------------------------------------------------------------- state
def load_state() -> dict:
    path = os.path.join(state_dir(), STATE_FILE)
    try:
        with open(path, encoding="utf-8") as fh:
            state = json.load(fh)
    except FileNotFoundError:
        state = {}
    state.setdefault("links", {})      # sl_id (str) -> {"pm_id", "match", "pushed"}
    state.setdefault("pilot_ids", [])  # Placemint ids that had no external_ref when first seen
    return state


def save_state(state: dict) -> None:
    os.makedirs(state_dir(), exist_ok=True)
    path = os.path.join(state_dir(), STATE_FILE)
    with open(path + ".tmp", "w", encoding="utf-8") as fh:
        json.dump(state, fh, indent=1, sort_keys=True)
    os.replace(path + ".tmp", path)


# ---------------------------------------------------------------------------- the run
class Migration:
    def __init__(self, mode: str):
        self.mode = mode
        self.sl = StaffLine()
        self.pm = Placemint()
        self.state = load_state()
        self.problems: list[str] = []
        self.created = self.adopted = self.updated = 0

    # reading ----------------------------------------------------------------------------
    def read_staffline(self) -> None:
        self.sl_placements = {p["id"]: p for p in self.sl.list_all("/v1/placements")}
        self.candidates = {c["id"]: c for c in self.sl.list_all("/v1/candidates")}
        self.jobs = {j["id"]: j for j in self.sl.list_all("/v1/jobs")}
        log(f"staffline: {len(self.sl_placements)} placements, {len(self.candidates)} candidates, "
            f"{len(self.jobs)} jobs")

    def read_placemint(self) -> None:
        records = self.pm.list_all("/v1/placements")
        self.pm_records: dict[str, dict] = {r["id"]: r for r in records}
        self.pm_order = [r["id"] for r in records]
        pilots = set(self.state["pilot_ids"])
        for r in records:
            if not r.get("external_ref"):
                pilots.add(r["id"])
        self.state["pilot_ids"] = sorted(pilots)
        log(f"placemint: {len(records)} placements")

    def by_ref(self) -> dict[int, str]:
        out: dict[int, str] = {}
        for pid in self.pm_order:
            m = REF_RE.match(self.pm_records[pid].get("external_ref") or "")
            if m:
                out.setdefault(int(m.group(1)), pid)
        return out

    # writing ----------------------------------------------------------------------------
    def _remember(self, sl_id: int, pm_id: str, match: str, pushed: dict) -> None:
        self.state["links"][str(sl_id)] = {"pm_id": pm_id, "match": match, "pushed": pushed}
        save_state(self.state)

    def _patch(self, pm_id: str, changes: dict) -> tuple[bool, bool]:
        """PATCH `changes`; returns (succeeded, failure is permanent)."""
        if not changes:
            return True, False
        try:
            rec = self.pm.update_placement(pm_id, changes)
        except PlacemintError as exc:
            self.problems.append(f"{pm_id}: could not apply {sorted(changes)}: {exc}")
            log(f"problem: {self.problems[-1]}")
            return False, exc.status is not None and 400 <= exc.status < 500 and exc.status != 429
        self.pm_records[pm_id] = rec
        self.updated += 1
        return True, False

    def _diff(self, record: dict, want: dict) -> dict:
        return {k: v for k, v in want.items() if record.get(k) != v}

    def reconcile(self, sl_id: int, pm_id: str, want: dict, match: str, pushed: dict | None) -> None:
        """Bring a linked record up to date. With `pushed` (what we wrote last time) only the
        fields whose StaffLine value changed since are written; without it, every field that
        differs from the record as it is now."""
        record = self.pm_records.get(pm_id, {})
        if pushed is not None:
            changed_in_staffline = {k: v for k, v in want.items() if pushed.get(k) != v}
            changes = self._diff(record, changed_in_staffline)
        else:
            changes = self._diff(record, want)
        ok, permanent = self._patch(pm_id, changes)
        if ok or permanent:
            new_pushed = dict(want)
        else:  # try the unsent fields again next run
            new_pushed = {k: v for k, v in want.items() if k not in changes}
            for k in changes:
                if pushed and k in pushed:
                    new_pushed[k] = pushed[k]
        self._remember(sl_id, pm_id, match, new_pushed)

    def adopt(self, sl_id: int, pm_id: str, want: dict) -> None:
        record = self.pm_records[pm_id]
        changes = self._diff(record, want)
        changes["external_ref"] = external_ref(sl_id)
        if record.get("status") == "canceled" and want["status"] != "canceled":
            changes.pop("status", None)
            self.problems.append(f"{pm_id} (adopted for SL {sl_id}) is canceled in Placemint and cannot be reopened")
            log(f"problem: {self.problems[-1]}")
        ok, _ = self._patch(pm_id, changes)
        if ok:
            self.adopted += 1
            self._remember(sl_id, pm_id, "adopted", dict(want))

    def create(self, sl_id: int, want: dict) -> None:
        p = self.sl_placements[sl_id]
        body = {"external_ref": external_ref(sl_id), **want}
        title = (self.jobs.get(p["job_id"]) or {}).get("title")
        if title:
            body["job_title"] = title
        digest = hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:16]
        key = f"sl-pm-migration-create-{external_ref(sl_id)}-{digest}"
        try:
            rec = self.pm.create_placement(body, key)
        except PlacemintError as exc:
            if exc.code != "external_ref_taken":
                self.problems.append(f"SL {sl_id}: could not create: {exc}")
                log(f"problem: {self.problems[-1]}")
                return
            # it exists already (an earlier attempt whose answer we lost): find it and reconcile
            self.read_placemint()
            pm_id = self.by_ref().get(sl_id)
            if pm_id is None:
                self.problems.append(f"SL {sl_id}: {external_ref(sl_id)} is taken but not listed yet")
                log(f"problem: {self.problems[-1]}")
                return
            match = "adopted" if pm_id in self.state["pilot_ids"] else "created"
            self.reconcile(sl_id, pm_id, want, match, None)
            return
        self.pm_records[rec["id"]] = rec
        self.pm_order.append(rec["id"])
        self.created += 1
        self._remember(sl_id, rec["id"], "created", dict(want))

    # the plan ---------------------------------------------------------------------------
    def run(self) -> int:
        self.read_staffline()
        self.read_placemint()
        save_state(self.state)
        links = self.state["links"]
        refs = self.by_ref()
        wanted: dict[int, dict] = {}
        for sl_id, p in sorted(self.sl_placements.items()):
            want = desired_fields(p, self.candidates, self.jobs)
            if want is None:
                if in_scope(p) or sl_id in refs:
                    self.problems.append(f"SL {sl_id}: cannot map (missing candidate, job or client code)")
                    log(f"problem: {self.problems[-1]}")
                continue
            wanted[sl_id] = want

        # 1. placements that already have their record
        for sl_id, pm_id in sorted(refs.items()):
            if sl_id not in wanted:
                if sl_id not in self.sl_placements:
                    log(f"note: SL {sl_id} no longer exists in StaffLine; {pm_id} left as it is")
                continue
            link = links.get(str(sl_id))
            if link and link.get("pm_id") == pm_id:
                match = link.get("match", "created")
                pushed = link.get("pushed") if self.mode == "delta" else None
            else:
                match = "adopted" if pm_id in self.state["pilot_ids"] else "created"
                pushed = None
            self.reconcile(sl_id, pm_id, wanted[sl_id], match, pushed)

        # 2. in-scope placements without one: adopt a pilot record or create
        pilots: dict[tuple, list[str]] = {}
        for pm_id in self.pm_order:
            r = self.pm_records[pm_id]
            if not r.get("external_ref"):
                pilots.setdefault(match_key(r.get("candidate_email"), r.get("client_code"),
                                            r.get("start_date")), []).append(pm_id)
        for sl_id, want in sorted(wanted.items()):
            if sl_id in refs or not in_scope(self.sl_placements[sl_id]):
                continue
            candidates = pilots.get(match_key(want["candidate_email"], want["client_code"], want["start_date"]))
            if candidates:
                self.adopt(sl_id, candidates.pop(0), want)
            else:
                self.create(sl_id, want)

        self.write_crosswalk()
        save_state(self.state)
        log(f"{self.mode}: created {self.created}, adopted {self.adopted}, updated {self.updated}, "
            f"placemint writes {self.pm.writes}, problems {len(self.problems)}")
        for p in self.problems:
            log(f"  - {p}")
        return 0

    def write_crosswalk(self) -> None:
        links = self.state["links"]
        pilots = set(self.state["pilot_ids"])
        rows = []
        orphans = []
        for pm_id in self.pm_order:
            r = self.pm_records[pm_id]
            ref = r.get("external_ref")
            m = REF_RE.match(ref or "")
            if m:
                sl_id = m.group(1)
                link = links.get(sl_id)
                if link and link.get("pm_id") == pm_id:
                    match = link.get("match", "created")
                else:
                    match = "adopted" if pm_id in pilots else "created"
                rows.append((int(sl_id), pm_id, match))
            elif not ref:
                orphans.append(pm_id)
        os.makedirs(output_dir(), exist_ok=True)
        path = os.path.join(output_dir(), "crosswalk.csv")
        with open(path + ".tmp", "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(["staffline_id", "placemint_id", "match"])
            for sl_id, pm_id, match in sorted(rows):
                w.writerow([sl_id, pm_id, match])
            for pm_id in orphans:
                w.writerow(["", pm_id, "orphan"])
        os.replace(path + ".tmp", path)
        log(f"crosswalk: {len(rows)} linked, {len(orphans)} orphan(s) -> {path}")


def migrate() -> int:
    """Backfill every in-scope placement (safe to run again)."""
    return Migration("migrate").run()


def delta() -> int:
    """Cutover night: carry over what changed in StaffLine since the last run."""
    return Migration("delta").run()


def run(command: str) -> int:
    try:
        return migrate() if command == "migrate" else delta()
    except (StaffLineError, PlacemintError) as exc:
        log(f"{command}: failed: {exc}")
        return 1
