"""The public suite's catalog is current and every task file carries the canary."""
from pathlib import Path

from ibench.catalog import CANARY, catalog_document, discover, missing_canary

TASKS = Path(__file__).parents[2] / "tasks"


def test_every_public_task_loads():
    entries, problems = discover(TASKS)
    assert problems == [] and entries


def test_catalog_is_current():
    entries, _ = discover(TASKS)
    assert (TASKS / "catalog.yaml").read_text() == catalog_document(entries), \
        "tasks/catalog.yaml is stale: run `ibench tasks --write-catalog`"


def test_every_task_file_carries_the_canary():
    entries, _ = discover(TASKS)
    missing = {e.spec.id: missing_canary(e.path) for e in entries}
    assert all(not m for m in missing.values()), f"files without {CANARY!r}: {missing}"
