"""A variant's reset answers which of its keys stand where the written seed's keys stood
(vendors/kit/variant_ids.py, docs/variants.md "Records a scenario names")."""
from __future__ import annotations

from vendors.kit.app import context_of
from vendors.kit.variant_ids import keys_in_seed_order, translation

from tests.vendors.quarry.helpers import Api, make_app
from tests.vendors.workwell.helpers import Api as WorkwellApi, make_app as workwell_app


def _ids_in_order(api: Api, table: str) -> list[str]:
    # the dump orders by primary key; seed order is what positions mean, so ask SQLite's rowid
    return keys_in_seed_order(context_of(api.app).db).text[table]


def test_a_variant_reset_maps_each_written_key_to_the_key_in_its_place():
    api = Api(make_app())
    api.ok_control("reset", {"dataset": "small", "seed": 1})
    written = _ids_in_order(api, "candidates")
    before = api.dump()["tables"]
    answer = api.ok_control("reset", {"dataset": "small", "seed": 2, "written_seed": 1})
    variant = _ids_in_order(api, "candidates")
    tr = answer["translation"]
    assert variant != written
    assert [tr[k] for k in written] == variant  # position by position
    # the live database holds the variant's data, exactly as a reset without the map seeds it
    with_map = api.dump()["tables"]
    api.ok_control("reset", {"dataset": "small", "seed": 2})
    assert api.dump()["tables"] == with_map != before


def test_a_mutate_naming_the_translated_key_changes_the_record_in_its_place():
    api = Api(make_app())
    api.ok_control("reset", {"dataset": "small", "seed": 1})
    third = _ids_in_order(api, "candidates")[2]
    tr = api.ok_control("reset", {"dataset": "small", "seed": 2, "written_seed": 1})["translation"]
    op = {"op": "update", "table": "candidates", "id": tr[third], "values": {"name": "Stand In"}}
    api.ok_control("mutate", {"ops": [op]})
    names = {r["id"]: r["name"] for r in api.rows("candidates")}
    assert names[_ids_in_order(api, "candidates")[2]] == "Stand In"


def test_no_map_for_the_written_seed_itself_nor_without_one():
    api = Api(make_app())
    assert "translation" not in api.ok_control("reset", {"dataset": "small", "seed": 3})
    assert "translation" not in api.ok_control("reset", {"dataset": "small", "seed": 3, "written_seed": 3})
    bad = api.control("reset", {"dataset": "small", "seed": 3, "written_seed": "one"})
    assert bad.status_code == 400 and "written_seed" in bad.get_data(as_text=True)  # Quarry's envelope


def test_shared_names_short_tables_and_equal_keys_are_left_alone():
    written = {"stages": ["applied", "offer"], "people": ["a1", "b2", "c3"], "jobs": ["j1"]}
    variant = {"stages": ["offer", "applied"], "people": ["x9", "y8"], "jobs": ["j1"]}
    # stage names exist in both seeds: never remapped, even when their order differs; the third
    # person has no counterpart; j1 is the same key in both
    assert translation(written, variant) == {"a1": "x9", "b2": "y8"}


def test_whole_number_keys_a_dataset_draws_are_translated_by_the_vendor_per_table():
    api = WorkwellApi(workwell_app())
    db = lambda: context_of(api.app).db  # noqa: E731
    api.ok_control("reset", {"dataset": "riders-1200", "seed": 1})
    written = keys_in_seed_order(db()).numbers["candidates"]
    api.ok_control("reset", {"dataset": "riders-1200", "seed": 2, "written_seed": 1})
    variant = keys_in_seed_order(db()).numbers["candidates"]
    assert written != variant
    moved = next(i for i, (w, v) in enumerate(zip(written, variant)) if w != v and w not in variant)
    api.ok_control("mutate", {"ops": [{"op": "update", "table": "candidates", "id": written[moved],
                                        "values": {"firstname": "Stand"}}]})
    names = {r["id"]: r["firstname"] for r in api.rows("candidates")}
    assert names[variant[moved]] == "Stand"
    # without a written seed the same op names the written key itself, which this data lacks
    api.ok_control("reset", {"dataset": "riders-1200", "seed": 2})
    assert api.control("mutate", {"ops": [{"op": "update", "table": "candidates", "id": written[moved],
                                           "values": {"firstname": "Stand"}}]}).status_code == 400


def test_an_op_names_its_own_and_its_foreign_keys_through_the_map():
    from types import SimpleNamespace

    from vendors.workwell.app import SPEC

    c = SimpleNamespace(variant_keys={"jobs": {5: 9}, "candidates": {1: 2, 3: 4}})
    op = {"op": "update", "table": "candidates", "id": 1, "where": {"job_id": 5, "id": 3, "stage": "hired"},
          "values": {"job_id": 5, "firstname": "A"}}
    out = SPEC.mutations.translated(c, op)
    assert out["id"] == 2 and out["where"] == {"job_id": 9, "id": 4, "stage": "hired"}
    assert out["values"] == {"job_id": 9, "firstname": "A"} and op["id"] == 1  # the written op is kept
    assert SPEC.mutations.translated(SimpleNamespace(variant_keys={}), op) is op
    ids = SPEC.mutations.translated(c, {"op": "delete", "table": "candidates", "ids": [1, 3, 8]})
    assert ids["ids"] == [2, 4, 8]  # 8 has no stand-in: left as written
