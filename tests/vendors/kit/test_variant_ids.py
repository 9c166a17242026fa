"""A variant's reset answers which of its keys stand where the written seed's keys stood
(vendors/kit/variant_ids.py, docs/variants.md "Records a scenario names")."""
from __future__ import annotations

import pytest

from vendors.kit.app import context_of
from vendors.kit.variant_ids import keys_in_seed_order, number_translation, translation

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
    answer = api.ok_control("reset", {"dataset": "riders-1200", "seed": 2, "written_seed": 1})
    variant = keys_in_seed_order(db()).numbers["candidates"]
    assert written != variant
    moved = next(i for i, (w, v) in enumerate(zip(written, variant)) if w != v and w not in variant)
    # the harness gets the same map, for `{key:…}` placeholders (ibench/step_keys.py)
    assert answer["key_numbers"]["candidates"][str(written[moved])] == variant[moved]
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


def test_a_custom_op_names_the_record_in_its_place_through_its_declared_arguments():
    api = WorkwellApi(workwell_app())
    db = lambda: context_of(api.app).db  # noqa: E731
    api.ok_control("reset", {"dataset": "riders-1200", "seed": 1})
    written = keys_in_seed_order(db()).numbers["candidates"]
    api.ok_control("reset", {"dataset": "riders-1200", "seed": 2, "written_seed": 1})
    variant = keys_in_seed_order(db()).numbers["candidates"]
    moved = next(i for i, (w, v) in enumerate(zip(written, variant)) if w != v and w not in variant)
    hire = {"op": "hire", "candidate_id": written[moved], "start_date": "2026-05-01"}
    assert api.ok_control("mutate", {"ops": [hire]})["results"][0]["candidate_id"] == variant[moved]
    assert {r["id"]: r["stage"] for r in api.rows("candidates")}[variant[moved]] == "hired"
    # the variant without the written seed: the op names the written key, which it lacks
    api.ok_control("reset", {"dataset": "riders-1200", "seed": 2})
    assert api.control("mutate", {"ops": [hire]}).status_code == 400


def test_a_custom_op_translates_only_the_arguments_declared_as_keys():
    from types import SimpleNamespace

    from vendors.crewtide.app import SPEC

    c = SimpleNamespace(variant_keys={"job_applications": {52: 61}, "stages": {20: 99}})
    op = {"op": "move", "job_application_id": 52, "stage_id": 20}
    # the stage is not declared: stages are the dataset's fixed structure, named as written
    assert SPEC.mutations.translated_custom(c, op) == {"op": "move", "job_application_id": 61, "stage_id": 20}
    assert SPEC.mutations.translated_custom(c, {"op": "move", "job_application_id": 7}) == \
        {"op": "move", "job_application_id": 7}  # no stand-in: as written
    assert SPEC.mutations.translated_custom(SimpleNamespace(variant_keys={}), op) is op


def test_a_vendor_declaring_keys_of_an_unknown_op_or_table_is_refused():
    from vendors.kit.mutations import Mutations

    with pytest.raises(ValueError, match="custom_op_keys"):
        Mutations({"t": object}, {"move": lambda s, c, op: {}}, {"hop": {"id": "t"}})
    with pytest.raises(ValueError, match="custom_op_keys"):
        Mutations({"t": object}, {"move": lambda s, c, op: {}}, {"move": {"id": "nope"}})


# --- stand-ins chosen by property (`stand_in_by`) ----------------------------------------

def test_stand_ins_by_property_pair_keys_within_their_group():
    written = {"opps": ["w1", "w2", "w3", "w4"]}
    variant = {"opps": ["v1", "v2", "v3", "v4"]}
    wg = {"opps": {"w1": ("open",), "w2": ("won",), "w3": ("open",), "w4": ("won",)}}
    vg = {"opps": {"v1": ("won",), "v2": ("open",), "v3": ("won",), "v4": ("won",)}}
    # by position: w1 -> v1; by property: the first open written record -> the first open one
    assert translation(written, variant) == {"w1": "v1", "w2": "v2", "w3": "v3", "w4": "v4"}
    # the variant has one open record: the second open written record has no stand-in
    assert translation(written, variant, wg, vg) == {"w1": "v2", "w2": "v1", "w4": "v3"}
    assert number_translation({"t": [1, 2, 3]}, {"t": [7, 8, 9]},
                              {"t": {1: ("a",), 2: ("b",), 3: ("a",)}},
                              {"t": {7: ("b",), 8: ("a",), 9: ("a",)}}) == {"t": {1: 8, 2: 7, 3: 9}}


def _pipelane_props(api) -> dict[str, tuple]:
    return {r["id"]: (r["stage"], r["archived_at"] is None) for r in api.rows("opportunities")}


