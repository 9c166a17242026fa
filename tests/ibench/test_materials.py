"""A variant's materials (docs/variants.md, "Materials"): CSV cells naming the written data's
records are handed out as their stand-ins' values, and each run records the rows it handed out;
a broken declaration is one clear error."""
import pytest
import yaml

from ibench.errors import HarnessError
from ibench.materials import csv_rows, generated, hand_out, translated_csv
from ibench.taskspec import TaskSpecError, load_task

SHEET = ("hospital,assignment_no,nurse,new_end_date\r\n"
         "\"Mercy, Tacoma\",ASN-1,Ann Lee,2026-05-20\r\n"
         "Cork,ASN-2,Bo Kim,2026-06-01\r\n"
         "Cork,ASN-9,Ann Lee,2026-07-01\r\n")


def test_cells_the_map_names_are_replaced_and_nothing_else():
    out = translated_csv(SHEET, {"ASN-1": "ASN-71", "Ann Lee": "Zoe Park", "Cork": "X", "2026": "1999"})
    assert csv_rows(out) == [
        {"hospital": "Mercy, Tacoma", "assignment_no": "ASN-71", "nurse": "Zoe Park", "new_end_date": "2026-05-20"},
        {"hospital": "X", "assignment_no": "ASN-2", "nurse": "Bo Kim", "new_end_date": "2026-06-01"},
        {"hospital": "X", "assignment_no": "ASN-9", "nurse": "Zoe Park", "new_end_date": "2026-07-01"},
    ]  # whole cells only: a year inside a date is not a cell
    assert out.count("\r\n") == 4  # its lines end as the file's did


def test_a_file_no_cell_of_which_is_named_keeps_its_bytes():
    assert translated_csv(SHEET, {}) == SHEET
    assert translated_csv(SHEET, {"ASN-404": "ASN-1"}) == SHEET


def test_rows_are_handed_out_in_file_order_as_written_without_a_map(tmp_path):
    (tmp_path / "materials").mkdir()
    (tmp_path / "materials" / "a.csv").write_text(SHEET)
    assert hand_out(tmp_path, ["a.csv"], {}) == {"a.csv": SHEET}
    assert [r["assignment_no"] for r in csv_rows(hand_out(tmp_path, ["a.csv"], {"ASN-2": "ASN-5"})["a.csv"])] == \
        ["ASN-1", "ASN-5", "ASN-9"]
    with pytest.raises(HarnessError, match="materials/b.csv could not be read"):
        hand_out(tmp_path, ["b.csv"], {})


def _task(tmp_path, **fields):
    d = tmp_path / "build-99-staffline-x"
    (d / "materials").mkdir(parents=True)
    (d / "materials" / "sheet.csv").write_text(SHEET)
    doc = {"id": d.name, "title": "t", "kind": "build", "vendors": [{"name": "staffline"}],
           "entry": {"sync": "python -m conn sync"}, "scenario": [{"reset": {}}], **fields}
    (d / "task.yaml").write_text(yaml.safe_dump(doc))
    return d / "task.yaml"


def test_a_task_declares_its_translated_materials_and_value_columns(tmp_path):
    spec = load_task(_task(tmp_path, materials_translated=["sheet.csv"],
                           vendors=[{"name": "staffline", "stand_in_values": {"placements": ["external_ref"],
                                                                            "candidates": ["first_name last_name"]}}]))
    assert spec.materials_translated == ["sheet.csv"]
    assert spec.vendor("staffline").stand_in_values["candidates"] == ["first_name last_name"]


@pytest.mark.parametrize("fields, words", [
    ({"materials_translated": ["missing.csv"]}, "not files in materials/"),
    ({"materials_translated": ["../sheet.csv"]}, "not the name of a .csv file"),
    ({"materials_translated": ["sheet.json"]}, "not the name of a .csv file"),
    ({"vendors": [{"name": "staffline", "stand_in_values": {"placements": ["ref; DROP"]}}]}, "is not a column"),
    ({"vendors": [{"name": "staffline", "stand_in_values": {"placements": []}}]}, "at least one column"),
])
def test_a_bad_materials_declaration_is_one_clear_error(tmp_path, fields, words):
    with pytest.raises(TaskSpecError, match=words):
        load_task(_task(tmp_path, **fields))


class _Vendor:
    """A vendor whose dataset makes `rows` as materials/sheet.csv."""
    def __init__(self, rows):
        self.rows, self.asked = rows, []

    def control(self, method, op, body=None):
        self.asked.append((method, op))
        return {"rows": self.rows}


