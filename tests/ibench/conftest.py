import shutil
from pathlib import Path

import pytest

TASKS = Path(__file__).parents[2] / "tasks"
EXAMPLE = "example-00-staffline-hello"

needs_bwrap = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap not installed")


@pytest.fixture
def example_entry():
    from ibench.catalog import select

    return select(TASKS, EXAMPLE)[0]
