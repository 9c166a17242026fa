# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Builds materials/store.db: Helix Genomics' analytics store as the last Conflux sync left it
(Conflux `helix` dataset, seed 167, at the vendors' default instant), with two years of recruiter
annotations. Run from the repository root: `.venv/bin/python tasks/migrate-10-conflux-hireharbor-direct/tools/build_store.py`.
Deterministic: the same seed gives the same bytes (modulo SQLite page layout)."""
from __future__ import annotations

import random
import sqlite3
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from sqlalchemy import select  # noqa: E402

from vendors.conflux.app import create_app  # noqa: E402
from vendors.conflux.models import Candidate  # noqa: E402
from vendors.hireharbor.seed_tasks import helix_merges  # noqa: E402
from vendors.kit.app import context_of  # noqa: E402

SEED = 167
OUT = Path(__file__).resolve().parents[1] / "materials" / "store.db"
AUTHORS = ["maya.okafor", "tom.reyes", "ines.castro", "priya.nand", "olu.bakare", "jan.weber"]
NOTES = ["Strong on variant calling; follow up after the conference.", "Prefers hybrid, 2 days on site.",
         "Referred by the sequencing team.", "Salary expectation above band; revisit in Q3.",
         "Great culture add per panel.", "Asked to be considered for the Lab Manager role too.",
         "Relocating from Leeds in spring.", "Do not contact before the notice period ends.",
         "Published on long-read assembly; flag to the research lead.", "Silver medallist last round.",
         "Needs visa sponsorship.", "Met at the Cambridge careers fair."]


def main() -> None:
    ctx = context_of(create_app({"DATASET": "helix", "SEED": SEED, "DELIVERIES": False,
                                 "CONTROL_TOKEN": "x", "VIA_NONCE": "x"}))
    with ctx.db.session() as s:
        rows = [(c.id, c.account_id, c.remote_id, c.first_name, c.last_name, c.email_addresses, c.phone_numbers,
                 c.company, c.title, c.remote_was_deleted, c.modified_at)
                for c in s.scalars(select(Candidate).order_by(Candidate.account_id, Candidate.id))]
    now = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)  # the vendors' default instant
    synced = (now - timedelta(days=3)).strftime("%Y-%m-%dT%H:%M:%SZ")
    rng = random.Random(f"migrate-10:store:{SEED}")
    must = {str(x) for pair in helix_merges(SEED) for x in pair} | {"417", "000417", "717", "000717"}
    OUT.unlink(missing_ok=True)
    db = sqlite3.connect(OUT)
    db.executescript("""
        CREATE TABLE candidates (account_id TEXT NOT NULL, candidate_id TEXT NOT NULL, first_name TEXT,
            last_name TEXT, email TEXT, phone TEXT, company TEXT, title TEXT, deleted INTEGER NOT NULL,
            synced_at TEXT, PRIMARY KEY (account_id, candidate_id));
        CREATE TABLE annotations (id INTEGER PRIMARY KEY, account_id TEXT NOT NULL, candidate_id TEXT NOT NULL,
            author TEXT NOT NULL, note TEXT NOT NULL, created_at TEXT NOT NULL);
    """)
    notes = []
    for cid, acct, remote, first, last, emails, phones, company, title, deleted, modified in rows:
        db.execute("INSERT INTO candidates VALUES (?,?,?,?,?,?,?,?,?,?)",
                   (acct, cid, first, last, (emails or [{}])[0].get("value"), (phones or [{}])[0].get("value"),
                    company, title, 1 if deleted else 0, synced))
        n = rng.choice([0, 0, 1, 1, 1, 2, 3])
        if remote in must or deleted:
            n = max(n, 2)
        for _ in range(n):
            at = now - timedelta(days=rng.randint(5, 720), seconds=rng.randint(0, 86399))
            notes.append((at, acct, cid, rng.choice(AUTHORS), rng.choice(NOTES)))
    notes.sort()
    for i, (at, acct, cid, author, note) in enumerate(notes, 1):
        db.execute("INSERT INTO annotations VALUES (?,?,?,?,?,?)",
                   (i, acct, cid, author, note, at.strftime("%Y-%m-%dT%H:%M:%SZ")))
    db.commit()
    db.execute("VACUUM")
    db.close()
    print(OUT, len(rows), "candidates", len(notes), "annotations")


if __name__ == "__main__":
    main()