def test_a_variant_reset_gives_each_record_a_stand_in_alike_in_the_named_properties():
    from tests.vendors.pipelane.helpers import Api as PipelaneApi, make_app as pipelane_app

    api = PipelaneApi(pipelane_app())
    api.ok_control("reset", {"dataset": "tutors-1500", "seed": 21})
    written = _pipelane_props(api)
    by = {"opportunities": ["stage", "archived_at IS NULL"]}
    alike = api.ok_control("reset", {"dataset": "tutors-1500", "seed": 22, "written_seed": 21,
                                     "stand_in_by": by})["translation"]
    variant = _pipelane_props(api)
    mapped = {w: alike[w] for w in written if w in alike}
    assert len(mapped) > len(written) * 0.9
    assert all(variant[v] == written[w] for w, v in mapped.items())
    # by position alone, many stand-ins are in another stage or state
    plain = api.ok_control("reset", {"dataset": "tutors-1500", "seed": 22, "written_seed": 21})["translation"]
    assert sum(variant[plain[w]] != written[w] for w in written if w in plain) > 10


@pytest.mark.parametrize("by, words", [
    ({"nope": ["stage"]}, "no table 'nope'"),
    ({"opportunities": ["colour"]}, "no column 'colour'"),
    ({"opportunities": ["stage; DROP TABLE x"]}, "is not a column"),
    ({"opportunities": []}, "non-empty list"),
    (["stage"], "must map tables"),
])
def test_a_bad_stand_in_by_is_refused_with_its_reason(by, words):
    from tests.vendors.pipelane.helpers import Api as PipelaneApi, make_app as pipelane_app

    api = PipelaneApi(pipelane_app())
    r = api.control("reset", {"dataset": "small", "seed": 2, "written_seed": 1, "stand_in_by": by})
    assert r.status_code == 400 and words in r.get_data(as_text=True)


def _contacts(api) -> list[dict]:
    # in seed order (SQLite's rowid), which positions mean; the dump orders by primary key
    from sqlalchemy import text

    with context_of(api.app).db.session() as s:
        rows = s.execute(text("SELECT email, name, location FROM contacts ORDER BY rowid")).all()
    return [{"email": r[0], "name": r[1], "location": r[2]} for r in rows]


def test_a_variant_reset_maps_the_named_columns_values_to_the_rows_in_their_places():
    from tests.vendors.pipelane.helpers import Api as PipelaneApi, make_app as pipelane_app

    api = PipelaneApi(pipelane_app())
    api.ok_control("reset", {"dataset": "tutors-1500", "seed": 21})
    written = _contacts(api)
    values = {"contacts": ["email", "name location"]}
    answer = api.ok_control("reset", {"dataset": "tutors-1500", "seed": 22, "written_seed": 21,
                                      "stand_in_values": values})["translation"]
    variant = _contacts(api)
    assert len(written) == len(variant)
    emails = {r["email"] for r in variant}
    mapped = 0
    for w, v in zip(written, variant):
        if w["email"] and w["email"] not in emails and v["email"]:
            assert answer[w["email"]] == v["email"]
            mapped += 1
    assert mapped > len(written) * 0.9
    # several columns: their values joined by a space, the written row's for the variant row's
    joined = {f"{w['name']} {w['location']}": f"{v['name']} {v['location']}"
              for w, v in zip(written, variant) if w["location"] and v["location"]}
    some = [k for k in joined if k in answer][:50]
    assert some and all(answer[k] == joined[k] for k in some)


def test_without_stand_in_values_no_column_value_is_mapped():
    from tests.vendors.pipelane.helpers import Api as PipelaneApi, make_app as pipelane_app

    api = PipelaneApi(pipelane_app())
    api.ok_control("reset", {"dataset": "tutors-1500", "seed": 21})
    emails = {r["email"] for r in _contacts(api) if r["email"]}
    answer = api.ok_control("reset", {"dataset": "tutors-1500", "seed": 22, "written_seed": 21})["translation"]
    assert not emails & set(answer)
    # nor for the written seed itself, with them asked for
    same = api.ok_control("reset", {"dataset": "tutors-1500", "seed": 21, "written_seed": 21,
                                    "stand_in_values": {"contacts": ["email"]}})
    assert "translation" not in same


@pytest.mark.parametrize("values, words", [
    ({"nope": ["email"]}, "no table 'nope'"),
    ({"contacts": ["colour"]}, "no column 'colour'"),
    ({"contacts": ["email; DROP TABLE x"]}, "no column"),
    ({"contacts": []}, "non-empty list"),
    (["email"], "must map tables"),
])
def test_a_bad_stand_in_values_is_refused_with_its_reason(values, words):
    from tests.vendors.pipelane.helpers import Api as PipelaneApi, make_app as pipelane_app

    api = PipelaneApi(pipelane_app())
    r = api.control("reset", {"dataset": "small", "seed": 2, "written_seed": 1, "stand_in_values": values})
    assert r.status_code == 400 and words in r.get_data(as_text=True)
