# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The issuing job: record the storeroom's issues file on Keystone. See TICKET.md.

Each row of the file is one issue (`issue_id`). An issue the storeroom had requested in
Keystone (an equipment item whose Ref is the issue number) is recorded on that request: it
becomes `issued`, with the asset tag and the issue date. Any other issue is added to the
employee as a new item. An issue already recorded is left alone, so the file can be run again.
"""
from __future__ import annotations

import csv
import datetime as dt
import sys
import time
import xml.etree.ElementTree as ET

from conn.keystone import Dropped, Keystone, KeystoneError, q, set_text, text

LIST_LAG_S = 10  # longer than the equipment list's lag behind new items
COLUMNS = ["issue_id", "employee_id", "kind", "size", "asset_tag", "issued_on"]


def norm_ref(ref: str | None) -> str:
    return (ref or "").strip().upper()


def ks_date(iso: str) -> str:
    return dt.date.fromisoformat(iso).strftime("%d/%m/%Y")


def read_issues(path: str) -> list[dict]:
    with open(path, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    for r in rows:
        missing = [c for c in COLUMNS if c not in r]
        if missing:
            raise SystemExit(f"{path}: missing columns {missing}")
    return rows


def new_item(row: dict) -> ET.Element:
    doc = ET.Element(q("Equipment"))
    for tag, value in (("Ref", row["issue_id"]), ("Kind", row["kind"]), ("AssetTag", row["asset_tag"]),
                       ("Size", row["size"]), ("IssuedOn", ks_date(row["issued_on"])), ("Status", "issued")):
        set_text(doc, tag, value or None)
    return doc


def is_recorded(item: ET.Element, row: dict) -> bool:
    return text(item, "Status") == "issued" and (text(item, "AssetTag") or "") == row["asset_tag"]


def find(ks: Keystone, emp: int, issue_id: str) -> list[ET.Element]:
    return [it for it in ks.list_equipment(emp) if norm_ref(text(it, "Ref")) == norm_ref(issue_id)]


def add(ks: Keystone, emp: int, row: dict) -> str:
    """POST the new item; when the answer is lost, look before posting again. The equipment
    list picks new items up late (measured on the sandbox: about 8 s), so look only after that."""
    for _ in range(4):
        try:
            ks.post(f"/hr/v2/employees/{emp}/equipment", new_item(row))
            return "added"
        except Dropped:
            time.sleep(LIST_LAG_S)
            if find(ks, emp, row["issue_id"]):
                return "added (answer lost, found saved)"
    raise KeystoneError(0, f"{row['issue_id']}: could not add")


def record_on(ks: Keystone, item_id: str, row: dict) -> str:
    """Mark the request issued, re-reading and re-applying after a 412 or a lost answer."""
    path = f"/hr/v2/equipment/{item_id}"
    for _ in range(6):
        doc, etag = ks.get(path)
        if is_recorded(doc, row):
            return "issued"
        set_text(doc, "Status", "issued")
        set_text(doc, "AssetTag", row["asset_tag"])
        set_text(doc, "IssuedOn", ks_date(row["issued_on"]))
        try:
            resp = ks.put(path, doc, etag)
        except Dropped:
            continue
        if resp.status_code == 200:
            return "issued"
    raise KeystoneError(412, f"{row['issue_id']}: the request kept changing")


def issue_one(ks: Keystone, row: dict) -> str:
    emp = int(row["employee_id"])
    mine = find(ks, emp, row["issue_id"])
    if not mine:
        return add(ks, emp, row)
    item = mine[0]
    if is_recorded(item, row):
        return "already recorded"
    return record_on(ks, text(item, "Id"), row)


def run_issue(path: str) -> int:
    rows = read_issues(path)
    ks = Keystone()
    failed = 0
    for row in rows:
        try:
            outcome = issue_one(ks, row)
        except (KeystoneError, OSError) as exc:
            failed += 1
            outcome = f"failed: {exc}"
        print(f"{row['issue_id']}: {outcome}", flush=True)
    print(f"{len(rows)} issues, {failed} failed", flush=True)
    return 1 if failed else 0
