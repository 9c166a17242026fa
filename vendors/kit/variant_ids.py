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

A task may ask for stand-ins chosen by property (`stand_in_by` in task.yaml: per table, columns
or `column IS [NOT] NULL`): the n-th written key of a table then stands for the n-th variant key
among the rows alike in those properties, so a step that advances an open record from one
stage names, in the variant, an open record in that same stage.

A task may also ask for the values of some columns to be translated the same way
(`stand_in_values`: per table, a column or several joined by a space, such as a reference a
CSV of materials names records by, or a person's name): the n-th row's written value stands
for the n-th row's value in the variant, among rows alike as above. Those join the text map.
"""
from __future__ import annotations

import re

import dataclasses
from typing import Any, Callable

from sqlalchemy import Integer, String, text

from vendors.kit.clock import VirtualClock
from vendors.kit.db import VendorDB

# a property a stand-in shares with the written record: a column, or whether it is set
PROPERTY = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)(\s+IS(\s+NOT)?\s+NULL)?$", re.IGNORECASE)


class StandInError(ValueError):
    """A `stand_in_by` that names no table, no column or not a property."""


def check_stand_in_by(by: Any, tables: dict[str, Any]) -> dict[str, list[str]]:
    """`by` as {table: [property, …]}, each property a column of that table or
    `column IS [NOT] NULL`; StandInError names what is wrong."""
    if not isinstance(by, dict):
        raise StandInError("`stand_in_by` must map tables to lists of properties")
    out: dict[str, list[str]] = {}
    for table, props in by.items():
        if table not in tables:
            raise StandInError(f"`stand_in_by`: no table {table!r}")
        if not isinstance(props, list) or not props or not all(isinstance(p, str) for p in props):
            raise StandInError(f"`stand_in_by.{table}` must be a non-empty list of properties")
        for prop in props:
            m = PROPERTY.match(prop.strip())
            if not m:
                raise StandInError(f"`stand_in_by.{table}`: {prop!r} is not a column nor `column IS [NOT] NULL`")
            if m.group(1) not in tables[table].columns:
                raise StandInError(f"`stand_in_by.{table}`: table {table!r} has no column {m.group(1)!r}")
        out[str(table)] = [p.strip() for p in props]
    return out


def check_stand_in_values(values: Any, tables: dict[str, Any]) -> dict[str, list[str]]:
    """`values` as {table: [columns, …]}, each entry one column or several separated by spaces
    (their values joined by a space); StandInError names what is wrong."""
    if not isinstance(values, dict):
        raise StandInError("`stand_in_values` must map tables to lists of columns")
    out: dict[str, list[str]] = {}
    for table, entries in values.items():
        if table not in tables:
            raise StandInError(f"`stand_in_values`: no table {table!r}")
        if not isinstance(entries, list) or not entries or not all(isinstance(e, str) and e.split()
                                                                 for e in entries):
            raise StandInError(f"`stand_in_values.{table}` must be a non-empty list of columns")
        for entry in entries:
            for col in entry.split():
                if col not in tables[table].columns:
                    raise StandInError(f"`stand_in_values.{table}`: table {table!r} has no column {col!r}")
        out[str(table)] = [" ".join(e.split()) for e in entries]
    return out


@dataclasses.dataclass
class SeedKeys:
    """Each table's single-column primary keys in the order its rows were inserted (SQLite's
    rowid): text keys and whole-number keys apart; for the tables stand-ins are chosen by
    property in, each key's properties (the group it stands in)."""

    text: dict[str, list[str]]
    numbers: dict[str, list[int]]
    groups: dict[str, dict[Any, tuple]] = dataclasses.field(default_factory=dict)
    # per (table, columns) of `stand_in_values`: each row's value, with the row's group
    values: dict[tuple[str, str], list[tuple[str | None, tuple]]] = dataclasses.field(default_factory=dict)


def keys_in_seed_order(db: VendorDB, by: dict[str, list[str]] | None = None,
                       values: dict[str, list[str]] | None = None) -> SeedKeys:
    keys = SeedKeys({}, {})
    by = by or {}
    with db.session() as s:
        for name, entries in sorted((values or {}).items()):
            props = "".join(f", ({_sql(p)})" for p in by.get(name, []))
            for entry in entries:
                joined = " || ' ' || ".join(f'CAST("{c}" AS TEXT)' for c in entry.split())
                rows = s.execute(text(f'SELECT {joined}{props} FROM "{name}" ORDER BY rowid')).all()
                keys.values[(name, entry)] = [(r[0], tuple(r[1:])) for r in rows]
        for name, table in sorted(db.base.metadata.tables.items()):
            pk = list(table.primary_key.columns)
            if len(pk) != 1 or not isinstance(pk[0].type, (String, Integer)):
                continue
            props = "".join(f", ({_sql(p)})" for p in by.get(name, []))
            rows = s.execute(text(f'SELECT "{pk[0].name}"{props} FROM "{name}" ORDER BY rowid')).all()
            if name in by:
                keys.groups[name] = {r[0]: tuple(r[1:]) for r in rows if r[0] is not None}
            if isinstance(pk[0].type, Integer):
                keys.numbers[name] = [r[0] for r in rows if r[0] is not None]
            else:
                keys.text[name] = [str(r[0]) for r in rows if r[0] is not None]
    return keys


