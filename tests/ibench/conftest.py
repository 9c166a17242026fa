from pathlib import Path

import pytest

TASKS = Path(__file__).parents[2] / "tasks"
EXAMPLE = "example-00-staffline-hello"


def _sandbox_problem() -> str | None:
    from ibench.sandbox import unavailable_reason

    return unavailable_reason()


needs_bwrap = pytest.mark.skipif(_sandbox_problem() is not None, reason=f"no bwrap sandbox here: {_sandbox_problem()}")


@pytest.fixture
def example_entry():
    from ibench.catalog import select

    return select(TASKS, EXAMPLE)[0]
