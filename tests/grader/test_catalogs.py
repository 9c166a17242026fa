"""A re-score worker's one database, a fresh catalog per bundle (grader/catalogs.py)."""
from __future__ import annotations

from pathlib import Path

from bundle.keys import Keyring
from bundle.verdicts import verdict_bytes
from grader.bundle import connect
from grader.catalogs import Catalogs, criteria_text
from grader.scoring import grade_bundle
from tests.grader.builder import BundleBuilder

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "traces" / "samples"


def _leftovers(cat: Catalogs) -> list:
    con = cat._con
    return (con.execute("SELECT database_name FROM duckdb_databases() WHERE NOT internal").fetchall(),
            con.execute("SELECT count(*) FROM duckdb_tables()").fetchone()[0],
            con.execute("SELECT count(*) FROM duckdb_views() WHERE NOT internal").fetchone()[0])


def test_bundles_graded_one_after_another_on_one_database_keep_their_verdicts():
    ring = Keyring.default((SAMPLES / "signers.pub",))
    names = ["migrate-06-benchline-placemint-quarter-end__oracle__t1",  # a temporary macro
             "build-01-staffline-contract-extensions__oracle__t1", "example-00-staffline-hello__noop__t1"]
    cat = Catalogs(lambda: connect(1))
    for name in names + names:
        v = grade_bundle(SAMPLES / name, keyring=ring, catalogs=cat)
        assert verdict_bytes(v) == (SAMPLES / name / "verdict.json").read_bytes(), name
        assert _leftovers(cat) == ([("ib_idle",)], 0, 0)
    assert cat.opened == 1
    cat.close()


def test_a_bundle_whose_criteria_change_settings_gets_the_database_to_itself(tmp_path):
    b = BundleBuilder(tmp_path / "b")
    b.state("final", "placemint", "fees", [{"id": "fee_1"}])
    b.criterion("_setup", "SET threads = 1;\nCREATE OR REPLACE TEMP VIEW fee_ids AS SELECT id FROM state.placemint_fees;\n")
    b.criterion("c1", "-- id: C1\n-- category: correctness\nSELECT * FROM fee_ids WHERE id IS NULL\n")
    path = b.build()
    assert "SET threads" in criteria_text(path / "criteria")
    cat = Catalogs(lambda: connect(1))
    alone = grade_bundle(path, catalogs=cat)
    again = grade_bundle(path, catalogs=cat)
    assert cat.opened == 2  # closed after the first: a setting outlives a catalog
    assert verdict_bytes(alone) == verdict_bytes(again) == verdict_bytes(grade_bundle(path))
    cat.close()


def test_comments_do_not_count_as_statements(tmp_path):
    d = tmp_path / "criteria"
    d.mkdir()
    (d / "c1.sql").write_text("-- set: this comment says SET and USE\nSELECT 1 WHERE FALSE\n")
    assert "SET" not in criteria_text(d)
