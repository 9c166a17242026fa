# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The issuing job (see TICKET.md), as a plan-and-reconcile pass.

1. Read the file and, once per employee, the employee's equipment list (only a whole,
   well-formed list is believed).
2. Requests: mark each one issued. The write is based on the freshest copy we hold; when
   Keystone says the copy is stale (412), the employee's list is read again, the change is
   re-applied to what it shows, and the save is retried with the ETag Keystone just named.
3. New items: POST each once. Any write whose answer was lost is put aside.
4. Reconcile: once the equipment list has had time to pick up recent writes, the employees with
   put-aside writes are listed again; what is still missing is written again (once more through
   the same steps), what is there is done.
"""
from __future__ import annotations

import csv
import datetime as dt
import time
import xml.etree.ElementTree as ET
from collections import OrderedDict

from conn.ks_http import KeystoneHTTP, Unavailable, child, put_child, tag

SETTLE_S = 12.0
FIELDS = ("issue_id", "employee_id", "kind", "size", "asset_tag", "issued_on")


def key(ref: str | None) -> str:
    return "".join((ref or "").split()).casefold()


def day_first(iso: str) -> str:
    d = dt.date.fromisoformat(iso.strip())
    return f"{d.day:02d}/{d.month:02d}/{d.year:04d}"


class Job:
    def __init__(self, path: str) -> None:
        with open(path, newline="", encoding="utf-8-sig") as fh:
            reader = csv.DictReader(fh)
            missing = set(FIELDS) - set(reader.fieldnames or [])
            if missing:
                raise SystemExit(f"{path}: missing columns {sorted(missing)}")
            self.rows = [dict(r) for r in reader]
        self.ks = KeystoneHTTP()
        self.lists: dict[int, list[ET.Element]] = {}
        self.last_unsure = 0.0

    def listing(self, emp: int, fresh: bool = False) -> list[ET.Element]:
        if fresh or emp not in self.lists:
            doc, _ = self.ks.fetch(f"/hr/v2/employees/{emp}/equipment", "EquipmentList")
            self.lists[emp] = doc.findall(tag("Equipment"))
        return self.lists[emp]

    def holding(self, row: dict, fresh: bool = False) -> list[ET.Element]:
        k = key(row["issue_id"])
        return [e for e in self.listing(int(row["employee_id"]), fresh) if key(child(e, "Ref")) == k]

    @staticmethod
    def done(item: ET.Element, row: dict) -> bool:
        return child(item, "Status") == "issued" and (child(item, "AssetTag") or "") == row["asset_tag"].strip()

    def mark_issued(self, row: dict, item_id: str) -> str:
        """'ok', or 'unsure' when an answer was lost."""
        path = f"/hr/v2/equipment/{item_id}"
        doc, etag = self.ks.fetch(path, "Equipment")
        for _ in range(8):
            if self.done(doc, row):
                return "ok"
            put_child(doc, "Status", "issued")
            put_child(doc, "AssetTag", row["asset_tag"].strip())
            put_child(doc, "IssuedOn", day_first(row["issued_on"]))
            resp = self.ks.send("PUT", path, doc, etag)
            if resp is None:
                return "unsure"
            if resp.status_code == 200:
                return "ok"
            if resp.status_code != 412:
                raise Unavailable(f"PUT {path}: {resp.status_code} {resp.text[:200]}")
            # Someone saved first: take what they saved (fresh list) and the ETag Keystone named.
            etag = resp.headers.get("etag")
            fresh = [e for e in self.listing(int(row["employee_id"]), fresh=True) if child(e, "Id") == item_id]
            if not fresh or not etag:
                doc, etag = self.ks.fetch(path, "Equipment")
            else:
                doc = fresh[0]
        raise Unavailable(f"{row['issue_id']}: the request kept changing under us")

    def add(self, row: dict) -> str:
        doc = ET.Element(tag("Equipment"))
        for name, value in (("Ref", row["issue_id"].strip()), ("Kind", row["kind"].strip()),
                            ("AssetTag", row["asset_tag"].strip()), ("Size", row["size"].strip()),
                            ("IssuedOn", day_first(row["issued_on"])), ("Status", "issued")):
            put_child(doc, name, value)
        resp = self.ks.send("POST", f"/hr/v2/employees/{int(row['employee_id'])}/equipment", doc)
        if resp is None:
            return "unsure"
        if resp.status_code not in (200, 201):
            raise Unavailable(f"POST for {row['issue_id']}: {resp.status_code} {resp.text[:200]}")
        return "ok"

    def step(self, row: dict, fresh: bool) -> str:
        found = self.holding(row, fresh)
        if not found:
            return self.add(row)
        if any(self.done(e, row) for e in found):
            return "ok"
        return self.mark_issued(row, child(found[0], "Id"))

    def run(self) -> int:
        pending: "OrderedDict[str, dict]" = OrderedDict()
        failed = 0
        for row in self.rows:
            try:
                outcome = self.step(row, fresh=False)
            except Unavailable as exc:
                outcome = f"failed: {exc}"
                failed += 1
            if outcome == "unsure":
                pending[row["issue_id"]] = row
                self.last_unsure = time.monotonic()
            print(f"{row['issue_id']}: {outcome}", flush=True)
        for _round in range(4):
            if not pending:
                break
            # The equipment list shows a new item only some seconds after it was saved
            # (about 8 s on the sandbox): give the lost writes that long before looking.
            time.sleep(max(0.0, self.last_unsure + SETTLE_S - time.monotonic()))
            again: "OrderedDict[str, dict]" = OrderedDict()
            for ref, row in pending.items():
                outcome = self.step(row, fresh=True)
                if outcome == "unsure":
                    again[ref] = row
                    self.last_unsure = time.monotonic()
                print(f"{ref}: reconciled ({outcome})", flush=True)
            pending = again
        failed += len(pending)
        print(f"{len(self.rows)} issues, {failed} not recorded", flush=True)
        return 1 if failed else 0


def run_issue(path: str) -> int:
    return Job(path).run()
