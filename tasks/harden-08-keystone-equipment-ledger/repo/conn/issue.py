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
import xml.etree.ElementTree as ET

from conn.keystone import Keystone, KeystoneError, q, set_text, text

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


def issue_one(ks: Keystone, row: dict) -> str:
    emp = int(row["employee_id"])
    mine = [it for it in ks.list_equipment(emp) if norm_ref(text(it, "Ref")) == norm_ref(row["issue_id"])]
    if not mine:
        ks.post(f"/hr/v2/employees/{emp}/equipment", new_item(row))
        return "added"
    item = mine[0]
    if is_recorded(item, row):
        return "already recorded"
    path = f"/hr/v2/equipment/{text(item, 'Id')}"
    doc, etag = ks.get(path)
    set_text(doc, "Status", "issued")
    set_text(doc, "AssetTag", row["asset_tag"])
    set_text(doc, "IssuedOn", ks_date(row["issued_on"]))
    ks.put(path, doc, etag)
    return "issued"


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