def _sql(prop: str) -> str:
    m = PROPERTY.match(prop)
    assert m is not None  # checked by check_stand_in_by
    return f'"{m.group(1)}"' + (f" IS{' NOT' if m.group(3) else ''} NULL" if m.group(2) else "")


def _pairs(written: list, variant: list, wg: dict | None, vg: dict | None) -> list[tuple]:
    """(written key, variant key) by position: in the whole table, or, with groups, among the
    rows of the same group (a written key whose group the variant has fewer rows of has none)."""
    if wg is None or vg is None:
        return list(zip(written, variant))
    theirs: dict[tuple, list] = {}
    for k in variant:
        theirs.setdefault(vg[k], []).append(k)
    seen: dict[tuple, int] = {}
    out = []
    for k in written:
        g = wg[k]
        i = seen.get(g, 0)
        seen[g] = i + 1
        if i < len(theirs.get(g, [])):
            out.append((k, theirs[g][i]))
    return out


def maps(written: SeedKeys, variant: SeedKeys) -> tuple[dict[str, str], dict[str, dict[int, int]]]:
    """(text key -> key, per table whole-number key -> key): what the harness and the vendor
    translate."""
    text_map = translation(written.text, variant.text, written.groups, variant.groups)
    for what, rows in sorted(written.values.items()):
        text_map.update(value_translation(rows, variant.values.get(what, []), text_map))
    return (text_map,
            number_translation(written.numbers, variant.numbers, written.groups, variant.groups))


def value_translation(written: list[tuple], variant: list[tuple], taken: dict[str, str]) -> dict[str, str]:
    """written value -> the value of the variant's row in the written row's place (among rows of
    the same group). A value the variant's column has too stays (it names something fixed, or
    another row there), as does a value already translated and one that repeats with another
    stand-in (a name two rows share): the first place decides."""
    have = {v for v, _ in variant if v is not None}
    wg = {i: g for i, (_, g) in enumerate(written)}
    vg = {i: g for i, (_, g) in enumerate(variant)}
    out: dict[str, str] = {}
    for wi, vi in _pairs(list(range(len(written))), list(range(len(variant))), wg, vg):
        key, theirs = written[wi][0], variant[vi][0]
        if key is None or theirs is None or key == theirs or key in have or key in taken or key in out:
            continue
        out[key] = theirs
    return out


def written_keys(c, seed_into: Callable[[Any], None], by: dict[str, list[str]] | None = None,
                 values: dict[str, list[str]] | None = None) -> SeedKeys:
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
        return keys_in_seed_order(scratch, by, values)
    finally:
        scratch.engine.dispose()


def number_translation(written: dict[str, list[int]], variant: dict[str, list[int]],
                       wgroups: dict | None = None, vgroups: dict | None = None) -> dict[str, dict[int, int]]:
    """Per table, written whole-number key -> the variant's key at the same position, where
    they differ (a dataset that draws its numbers, or seeds a table with another count). Numbers
    say nothing of their table, so these are applied by the vendor, which knows the table of
    every key a mutation names (vendors/kit/mutations.py, `Mutations.translated`)."""
    wgroups, vgroups = wgroups or {}, vgroups or {}
    out: dict[str, dict[int, int]] = {}
    for table, keys in written.items():
        pairs = {k: v for k, v in _pairs(keys, variant.get(table, []), wgroups.get(table),
                                          vgroups.get(table)) if k != v}
        if pairs:
            out[table] = pairs
    return out


def translation(written: dict[str, list[str]], variant: dict[str, list[str]],
                wgroups: dict | None = None, vgroups: dict | None = None) -> dict[str, str]:
    """written key -> the variant's key at the same position of the same table (of the same
    group, for a table stand-ins are chosen by property in)."""
    wgroups, vgroups = wgroups or {}, vgroups or {}
    have = {k for keys in variant.values() for k in keys}
    out: dict[str, str] = {}
    for table, keys in written.items():
        for key, theirs in _pairs(keys, variant.get(table, []), wgroups.get(table), vgroups.get(table)):
            if key not in have and key != theirs:
                out[key] = theirs
    return out
