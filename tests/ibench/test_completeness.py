"""ibench/completeness.py: every declared output column and written vendor field is compared by
some criterion at every checkpoint whose output the ticket specifies, or listed in
`not_graded` with the reason."""
import textwrap
from pathlib import Path

import pytest

from ibench.catalog import select
from ibench.completeness import check_completeness, gate, graded_checkpoints, uncaptured_runs
from ibench.taskspec import TaskSpecError, load_task

from .conftest import TASKS

NAME = "example-00-staffline-hello"
SPEC = """
id: example-00-staffline-hello
title: t
kind: example
vendors: [{name: staffline, dataset: small, seed: 7}]
entry: {sync: python -m conn sync}
outputs:
  - {name: candidates, file: candidates.csv, format: csv, columns: [id, email]}
writes:
  - {vendor: staffline, table: candidates, fields: [email]}
scenario:
  - reset: {}
  - checkpoint: initial
  - run: sync
  - checkpoint: cp1
  - mutate: {vendor: staffline, ops: [{op: delete, table: candidates, id: 4}]}
  - checkpoint: after_edit
  - run: sync
{extra}
"""
HEAD = "-- id: {id}\n-- category: correctness\n"


def make(tmp_path: Path, criteria: dict[str, str], extra: str = "") -> tuple[Path, object]:
    d = tmp_path / NAME
    (d / "criteria").mkdir(parents=True)
    (d / "task.yaml").write_text(SPEC.replace("{extra}", extra))
    for name, sql in criteria.items():
        (d / "criteria" / name).write_text(HEAD.format(id=Path(name).stem) + sql)
    return d, load_task(d)


def compares(cp_out: str, cp_state: str) -> str:
    return (f"SELECT 1 FROM {cp_out} o JOIN {cp_state} s ON s.id = o.id "
            "WHERE o.email IS DISTINCT FROM s.email\n")


BOTH = {"c1.sql": compares("cp_cp1.output_candidates", "cp_cp1.staffline_candidates"),
        "c2.sql": compares("output.candidates", "state.staffline_candidates")}


def test_graded_checkpoints_follow_the_integration_not_other_users(tmp_path):
    _, spec = make(tmp_path, {})
    assert graded_checkpoints(spec) == ["cp1", "final"]  # not initial, not after_edit


def test_a_receiver_serving_makes_its_checkpoint_graded(tmp_path):
    extra = "  - serve: start\n  - wait: 1\n  - serve: stop\n  - checkpoint: done\n"
    _, spec = make(tmp_path, {}, extra)
    assert graded_checkpoints(spec) == ["cp1", "done"]  # the appended final follows nothing
    assert uncaptured_runs(spec) == []


def test_every_column_compared_at_every_graded_checkpoint_is_complete(tmp_path):
    d, spec = make(tmp_path, BOTH)
    report = check_completeness(d, spec)
    assert report.ok and report.unread == [], report.lines()


def test_a_column_compared_only_at_another_checkpoint_is_incomplete(tmp_path):
    d, spec = make(tmp_path, {"c2.sql": BOTH["c2.sql"]})
    report = check_completeness(d, spec)
    assert not report.ok
    assert ("cp1", "output", "candidates", "email") in report.unread
    assert ("cp1", "staffline", "candidates", "email") in report.unread
    assert ("final", "output", "candidates", "email") not in report.unread
    assert "not compared by any criterion: output.candidates.email at cp1" in report.lines()


def test_a_column_only_in_the_evidence_is_incomplete(tmp_path):
    evidence = {"c1.sql": "SELECT o.email, s.email FROM cp_cp1.output_candidates o "
                          "JOIN cp_cp1.staffline_candidates s ON s.id = o.id\n",
                "c2.sql": BOTH["c2.sql"]}
    d, spec = make(tmp_path, evidence)
    report = check_completeness(d, spec)
    assert ("cp1", "output", "candidates", "email") in report.unread
    assert ("cp1", "output", "candidates", "id") not in report.unread


def test_a_listed_column_passes_and_its_reason_is_printed(tmp_path):
    extra = """
    not_graded:
      - {column: output.candidates.email, at: [cp1], reason: the first run's e-mails are not specified}
      - {column: staffline.candidates.email, at: [cp1], reason: judged after the last run only}
    """
    ids_only = {"c1.sql": "SELECT 1 FROM cp_cp1.output_candidates o JOIN cp_cp1.staffline_candidates s ON s.id = o.id\n",
                "c2.sql": BOTH["c2.sql"]}
    d, spec = make(tmp_path, ids_only, textwrap.dedent(extra))
    (row, ok, detail), lines = gate(d, spec)
    assert ok and row == "criteria complete" and "2 not graded" in detail
    assert "not graded: output.candidates.email at cp1 — the first run's e-mails are not specified" in lines


