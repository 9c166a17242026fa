"""Which record of a variant's dataset stands where a record of the written dataset stood
(docs/variants.md, "Records a scenario names").

A scenario names planted records by their keys (`mutate` ops with `id:`, scheduled mutations,
`emit` payloads, fault rules on a record's path). Those keys come from the written seed. A
variant seeds the same dataset from another seed: its generator makes the same records in the
same order, but keys drawn from the seed (UUIDs, random hex) differ. Seeding the written
dataset once more in a scratch database gives, for each table, the written keys in the order
they were made; the n-th written key of a table stands for the n-th key the variant made.

Text keys that the variant does not have themselves are translated, by the harness (keys that
are fixed names, such as stage ids or codes, appear in both seeds and stay). Whole-number keys
that differ at the same position (a dataset that draws its numbers, or seeds a table with
another count) are translated by the vendor, per table. A table the variant seeded with fewer
rows leaves its extra written keys as they are, so a step naming one fails as it would without
translation.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable

from sqlalchemy import Integer, String, text

from vendors.kit.clock import VirtualClock
from vendors.kit.db import VendorDB


@dataclasses.dataclass
class SeedKeys:
    """Each table's single-column primary keys in the order its rows were inserted (SQLite's
    rowid): text keys and whole-number keys apart."""

    text: dict[str, list[str]]
    numbers: dict[str, list[int]]


def keys_in_seed_order(db: VendorDB) -> SeedKeys:
    keys = SeedKeys({}, {})
    with db.session() as s:
        for name, table in sorted(db.base.metadata.tables.items()):
            pk = list(table.primary_key.columns)
            if len(pk) != 1 or not isinstance(pk[0].type, (String, Integer)):
                continue
            rows = s.execute(text(f'SELECT "{pk[0].name}" FROM "{name}" ORDER BY rowid')).all()
            if isinstance(pk[0].type, Integer):
                keys.numbers[name] = [r[0] for r in rows if r[0] is not None]
            else:
                keys.text[name] = [str(r[0]) for r in rows if r[0] is not None]
    return keys


def maps(written: SeedKeys, variant: SeedKeys) -> tuple[dict[str, str], dict[str, dict[int, int]]]:
    """(text key -> key, per table whole-number key -> key): what the harness and the vendor
    translate."""
    return translation(written.text, variant.text), number_translation(written.numbers, variant.numbers)


def written_keys(c, seed_into: Callable[[Any], None]) -> SeedKeys:
    """Seed the written dataset into a scratch database (`seed_into(c)` does what a reset does,
    against `c.db`) and return its keys in seed order. It runs on a copy of the context with its
    own database and clock: the vendor's other threads (the webhook worker) keep using the live
    ones meanwhile, and nothing the seeding sets on the copy reaches the live context."""
    scratch = VendorDB(c.db.base)
    scratch.recreate()
    aside = dataclasses.replace(c, db=scratch, clock=VirtualClock(), settings={}, extra={},
                                trigger_counts={}, fired=set(), bypasses=[])
    try:
        seed_into(aside)
        return keys_in_seed_order(scratch)
    finally:
        scratch.engine.dispose()


def number_translation(written: dict[str, list[int]], variant: dict[str, list[int]]) -> dict[str, dict[int, int]]:
    """Per table, written whole-number key -> the variant's key at the same position, where
    they differ (a dataset that draws its numbers, or seeds a table with another count). Numbers
    say nothing of their table, so these are applied by the vendor, which knows the table of
    every key a mutation names (vendors/kit/mutations.py, `Mutations.translated`)."""
    out: dict[str, dict[int, int]] = {}
    for table, keys in written.items():
        theirs = variant.get(table, [])
        pairs = {k: theirs[i] for i, k in enumerate(keys) if i < len(theirs) and k != theirs[i]}
        if pairs:
            out[table] = pairs
    return out


def translation(written: dict[str, list[str]], variant: dict[str, list[str]]) -> dict[str, str]:
    """written key -> the variant's key at the same position of the same table."""
    have = {k for keys in variant.values() for k in keys}
    out: dict[str, str] = {}
    for table, keys in written.items():
        theirs = variant.get(table, [])
        for i, key in enumerate(keys):
            if i < len(theirs) and key not in have and key != theirs[i]:
                out[key] = theirs[i]
    return out
