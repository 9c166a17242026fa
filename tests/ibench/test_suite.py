"""Held-out suites (docs/held-out.md): a suite declares its own canary in suite.yaml, every task
file must carry it (`ibench tasks` and `ibench validate` check), and `--compare` warns where a
held-out task repeats a public one."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ibench.catalog import CANARY, discover
from ibench.errors import UserError
from ibench.suite import canary_gate, load_suite, overlap_warnings

from .conftest import TASKS

ROOT = Path(__file__).parents[2]
EXAMPLE = "example-00-staffline-hello"
OWN = "ACME-HELDOUT-CANARY 51c0ffee-9d2e-4b7a"


def ibench(*args):
    return subprocess.run([sys.executable, "-m", "ibench.cli", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)


def held_out_suite(tmp_path, *, canary=OWN, task_id="example-01-staffline-heldout",
                   mechanics=None, rewrite=True) -> Path:
    """A one-task held-out suite copied from the example task, its files re-marked with `canary`."""
    suite = tmp_path / "held"
    d = suite / task_id
    shutil.copytree(TASKS / EXAMPLE, d, ignore=shutil.ignore_patterns("__pycache__"))
    for f in d.rglob("*"):
        if f.is_file() and f.suffix in (".yaml", ".md", ".sql", ".py", ".patch"):
            text = f.read_text().replace(EXAMPLE, task_id)
            if rewrite:
                text = text.replace(CANARY, canary)
            f.write_text(text)
    if mechanics is not None:
        y = d / "task.yaml"
        lines = [l for l in y.read_text().splitlines() if not l.startswith("mechanics:")]
        y.write_text("\n".join(lines) + f"\nmechanics: [{', '.join(mechanics)}]\n")
    (suite / "suite.yaml").write_text(f"name: acme-private\ncanary: {canary}\n")
    return suite


def test_the_public_suite_declares_the_public_canary():
    s = load_suite(TASKS)
    assert s.declared and s.name == "public" and s.canary == CANARY


def test_a_folder_without_suite_yaml_expects_the_public_canary(tmp_path):
    s = load_suite(tmp_path)
    assert not s.declared and s.uses_public_canary


@pytest.mark.parametrize("text, needle", [
    ("canary: [1, 2", "not valid YAML"),
    ("- a list", "must be a mapping"),
    ("name: x\ncanary: ACME-CANARY-0123456789\nowner: me", "unknown key(s) owner"),
    ("canary: short", "canary must be one line"),
    ("canary: \"ACME CANARY 0123456789\\nsecond line\"", "canary must be one line"),
    ("name: ''\ncanary: ACME-CANARY-0123456789", "name must be a non-empty string"),
])
def test_a_malformed_suite_yaml_is_one_clear_error(tmp_path, text, needle):
    (tmp_path / "suite.yaml").write_text(text)
    with pytest.raises(UserError, match="suite.yaml: ") as exc:
        load_suite(tmp_path)
    assert needle in str(exc.value)


def test_canary_gate_passes_when_every_file_carries_the_suites_canary(tmp_path):
    suite = held_out_suite(tmp_path)
    (entry,), _ = discover(suite)
    gate, ok, detail = canary_gate(entry, load_suite(suite))
    assert (gate, ok) == ("canary", True) and "acme-private" in detail


def test_canary_gate_fails_on_files_that_keep_the_public_canary(tmp_path):
    suite = held_out_suite(tmp_path, rewrite=False)  # copied, never re-marked
    (entry,), _ = discover(suite)
    gate, ok, detail = canary_gate(entry, load_suite(suite))
    assert not ok and "file(s) without" in detail and "TICKET.md" in detail and OWN in detail


def test_ibench_tasks_reports_files_without_the_suites_canary(tmp_path):
    suite = held_out_suite(tmp_path)
    good = ibench("tasks", "--tasks-dir", str(suite))
    assert good.returncode == 0 and "acme-private" in good.stdout, good.stderr
    sql = next((suite / "example-01-staffline-heldout" / "criteria").glob("*.sql"))
    sql.write_text(sql.read_text().replace(OWN, "no canary here"))
    bad = ibench("tasks", "--tasks-dir", str(suite))
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert f"criteria/{sql.name}" in bad.stderr and OWN in bad.stderr


def test_write_catalog_marks_the_catalog_with_the_suites_canary(tmp_path):
    suite = held_out_suite(tmp_path)
    assert ibench("tasks", "--tasks-dir", str(suite), "--write-catalog").returncode == 0
    head = (suite / "catalog.yaml").read_text().splitlines()[0]
    assert head == f"# {OWN}" and CANARY not in (suite / "catalog.yaml").read_text()


def test_overlap_warns_on_a_repeated_vendor_and_primary_mechanic(tmp_path):
    suite = held_out_suite(tmp_path)
    held, _ = discover(suite)
    public, _ = discover(TASKS)
    example = next(p for p in public if p.spec.id == EXAMPLE)
    lines = overlap_warnings(held, [example])
    assert lines == [f"example-01-staffline-heldout: repeats {EXAMPLE} (vendor staffline, "
                     f"primary mechanic {example.spec.mechanics[0]})"]


def test_overlap_is_silent_for_another_primary_mechanic_or_vendor(tmp_path):
    public, _ = discover(TASKS)
    example = next(p for p in public if p.spec.id == EXAMPLE)
    other = next(m for m in ("IDEM", "MONEY") if m != example.spec.mechanics[0])
    held, _ = discover(held_out_suite(tmp_path, mechanics=[other, example.spec.mechanics[0]]))
    assert overlap_warnings(held, [example]) == []  # shares a secondary mechanic only
    placemint_only = [p for p in public if {v.name for v in p.spec.vendors} == {"placemint"}]
    held, _ = discover(tmp_path / "held")
    assert placemint_only and overlap_warnings(held, placemint_only) == []


def test_overlap_warns_on_a_public_id_and_a_shared_canary(tmp_path):
    suite = held_out_suite(tmp_path, canary=CANARY, task_id=EXAMPLE)
    held, _ = discover(suite)
    public, _ = discover(TASKS)
    lines = overlap_warnings(held, public, load_suite(suite), load_suite(TASKS))
    assert "same canary as public" in lines[0]
    assert f"{EXAMPLE}: has the id of a public task" in lines


def test_a_suite_compared_with_itself_is_silent():
    public, _ = discover(TASKS)
    assert overlap_warnings(public, public) == []


def test_validate_compare_with_no_tasks_there_is_one_clear_error(tmp_path):
    suite = held_out_suite(tmp_path)
    (tmp_path / "empty").mkdir()
    proc = ibench("validate", "example-01-*", "--tasks-dir", str(suite), "--compare", str(tmp_path / "empty"))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "--compare" in proc.stderr and "no task folders" in proc.stderr
