"""A task's datasets, mutate ops and conduct.yaml are checked when it is loaded, with one clear
message each, instead of failing in the middle of a run."""
import shutil
import subprocess
import sys

import pytest
import yaml

from ibench.catalog import select
from ibench.taskspec import TaskSpecError

from .conftest import EXAMPLE, TASKS


@pytest.fixture
def task(tmp_path):
    root = tmp_path / "tasks"
    shutil.copytree(TASKS / EXAMPLE, root / EXAMPLE)
    return root


def edit(root, fn):
    path = root / EXAMPLE / "task.yaml"
    doc = yaml.safe_load(path.read_text())
    fn(doc)
    path.write_text(yaml.safe_dump(doc, sort_keys=False))


def mutate_step(doc):
    return next(s for s in doc["scenario"] if isinstance(s, dict) and "mutate" in s)["mutate"]


def test_every_shipped_task_passes_the_checks():
    assert len(select(TASKS, "*")) >= 11


@pytest.mark.parametrize("change, message", [
    (lambda d: d["vendors"][0].update(dataset="huge"), "has no dataset 'huge' (vendor.yaml lists: "),
    (lambda d: mutate_step(d)["ops"].append({"op": "explode", "table": "candidates"}), "unknown op 'explode'"),
    (lambda d: mutate_step(d)["ops"].append({"op": "update", "table": "cand", "id": 1}), "has no table 'cand'"),
    (lambda d: mutate_step(d)["ops"].append({"op": "update", "table": "candidates", "id": 1,
                                             "values": {"emial": "x"}}), "has no column(s) emial in `values`"),
    (lambda d: mutate_step(d)["ops"].append({"op": "delete", "table": "candidates", "where": {"nope": 1}}),
     "has no column(s) nope in `where`"),
    (lambda d: mutate_step(d)["ops"].append({"op": "delete", "table": "candidates", "id": 1, "limt": 2}),
     "unknown key(s) limt"),
    (lambda d: mutate_step(d)["ops"].append({"op": "delete", "table": "candidates", "order_by": "x", "limit": 1}),
     "order_by 'x' is not a column"),
])
def test_broken_task_yaml_is_one_clear_message(task, change, message):
    edit(task, change)
    with pytest.raises(TaskSpecError) as exc:
        select(task, EXAMPLE)
    assert message in str(exc.value) and "task.yaml" in str(exc.value)


def test_valid_kit_ops_pass(task):
    edit(task, lambda d: mutate_step(d)["ops"].append(
        {"op": "update", "table": "candidates", "order_by": "id", "limit": 2, "offset": 1, "touch": False,
         "values": {"email": "a@b.c"}}))
    assert select(task, EXAMPLE)


@pytest.mark.parametrize("text, message", [
    ("- id: no_such_check\n", "unknown conduct check 'no_such_check'"),
    ("- id: retry_after_honoured\n  tolerence_s: 1\n", "unknown parameter(s) tolerence_s"),
    ("- {id: retry_after_honoured, weight: heavy}\n", "weight must be a number"),
    ("[unclosed\n", "not valid YAML"),
])
def test_broken_conduct_yaml_is_one_clear_message(task, text, message):
    (task / EXAMPLE / "criteria" / "conduct.yaml").write_text(text)
    with pytest.raises(TaskSpecError, match="conduct.yaml") as exc:
        select(task, EXAMPLE)
    assert message in str(exc.value)


def test_cli_reports_it_before_any_run_without_a_traceback(task, tmp_path):
    edit(task, lambda d: d["vendors"][0].update(dataset="huge"))
    proc = subprocess.run([sys.executable, "-m", "ibench.cli", "run", "--task", EXAMPLE, "--agent", "noop",
                           "--tasks-dir", str(task), "--out", str(tmp_path / "out")],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "has no dataset 'huge'" in proc.stderr
    assert not (tmp_path / "out" / f"{EXAMPLE}__noop__t1").exists()
