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


def test_several_patterns_select_each_task_once_in_order():
    from ibench.catalog import select_many

    chosen = select_many(TASKS, ["harden-1*", "example-00-staffline-hello", "harden-10-*"])
    names = [e.path.name for e in chosen]
    assert names[:3] == ["harden-10-crewtide-festival-volunteers", "harden-11-quarry-enveloped-throttle",
                         "harden-12-keystone-talentforge-internal-mobility"]
    assert names[3:] == ["example-00-staffline-hello"]  # harden-10 again: not twice


def test_a_pattern_that_matches_nothing_names_itself():
    import pytest

    from ibench.catalog import select_many
    from ibench.errors import UserError

    with pytest.raises(UserError, match="no task matches 'nope-\\*'"):
        select_many(TASKS, ["example-*", "nope-*"])