def test_a_generated_material_is_the_datasets_own_in_the_written_files_columns(tmp_path):
    (tmp_path / "materials").mkdir()
    (tmp_path / "materials" / "sheet.csv").write_text(SHEET)  # CRLF lines
    made = [{"nurse": "Zoe Park", "hospital": "Cork, East", "new_end_date": "2027-01-02", "assignment_no": "ASN-40"}]
    vendor = _Vendor(made)
    text = generated(tmp_path, {"sheet.csv": "staffline"}, {"staffline": vendor})["sheet.csv"]
    assert vendor.asked == [("GET", "materials/sheet.csv")]
    assert text == 'hospital,assignment_no,nurse,new_end_date\r\n"Cork, East",ASN-40,Zoe Park,2027-01-02\r\n'
    assert generated(tmp_path, {}, {"staffline": vendor}) == {}


@pytest.mark.parametrize("rows", [[{"hospital": "Cork"}], [{"hospital": "Cork", "assignment_no": "A", "nurse": "N",
                                                            "new_end_date": "d", "extra": 1}], {"rows": 1}, None])
def test_a_generated_material_without_the_written_columns_is_a_harness_error(tmp_path, rows):
    (tmp_path / "materials").mkdir()
    (tmp_path / "materials" / "sheet.csv").write_text(SHEET)
    with pytest.raises(HarnessError, match="without the written file's columns"):
        generated(tmp_path, {"sheet.csv": "staffline"}, {"staffline": _Vendor(rows)})


def test_a_task_declares_a_material_its_dataset_generates(tmp_path):
    spec = load_task(_task(tmp_path, materials_generated={"sheet.csv": "staffline"}))
    assert spec.materials_generated == {"sheet.csv": "staffline"}


@pytest.mark.parametrize("fields, words", [
    ({"materials_generated": {"missing.csv": "staffline"}}, "materials_generated names .'missing.csv'., not files"),
    ({"materials_generated": {"sheet.csv": "conflux"}}, "vendors the task does not have"),
    ({"materials_generated": {"a/sheet.csv": "staffline"}}, "not the name of a .csv file"),
    ({"materials_generated": {"sheet.csv": "staffline"}, "materials_translated": ["sheet.csv"]},
     "both translated and generated"),
])
def test_a_bad_generated_materials_declaration_is_one_clear_error(tmp_path, fields, words):
    with pytest.raises(TaskSpecError, match=words):
        load_task(_task(tmp_path, **fields))


ROOT = __import__("pathlib").Path(__file__).parents[2]
BUILD01 = "build-01-staffline-contract-extensions"
FILES = ("extensions-2026-W09.csv", "extensions-2026-W10.csv")


def _handed_out(bundle) -> dict[str, list[dict]]:
    import json

    events = [json.loads(line) for line in (bundle / "events.jsonl").read_text().splitlines()]
    return {e["file"]: e["rows"] for e in events if e["type"] == "materials"}


def _refs(bundle) -> set[str]:
    import duckdb

    path = bundle / "state" / "initial" / "staffline" / "placements.parquet"
    return {r[0] for r in duckdb.sql(f"SELECT external_ref FROM '{path}'").fetchall()}


def test_variant_zero_hands_out_the_files_as_written():
    sample = ROOT / "traces" / "samples" / f"{BUILD01}__oracle__t1"
    written = {f: csv_rows((ROOT / "tasks" / BUILD01 / "materials" / f).read_text()) for f in FILES}
    assert _handed_out(sample) == written


def test_a_variant_hands_out_files_naming_its_own_placements(tmp_path):
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-m", "ibench.cli", "run", "--task", BUILD01, "--agent", "oracle",
                           "--variant", "1", "--out", str(tmp_path), "--job", "v1"],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    bundle = tmp_path / "v1" / f"{BUILD01}__oracle__v1__t1"
    import json

    assert json.loads((bundle / "verdict.json").read_text())["score"] == 100.0
    written = {f: csv_rows((ROOT / "tasks" / BUILD01 / "materials" / f).read_text()) for f in FILES}
    handed = _handed_out(bundle)
    assert handed.keys() == written.keys()
    theirs = _refs(bundle)
    for f in FILES:
        assert len(handed[f]) == len(written[f])
        moved = [(w, h) for w, h in zip(written[f], handed[f]) if w["assignment_no"] != h["assignment_no"]]
        assert len(moved) >= len(written[f]) * 0.7
        assert all(h["assignment_no"] in theirs for _, h in moved)  # each names a placement of the variant
        # what the hospital decided stays as written
        assert all((w["new_end_date"], w["approved_at"]) == (h["new_end_date"], h["approved_at"])
                   for w, h in zip(written[f], handed[f]))