def test_a_listing_that_excuses_nothing_fails(tmp_path):
    extra = "not_graded: [{column: output.candidates.email, reason: not needed}]\n"
    d, spec = make(tmp_path, BOTH, extra)
    report = check_completeness(d, spec)
    assert not report.ok and report.stale == ["output.candidates.email"]


def test_a_whole_checkpoint_can_be_listed(tmp_path):
    extra = "not_graded: [{checkpoint: cp1, reason: the first run is a dry run}]\n"
    d, spec = make(tmp_path, {"c2.sql": BOTH["c2.sql"]}, extra)
    assert check_completeness(d, spec).ok


def test_a_run_no_checkpoint_dumps_must_be_listed(tmp_path):
    d, spec = make(tmp_path, BOTH, "  - run: sync\n")
    assert uncaptured_runs(spec) == ["run2"]
    assert not check_completeness(d, spec).ok
    d2, spec2 = make(tmp_path / "b", BOTH, "  - run: sync\nnot_graded: [{run: run2, reason: run3 repeats it}]\n")
    assert check_completeness(d2, spec2).ok


@pytest.mark.parametrize("entry, message", [
    ("{column: output.candidates.email}", "Field required"),
    ("{column: output.candidates.email, reason: '  '}", "needs a reason"),
    ("{column: output.nope.email, reason: x}", "no output 'nope'"),
    ("{column: output.candidates.phone, reason: x}", "declares no column 'phone'"),
    ("{column: staffline.jobs.title, reason: x}", "not an output column or a field under `writes`"),
    ("{column: staffline.candidates.city, reason: x}", "writes lists no field 'city'"),
    ("{column: email, reason: x}", "is output.<table>.<column> or <vendor>.<table>.<field>"),
    ("{column: output.candidates.email, at: [cp9], reason: x}", "no checkpoint 'cp9'"),
    ("{checkpoint: cp9, reason: x}", "no checkpoint 'cp9'"),
    ("{run: run9, reason: x}", "no run step 'run9'"),
    ("{column: output.candidates.email, run: run1, reason: x}", "exactly one of column, checkpoint, run"),
    ("{checkpoint: cp1, at: [cp1], reason: x}", "`at` narrows a column entry only"),
])
def test_a_bad_not_graded_entry_is_one_clear_error(tmp_path, entry, message):
    with pytest.raises(TaskSpecError) as exc:
        make(tmp_path, BOTH, f"not_graded: [{entry}]\n")
    assert message in str(exc.value) and "not_graded" in str(exc.value)


@pytest.mark.parametrize("writes, message", [
    ("[{vendor: placemint, table: fees, fields: [week]}]", "names vendor 'placemint'"),
    ("[{vendor: staffline, table: candidates, fields: []}]", "list the fields"),
    ("[{vendor: staffline, table: candidates, fields: [email]}, {vendor: staffline, table: candidates, fields: [id]}]",
     "lists staffline.candidates twice"),
])
def test_a_bad_writes_entry_is_one_clear_error(tmp_path, writes, message):
    d = tmp_path / NAME
    d.mkdir()
    (d / "task.yaml").write_text(SPEC.replace("{extra}", "").replace(
        "writes:\n  - {vendor: staffline, table: candidates, fields: [email]}", f"writes: {writes}"))
    with pytest.raises(TaskSpecError, match=message):
        load_task(d)


@pytest.mark.parametrize("writes, message", [
    ("[{vendor: staffline, table: nurses, fields: [email]}]", "writes[0]: staffline has no table 'nurses'"),
    ("[{vendor: staffline, table: candidates, fields: [emial]}]", "has no field(s) emial"),
])
def test_writes_are_checked_against_the_vendor_models(tmp_path, writes, message):
    root = tmp_path / "tasks"
    d = root / NAME
    (d / "criteria").mkdir(parents=True)
    (d / "task.yaml").write_text(SPEC.replace("{extra}", "").replace(
        "writes:\n  - {vendor: staffline, table: candidates, fields: [email]}", f"writes: {writes}"))
    with pytest.raises(TaskSpecError) as exc:
        select(root, NAME)
    assert message in str(exc.value)
@pytest.mark.parametrize("task", sorted(p.name for p in TASKS.iterdir() if (p / "task.yaml").is_file()))
def test_every_shipped_task_has_complete_criteria(task):
    report = check_completeness(TASKS / task, load_task(TASKS / task))
    assert report.ok, "\n".join(report.lines())
