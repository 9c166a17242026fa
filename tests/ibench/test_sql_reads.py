"""ibench/sql_reads.py: which dumped columns a criterion compares, decided on DuckDB's parse
tree — a column in a comparison counts, one only selected into the evidence does not."""
import pytest

from ibench.sql_reads import Analyzer, Schema

SCHEMA = Schema({"candidates": ["id", "email", "last_name"]},
                {"staffline": {"candidates": ["id", "email", "last_name", "updated_at"],
                               "placements": ["id", "external_ref", "end_date"]}})


def reads(sql: str, shared: str = "") -> set:
    an = Analyzer(SCHEMA)
    if shared:
        an.add_shared(shared)
    r = an.reads(sql)
    assert r.fallback is None
    return {(cp, src, t, c) for cp, src, t, c in r.compared}


def test_a_compared_column_counts_and_an_evidence_column_does_not():
    got = reads("SELECT o.last_name, s.last_name FROM output.candidates o "
                "JOIN state.staffline_candidates s ON s.id = o.id WHERE o.email <> s.email")
    assert got == {("final", "output", "candidates", "id"), ("final", "staffline", "candidates", "id"),
                   ("final", "output", "candidates", "email"), ("final", "staffline", "candidates", "email")}


def test_checkpoint_schemas_map_to_their_checkpoint():
    got = reads("SELECT 1 FROM cp_cp1.output_candidates o JOIN cp_cp1.staffline_candidates s USING (id)")
    assert got == {("cp1", "output", "candidates", "id"), ("cp1", "staffline", "candidates", "id")}


def test_a_bare_null_test_is_not_a_comparison():
    assert reads("SELECT id FROM output.candidates WHERE email IS NULL") == set()
    assert reads("SELECT id FROM output.candidates WHERE email IS NOT NULL") == set()
    assert reads("SELECT id FROM output.candidates WHERE coalesce(email, '') = 'x'") == {
        ("final", "output", "candidates", "email")}


def test_lineage_through_ctes_subqueries_and_unions():
    sql = """
    WITH o AS (SELECT CAST(id AS BIGINT) AS cid, lower(email) AS mail FROM cp_cp1.output_candidates),
    both_ AS (SELECT cid, mail FROM o UNION ALL SELECT id, email FROM state.staffline_candidates)
    SELECT * FROM (SELECT cid AS k, mail AS m FROM both_) x WHERE x.m LIKE '%@%'"""
    assert reads(sql) == {("cp1", "output", "candidates", "email"), ("final", "staffline", "candidates", "email")}


def test_in_and_scalar_subqueries_compare_their_select_list():
    got = reads("SELECT o.email FROM output.candidates o WHERE o.id NOT IN (SELECT id FROM state.staffline_candidates)"
                " AND (SELECT max(updated_at) FROM state.staffline_candidates) > '2026'")
    assert got == {("final", "output", "candidates", "id"), ("final", "staffline", "candidates", "id"),
                   ("final", "staffline", "candidates", "updated_at")}


def test_exists_counts_its_where_not_its_select_list():
    got = reads("SELECT 1 FROM output.candidates o WHERE NOT EXISTS "
                "(SELECT s.email FROM state.staffline_candidates s WHERE s.id = o.id)")
    assert got == {("final", "output", "candidates", "id"), ("final", "staffline", "candidates", "id")}


def test_window_ordering_is_not_a_comparison():
    got = reads("SELECT * FROM output.candidates QUALIFY row_number() OVER (PARTITION BY id ORDER BY email) = 1")
    assert got == set()


def test_except_compares_every_column_of_both_sides():
    got = reads("SELECT id, email FROM output.candidates EXCEPT SELECT id, email FROM state.staffline_candidates")
    assert got == {("final", src, "candidates", c) for src in ("output", "staffline") for c in ("id", "email")}


def test_star_expands_the_known_columns():
    got = reads("WITH o AS (SELECT * FROM output.candidates) "
                "SELECT 1 FROM o JOIN state.staffline_candidates s ON s.last_name = o.last_name")
    assert got == {("final", "output", "candidates", "last_name"), ("final", "staffline", "candidates", "last_name")}


def test_lambda_parameters_are_not_columns():
    got = reads("SELECT 1 FROM output.candidates WHERE len(list_filter([1, 2], lambda email: email > 1)) > 0")
    assert got == set()


def test_a_shared_view_counts_its_own_comparisons_and_passes_lineage_on():
    shared = """
    -- the answer key
    CREATE OR REPLACE TEMP VIEW ak_live AS
        SELECT p.id, p.end_date AS want FROM cp_initial.staffline_placements p WHERE p.external_ref LIKE 'ASN-%';
    CREATE OR REPLACE TEMP VIEW ak_rows(ref, n) AS VALUES ('a', 1), ('b', 2);
    """
    got = reads("SELECT k.id FROM ak_live k JOIN cp_cp1.staffline_placements s ON s.id = k.id "
                "WHERE s.end_date IS DISTINCT FROM k.want AND k.id IN (SELECT n FROM ak_rows)", shared)
    assert got == {("initial", "staffline", "placements", "external_ref"), ("initial", "staffline", "placements", "id"),
                   ("initial", "staffline", "placements", "end_date"), ("cp1", "staffline", "placements", "id"),
                   ("cp1", "staffline", "placements", "end_date")}


def test_a_view_no_criterion_reads_counts_for_nothing():
    shared = "CREATE VIEW unused AS SELECT id FROM state.staffline_candidates WHERE email LIKE '%x%';"
    assert reads("SELECT 1 FROM output.candidates WHERE id = 1", shared) == {("final", "output", "candidates", "id")}


def test_unknown_tables_are_opaque_and_do_not_capture_known_columns():
    got = reads("SELECT 1 FROM exchanges x JOIN output.candidates o ON o.email = x.req_body WHERE status = 200")
    assert got == {("final", "output", "candidates", "email")}


def test_a_statement_duckdb_cannot_serialise_falls_back_to_its_text():
    an = Analyzer(SCHEMA)
    r = an.reads("SELECT id FROM output.candidates WHERE email = 'x'; SELECT 2")
    assert r.fallback and ("final", "output", "candidates", "email") in r.compared
    assert ("final", "output", "candidates", "last_name") not in r.compared


@pytest.mark.parametrize("shared", ["CREATE TEMP MACRO m(x) AS x + 1;", "SET threads = 1;"])
def test_shared_statements_that_are_not_views_are_skipped(shared):
    an = Analyzer(SCHEMA)
    assert an.add_shared(shared) == [] and an.views == {}
