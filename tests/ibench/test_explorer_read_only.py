"""`agent.read_only`: a vendor the ticket forbids writing to even while testing gets no write
from the explorer (and a task naming a vendor it does not use is refused when loaded)."""
import shutil

import duckdb
import pytest
import yaml

from ibench.agents import resolve_agent
from ibench.catalog import select
from ibench.runner import execute_run
from ibench.sandbox import choose_mode
from ibench.taskspec import TaskSpecError

from .conftest import EXAMPLE, TASKS

pytestmark = pytest.mark.timeout(600)


def task_copy(tmp_path, read_only):
    root = tmp_path / "tasks"
    shutil.copytree(TASKS / EXAMPLE, root / EXAMPLE)
    path = root / EXAMPLE / "task.yaml"
    doc = yaml.safe_load(path.read_text())
    doc["agent"] = {**doc.get("agent", {}), "read_only": read_only}
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    return root


def agent_writes(bundle):
    return duckdb.sql(f"SELECT count(*) FROM '{bundle}/exchanges.parquet' WHERE phase = 'agent' "
                      f"AND direction = 'to_vendor' AND method NOT IN ('GET', 'HEAD', 'OPTIONS')").fetchall()[0][0]


def test_explorer_sends_no_write_to_a_read_only_vendor(tmp_path):
    root = task_copy(tmp_path, ["staffline"])
    entry = select(root, EXAMPLE)[0]
    r = execute_run(entry, resolve_agent("explorer+noop"), 1, tmp_path / "out", choose_mode("auto"))
    assert r.outcome == "completed"
    assert agent_writes(r.bundle) == 0


def test_without_read_only_the_explorer_writes(tmp_path):
    entry = select(TASKS, EXAMPLE)[0]
    r = execute_run(entry, resolve_agent("explorer+noop"), 1, tmp_path / "out", choose_mode("auto"))
    assert agent_writes(r.bundle) > 0


def test_read_only_must_name_a_vendor_of_the_task(tmp_path):
    root = task_copy(tmp_path, ["placemint"])
    with pytest.raises(TaskSpecError, match="agent.read_only names"):
        select(root, EXAMPLE)
