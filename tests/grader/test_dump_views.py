"""Dump views made on first use (grader/dump_views.py): the same verdicts as views made at load,
fewer files bound."""
from __future__ import annotations

from pathlib import Path

import pytest

from bundle.keys import Keyring
from bundle.verdicts import verdict_bytes
from grader import scoring
from grader.bundle import load_bundle
from grader.dump_views import LazyViews, well_formed
from tests.grader.builder import BundleBuilder

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "traces" / "samples"


def _bundle(tmp_path):
    b = BundleBuilder(tmp_path / "b")
    for cp in ("before", "final"):
        b.state(cp, "placemint", "placements", [{"id": "plc_1"}])
        b.state(cp, "placemint", "fees", [{"id": "fee_1"}])
    b.criterion("c1", "-- id: C1\n-- category: correctness\n"
                      "SELECT * FROM state.placemint_fees WHERE id IS NULL\n")
    return b.build()


def _views(con) -> set[str]:
    raw = getattr(con, "raw", con)
    return {f"{s}.{n}" for s, n in raw.execute(
        "SELECT schema_name, view_name FROM duckdb_views() WHERE NOT internal").fetchall()}


def test_only_the_views_a_query_names_are_bound(tmp_path):
    b = load_bundle(_bundle(tmp_path), lazy_dumps=True)
    try:
        assert isinstance(b.con, LazyViews)
        assert not any(v.startswith(("cp_", "state.")) for v in _views(b.con))
        assert b.con.execute("SELECT count(*) FROM state.placemint_fees").fetchone() == (1,)
        made = _views(b.con)
        assert {"cp_final.placemint_fees", "state.placemint_fees", "cp_before.placemint_fees"} <= made
        assert not any("placements" in v for v in made)
        # a question about the catalog sees every view, as with views made at load
        listed = {r[0] for r in b.con.execute(
            "SELECT table_schema || '.' || table_name FROM information_schema.tables").fetchall()}
        assert {"cp_before.placemint_placements", "state.placemint_placements"} <= listed
    finally:
        b.close()


def test_views_are_made_at_load_unless_asked_and_for_a_bundle_that_failed_checks(tmp_path):
    b = load_bundle(_bundle(tmp_path))
    try:
        assert not isinstance(b.con, LazyViews) and "state.placemint_placements" in _views(b.con)
    finally:
        b.close()


def test_a_file_without_its_parquet_frame_is_seen(tmp_path):
    f = tmp_path / "x.parquet"
    f.write_bytes(b"broken")
    assert not well_formed(f)
    f.write_bytes(b"PAR1" + b"\0" * 20 + (10).to_bytes(4, "little") + b"PAR1")
    assert well_formed(f)
    f.write_bytes(b"PAR1" + b"\0" * 20 + (999).to_bytes(4, "little") + b"PAR1")
    assert not well_formed(f)  # a footer longer than the file


@pytest.mark.parametrize("name", sorted(p.name for p in SAMPLES.iterdir()
                                         if (p / "manifest.json").is_file())[::9])
def test_verdicts_are_byte_identical_to_views_made_at_load(name, monkeypatch):
    ring = Keyring.default((SAMPLES / "signers.pub",))
    lazy = verdict_bytes(scoring.grade_bundle(SAMPLES / name, keyring=ring))
    real = scoring.load_bundle
    monkeypatch.setattr(scoring, "load_bundle", lambda *a, **k: real(*a, **{**k, "lazy_dumps": False}))
    eager = verdict_bytes(scoring.grade_bundle(SAMPLES / name, keyring=ring))
    assert lazy == eager == (SAMPLES / name / "verdict.json").read_bytes()
